//! Drawing: one function per pane, placed by `layout`, coloured by the theme. Reads the
//! model, never changes it.

use oclgrind_debugger::protocol::{StopReason, WorkItemState};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};
use ratatui::Frame;

use crate::app::{first_in_view, App, GridLevel, InputFor, Log, Pane};
use crate::grid::{self, GroupCell};
use crate::keymap::KeyAction;
use crate::layout;
use crate::memory;
use crate::theme::Theme;
use crate::variables::Kind;

pub fn draw(frame: &mut Frame, app: &App) {
    let areas = layout::areas(frame.area(), &app.sizes);
    for (pane, area) in areas.panes {
        draw_pane(frame, app, pane, area);
    }
    status_bar(frame, app, areas.status);
    if app.show_help {
        help_overlay(frame, app);
    }
}

/// One pane in `area`.
pub fn draw_pane(frame: &mut Frame, app: &App, pane: Pane, area: Rect) {
    match pane {
        Pane::Source => source_pane(frame, app, area),
        Pane::Ir => ir_pane(frame, app, area),
        Pane::Variables => variables_pane(frame, app, area),
        Pane::Memory => memory_pane(frame, app, area),
        Pane::WorkItems => work_items_pane(frame, app, area),
        Pane::Output => output_pane(frame, app, area),
        Pane::Console => console_pane(frame, app, area),
        Pane::Diagnostics => diagnostics_pane(frame, app, area),
    }
}

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

fn help_overlay(frame: &mut Frame, app: &App) {
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

fn hint(frame: &mut Frame, app: &App, area: Rect, text: &str) {
    frame.render_widget(
        Paragraph::new(Line::styled(
            text.to_string(),
            Style::new().fg(app.theme.dim),
        )),
        area,
    );
}

/// The kernel source: breakpoints and diagnostics in the gutter, the current line marked.
fn source_pane(frame: &mut Frame, app: &App, area: Rect) {
    let t = &app.theme;
    let title = match &app.source_file {
        Some(path) => format!(" Source: {} ", oclgrind_debugger::files::short_name(path)),
        None => " Source ".into(),
    };
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
    let t = &app.theme;
    let Some(ir) = &app.ir else {
        frame_pane(frame, app, area, " LLVM IR ".into(), Pane::Ir);
        return;
    };
    let (function, instructions, current) = (&ir.function, &ir.instructions, &ir.current);
    let cursor_line = app.cursor_ir_line();
    let inner = frame_pane(frame, app, area, format!(" LLVM IR: {function} "), Pane::Ir);
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
            match app.ir_highlighted.get(i) {
                Some(pieces) => spans.extend(
                    pieces
                        .iter()
                        .map(|(style, piece)| Span::styled(piece.clone(), style.patch(mark))),
                ),
                None => {
                    let text = inst.split(", !dbg").next().unwrap_or(inst);
                    spans.push(Span::styled(text.to_string(), mark));
                }
            }
            Line::from(spans)
        })
        .collect();
    frame.render_widget(Paragraph::new(lines), inner);
}

/// Locals and arguments of the current work-item as a tree; values changed since the last
/// stop stand out.
fn variables_pane(frame: &mut Frame, app: &App, area: Rect) {
    let t = &app.theme;
    let title = match &app.stop {
        Some(s) => format!(
            " Variables: {}{} ",
            s.position.function,
            triple(s.position.global)
        ),
        None => " Variables ".into(),
    };
    let inner = frame_pane(frame, app, area, title, Pane::Variables);
    let rows = app.variable_rows();
    let lines = app.variable_lines(&rows);
    let cursor_line = lines
        .iter()
        .position(|l| *l == Some(app.var_cursor))
        .unwrap_or(0);
    let first = first_in_view(cursor_line, inner.height as usize);
    let locals = app.local_rows();
    let text: Vec<Line> = lines
        .iter()
        .enumerate()
        .skip(first)
        .take(inner.height as usize)
        .map(|(at, line)| {
            let Some(i) = *line else {
                // A heading: the first one is the locals' when there are locals.
                let heading = if at == 0 && locals > 0 {
                    "locals"
                } else {
                    "arguments"
                };
                return Line::styled(
                    heading,
                    Style::new().fg(t.dim).add_modifier(Modifier::ITALIC),
                );
            };
            let row = &rows[i];
            let selected = app.focus == Pane::Variables && i == app.var_cursor;
            let mut name_style = Style::new().fg(t.name);
            if selected {
                name_style = name_style.add_modifier(Modifier::REVERSED);
            }
            let value_style = if app.changed(&row.path, &row.value) {
                Style::new().fg(t.changed).add_modifier(Modifier::BOLD)
            } else {
                Style::new()
            };
            let fold = match row.kind {
                Kind::Leaf => "  ",
                Kind::Parts(true) | Kind::Pointer(true) => "▾ ",
                Kind::Parts(false) | Kind::Pointer(false) => "▸ ",
            };
            Line::from(vec![
                Span::raw("  ".repeat(row.depth + 1)),
                Span::styled(fold, Style::new().fg(t.dim)),
                Span::styled(row.label.clone(), name_style),
                Span::raw(" = "),
                Span::styled(row.value.clone(), value_style),
            ])
        })
        .collect();
    frame.render_widget(Paragraph::new(text), inner);
}

/// A tab per address space; each shows an address or what a variable points to, rows of
/// elements of the chosen type; bytes written since the last stop stand out.
fn memory_pane(frame: &mut Frame, app: &App, area: Rect) {
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
                let text = element.format(unit).unwrap_or_else(|| "..".into());
                let style = if (at..at + unit.len()).any(|i| pane.changed(i)) {
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

fn state_style(t: &Theme, state: WorkItemState) -> Style {
    Style::new().fg(match state {
        WorkItemState::NotStarted => t.not_started,
        WorkItemState::Ready => t.ready,
        WorkItemState::Running => t.running,
        WorkItemState::AtBarrier => t.barrier,
        WorkItemState::Finished => t.finished,
    })
}

/// The launch's progress, then a grid: the work-items of one group, or the launch's groups
/// as a heat map (z), each cell coloured by state.
fn work_items_pane(frame: &mut Frame, app: &App, area: Rect) {
    let t = &app.theme;
    let inner = frame_pane(frame, app, area, " Work-items ".into(), Pane::WorkItems);
    let place = grid::placement(inner.width, inner.height);
    let mut lines = Vec::new();
    let focused = app.focus == Pane::WorkItems;
    let (cells, footer) = match app.grid_level {
        GridLevel::WorkItems => work_item_cells(app, &place, focused, &mut lines),
        GridLevel::Groups => group_cells(app, &place, focused, &mut lines),
    };
    lines.extend(cells);
    lines.push(footer);
    lines.push(Line::styled(
        match app.grid_level {
            GridLevel::WorkItems => "· new ○ ready ▶ running ‖ barrier ✓ done ! error",
            GridLevel::Groups => "·░▒▓█ share finished  green: running  red: error",
        },
        Style::new().fg(t.dim),
    ));
    frame.render_widget(Paragraph::new(lines), inner);
}

/// The shown group's work-items: the grid rows, and the line under them.
fn work_item_cells(
    app: &App,
    place: &grid::Placement,
    focused: bool,
    lines: &mut Vec<Line<'static>>,
) -> (Vec<Line<'static>>, Line<'static>) {
    let t = &app.theme;
    let group = app.shown_group().map(triple).unwrap_or_default();
    lines.push(Line::raw(format!("group {group} │ {}", progress(app))));
    let selected = focused.then(|| app.selected_cell());
    let first_row = place.first_row(app.selected_cell());
    let rows = app
        .work_items
        .chunks(place.per_row)
        .enumerate()
        .skip(first_row)
        .take(place.rows)
        .map(|(r, row)| {
            let spans: Vec<Span> = row
                .iter()
                .enumerate()
                .flat_map(|(c, w)| {
                    let mut symbol = grid::state_symbol(w.state);
                    let mut style = state_style(t, w.state);
                    if app.hit_diagnostic(w.global) {
                        symbol = "!";
                        style = Style::new().fg(t.diagnostic).add_modifier(Modifier::BOLD);
                    }
                    if w.current {
                        // Stopped here.
                        style = style.add_modifier(Modifier::REVERSED | Modifier::BOLD);
                    }
                    if selected == Some(r * place.per_row + c) {
                        style = style.add_modifier(Modifier::UNDERLINED).bg(t.selection);
                    }
                    [Span::styled(symbol, style), Span::raw(" ")]
                })
                .collect();
            Line::from(spans)
        })
        .collect();
    let footer = match selected.and_then(|i| app.work_items.get(i)) {
        Some(w) => Line::styled(
            format!("Enter: switch to {}", triple(w.global)),
            Style::new().fg(t.name),
        ),
        None => Line::styled("z: all groups", Style::new().fg(t.dim)),
    };
    (rows, footer)
}

/// How far the launch is, in groups.
fn progress(app: &App) -> String {
    match &app.groups {
        Some(g) => format!(
            "{}/{} groups done, {} running",
            g.finished,
            g.total,
            g.started.len()
        ),
        None => String::new(),
    }
}

/// The heat map: each cell a run of groups, shaded by how much of it has finished.
fn group_cells(
    app: &App,
    place: &grid::Placement,
    focused: bool,
    lines: &mut Vec<Line<'static>>,
) -> (Vec<Line<'static>>, Line<'static>) {
    let t = &app.theme;
    let cells = app.group_cells();
    let per_cell = cells.first().map_or(1, |c| c.count.max(1));
    let scale = if per_cell > 1 {
        format!(", {per_cell} a cell")
    } else {
        String::new()
    };
    lines.push(Line::raw(format!("all groups{scale} │ {}", progress(app))));
    let chosen = app.selected_group_cell(&cells);
    let selected = focused.then_some(chosen);
    let rows = cells
        .chunks(place.per_row)
        .enumerate()
        .skip(place.first_row(chosen))
        .take(place.rows)
        .map(|(r, row)| {
            let spans: Vec<Span> = row
                .iter()
                .enumerate()
                .flat_map(|(c, cell)| {
                    let mut style = Style::new().fg(group_colour(t, cell));
                    if cell.current {
                        style = style.add_modifier(Modifier::REVERSED | Modifier::BOLD);
                    }
                    if selected == Some(r * place.per_row + c) {
                        style = style.add_modifier(Modifier::UNDERLINED).bg(t.selection);
                    }
                    [
                        Span::styled(grid::SHADES[cell.heat()], style),
                        Span::raw(" "),
                    ]
                })
                .collect();
            Line::from(spans)
        })
        .collect();
    let footer = match selected.and_then(|i| cells.get(i)) {
        Some(cell) => {
            let num_groups = app.num_groups();
            let first = triple(grid::group_id(cell.first, num_groups));
            let text = if cell.count == 1 {
                format!("group {first}: {}", group_state(cell))
            } else {
                let last = triple(grid::group_id(cell.first + cell.count - 1, num_groups));
                format!(
                    "groups {first}..{last}: {} of {} finished",
                    cell.finished, cell.count
                )
            };
            Line::styled(format!("{text}  (Enter: zoom in)"), Style::new().fg(t.name))
        }
        None => Line::raw(""),
    };
    (rows, footer)
}

fn group_colour(t: &Theme, cell: &GroupCell) -> Color {
    if cell.diagnostic {
        t.diagnostic
    } else if cell.started > 0 {
        t.running
    } else if cell.finished == cell.count {
        t.finished
    } else {
        t.not_started
    }
}

fn group_state(cell: &GroupCell) -> &'static str {
    if cell.finished == cell.count {
        "finished"
    } else if cell.started > 0 {
        "running"
    } else {
        "not started"
    }
}

/// Every report of the session; Enter goes to its line and work-item.
fn diagnostics_pane(frame: &mut Frame, app: &App, area: Rect) {
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
            let place = match (r.line, r.work_item) {
                (Some(l), Some(w)) => format!("{l} {} ", triple(w)),
                (Some(l), None) => format!("{l} "),
                _ => String::new(),
            };
            Line::from(vec![
                Span::styled(place, Style::new().fg(t.dim)),
                Span::styled(r.summary.clone(), style),
            ])
        })
        .collect();
    frame.render_widget(Paragraph::new(lines), inner);
}

/// The last lines of a log that fit in `area`, scrolled back as far as asked; long lines
/// wrap (what a kernel prints and what the debugger says must not be cut off).
fn log_lines(log: &Log, area: Rect) -> Vec<Line<'_>> {
    let (rows, width) = (area.height as usize, area.width.max(1) as usize);
    let end = log.lines.len().saturating_sub(log.back);
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

/// The program's standard output and error, and kernel printf.
fn output_pane(frame: &mut Frame, app: &App, area: Rect) {
    let inner = frame_pane(frame, app, area, " Output ".into(), Pane::Output);
    frame.render_widget(Paragraph::new(log_lines(&app.output, inner)), inner);
}

/// Commands and their answers, and the command line under them.
fn console_pane(frame: &mut Frame, app: &App, area: Rect) {
    let t = &app.theme;
    let inner = frame_pane(frame, app, area, " Console ".into(), Pane::Console);
    let [log, input] = Layout::vertical([Constraint::Min(1), Constraint::Length(1)]).areas(inner);
    frame.render_widget(Paragraph::new(log_lines(&app.console, log)), log);
    let prompt = match &app.input {
        Some(text) => Line::from(vec![
            Span::styled(
                match app.input_for {
                    InputFor::Command => "(oclgrind) ",
                    InputFor::Address => "address or expression: ",
                },
                Style::new().fg(t.name),
            ),
            Span::raw(text.as_str()),
            Span::styled(" ", Style::new().add_modifier(Modifier::REVERSED)),
        ]),
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

fn status_bar(frame: &mut Frame, app: &App, area: Rect) {
    let mut text = String::new();
    if let Some(l) = &app.launch {
        text += &format!(
            " {} {}/{} ",
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
    match &app.notice {
        Some(n) => text += &format!("│ {n}"),
        None => {
            let k = |a| app.keymap.first_key(a);
            text += &format!(
                "│ {} continue {} next {} step {} break {} help {} quit",
                k(KeyAction::Continue),
                k(KeyAction::Next),
                k(KeyAction::Step),
                k(KeyAction::ToggleBreakpoint),
                k(KeyAction::Help),
                k(KeyAction::Quit)
            )
        }
    }
    let style = Style::new().bg(app.theme.status_bg).fg(app.theme.status_fg);
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
    use crate::app::{Key, Message, Refresh};
    use crate::memory::{Element, Target};
    use oclgrind_debugger::protocol::*;
    use ratatui::backend::TestBackend;
    use ratatui::buffer::Buffer;
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
                file: None,
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
            Reply::Variables(vec![
                ("i".into(), "5".into()),
                ("left".into(), "4".into()),
                ("pos".into(), "(1,2)".into()),
            ]),
        ));
        app.update(Message::Refreshed(
            Refresh::Args,
            Reply::Variables(vec![("in".into(), "0x1000".into())]),
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
            Refresh::Groups,
            Reply::Groups {
                total: 2,
                finished: 1,
                finished_ranges: vec![(0, 1)],
                started: vec![GroupInfo {
                    group: [1, 0, 0],
                    counts: vec![(WorkItemState::Finished, 1), (WorkItemState::Running, 1)],
                    current: true,
                }],
            },
        ));
        app.update(Message::Refreshed(
            Refresh::Breakpoints,
            Reply::Breakpoints(vec![BreakpointInfo {
                number: 1,
                file: None,
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
                lines: vec![0, 5, 6],
            },
        ));
        // The Logger's copy, from standard error, and a line of the program's.
        app.update(Message::Event(Event::Output(diagnostic.into())));
        app.update(Message::Event(Event::Output(
            "Running on Oclgrind\n".into(),
        )));
        app.update(Message::Prompt);
        app
    }

    fn draw_into(app: &mut App, width: u16, height: u16) -> Buffer {
        app.screen = Rect::new(0, 0, width, height);
        let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test terminal");
        terminal.draw(|f| draw(f, app)).expect("draws");
        terminal.backend().buffer().clone()
    }

    fn text(buffer: &Buffer) -> Vec<String> {
        let area = buffer.area;
        (0..area.height)
            .map(|y| {
                (0..area.width)
                    .map(|x| buffer[(x, y)].symbol())
                    .collect::<String>()
            })
            .collect()
    }

    fn render(app: &mut App, width: u16, height: u16) -> Vec<String> {
        text(&draw_into(app, width, height))
    }

    fn find<'a>(screen: &'a [String], text: &str) -> (usize, &'a str) {
        screen
            .iter()
            .enumerate()
            .find(|(_, l)| l.contains(text))
            .map(|(y, l)| (y, l.as_str()))
            .unwrap_or_else(|| panic!("{text:?} not on screen:\n{}", screen.join("\n")))
    }

    /// The cell under the first character of `text` on the screen.
    fn cell_of<'a>(buffer: &'a Buffer, screen: &[String], text: &str) -> &'a ratatui::buffer::Cell {
        let (y, row) = find(screen, text);
        let x = row[..row.find(text).expect("found")].chars().count() as u16;
        &buffer[(x, y as u16)]
    }

    /// Compares a screen with `snapshots/NAME.txt`; `OCLGRIND_BLESS=1` writes it instead.
    fn snapshot(name: &str, screen: &[String]) {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("src/snapshots")
            .join(format!("{name}.txt"));
        let now = screen.join("\n") + "\n";
        if std::env::var_os("OCLGRIND_BLESS").is_some() {
            std::fs::create_dir_all(path.parent().expect("dir")).expect("mkdir");
            std::fs::write(&path, &now).expect("write snapshot");
            return;
        }
        let want = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (OCLGRIND_BLESS=1 writes it)", path.display()));
        assert!(
            want == now,
            "{name} differs from {}:\n--- want\n{want}--- got\n{now}",
            path.display()
        );
    }

    #[test]
    fn the_whole_layout_at_two_sizes() {
        let mut app = sample();
        for (w, h) in [(120, 36), (80, 24)] {
            let screen = render(&mut app, w, h);
            snapshot(&format!("layout_{w}x{h}"), &screen);
            let (y, status) = find(&screen, " smooth (8,1,1)/(4,1,1) │");
            assert_eq!(y, h as usize - 1, "status bar at the bottom");
            assert!(
                status.contains("│ (5,0,0) │ breakpoint 1 │ stopped"),
                "{status}"
            );
        }
    }

    #[test]
    fn each_pane_on_its_own() {
        let mut app = sample();
        app.memory.show(Target::Expr("in".into()));
        app.memory
            .arrived(MemorySpace::Global, 0x1000, (0u8..24).collect());
        for pane in [
            Pane::Source,
            Pane::Ir,
            Pane::Variables,
            Pane::Memory,
            Pane::WorkItems,
            Pane::Output,
            Pane::Console,
            Pane::Diagnostics,
        ] {
            app.focus = pane;
            let mut terminal = Terminal::new(TestBackend::new(64, 10)).expect("test terminal");
            terminal
                .draw(|f| draw_pane(f, &app, pane, f.area()))
                .expect("draws");
            let screen = text(terminal.backend().buffer());
            snapshot(&format!("pane_{pane:?}").to_lowercase(), &screen);
        }
    }

    #[test]
    fn source_gutter_marks_breakpoint_diagnostic_and_current_line() {
        let screen = render(&mut sample(), 120, 36);
        let (_, line5) = find(&screen, "float right = in[i + 1];");
        assert!(line5.contains("●!▶5 "), "{line5}");
        let (_, line4) = find(&screen, "float left");
        assert!(line4.contains("   4 "), "{line4}");
    }

    #[test]
    fn changed_values_and_the_current_work_item_stand_out() {
        let mut app = sample();
        // The next stop: i unchanged, left changed.
        app.update(Message::Event(Event::Stopped(
            app.stop.clone().expect("stopped"),
        )));
        app.update(Message::Refreshed(
            Refresh::Locals,
            Reply::Variables(vec![("i".into(), "5".into()), ("left".into(), "6".into())]),
        ));
        let buffer = draw_into(&mut app, 120, 36);
        let screen = text(&buffer);
        assert!(
            cell_of(&buffer, &screen, "6 ")
                .modifier
                .contains(Modifier::BOLD),
            "changed value"
        );
        assert!(
            !cell_of(&buffer, &screen, "5   ")
                .modifier
                .contains(Modifier::BOLD),
            "same value"
        );
        assert!(
            cell_of(&buffer, &screen, "▶ · ·")
                .modifier
                .contains(Modifier::REVERSED),
            "the current work-item stands out"
        );
    }

    #[test]
    fn memory_pane_shows_elements_and_what_changed() {
        let mut app = sample();
        app.memory.show(Target::Expr("in".into()));
        app.memory
            .arrived(MemorySpace::Global, 0x1000, vec![1, 0, 0, 0, 9, 0, 0, 0]);
        app.memory.stopped();
        app.memory
            .arrived(MemorySpace::Global, 0x1000, vec![1, 0, 0, 0, 2, 0, 0, 0]);
        let buffer = draw_into(&mut app, 120, 40);
        let screen = text(&buffer);
        find(&screen, "Memory: in (hex)");
        find(&screen, "private  local  global");
        find(&screen, "1000  01 00 00 00 02 00 00 00");
        assert!(
            cell_of(&buffer, &screen, "02 00 00 00  ")
                .modifier
                .contains(Modifier::BOLD),
            "written since"
        );
        let (y, row) = find(&screen, "private  local  global");
        let x = row[..row.find("private").expect("tabs")].chars().count() as u16;
        let tab = |dx: u16| buffer[(x + dx, y as u16)].modifier;
        assert!(
            tab(16).contains(Modifier::UNDERLINED),
            "the global tab is chosen"
        );
        assert!(!tab(0).contains(Modifier::UNDERLINED));
        app.focus = Pane::Memory;
        for _ in 0..5 {
            app.key(Key::Char('t'));
        }
        assert_eq!(app.memory.element, Element::I32);
        let screen = render(&mut app, 120, 40);
        find(&screen, "Memory: in (int)");
        find(&screen, "1000            1           2");
    }

    #[test]
    fn the_heat_map_shades_groups() {
        let mut app = sample();
        app.focus = Pane::WorkItems;
        app.key(Key::Char('z'));
        let buffer = draw_into(&mut app, 120, 36);
        let screen = text(&buffer);
        find(&screen, "all groups │ 1/2 groups done, 1 running");
        find(&screen, "█ ▒ ");
        find(&screen, "group (1,0,0): running");
    }

    #[test]
    fn diagnostics_pane_lists_reports() {
        let mut app = sample();
        app.update(Message::Event(Event::Diagnostic {
            error: true,
            message: "Invalid read of size 4 at global memory address 0x1000000000020\n\tEntity: Global(7,0,0) Local(3,0,0) Group(1,0,0)\n\tAt line 5 (column 17) of input.cl:\n".into(),
        }));
        let screen = render(&mut app, 160, 40);
        find(&screen, "Diagnostics (2)");
        find(&screen, "5 (7,0,0) Invalid read of size 4");
        find(&screen, "! ");
    }

    #[test]
    fn help_overlay_lists_the_keys_from_the_keymap() {
        let mut app = sample();
        app.keymap.overlay("continue = [\"r\", \"F5\"]").unwrap();
        app.show_help = true;
        let screen = render(&mut app, 100, 34);
        find(&screen, "Keys");
        find(&screen, "toggle a breakpoint on the cursor line");
        let (_, row) = find(&screen, "continue");
        assert!(row.contains(" r  F5 "), "{row}");
    }

    #[test]
    fn ir_pane_marks_the_current_instruction_and_the_cursor_line() {
        let mut app = sample();
        let screen = render(&mut app, 120, 40);
        find(&screen, "LLVM IR: smooth");
        let (_, current) = find(&screen, "=> %0 = load i32, ptr %i, align 4");
        assert!(!current.contains("!dbg"), "metadata is cut: {current}");
        find(&screen, "   %add = add nsw i32 %0, 1");
        // The source cursor on line 6: its instruction is marked in the IR.
        app.focus = Pane::Source;
        app.key(Key::Down);
        assert_eq!(app.ir_line(), 2);
        let screen = render(&mut app, 120, 40);
        find(&screen, " │ %add = add nsw i32 %0, 1");
    }

    #[test]
    fn console_and_output_are_apart() {
        let mut app = sample();
        app.key(Key::Char(':'));
        for c in "print i".chars() {
            app.key(Key::Char(c));
        }
        let screen = render(&mut app, 120, 30);
        let console = app.areas().of(Pane::Console);
        let output = app.areas().of(Pane::Output);
        let (_, row) = find(&screen, "(oclgrind) print i");
        let (_, at) = find(&screen, "Breakpoint 1 hit at line 5");
        let (y, program) = find(&screen, "Running on Oclgrind");
        let column = |row: &str, text: &str| row[..row.find(text).unwrap()].chars().count() as u16;
        assert!(column(row, "(oclgrind)") >= console.x);
        assert!(column(at, "Breakpoint") >= console.x);
        assert!(column(program, "Running") < output.x + output.width);
        assert!(y as u16 >= output.y);
    }

    #[test]
    fn a_light_theme_colours_differently() {
        let mut app = sample();
        let dark = draw_into(&mut app, 120, 36);
        app.theme = Theme::preset("light").unwrap();
        let light = draw_into(&mut app, 120, 36);
        let screen = text(&light);
        assert_eq!(screen, text(&dark), "the same text");
        let status = |b: &Buffer| b[(1, 35)].bg;
        assert_ne!(status(&dark), status(&light));
    }
}
