//! Drawing: one function per pane, placed by `layout`, coloured by the theme. Reads the
//! model, never changes it.
//!
//! Each pane is a module of its own: `source`, `ir`, `variables`, `memory`, `work_items`
//! (with the heat map), `logs` (output and console), `diagnostics`; `status` is the status
//! bar and `help` the help overlay. The helpers several of them use are here.

mod diagnostics;
pub mod help;
mod ir;
mod logs;
mod memory;
mod source;
mod status;
mod variables;
mod work_items;

use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Span;
use ratatui::widgets::{Block, Borders};
use ratatui::Frame;

use crate::app::{App, Pane};
use crate::theme::Theme;

pub fn draw(frame: &mut Frame, app: &App) {
    let areas = app.areas_in(frame.area());
    for (pane, area) in areas.panes {
        draw_pane(frame, app, pane, area);
    }
    status::status_bar(frame, app, areas.status);
    if app.show_help {
        help::help_overlay(frame, app);
    }
}

/// One pane in `area`.
pub fn draw_pane(frame: &mut Frame, app: &App, pane: Pane, area: Rect) {
    match pane {
        Pane::Source => source::source_pane(frame, app, area),
        Pane::Ir => ir::ir_pane(frame, app, area),
        Pane::Variables => variables::variables_pane(frame, app, area),
        Pane::Memory => memory::memory_pane(frame, app, area),
        Pane::WorkItems => work_items::work_items_pane(frame, app, area),
        Pane::Output => logs::output_pane(frame, app, area),
        Pane::Console => logs::console_pane(frame, app, area),
        Pane::Diagnostics => diagnostics::diagnostics_pane(frame, app, area),
    }
}

fn pane_block(t: &Theme, title: String, focused: bool) -> Block<'static> {
    let style = if focused {
        Style::new()
            .fg(t.border_focused)
            .add_modifier(Modifier::BOLD)
    } else {
        Style::new().fg(t.border)
    };
    Block::new()
        .borders(Borders::ALL)
        .border_style(style)
        .title(Span::styled(title, style))
}

/// A pane's border and title; returns the area inside.
fn frame_pane(frame: &mut Frame, app: &App, area: Rect, title: String, pane: Pane) -> Rect {
    let block = pane_block(&app.theme, title, app.focus == pane);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    inner
}

/// The part of a line's spans from column `left`, `width` columns of it; a marked line
/// (`mark` not plain) is filled out to `width`, so the current line and the cursor show
/// across the pane, blank lines too.
fn columns(spans: Vec<Span<'_>>, left: usize, width: usize, mark: Style) -> Vec<Span<'_>> {
    let mut out = Vec::new();
    let (mut skip, mut used) = (left, 0);
    for span in spans {
        let count = span.content.chars().count();
        if skip >= count {
            skip -= count;
            continue;
        }
        let text: String = span.content.chars().skip(skip).take(width - used).collect();
        skip = 0;
        used += text.chars().count();
        out.push(Span::styled(text, span.style));
        if used == width {
            return out;
        }
    }
    if mark != Style::new() {
        out.push(Span::styled(" ".repeat(width - used), mark));
    }
    out
}

fn triple(v: [u64; 3]) -> String {
    format!("({},{},{})", v[0], v[1], v[2])
}

#[cfg(test)]
mod tests;
