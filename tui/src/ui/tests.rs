//! Snapshot and rendering tests of the whole screen and of each pane.

use super::*;
use crate::app::samples::{performance, performance_totals, race, standard, work_item};
use crate::app::{Key, Message, Refresh};
use crate::memory::{Element, Target};
use oclgrind_debug_protocol::diagnostic::{Entity, Figures, Rule};
use oclgrind_debug_protocol::protocol::*;
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
            line: 5,
            source: Some("  float right = in[i + 1];".into()),
            ..Position::default()
        },
        entered_function: false,
        other_work_item: false,
        returned: None,
        displays: vec![],
        replaying: false,
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
    app.update(Message::Event(standard(
        "Invalid read of size 4 at global memory address 0x1000000000020",
        None,
        Entity::Unknown,
        Some(5),
    )));
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
    app.memory.arrived(
        "in",
        MemorySpace::Global,
        0x1000,
        (0u8..24).collect(),
        Vec::new(),
    );
    for pane in crate::app::PANES {
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
fn memory_pane_marks_uninitialised_bytes() {
    let mut app = sample();
    app.memory.show(Target::Expr("in".into()));
    // Bytes 2 and 3 never written (`--uninitialized`): shown as `??`, whatever they hold.
    app.memory.arrived(
        "in",
        MemorySpace::Global,
        0x1000,
        vec![1, 0, 7, 7, 5, 0, 0, 0],
        vec![0, 0, 0xff, 0x0f, 0, 0, 0, 0],
    );
    let screen = text(&draw_into(&mut app, 120, 40));
    find(&screen, "1000  01 00 ?? ?? 05 00 00 00");
}

#[test]
fn memory_pane_shows_elements_and_what_changed() {
    let mut app = sample();
    app.memory.show(Target::Expr("in".into()));
    app.memory.arrived(
        "in",
        MemorySpace::Global,
        0x1000,
        vec![1, 0, 0, 0, 9, 0, 0, 0],
        Vec::new(),
    );
    app.memory.stopped();
    app.memory.arrived(
        "in",
        MemorySpace::Global,
        0x1000,
        vec![1, 0, 0, 0, 2, 0, 0, 0],
        Vec::new(),
    );
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
fn diagnostics_pane_shows_both_accesses_of_a_race() {
    let mut app = sample();
    app.update(Message::Event(race(
        "Write-write data race at global memory address 0x1000000000000",
        (work_item([5, 0, 0]), Some(7)),
        (work_item([0, 0, 0]), Some(7)),
    )));
    let screen = render(&mut app, 160, 40);
    find(&screen, "7 (5,0,0) / 7 (0,0,0) Write-write");
}

#[test]
fn diagnostics_pane_lists_reports() {
    let mut app = sample();
    app.update(Message::Event(standard(
        "Invalid read of size 4 at global memory address 0x1000000000020",
        None,
        work_item([7, 0, 0]),
        Some(5),
    )));
    let screen = render(&mut app, 160, 40);
    find(&screen, "Diagnostics (2)");
    find(&screen, "5 (7,0,0) Invalid read of size 4");
    find(&screen, "! ");
    // After a second launch, each row says which launch and kernel it came from.
    app.update(Message::Event(Event::LaunchBegin(LaunchSummary {
        kernel: "other".into(),
        global_size: [4, 1, 1],
        global_offset: [0; 3],
        local_size: [4, 1, 1],
    })));
    let screen = render(&mut app, 200, 40);
    find(&screen, "#1 smooth 5 (7,0,0) Invalid read");
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
    let (_, back) = find(
        &screen,
        "back to the previous breakpoint, or the start of the history",
    );
    assert!(back.contains(" C  S-F5 "), "{back}");
    let (_, line) = find(&screen, "back a line (over calls)");
    assert!(line.contains(" N "), "{line}");
    // After the keys, what the source gutter's column of performance lints shows.
    let screen = render(&mut app, 100, 50);
    find(
        &screen,
        " c b d  performance lints (--perf-lints): uncoalesced access, bank conflict, divergent branch",
    );
    find(&screen, " ·      a line's performance figures");
}

#[test]
fn the_status_bar_says_replay_in_the_past_and_shows_the_keys_back_where_they_fit() {
    let mut app = sample();
    let screen = render(&mut app, 120, 36);
    let status = screen[35].trim_end();
    assert!(
        status.ends_with("│ stopped │ c continue n next s step b break q quit S/N/C back"),
        "{status}"
    );
    // At 80 columns the keys back would be cut: they are left out.
    let screen = render(&mut app, 80, 24);
    assert!(!screen[23].contains("back"), "{}", screen[23]);
    // Back at the start of the history: a stop in the recorded past.
    let mut past = app.stop.clone().expect("stopped");
    past.reason = StopReason::NoHistory;
    past.replaying = true;
    app.update(Message::Event(Event::Stopped(past)));
    app.update(Message::Prompt);
    let screen = render(&mut app, 120, 36);
    let status = screen[35].as_str();
    assert!(
        status.contains("│ (5,0,0) │ no history │ replay │ c continue"),
        "{status}"
    );
    find(&screen, "No more reverse-execution history.");
    // Running again (forwards, through the history), it is no longer stopped there.
    app.key(Key::Char('c'));
    let screen = render(&mut app, 120, 36);
    assert!(screen[35].contains("│ running │"), "{}", screen[35]);
}

#[test]
fn ir_pane_marks_the_current_instruction_and_the_cursor_line() {
    let mut app = sample();
    assert_eq!(
        app.ir_line(),
        1,
        "the current instruction, though 0 has no line"
    );
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

#[test]
fn a_scrolled_back_log_says_how_many_lines_came() {
    let mut app = sample();
    for n in 0..60 {
        app.console.push(&format!("answer {n}"));
    }
    app.focus = Pane::Console;
    app.key(Key::Up);
    let screen = render(&mut app, 120, 36);
    let (_, bottom) = find(&screen, "↓ more: G follows");
    assert!(
        bottom.contains("┘"),
        "on the console's bottom border: {bottom}"
    );
    for n in 60..63 {
        app.console.push(&format!("answer {n}"));
    }
    let screen = render(&mut app, 120, 36);
    find(&screen, "↓ 3 new lines: G follows");
    find(&screen, "answer 58");
    assert!(
        !screen.iter().any(|l| l.contains("answer 59")),
        "still where it was"
    );
    app.key(Key::End);
    let screen = render(&mut app, 120, 36);
    find(&screen, "answer 62");
    assert!(!screen.iter().any(|l| l.contains("new lines")));
    // However far it was scrolled, the first line stays at the top.
    for _ in 0..20 {
        app.key(Key::PageUp);
    }
    let screen = render(&mut app, 120, 36);
    find(&screen, "answer 0 ");
}

#[test]
fn a_large_screen_gives_every_row_its_share() {
    let mut app = sample();
    let screen = render(&mut app, 200, 60);
    snapshot("layout_200x60", &screen);
    let areas = app.areas();
    // The bottom row grows with the screen (11 rows at 40, 17 at 60), as do the side panes.
    assert_eq!(areas.of(Pane::Console).height, 17);
    assert!(areas.of(Pane::WorkItems).height >= 13);
}

#[test]
fn a_small_screen_keeps_the_help_key_the_variables_and_the_grid() {
    let mut app = sample();
    let screen = render(&mut app, 80, 24);
    let (_, status) = find(&screen, " ? help │ smooth");
    assert!(status.starts_with(" ? help"), "{status}");
    // The memory pane folds to its tabs; variables get five rows and the grid its cells.
    let areas = app.areas();
    assert_eq!(areas.of(Pane::Memory).height, 3);
    find(&screen, "│arguments ");
    find(&screen, "✓ ▶ · ·");
    // Focused, the memory pane opens.
    app.focus = Pane::Memory;
    assert!(app.areas().of(Pane::Memory).height > 3);
    // A question in the status bar shows whole at 80 columns.
    app.focus = Pane::Source;
    app.key(Key::Char('q'));
    let screen = render(&mut app, 80, 24);
    find(
        &screen,
        " ? help │ Quit: stop the kernel and the program? y/n │",
    );
}

#[test]
fn the_help_scrolls_on_a_small_screen() {
    let mut app = sample();
    app.screen = Rect::new(0, 0, 80, 24);
    app.key(Key::Char('?'));
    let screen = render(&mut app, 80, 24);
    find(&screen, "↓ more: j/PageDown");
    find(&screen, "continue");
    assert!(!screen
        .iter()
        .any(|l| l.contains("any other key closes this")));
    for _ in 0..5 {
        app.key(Key::PageDown);
    }
    assert!(app.show_help, "moving keys keep the help open");
    let screen = render(&mut app, 80, 24);
    find(&screen, "any other key closes this");
    assert!(!screen.iter().any(|l| l.contains("↓ more")), "at its end");
    assert!(
        !screen.iter().any(|l| l.contains("c  F5")),
        "scrolled past the first keys"
    );
    app.key(Key::Char('x'));
    assert!(!app.show_help);
}

#[test]
fn long_lines_scroll_sideways_and_the_cursor_shows_on_blank_lines() {
    let mut app = sample();
    let mut source: Vec<(u32, String)> = (1..=7)
        .map(|n| (n, app.source[n as usize - 1].clone()))
        .collect();
    source[5].1 = format!("  out[i] = {};", "in[i] + ".repeat(30));
    source.insert(6, (7, String::new()));
    app.update(Message::Refreshed(Refresh::Source, Reply::Source(source)));
    app.focus = Pane::Source;
    app.key(Key::Right);
    app.key(Key::Right);
    assert_eq!(app.source_left, 16);
    let screen = render(&mut app, 120, 36);
    find(&screen, "Source · from column 17");
    let (_, row) = find(&screen, "   6 ");
    // "  out[i] = in[i] + in[i] ..." from its 17th column.
    assert!(row.contains("│   6  + in[i] + in[i]"), "{row}");
    app.key(Key::Left);
    app.key(Key::Left);
    app.key(Key::Left);
    assert_eq!(app.source_left, 0, "no further than the first column");
    // The cursor on the blank line 7 fills the row.
    app.key(Key::Down);
    app.key(Key::Down);
    assert_eq!(app.cursor, 7);
    let buffer = draw_into(&mut app, 120, 36);
    let screen = text(&buffer);
    let (y, row) = find(&screen, "   7 ");
    let x = row.find("   7 ").unwrap() + 6;
    let cell = &buffer[(x as u16 + 3, y as u16)];
    assert!(
        cell.modifier.contains(ratatui::style::Modifier::REVERSED),
        "the cursor row is marked past its text"
    );
}

#[test]
fn the_source_gutter_shades_lines_after_a_launch() {
    let mut app = sample();
    let screen = render(&mut app, 120, 36);
    let (_, row) = find(&screen, "   3   int i");
    assert!(row.contains("│   3   int i"), "no shade column yet: {row}");
    let count = |line, instructions| LineCount {
        file: None,
        line,
        instructions,
        memory_bytes: 0,
    };
    app.update(Message::Event(Event::LaunchEnd {
        kernel: "smooth".into(),
        counts: vec![count(3, 64), count(5, 8), count(6, 64)],
    }));
    let screen = render(&mut app, 120, 36);
    let (_, row) = find(&screen, "3   int i");
    assert!(row.contains("│   █3   int i"), "{row}");
    let (_, row) = find(&screen, "5   float right");
    assert!(row.contains("│●!▶▓5   float right"), "{row}");
    let (_, row) = find(&screen, "1 kernel void");
    assert!(row.contains("│    1 kernel void"), "never ran: {row}");
}

#[test]
fn the_source_gutter_marks_performance_lints_after_a_launch() {
    let mut app = sample();
    // Without lints the gutter is as it always was.
    let screen = render(&mut app, 120, 36);
    let (_, row) = find(&screen, "5   float right");
    assert!(row.contains("│●!▶5   float right"), "{row}");
    let global = Figures::Global {
        write: false,
        requests: 2,
        sectors: 8,
        ideal: 2,
    };
    let branch = |divergent| Figures::Branch {
        executions: 2,
        divergent,
    };
    for event in [
        performance(Rule::UncoalescedAccess, "smooth", Some(5), global),
        performance(Rule::DivergentBranch, "smooth", Some(5), branch(2)),
        performance(Rule::DivergentBranch, "smooth", Some(4), branch(1)),
        performance(Rule::PerformanceFigures, "smooth", Some(3), branch(0)),
        performance_totals("smooth"),
    ] {
        app.update(Message::Event(event));
    }
    app.update(Message::Event(Event::LaunchEnd {
        kernel: "smooth".into(),
        counts: Vec::new(),
    }));
    let buffer = draw_into(&mut app, 160, 40);
    let screen = text(&buffer);
    let (_, row) = find(&screen, "5   float right");
    assert!(row.contains("│●!▶c5   float right"), "c before d: {row}");
    let (_, row) = find(&screen, "4   float left");
    assert!(row.contains("│   d4   float left"), "{row}");
    let (_, row) = find(&screen, "3   int i");
    assert!(row.contains("│   ·3   int i"), "figures alone: {row}");
    let (_, row) = find(&screen, "1 kernel void");
    assert!(row.contains("│    1 kernel void"), "no lint: {row}");
    assert_eq!(
        cell_of(&buffer, &screen, "c5   float").fg,
        app.theme.diagnostic
    );
    assert_eq!(cell_of(&buffer, &screen, "·3   int").fg, app.theme.dim);
    // The pane lists the findings (the invalid read of `sample` first), not the figures.
    find(&screen, "Diagnostics (4)");
    find(&screen, "#1 smooth 5 Performance: uncoalesced g");
    find(&screen, "#1 smooth 5 Performance: divergent bra");
    find(&screen, "#1 smooth 4 Performance: divergent bra");
    assert!(
        !screen
            .iter()
            .any(|l| l.contains("smooth 3 ") || l.contains("Performance: k")),
        "{}",
        screen.join("\n")
    );
    // With the shading too, the lints' column comes first.
    let source = (app.source.iter().enumerate())
        .map(|(n, t)| (n as u32 + 1, t.clone()))
        .collect();
    app.update(Message::Event(Event::LaunchBegin(LaunchSummary {
        kernel: "smooth".into(),
        global_size: [8, 1, 1],
        global_offset: [0, 0, 0],
        local_size: [4, 1, 1],
    })));
    app.update(Message::Refreshed(Refresh::Source, Reply::Source(source)));
    app.update(Message::Event(performance(
        Rule::DivergentBranch,
        "smooth",
        Some(4),
        branch(1),
    )));
    app.update(Message::Event(Event::LaunchEnd {
        kernel: "smooth".into(),
        counts: vec![LineCount {
            file: None,
            line: 4,
            instructions: 64,
            memory_bytes: 0,
        }],
    }));
    let screen = render(&mut app, 160, 40);
    let (_, row) = find(&screen, "4   float left");
    assert!(row.contains("│   d█4   float left"), "{row}");
    let (_, row) = find(&screen, "5   float right");
    assert!(row.contains("│● ▶  5   float right"), "{row}");
}
