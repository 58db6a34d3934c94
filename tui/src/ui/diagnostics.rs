//! The diagnostics pane: every report of the session, with its line and work-item.

use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

use super::{frame_pane, triple};
use crate::app::{App, Pane};

/// Every report of the session; Enter goes to its line and work-item (`o`: a race's second
/// access's).
pub(super) fn diagnostics_pane(frame: &mut Frame, app: &App, area: Rect) {
    let t = &app.theme;
    let title = format!(" Diagnostics ({}) ", app.reports.len());
    let inner = frame_pane(frame, app, area, title, Pane::Diagnostics);
    let rows = inner.height as usize;
    let first = app.report_first_row(rows);
    let lines: Vec<Line> = app
        .reports
        .iter()
        .enumerate()
        .skip(first)
        .take(rows)
        .map(|(i, r)| {
            let mut style = Style::new().fg(if r.error { t.diagnostic } else { t.warning });
            if app.focus == Pane::Diagnostics && i == app.report_cursor {
                style = style.add_modifier(Modifier::REVERSED);
            }
            let place_of = |line: Option<u32>, work_item: Option<[u64; 3]>| match (line, work_item)
            {
                (Some(l), Some(w)) => format!("{l} {} ", triple(w)),
                (Some(l), None) => format!("{l} "),
                (None, Some(w)) => format!("{} ", triple(w)),
                (None, None) => String::new(),
            };
            // A race shows both accesses: "12 (1,0,0) / 12 (0,0,0) ".
            let mut place = place_of(r.line, r.work_item);
            if let Some((line, work_item)) = r.second {
                let other = place_of(line, work_item);
                let first = if place.is_empty() {
                    "? ".to_string()
                } else {
                    place
                };
                let other = if other.is_empty() {
                    "? ".to_string()
                } else {
                    other
                };
                place = format!("{first}/ {other}");
            }
            // A report of an earlier launch says which one, of which kernel ("#2 vecadd ").
            let earlier = r.launch != app.launches || app.launch_ended;
            let launch = match (earlier, r.kernel.is_empty()) {
                (false, _) => String::new(),
                (true, true) => format!("#{} ", r.launch),
                (true, false) => format!("#{} {} ", r.launch, r.kernel),
            };
            Line::from(vec![
                Span::styled(launch, Style::new().fg(t.dim)),
                Span::styled(place, Style::new().fg(t.dim)),
                Span::styled(r.summary.clone(), style),
            ])
        })
        .collect();
    frame.render_widget(Paragraph::new(lines), inner);
}
