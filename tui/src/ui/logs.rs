//! The log panes: the program's output, and the console (commands, their answers and the
//! command line).

use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

use super::frame_pane;
use crate::app::{line_edit, App, InputFor, Log, Pane};
use crate::keymap::KeyAction;

/// The lines of a log that fit in `area`, scrolled back as far as asked (never past the
/// first line); long lines wrap (what a kernel prints and what the debugger says must not be
/// cut off).
fn log_lines(log: &Log, area: Rect) -> Vec<Line<'_>> {
    let (rows, width) = (area.height as usize, area.width.max(1) as usize);
    // Following the end (the usual case) needs no look at the whole log.
    let back = match log.back {
        0 => 0,
        back => back.min(log.max_back(rows, width)),
    };
    let end = log.lines.len() - back;
    let mut out: Vec<Line> = Vec::new();
    for line in log.lines[..end].iter().rev() {
        let chars: Vec<char> = line.chars().collect();
        let pieces: Vec<String> = if chars.is_empty() {
            vec![String::new()]
        } else {
            chars.chunks(width).map(|c| c.iter().collect()).collect()
        };
        for piece in pieces.into_iter().rev() {
            out.push(Line::raw(piece));
            if out.len() == rows {
                out.reverse();
                return out;
            }
        }
    }
    out.reverse();
    out
}

/// A log pane's frame: while it is scrolled back, its bottom border says how many lines came
/// meanwhile (or that more follow) and how to follow the end again.
fn frame_log(frame: &mut Frame, app: &App, area: Rect, title: &str, pane: Pane) -> Rect {
    let log = match pane {
        Pane::Console => &app.console,
        _ => &app.output,
    };
    let inner = frame_pane(frame, app, area, title.into(), pane);
    if log.back > 0 {
        let follow = app.keymap.first_key(KeyAction::Bottom);
        let text = match log.unseen {
            0 => format!(" ↓ more: {follow} follows "),
            1 => format!(" ↓ 1 new line: {follow} follows "),
            n => format!(" ↓ {n} new lines: {follow} follows "),
        };
        let width = text.chars().count() as u16;
        if width < area.width.saturating_sub(2) {
            let at = Rect::new(
                area.x + area.width - 1 - width,
                area.y + area.height - 1,
                width,
                1,
            );
            let style = Style::new().fg(app.theme.name).add_modifier(Modifier::BOLD);
            frame.render_widget(Paragraph::new(Line::styled(text, style)), at);
        }
    }
    inner
}

/// The program's standard output and error, and kernel printf.
pub(super) fn output_pane(frame: &mut Frame, app: &App, area: Rect) {
    let inner = frame_log(frame, app, area, " Output ", Pane::Output);
    frame.render_widget(Paragraph::new(log_lines(&app.output, inner)), inner);
}

/// Commands and their answers, and the command line under them.
pub(super) fn console_pane(frame: &mut Frame, app: &App, area: Rect) {
    let t = &app.theme;
    let inner = frame_log(frame, app, area, " Console ", Pane::Console);
    let [log, input] = Layout::vertical([Constraint::Min(1), Constraint::Length(1)]).areas(inner);
    frame.render_widget(Paragraph::new(log_lines(&app.console, log)), log);
    let prompt = match &app.input {
        Some(text) => {
            let label = match app.input_for {
                InputFor::Command => "(oclgrind) ",
                InputFor::Address => "address or expression: ",
            };
            let room = (input.width as usize).saturating_sub(label.chars().count());
            let (before, at_cursor, after) = input_window(text, app.input_back, room);
            Line::from(vec![
                Span::styled(label, Style::new().fg(t.name)),
                Span::raw(before),
                Span::styled(at_cursor, Style::new().add_modifier(Modifier::REVERSED)),
                Span::raw(after),
            ])
        }
        None => Line::styled(
            format!(
                "{} keys  {} command",
                app.keymap.first_key(KeyAction::Help),
                app.keymap.first_key(KeyAction::CommandLine)
            ),
            Style::new().fg(t.dim),
        ),
    };
    frame.render_widget(Paragraph::new(prompt), input);
}

/// What of the command line shows in `room` columns, the cursor always in view: the text
/// before the cursor (its end, after a `…`, when the line is longer than the room), the
/// character under the cursor (a blank past the end), and what follows as far as it fits.
fn input_window(text: &str, back: usize, room: usize) -> (String, String, String) {
    let (before, rest) = line_edit::split_at_cursor(text, back);
    let mut chars = rest.chars();
    let at_cursor = chars.next().map_or(" ".to_string(), String::from);
    let after = chars.as_str();
    let shown_before = before.chars().count();
    if shown_before < room {
        let after: String = after.chars().take(room - shown_before - 1).collect();
        return (before.to_string(), at_cursor, after);
    }
    // The cursor at the last column; the start of the line gives way to a `…`.
    let keep = room.saturating_sub(2);
    let tail: String = before.chars().skip(shown_before - keep).collect();
    (format!("…{tail}"), at_cursor, String::new())
}

#[cfg(test)]
mod tests {
    use super::input_window;

    #[test]
    fn the_command_line_keeps_its_cursor_in_view() {
        let w = |text: &str, back, room| {
            let (a, b, c) = input_window(text, back, room);
            format!("{a}[{b}]{c}")
        };
        assert_eq!(w("print x", 0, 20), "print x[ ]");
        assert_eq!(w("print x", 1, 20), "print [x]");
        assert_eq!(w("print abcdefgh", 9, 10), "print[ ]abcd");
        // Longer than the room: the end before the cursor shows, the cursor last.
        assert_eq!(w("print abcdefgh", 0, 10), "…abcdefgh[ ]");
        assert_eq!(w("print abcdefgh", 2, 10), "…t abcdef[g]");
        let long = "x".repeat(4000) + "END";
        let shown = w(&long, 0, 60);
        assert!(shown.ends_with("xEND[ ]"), "{shown}");
        assert_eq!(shown.chars().count(), 60 + 2, "the room and the brackets");
    }
}
