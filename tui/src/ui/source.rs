//! The source pane: the kernel source, with breakpoints, diagnostics and the current line.

use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

use super::frame_pane;
use crate::app::{App, Pane};
use crate::grid;
use oclgrind_debug_protocol::diagnostic::Rule;

/// The kernel source: breakpoints, diagnostics, performance lints and what lines ran in the
/// gutter, the current line marked.
pub(super) fn source_pane(frame: &mut Frame, app: &App, area: Rect) {
    let t = &app.theme;
    let mut title = match &app.source_file {
        Some(path) => format!(
            " Source: {} ",
            oclgrind_debug_protocol::text::short_name(path)
        ),
        None => " Source ".into(),
    };
    if app.source_left > 0 {
        title += &format!("· from column {} ", app.source_left + 1);
    }
    let inner = frame_pane(frame, app, area, title, Pane::Source);
    if app.source.is_empty() {
        let text = match &app.stop {
            Some(s) => match &s.position.instruction {
                Some(i) => format!("Source line not available.\n{i}"),
                None => "No source code available.".into(),
            },
            None => "Waiting for a kernel to stop...".into(),
        };
        frame.render_widget(Paragraph::new(text), inner);
        return;
    }
    let height = inner.height as usize;
    let cursor = app.cursor_line() as usize;
    let first = app.source_first_line(height);
    let current = app.current_line() as usize;
    let width = app.source.len().to_string().len();
    // A column of shades when a finished launch's counts apply to this file.
    let shaded = app.heat_at(1).is_some();
    // A column of performance lints when a finished launch's marks apply to this file.
    let perf = app.perf_column();
    let lines: Vec<Line> = (first..app.source.len() + 1)
        .take(height)
        .map(|n| {
            let text = &app.source[n - 1];
            let mut gutter = Vec::new();
            gutter.push(if app.breakpoint_at(n as u32).is_some() {
                Span::styled("●", Style::new().fg(t.breakpoint))
            } else {
                Span::raw(" ")
            });
            gutter.push(if app.diagnostic_at(n as u32) {
                Span::styled(
                    "!",
                    Style::new().fg(t.diagnostic).add_modifier(Modifier::BOLD),
                )
            } else {
                Span::raw(" ")
            });
            gutter.push(if n == current {
                Span::styled("▶", Style::new().fg(t.current_marker))
            } else {
                Span::raw(" ")
            });
            if perf {
                gutter.push(perf_mark(app, n as u32));
            }
            if shaded {
                // How much the line ran in the kernel's last launch.
                let level = app.heat_at(n as u32).unwrap_or(0);
                gutter.push(Span::styled(
                    if level == 0 { " " } else { grid::SHADES[level] },
                    Style::new().fg(t.running),
                ));
            }
            gutter.push(Span::styled(
                format!("{n:>width$} "),
                Style::new().fg(t.line_number),
            ));
            let mut mark = Style::new();
            if n == current {
                mark = mark.bg(t.current_line);
            }
            if n == cursor && app.focus == Pane::Source && app.cursor != 0 {
                mark = mark.add_modifier(Modifier::REVERSED);
            }
            let text_width =
                (inner.width as usize).saturating_sub(width + 4 + shaded as usize + perf as usize);
            let pieces = match app.highlighted.get(n - 1) {
                Some(pieces) => pieces
                    .iter()
                    .map(|(style, piece)| {
                        Span::styled(piece.replace('\t', "    "), style.patch(mark))
                    })
                    .collect(),
                None => vec![Span::styled(text.replace('\t', "    "), mark)],
            };
            gutter.extend(super::columns(pieces, app.source_left, text_width, mark));
            Line::from(gutter)
        })
        .collect();
    frame.render_widget(Paragraph::new(lines), inner);
}

/// A line's mark in the performance lints' column: `c` (uncoalesced access), `b` (bank
/// conflict), `d` (divergent branch), a dim `·` for figures under the thresholds.
fn perf_mark(app: &App, line: u32) -> Span<'static> {
    let t = &app.theme;
    let finding = Style::new().fg(t.diagnostic).add_modifier(Modifier::BOLD);
    match app.perf_at(line) {
        Some(Rule::UncoalescedAccess) => Span::styled("c", finding),
        Some(Rule::BankConflict) => Span::styled("b", finding),
        Some(Rule::DivergentBranch) => Span::styled("d", finding),
        Some(_) => Span::styled("·", Style::new().fg(t.dim)),
        None => Span::raw(" "),
    }
}
