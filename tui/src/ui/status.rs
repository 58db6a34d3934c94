//! The status bar: the help key, a notice, the launch, where the work-item stopped and why,
//! the state (`replay` when stopped in the recorded past), and the main keys.

use oclgrind_debug_protocol::protocol::StopReason;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::Paragraph;
use ratatui::Frame;

use super::triple;
use crate::app::App;
use crate::keymap::KeyAction;

/// The keys' help first (so a narrow terminal still shows it), then a notice or question,
/// the launch, where the work-item stopped and why, the state, and the main keys.
pub(super) fn status_bar(frame: &mut Frame, app: &App, area: Rect) {
    let k = |a| app.keymap.first_key(a);
    let mut text = format!(" {} help ", k(KeyAction::Help));
    if let Some(n) = &app.notice {
        text += &format!("│ {n} ");
    }
    if let Some(l) = &app.launch {
        text += &format!(
            "│ {} {}/{} ",
            l.kernel,
            triple(l.global_size),
            triple(l.local_size)
        );
    }
    if let Some(s) = &app.stop {
        text += &format!("│ {} │ {} ", triple(s.position.global), reason(&s.reason));
    }
    let replaying = app.stop.as_ref().is_some_and(|s| s.replaying);
    text += if app.ended {
        "│ ended "
    } else if app.prompting && replaying {
        // Stopped in the recorded past: what the panes show is as it was then.
        "│ replay "
    } else if app.prompting {
        "│ stopped "
    } else {
        "│ running "
    };
    if app.notice.is_none() {
        text += &format!(
            "│ {} continue {} next {} step {} break {} quit",
            k(KeyAction::Continue),
            k(KeyAction::Next),
            k(KeyAction::Step),
            k(KeyAction::ToggleBreakpoint),
            k(KeyAction::Quit)
        );
        // The keys back come last, and only whole: cut, they would say nothing.
        let back = format!(
            " {}/{}/{} back",
            k(KeyAction::ReverseStep),
            k(KeyAction::ReverseNext),
            k(KeyAction::ReverseContinue)
        );
        if Line::from(text.as_str()).width() + Line::from(back.as_str()).width()
            <= usize::from(area.width)
        {
            text += &back;
        }
    }
    let style = Style::new().bg(app.theme.status_bg).fg(app.theme.status_fg);
    frame.render_widget(Paragraph::new(text).style(style), area);
}

/// Why the debugger stopped, in a word or two.
fn reason(r: &StopReason) -> String {
    match r {
        StopReason::LaunchStart => "launch".into(),
        StopReason::Step => "step".into(),
        StopReason::Breakpoint { number, .. } => format!("breakpoint {number}"),
        StopReason::Watchpoint { number, .. } => format!("watchpoint {number}"),
        StopReason::Error => "error".into(),
        StopReason::Interrupted => "interrupted".into(),
        StopReason::Barrier => "barrier".into(),
        StopReason::Finished => "finished".into(),
        StopReason::Switched => "switched".into(),
        StopReason::NoHistory => "no history".into(),
    }
}
