//! The variables pane: the current work-item's locals and arguments as a tree.

use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

use super::{frame_pane, triple};
use crate::app::{first_in_view, App, Pane};
use crate::variables::Kind;

/// Locals and arguments of the current work-item as a tree; values changed since the last
/// stop stand out.
pub(super) fn variables_pane(frame: &mut Frame, app: &App, area: Rect) {
    let t = &app.theme;
    let title = match &app.stop {
        Some(s) => format!(
            " Variables: {}{} ",
            s.position.function,
            triple(s.position.global)
        ),
        None => " Variables ".into(),
    };
    let inner = frame_pane(frame, app, area, title, Pane::Variables);
    let rows = app.variable_rows();
    let lines = app.variable_lines(&rows);
    let cursor_line = lines
        .iter()
        .position(|l| *l == Some(app.var_cursor))
        .unwrap_or(0);
    let first = first_in_view(cursor_line, inner.height as usize);
    let locals = app.local_rows();
    let text: Vec<Line> = lines
        .iter()
        .enumerate()
        .skip(first)
        .take(inner.height as usize)
        .map(|(at, line)| {
            let Some(i) = *line else {
                // A heading: the first one is the locals' when there are locals.
                let heading = if at == 0 && locals > 0 {
                    "locals"
                } else {
                    "arguments"
                };
                return Line::styled(
                    heading,
                    Style::new().fg(t.dim).add_modifier(Modifier::ITALIC),
                );
            };
            let row = &rows[i];
            let selected = app.focus == Pane::Variables && i == app.var_cursor;
            let mut name_style = Style::new().fg(t.name);
            if selected {
                name_style = name_style.add_modifier(Modifier::REVERSED);
            }
            let value_style = if app.changed(&row.path, &row.value) {
                Style::new().fg(t.changed).add_modifier(Modifier::BOLD)
            } else {
                Style::new()
            };
            let fold = match row.kind {
                Kind::Leaf => "  ",
                Kind::Parts(true) | Kind::Pointer(true) => "▾ ",
                Kind::Parts(false) | Kind::Pointer(false) => "▸ ",
            };
            Line::from(vec![
                Span::raw("  ".repeat(row.depth + 1)),
                Span::styled(fold, Style::new().fg(t.dim)),
                Span::styled(row.label.clone(), name_style),
                Span::raw(" = "),
                Span::styled(row.value.clone(), value_style),
            ])
        })
        .collect();
    frame.render_widget(Paragraph::new(text), inner);
}
