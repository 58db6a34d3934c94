//! The IR pane: the current function's LLVM IR, the current instruction marked.

use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

use super::frame_pane;
use crate::app::{App, Pane};

/// The current function's LLVM IR, the current instruction marked and kept in view.
pub(super) fn ir_pane(frame: &mut Frame, app: &App, area: Rect) {
    let t = &app.theme;
    let Some(ir) = &app.ir else {
        frame_pane(frame, app, area, " LLVM IR ".into(), Pane::Ir);
        return;
    };
    let (function, instructions, current) = (&ir.function, &ir.instructions, &ir.current);
    let cursor_line = app.cursor_ir_line();
    let mut title = format!(" LLVM IR: {function} ");
    if app.ir_left > 0 {
        title += &format!("· from column {} ", app.ir_left + 1);
    }
    let inner = frame_pane(frame, app, area, title, Pane::Ir);
    let text_width = (inner.width as usize).saturating_sub(3);
    let height = inner.height as usize;
    let at = app.ir_line();
    let first = at
        .saturating_sub(height / 3)
        .min(instructions.len().saturating_sub(height));
    let selected = (app.focus == Pane::Ir && app.ir_cursor.is_some()).then_some(at);
    let lines: Vec<Line> = instructions
        .iter()
        .enumerate()
        .skip(first)
        .take(height)
        .map(|(i, inst)| {
            let mut mark = Style::new();
            if Some(i) == *current {
                mark = mark.bg(t.current_line);
            }
            if Some(i) == selected {
                mark = mark.add_modifier(Modifier::REVERSED);
            }
            let marker = if Some(i) == *current {
                Span::styled("=> ", Style::new().fg(t.current_marker))
            } else if cursor_line != 0 && ir.lines.get(i) == Some(&cursor_line) {
                // Lowered from the line the source cursor is on.
                Span::styled(" │ ", Style::new().fg(t.name))
            } else {
                Span::raw("   ")
            };
            let mut spans = vec![marker];
            let pieces = match app.ir_highlighted.get(i) {
                Some(pieces) => pieces
                    .iter()
                    .map(|(style, piece)| Span::styled(piece.clone(), style.patch(mark)))
                    .collect(),
                None => {
                    let text = inst.split(", !dbg").next().unwrap_or(inst);
                    vec![Span::styled(text.to_string(), mark)]
                }
            };
            spans.extend(super::columns(pieces, app.ir_left, text_width, mark));
            Line::from(spans)
        })
        .collect();
    frame.render_widget(Paragraph::new(lines), inner);
}
