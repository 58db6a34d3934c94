//! The help overlay: the keys (as the keymap binds them) and what they do.

use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

use super::pane_block;
use crate::app::App;
use crate::keymap::KeyAction;

/// The keys the help lists, with what they do.
const HELP: &[(KeyAction, &str)] = &[
    (KeyAction::Continue, "continue"),
    (KeyAction::Next, "next line (over calls)"),
    (KeyAction::Step, "step (into calls)"),
    (KeyAction::Finish, "finish the current function"),
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

pub(super) fn help_overlay(frame: &mut Frame, app: &App) {
    let t = &app.theme;
    let area = frame.area();
    let width = 96.min(area.width);
    let height = (HELP.len() as u16 + 4).min(area.height);
    let popup = Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    };
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
        .chain([Line::styled(
            " any key closes this; keys and colours: tui/keymap.toml, themes/*.toml",
            Style::new().fg(t.dim),
        )])
        .collect();
    frame.render_widget(ratatui::widgets::Clear, popup);
    frame.render_widget(
        Paragraph::new(lines).block(pane_block(t, " Keys ".into(), true)),
        popup,
    );
}
