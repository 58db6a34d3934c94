//! The help overlay: the keys (as the keymap binds them) and what they do.

use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

use super::pane_block;
use crate::app::App;
use crate::keymap::KeyAction;
use crate::layout;

/// The keys the help lists, with what they do.
const HELP: &[(KeyAction, &str)] = &[
    (KeyAction::Continue, "continue"),
    (KeyAction::Next, "next line (over calls)"),
    (KeyAction::Step, "step (into calls)"),
    (KeyAction::Finish, "finish the current function"),
    (
        KeyAction::ReverseStep,
        "back a line (into calls), in the group's recorded history",
    ),
    (KeyAction::ReverseNext, "back a line (over calls)"),
    (
        KeyAction::ReverseFinish,
        "back to the call of the current function",
    ),
    (
        KeyAction::ReverseContinue,
        "back to the previous breakpoint, or the start of the history",
    ),
    (
        KeyAction::ToggleBreakpoint,
        "toggle a breakpoint on the cursor line",
    ),
    (
        KeyAction::Up,
        "up in the focused pane (also the mouse wheel)",
    ),
    (KeyAction::Down, "down"),
    (KeyAction::NextPane, "next pane (or click one)"),
    (KeyAction::PreviousPane, "previous pane"),
    (
        KeyAction::Left,
        "source, IR: scroll long lines left (right: the other way)",
    ),
    (
        KeyAction::Top,
        "console, output: the first line; source, IR: back to the current line",
    ),
    (
        KeyAction::Bottom,
        "console, output: the end, followed again; elsewhere the last line",
    ),
    (
        KeyAction::Open,
        "open: a variable's parts, a pointer's target, a group; go to a work-item or report",
    ),
    (
        KeyAction::OpenOther,
        "diagnostics: go to a data race's second access",
    ),
    (KeyAction::ShowMemory, "variables: show its memory"),
    (
        KeyAction::ZoomOut,
        "work-items: the launch's groups (heat map)",
    ),
    (KeyAction::MemoryType, "memory: the element type"),
    (
        KeyAction::MemorySpace,
        "memory: private, local or global tab",
    ),
    (
        KeyAction::MemoryAddress,
        "memory: an address (or an expression) to show",
    ),
    (KeyAction::Wider, "focused pane wider"),
    (KeyAction::Narrower, "focused pane narrower"),
    (KeyAction::Taller, "focused pane taller"),
    (KeyAction::Shorter, "focused pane shorter"),
    (
        KeyAction::CommandLine,
        "a command, as in line mode (Tab completes)",
    ),
    (KeyAction::Interrupt, "interrupt the running kernel"),
    (KeyAction::Quit, "stop debugging; after the end, leave"),
    (KeyAction::Help, "this help"),
];

/// What the source gutter's column of performance lints shows (`--perf-lints`), after the keys.
const PERF_LEGEND: &[(&str, &str)] = &[
    (
        "c b d",
        "performance lints (--perf-lints): uncoalesced access, bank conflict, divergent branch",
    ),
    (
        "·",
        "a line's performance figures, under the lints' thresholds (--perf-lints=all)",
    ),
];

/// The help's lines, the closing hint included.
pub fn help_lines() -> usize {
    HELP.len() + PERF_LEGEND.len() + 1
}

pub(super) fn help_overlay(frame: &mut Frame, app: &App) {
    let t = &app.theme;
    let popup = layout::help_popup(frame.area(), help_lines());
    let rows = layout::inner(popup).height as usize;
    let scroll = app.help_scroll.min(help_lines().saturating_sub(rows));
    let lines: Vec<Line> = HELP
        .iter()
        .map(|(action, what)| {
            Line::from(vec![
                Span::styled(
                    format!(" {:<18}", app.keymap.keys_of(*action)),
                    Style::new().fg(t.name),
                ),
                Span::raw(*what),
            ])
        })
        .chain(PERF_LEGEND.iter().map(|(marks, what)| {
            // The text is too long for the keys' column: its own, narrower.
            Line::from(vec![
                Span::styled(
                    format!(" {marks:<7}"),
                    Style::new().fg(if *marks == "·" { t.dim } else { t.diagnostic }),
                ),
                Span::raw(*what),
            ])
        }))
        .chain([Line::styled(
            " any other key closes this; keys and colours: tui/keymap.toml, themes/*.toml",
            Style::new().fg(t.dim),
        )])
        .skip(scroll)
        .collect();
    let mut block = pane_block(t, " Keys ".into(), true);
    if scroll + rows < help_lines() {
        let more = format!(
            " ↓ more: {}/{} ",
            app.keymap.first_key(KeyAction::Down),
            app.keymap.first_key(KeyAction::PageDown)
        );
        block = block.title_bottom(Line::styled(more, Style::new().fg(t.name)).right_aligned());
    }
    frame.render_widget(ratatui::widgets::Clear, popup);
    frame.render_widget(Paragraph::new(lines).block(block), popup);
}
