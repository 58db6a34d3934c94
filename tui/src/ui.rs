//! Drawing: the layout and one function per pane. Reads the model, never changes it.

use oclgrind_debugger::protocol::{StopReason, WorkItemState};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};
use ratatui::Frame;

use crate::app::{App, MemoryView, Pane};

/// Rows the console shows (plus its command line).
const CONSOLE_ROWS: u16 = 8;

pub fn draw(frame: &mut Frame, app: &App) {
    let [main, console, status] = Layout::vertical([
        Constraint::Min(6),
        Constraint::Length(CONSOLE_ROWS + 3),
        Constraint::Length(1),
    ])
    .areas(frame.area());
    let [code, side] =
        Layout::horizontal([Constraint::Percentage(60), Constraint::Percentage(40)]).areas(main);
    let [source, ir] =
        Layout::vertical([Constraint::Percentage(65), Constraint::Percentage(35)]).areas(code);
    let [variables, memory, work_items] = Layout::vertical([
        Constraint::Percentage(35),
        Constraint::Percentage(30),
        Constraint::Percentage(35),
    ])
    .areas(side);
    source_pane(frame, app, source);
    ir_pane(frame, app, ir);
    variables_pane(frame, app, variables);
    memory_pane(frame, app, memory);
    work_items_pane(frame, app, work_items);
    let [console, diagnostics] =
        Layout::horizontal([Constraint::Percentage(60), Constraint::Percentage(40)]).areas(console);
    console_pane(frame, app, console);
    diagnostics_pane(frame, app, diagnostics);
    status_bar(frame, app, status);
    if app.show_help {
        help_overlay(frame);
    }
}

/// The keys, over the middle of the screen.
const HELP: &[(&str, &str)] = &[
    ("c  F5", "continue"),
    ("n  F10", "next line (over calls)"),
    ("s  F11", "step (into calls)"),
    ("f", "finish the current function"),
    ("b  F9", "toggle a breakpoint on the cursor line"),
    ("j k  arrows  PgUp PgDn", "move in the focused pane"),
    ("Tab  Shift-Tab", "next / previous pane"),
    (
        "Enter",
        "variables: its memory; work-items, diagnostics: go there",
    ),
    ("t", "memory: hex, int or float"),
    (":  /", "a command, as in line mode (help lists them)"),
    ("Ctrl-C", "interrupt the running kernel"),
    ("q", "stop debugging; after the end, leave"),
    ("?", "this help"),
];

fn help_overlay(frame: &mut Frame) {
    let area = frame.area();
    let width = 72.min(area.width);
    let height = (HELP.len() as u16 + 4).min(area.height);
    let popup = Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    };
    let lines: Vec<Line> = HELP
        .iter()
        .map(|(keys, what)| {
            Line::from(vec![
                Span::styled(format!(" {keys:<24}"), Style::new().fg(Color::Cyan)),
                Span::raw(*what),
            ])
        })
        .chain([Line::styled(
            " any key closes this",
            Style::new().fg(Color::DarkGray),
        )])
        .collect();
    frame.render_widget(ratatui::widgets::Clear, popup);
    frame.render_widget(
        Paragraph::new(lines).block(pane_block(" Keys ".into(), true)),
        popup,
    );
}

fn pane_block(title: String, focused: bool) -> Block<'static> {
    let style = if focused {
        Style::new().fg(Color::Cyan).add_modifier(Modifier::BOLD)
    } else {
        Style::new().fg(Color::DarkGray)
    };
    Block::new()
        .borders(Borders::ALL)
        .border_style(style)
        .title(Span::styled(title, style))
}

/// The kernel source: breakpoints and diagnostics in the gutter, the current line marked.
fn source_pane(frame: &mut Frame, app: &App, area: Rect) {
    let block = pane_block(" Source ".into(), app.focus == Pane::Source);
    let inner = block.inner(area);
    frame.render_widget(block, area);
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
    // The cursor line stays a third of the way down, so what follows it shows.
    let first = cursor
        .saturating_sub(height / 3)
        .min(app.source.len().saturating_sub(height))
        .max(1);
    let current = app.current_line() as usize;
    let width = app.source.len().to_string().len();
    let lines: Vec<Line> = (first..app.source.len() + 1)
        .take(height)
        .map(|n| {
            let text = &app.source[n - 1];
            let mut gutter = Vec::new();
            gutter.push(if app.breakpoint_at(n as u32).is_some() {
                Span::styled("●", Style::new().fg(Color::Red))
            } else {
                Span::raw(" ")
            });
            gutter.push(if app.diagnostic_lines.contains(&(n as u32)) {
                Span::styled(
                    "!",
                    Style::new()
                        .fg(Color::LightRed)
                        .add_modifier(Modifier::BOLD),
                )
            } else {
                Span::raw(" ")
            });
            gutter.push(if n == current {
                Span::styled("▶", Style::new().fg(Color::Green))
            } else {
                Span::raw(" ")
            });
            gutter.push(Span::styled(
                format!("{n:>width$} "),
                Style::new().fg(Color::DarkGray),
            ));
            let mut mark = Style::new();
            if n == current {
                mark = mark.bg(Color::Rgb(30, 60, 30));
            }
            if n == cursor && app.focus == Pane::Source && app.cursor != 0 {
                mark = mark.add_modifier(Modifier::REVERSED);
            }
            match app.highlighted.get(n - 1) {
                Some(pieces) => gutter.extend(pieces.iter().map(|(style, piece)| {
                    Span::styled(piece.replace('\t', "    "), style.patch(mark))
                })),
                None => gutter.push(Span::styled(text.replace('\t', "    "), mark)),
            }
            Line::from(gutter)
        })
        .collect();
    frame.render_widget(Paragraph::new(lines), inner);
}

/// The current function's LLVM IR, the current instruction marked and kept in view.
fn ir_pane(frame: &mut Frame, app: &App, area: Rect) {
    let Some((function, instructions, current)) = &app.ir else {
        frame.render_widget(pane_block(" LLVM IR ".into(), false), area);
        return;
    };
    let block = pane_block(format!(" LLVM IR: {function} "), false);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let height = inner.height as usize;
    let at = current.unwrap_or(0);
    let first = at
        .saturating_sub(height / 3)
        .min(instructions.len().saturating_sub(height));
    let lines: Vec<Line> = instructions
        .iter()
        .enumerate()
        .skip(first)
        .take(height)
        .map(|(i, inst)| {
            // Debug-info calls and metadata are noise here.
            let text = inst.split(", !dbg").next().unwrap_or(inst);
            if Some(i) == *current {
                Line::from(vec![
                    Span::styled("=> ", Style::new().fg(Color::Green)),
                    Span::styled(text.to_string(), Style::new().bg(Color::Rgb(30, 60, 30))),
                ])
            } else {
                let style = if text.contains("@llvm.dbg.") {
                    Style::new().fg(Color::DarkGray)
                } else {
                    Style::new()
                };
                Line::from(vec![
                    Span::raw("   "),
                    Span::styled(text.to_string(), style),
                ])
            }
        })
        .collect();
    frame.render_widget(Paragraph::new(lines), inner);
}

/// Arguments and locals of the current work-item; values changed since the last stop stand out.
fn variables_pane(frame: &mut Frame, app: &App, area: Rect) {
    let title = match &app.stop {
        Some(s) => format!(
            " Variables: {}{} ",
            s.position.function,
            triple(s.position.global)
        ),
        None => " Variables ".into(),
    };
    let block = pane_block(title, app.focus == Pane::Variables);
    let mut lines = Vec::new();
    let mut index = 0;
    for (heading, vars) in [("locals", &app.locals), ("arguments", &app.args)] {
        if vars.is_empty() {
            continue;
        }
        lines.push(Line::styled(
            heading,
            Style::new()
                .fg(Color::DarkGray)
                .add_modifier(Modifier::ITALIC),
        ));
        for (name, value) in vars {
            let selected = app.focus == Pane::Variables && index == app.var_cursor;
            index += 1;
            let name_style = if selected {
                Style::new()
                    .fg(Color::Cyan)
                    .add_modifier(Modifier::REVERSED)
            } else {
                Style::new().fg(Color::Cyan)
            };
            let value_style = if app.changed(name, value) {
                Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD)
            } else {
                Style::new()
            };
            lines.push(Line::from(vec![
                Span::raw("  "),
                Span::styled(name.clone(), name_style),
                Span::raw(" = "),
                Span::styled(value.clone(), value_style),
            ]));
        }
    }
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

/// The memory of the variable chosen in the variables pane (Enter there), 8 bytes a row;
/// bytes written since the last stop stand out. `t` switches hex, int and float.
fn memory_pane(frame: &mut Frame, app: &App, area: Rect) {
    let title = match (&app.memory_expr, app.memory_view) {
        (Some(e), view) => format!(" Memory: {e} ({}) ", format!("{view:?}").to_lowercase()),
        (None, _) => " Memory ".into(),
    };
    let block = pane_block(title, app.focus == Pane::Memory);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let Some((address, bytes)) = &app.memory else {
        let hint = "Enter on a variable shows its memory here.";
        frame.render_widget(
            Paragraph::new(Line::styled(hint, Style::new().fg(Color::DarkGray))),
            inner,
        );
        return;
    };
    let before = app
        .previous_memory
        .as_ref()
        .filter(|(a, _)| a == address)
        .map(|(_, b)| b.as_slice());
    let changed = |i: usize| before.is_some_and(|b| b.get(i).is_some_and(|&old| old != bytes[i]));
    let lines: Vec<Line> = bytes
        .chunks(8)
        .enumerate()
        .take(inner.height as usize)
        .map(|(row, chunk)| {
            let base = row * 8;
            let mut spans = vec![Span::styled(
                format!("{:x} ", address + base as u64),
                Style::new().fg(Color::DarkGray),
            )];
            let width = match app.memory_view {
                MemoryView::Hex => 1,
                MemoryView::Int | MemoryView::Float => 4,
            };
            for (k, unit) in chunk.chunks(width).enumerate() {
                let at = base + k * width;
                let text = match (app.memory_view, <[u8; 4]>::try_from(unit)) {
                    (MemoryView::Hex, _) => format!("{:02x}", unit[0]),
                    (MemoryView::Int, Ok(b)) => format!("{:>11}", i32::from_le_bytes(b)),
                    (MemoryView::Float, Ok(b)) => format!("{:>11.4}", f32::from_le_bytes(b)),
                    (_, Err(_)) => "..".into(),
                };
                let style = if (at..at + unit.len()).any(changed) {
                    Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD)
                } else {
                    Style::new()
                };
                spans.push(Span::raw(" "));
                spans.push(Span::styled(text, style));
            }
            Line::from(spans)
        })
        .collect();
    frame.render_widget(Paragraph::new(lines), inner);
}

fn state_cell(state: WorkItemState) -> (&'static str, Style) {
    match state {
        WorkItemState::NotStarted => ("·", Style::new().fg(Color::DarkGray)),
        WorkItemState::Ready => ("○", Style::new().fg(Color::Blue)),
        WorkItemState::Running => ("▶", Style::new().fg(Color::Green)),
        WorkItemState::AtBarrier => ("‖", Style::new().fg(Color::Yellow)),
        WorkItemState::Finished => ("✓", Style::new().fg(Color::Gray)),
    }
}

/// The launch's progress and the current group's work-items, one cell each.
fn work_items_pane(frame: &mut Frame, app: &App, area: Rect) {
    let block = pane_block(" Work-items ".into(), app.focus == Pane::WorkItems);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let mut lines = Vec::new();
    if let Some((total, finished, started)) = &app.groups {
        let waiting = total.saturating_sub(finished + started.len() as u64);
        lines.push(Line::raw(format!(
            "groups: {total}, {finished} finished, {} running, {waiting} to come",
            started.len()
        )));
    }
    if let Some(s) = &app.stop {
        lines.push(Line::raw(format!(
            "group {}, work-item {}",
            triple(s.position.group),
            triple(s.position.global)
        )));
    }
    // Two columns a work-item: a cell and a space.
    let per_row = (inner.width as usize / 2).max(1);
    let selected = (app.focus == Pane::WorkItems).then(|| app.selected_cell());
    for (r, row) in app.work_items.chunks(per_row).enumerate() {
        let spans: Vec<Span> = row
            .iter()
            .enumerate()
            .flat_map(|(c, w)| {
                let (symbol, mut style) = state_cell(w.state);
                if w.current {
                    style = style.add_modifier(Modifier::REVERSED | Modifier::BOLD);
                }
                if selected == Some(r * per_row + c) {
                    style = style.add_modifier(Modifier::UNDERLINED).bg(Color::DarkGray);
                }
                [Span::styled(symbol, style), Span::raw(" ")]
            })
            .collect();
        lines.push(Line::from(spans));
    }
    if let Some(w) = selected.and_then(|i| app.work_items.get(i)) {
        lines.push(Line::styled(
            format!("Enter: switch to {}", triple(w.global)),
            Style::new().fg(Color::Cyan),
        ));
    }
    if !app.work_items.is_empty() {
        lines.push(Line::styled(
            "· new  ○ ready  ▶ running  ‖ barrier  ✓ done",
            Style::new().fg(Color::DarkGray),
        ));
    }
    frame.render_widget(Paragraph::new(lines), inner);
}

/// Every report of the session; Enter goes to its line and work-item.
fn diagnostics_pane(frame: &mut Frame, app: &App, area: Rect) {
    let title = format!(" Diagnostics ({}) ", app.reports.len());
    let block = pane_block(title, app.focus == Pane::Diagnostics);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let rows = inner.height as usize;
    let first = app.report_cursor.saturating_sub(rows.saturating_sub(1));
    let lines: Vec<Line> = app
        .reports
        .iter()
        .enumerate()
        .skip(first)
        .take(rows)
        .map(|(i, r)| {
            let mut style = if r.error {
                Style::new().fg(Color::LightRed)
            } else {
                Style::new().fg(Color::Yellow)
            };
            if app.focus == Pane::Diagnostics && i == app.report_cursor {
                style = style.add_modifier(Modifier::REVERSED);
            }
            let place = match (r.line, r.work_item) {
                (Some(l), Some(w)) => format!("{l} {} ", triple(w)),
                (Some(l), None) => format!("{l} "),
                _ => String::new(),
            };
            Line::from(vec![
                Span::styled(place, Style::new().fg(Color::DarkGray)),
                Span::styled(r.summary.clone(), style),
            ])
        })
        .collect();
    frame.render_widget(Paragraph::new(lines), inner);
}

/// Output, diagnostics and command answers, and the command line under them.
fn console_pane(frame: &mut Frame, app: &App, area: Rect) {
    let block = pane_block(" Console ".into(), app.focus == Pane::Console);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let [log, input] = Layout::vertical([Constraint::Min(1), Constraint::Length(1)]).areas(inner);
    let rows = log.height as usize;
    let end = app.console.len().saturating_sub(app.console_back);
    let start = end.saturating_sub(rows);
    let lines: Vec<Line> = app.console[start..end]
        .iter()
        .map(|l| Line::raw(l.as_str()))
        .collect();
    frame.render_widget(Paragraph::new(lines), log);
    let prompt = match &app.input {
        Some(text) => Line::from(vec![
            Span::styled("(oclgrind) ", Style::new().fg(Color::Cyan)),
            Span::raw(text.as_str()),
            Span::styled(" ", Style::new().add_modifier(Modifier::REVERSED)),
        ]),
        None => Line::styled(
            "? keys   : command   c continue   n next   s step   b breakpoint   q quit",
            Style::new().fg(Color::DarkGray),
        ),
    };
    frame.render_widget(Paragraph::new(prompt), input);
}

fn status_bar(frame: &mut Frame, app: &App, area: Rect) {
    let mut text = String::new();
    if let Some(l) = &app.launch {
        text += &format!(
            " {}  global {} local {} ",
            l.kernel,
            triple(l.global_size),
            triple(l.local_size)
        );
    }
    if let Some(s) = &app.stop {
        text += &format!("│ {} │ {} ", triple(s.position.global), reason(&s.reason));
    }
    text += if app.ended {
        "│ ended "
    } else if app.prompting {
        "│ stopped "
    } else {
        "│ running "
    };
    if let Some(n) = &app.notice {
        text += &format!("│ {n}");
    }
    let style = Style::new().bg(Color::Blue).fg(Color::White);
    frame.render_widget(Paragraph::new(text).style(style), area);
}

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
    }
}

fn triple(v: [u64; 3]) -> String {
    format!("({},{},{})", v[0], v[1], v[2])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{Message, Refresh};
    use oclgrind_debugger::protocol::*;
    use ratatui::backend::TestBackend;
    use ratatui::Terminal;

    fn sample() -> App {
        let mut app = App::new();
        app.update(Message::Event(Event::LaunchBegin(LaunchSummary {
            kernel: "smooth".into(),
            global_size: [8, 1, 1],
            global_offset: [0, 0, 0],
            local_size: [4, 1, 1],
        })));
        app.update(Message::Refreshed(
            Refresh::Source,
            Reply::Source(
                [
                    "kernel void smooth(global float *in, global float *out)",
                    "{",
                    "  int i = get_global_id(0);",
                    "  float left = i > 0 ? in[i - 1] : in[i];",
                    "  float right = in[i + 1];",
                    "  out[i] = (left + in[i] + right) / 3;",
                    "}",
                ]
                .iter()
                .enumerate()
                .map(|(n, t)| (n as u32 + 1, t.to_string()))
                .collect(),
            ),
        ));
        app.update(Message::Event(Event::Stopped(Stopped {
            reason: StopReason::Breakpoint {
                number: 1,
                condition_error: None,
            },
            position: Position {
                global: [5, 0, 0],
                local: [1, 0, 0],
                group: [1, 0, 0],
                function: "smooth".into(),
                args: vec![],
                line: 5,
                source: Some("  float right = in[i + 1];".into()),
                instruction: None,
                depth: 0,
                finished: false,
                at_barrier: false,
            },
            entered_function: false,
            displays: vec![],
        })));
        app.update(Message::Refreshed(
            Refresh::Locals,
            Reply::Variables(vec![("i".into(), "5".into()), ("left".into(), "4".into())]),
        ));
        app.update(Message::Refreshed(
            Refresh::WorkItems,
            Reply::WorkItems(
                (4..8)
                    .map(|g| WorkItemInfo {
                        global: [g, 0, 0],
                        state: match g {
                            4 => WorkItemState::Finished,
                            5 => WorkItemState::Running,
                            _ => WorkItemState::NotStarted,
                        },
                        current: g == 5,
                    })
                    .collect(),
            ),
        ));
        app.update(Message::Refreshed(
            Refresh::Breakpoints,
            Reply::Breakpoints(vec![BreakpointInfo {
                number: 1,
                line: Some(5),
                watch: None,
                condition: None,
                temporary: false,
                hits: 2,
            }]),
        ));
        let diagnostic = "Invalid read of size 4 at global memory address 0x1000000000020\n\tAt line 5 (column 17) of input.cl:\n";
        app.update(Message::Event(Event::Diagnostic {
            error: true,
            message: diagnostic.into(),
        }));
        app.update(Message::Refreshed(
            Refresh::Ir,
            Reply::Disassembly {
                function: "smooth".into(),
                instructions: vec![
                    "%i = alloca i32, align 4".into(),
                    "%0 = load i32, ptr %i, align 4, !dbg !51".into(),
                    "%add = add nsw i32 %0, 1, !dbg !52".into(),
                ],
                current: Some(1),
            },
        ));
        // The Logger's copy, from standard error.
        app.update(Message::Event(Event::Output(diagnostic.into())));
        app.update(Message::Prompt);
        app
    }

    fn render(app: &App, width: u16, height: u16) -> Vec<String> {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test terminal");
        terminal.draw(|f| draw(f, app)).expect("draws");
        let buffer = terminal.backend().buffer().clone();
        (0..height)
            .map(|y| {
                (0..width)
                    .map(|x| buffer[(x, y)].symbol())
                    .collect::<String>()
            })
            .collect()
    }

    fn find<'a>(screen: &'a [String], text: &str) -> (usize, &'a str) {
        screen
            .iter()
            .enumerate()
            .find(|(_, l)| l.contains(text))
            .map(|(y, l)| (y, l.as_str()))
            .unwrap_or_else(|| panic!("{text:?} not on screen:\n{}", screen.join("\n")))
    }

    #[test]
    fn the_layout_shows_every_pane_at_two_sizes() {
        let app = sample();
        for (w, h) in [(120, 36), (80, 24)] {
            let screen = render(&app, w, h);
            assert!(screen[0].contains("Source"), "{}", screen[0]);
            find(&screen, "Variables: smooth(5,0,0)");
            find(&screen, "Work-items");
            find(&screen, "Console");
            let (y, status) = find(&screen, " smooth  global (8,1,1) local (4,1,1)");
            assert_eq!(y, h as usize - 1, "status bar at the bottom");
            assert!(
                status.contains("│ (5,0,0) │ breakpoint 1 │ stopped"),
                "{status}"
            );
        }
    }

    #[test]
    fn source_gutter_marks_breakpoint_diagnostic_and_current_line() {
        let screen = render(&sample(), 120, 36);
        let (_, line5) = find(&screen, "float right = in[i + 1];");
        assert!(line5.contains("●!▶5 "), "{line5}");
        let (_, line4) = find(&screen, "float left");
        assert!(line4.contains("   4 "), "{line4}");
    }

    #[test]
    fn variables_and_work_item_cells() {
        let mut app = sample();
        // The next stop: i unchanged, left changed.
        app.update(Message::Event(Event::Stopped(
            app.stop.clone().expect("stopped"),
        )));
        app.update(Message::Refreshed(
            Refresh::Locals,
            Reply::Variables(vec![("i".into(), "5".into()), ("left".into(), "6".into())]),
        ));
        let mut terminal = Terminal::new(TestBackend::new(120, 36)).expect("test terminal");
        terminal.draw(|f| draw(f, &app)).expect("draws");
        let buffer = terminal.backend().buffer().clone();
        let screen: Vec<String> = (0..36)
            .map(|y| (0..120).map(|x| buffer[(x, y)].symbol()).collect())
            .collect();
        let (y, row) = find(&screen, "left = 6");
        let x = row.chars().position(|c| c == '6').expect("value") as u16;
        assert!(
            buffer[(x, y as u16)].modifier.contains(Modifier::BOLD),
            "changed value"
        );
        let (y, row) = find(&screen, "i = 5");
        let x = row.chars().position(|c| c == '5').expect("value") as u16;
        assert!(
            !buffer[(x, y as u16)].modifier.contains(Modifier::BOLD),
            "same value"
        );
        let (y, row) = find(&screen, "✓ ▶ · ·");
        let x = row.chars().position(|c| c == '▶').expect("cell") as u16;
        assert!(
            buffer[(x, y as u16)].modifier.contains(Modifier::REVERSED),
            "the current work-item stands out"
        );
    }

    #[test]
    fn memory_pane_shows_bytes_and_what_changed() {
        let mut app = sample();
        app.memory_expr = Some("in".into());
        app.memory = Some((0x1000, vec![1, 0, 0, 0, 2, 0, 0, 0]));
        app.previous_memory = Some((0x1000, vec![1, 0, 0, 0, 9, 0, 0, 0]));
        let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("test terminal");
        terminal.draw(|f| draw(f, &app)).expect("draws");
        let buffer = terminal.backend().buffer().clone();
        let screen: Vec<String> = (0..40)
            .map(|y| (0..120).map(|x| buffer[(x, y)].symbol()).collect())
            .collect();
        find(&screen, "Memory: in (hex)");
        let (y, row) = find(&screen, "1000  01 00 00 00 02 00 00 00");
        let x = row.find("02").expect("byte") as u16;
        let x = row[..x as usize].chars().count() as u16;
        assert!(
            buffer[(x, y as u16)].modifier.contains(Modifier::BOLD),
            "written since"
        );
        app.memory_view = MemoryView::Int;
        let screen = render(&app, 120, 40);
        find(&screen, "1000            1           2");
    }

    #[test]
    fn diagnostics_pane_lists_reports() {
        let mut app = sample();
        app.update(Message::Event(Event::Diagnostic {
            error: true,
            message: "Invalid read of size 4 at global memory address 0x1000000000020\n\tEntity: Global(7,0,0) Local(3,0,0) Group(1,0,0)\n\tAt line 5 (column 17) of input.cl:\n".into(),
        }));
        let screen = render(&app, 140, 40);
        find(&screen, "Diagnostics (2)");
        find(&screen, "5 (7,0,0) Invalid read of size 4");
    }

    #[test]
    fn help_overlay_lists_the_keys() {
        let mut app = sample();
        app.show_help = true;
        let screen = render(&app, 100, 30);
        find(&screen, "Keys");
        find(&screen, "toggle a breakpoint on the cursor line");
        find(&screen, "any key closes this");
    }

    #[test]
    fn ir_pane_marks_the_current_instruction() {
        let screen = render(&sample(), 120, 40);
        find(&screen, "LLVM IR: smooth");
        let (_, current) = find(&screen, "=> %0 = load i32, ptr %i, align 4");
        assert!(!current.contains("!dbg"), "metadata is cut: {current}");
        find(&screen, "   %add = add nsw i32 %0, 1");
    }

    #[test]
    fn console_shows_the_latest_lines_and_the_command_line() {
        let mut app = sample();
        app.key(crate::app::Key::Char(':'));
        for c in "print i".chars() {
            app.key(crate::app::Key::Char(c));
        }
        let screen = render(&app, 100, 30);
        find(&screen, "(oclgrind) print i");
        find(&screen, "At line 5 (column 17) of input.cl:");
        find(&screen, "Breakpoint 1 hit at line 5 by work-item (5,0,0)");
    }
}
