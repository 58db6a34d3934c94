//! The memory pane: a tab per address space, rows of elements of the chosen type.

use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

use super::frame_pane;
use crate::app::{App, Pane};
use crate::memory;

/// A tab per address space; each shows an address or what a variable points to, rows of
/// elements of the chosen type; bytes written since the last stop stand out.
pub(super) fn memory_pane(frame: &mut Frame, app: &App, area: Rect) {
    let t = &app.theme;
    let pane = &app.memory;
    let tab = pane.current();
    let title = match &tab.target {
        Some(memory::Target::Expr(e)) => format!(" Memory: {e} ({}) ", pane.element.name()),
        Some(memory::Target::Address(a)) => format!(" Memory: 0x{a:x} ({}) ", pane.element.name()),
        None => format!(" Memory ({}) ", pane.element.name()),
    };
    let inner = frame_pane(frame, app, area, title, Pane::Memory);
    let [tabs, body] = Layout::vertical([Constraint::Length(1), Constraint::Min(0)]).areas(inner);
    let mut strip = Vec::new();
    for (i, (_, name)) in memory::tab_strip().into_iter().enumerate() {
        let style = if i == pane.tab {
            Style::new()
                .fg(t.name)
                .add_modifier(Modifier::BOLD | Modifier::UNDERLINED)
        } else {
            Style::new().fg(t.dim)
        };
        strip.push(Span::styled(name, style));
        strip.push(Span::raw("  "));
    }
    frame.render_widget(Paragraph::new(Line::from(strip)), tabs);
    let Some((address, bytes)) = &tab.bytes else {
        let text = match &tab.target {
            Some(_) => "Nothing readable there.",
            None => "m on a variable, or a for an address, shows memory here.",
        };
        hint(frame, app, body, text);
        return;
    };
    let element = pane.element;
    let per_row = element.per_row(body.width as usize);
    let row_bytes = per_row * element.size();
    let lines: Vec<Line> = bytes
        .chunks(row_bytes)
        .enumerate()
        .skip(tab.scroll)
        .take(body.height as usize)
        .map(|(row, chunk)| {
            let base = row * row_bytes;
            let mut spans = vec![Span::styled(
                format!("{:x} ", address + base as u64),
                Style::new().fg(t.dim),
            )];
            for (k, unit) in chunk.chunks(element.size()).enumerate() {
                let at = base + k * element.size();
                let mut text = element.format(unit).unwrap_or_else(|| "..".into());
                let uninitialized = (at..at + unit.len()).any(|i| pane.uninitialized(i));
                let style = if uninitialized {
                    // Never written: its value means nothing (`--uninitialized`).
                    text = "?".repeat(text.chars().count());
                    Style::new().fg(t.dim)
                } else if (at..at + unit.len()).any(|i| pane.changed(i)) {
                    Style::new().fg(t.changed).add_modifier(Modifier::BOLD)
                } else {
                    Style::new()
                };
                spans.push(Span::raw(" "));
                spans.push(Span::styled(text, style));
            }
            Line::from(spans)
        })
        .collect();
    frame.render_widget(Paragraph::new(lines), body);
}

/// A line of dim text: what a pane would show, and how to get it.
fn hint(frame: &mut Frame, app: &App, area: Rect, text: &str) {
    frame.render_widget(
        Paragraph::new(Line::styled(
            text.to_string(),
            Style::new().fg(app.theme.dim),
        )),
        area,
    );
}
