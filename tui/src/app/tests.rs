//! Tests of the model: messages, keys and clicks in, the state read back.

use super::log::plain_text;
use super::samples::{performance, performance_totals, race, standard, work_item};
use super::*;
use crate::memory;
use oclgrind_debug_protocol::diagnostic::{Diagnostic, Entity, Figures, Rule};

fn stopped(line: u32) -> Stopped {
    Stopped {
        reason: StopReason::Step,
        position: Position {
            global: [1, 0, 0],
            local: [1, 0, 0],
            group: [0, 0, 0],
            function: "k".into(),
            line,
            source: Some("x = 1;".into()),
            ..Position::default()
        },
        entered_function: false,
        other_work_item: false,
        returned: None,
        displays: vec![],
        replaying: false,
    }
}

fn launch(global: u64, local: u64) -> Event {
    Event::LaunchBegin(LaunchSummary {
        kernel: "k".into(),
        global_size: [global, 1, 1],
        global_offset: [0; 3],
        local_size: [local, 1, 1],
    })
}

fn work_items(n: u64, current: u64) -> Reply {
    Reply::WorkItems(
        (0..n)
            .map(|i| WorkItemInfo {
                global: [i, 0, 0],
                state: WorkItemState::Ready,
                current: i == current,
            })
            .collect(),
    )
}

fn focus(app: &mut App, pane: Pane) {
    for _ in 0..PANES.len() {
        if app.focus == pane {
            return;
        }
        app.key(Key::Tab);
    }
    panic!("{pane:?} never took the focus");
}

fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        app.key(Key::Char(c));
    }
}

#[test]
fn keys_send_commands_only_at_a_prompt() {
    let mut app = App::new();
    assert_eq!(app.key(Key::Char('n')), None, "the kernel runs: queued");
    assert!(app
        .notice
        .as_deref()
        .is_some_and(|n| n.contains("waits for the next stop")));
    assert_eq!(
        app.update(Message::Prompt),
        Some(Action::Send(Command::Next)),
        "the queued command goes at the prompt"
    );
    assert_eq!(app.notice, None, "and no longer waits");
    assert_eq!(app.key(Key::F(5)), None);
    assert_eq!(
        app.update(Message::Prompt),
        Some(Action::Send(Command::Continue))
    );
    app.update(Message::Prompt);
    assert_eq!(app.key(Key::F(11)), Some(Action::Send(Command::Step)));
    assert!(!app.prompting);
    assert_eq!(
        app.key(Key::Ctrl('c')),
        Some(Action::Interrupt),
        "a step that runs long is interrupted too"
    );
    app.update(Message::Prompt);
    assert_eq!(
        app.key(Key::Char('c')),
        Some(Action::Send(Command::Continue))
    );
    assert_eq!(
        app.key(Key::Ctrl('c')),
        Some(Action::Interrupt),
        "it runs on"
    );
    app.update(Message::Event(Event::Stopped(stopped(3))));
    assert_eq!(
        app.key(Key::Ctrl('c')),
        None,
        "stopped: nothing to interrupt"
    );
    app.update(Message::Prompt);
    assert_eq!(
        app.key(Key::ShiftF(11)),
        Some(Action::Send(Command::Finish))
    );
}

#[test]
fn a_second_ctrl_c_before_anything_stops_offers_to_quit() {
    let mut app = App::new();
    app.update(Message::Prompt);
    app.key(Key::Char('c'));
    assert_eq!(app.key(Key::Ctrl('c')), Some(Action::Interrupt));
    assert_eq!(app.key(Key::Ctrl('c')), None, "the kernel did not stop");
    assert_eq!(app.confirm, Some(Confirm::Quit), "{:?}", app.notice);
    assert_eq!(app.key(Key::Char('y')), Some(Action::Quit));
    // A stop in between: the next Ctrl-C interrupts again.
    let mut app = App::new();
    app.update(Message::Prompt);
    app.key(Key::Char('c'));
    app.key(Key::Ctrl('c'));
    app.update(Message::Event(Event::Stopped(stopped(3))));
    app.update(Message::Prompt);
    app.key(Key::Char('c'));
    assert_eq!(app.key(Key::Ctrl('c')), Some(Action::Interrupt));
    assert_eq!(app.confirm, None);
    // A program busy outside its kernels (`oclgrind -i /bin/sleep 100`): nothing to
    // interrupt, and the second Ctrl-C offers to quit.
    let mut app = App::new();
    assert_eq!(app.key(Key::Ctrl('c')), None);
    assert_eq!(app.confirm, None);
    app.key(Key::Ctrl('c'));
    assert_eq!(app.confirm, Some(Confirm::Quit));
    assert_eq!(app.key(Key::Char('y')), Some(Action::Quit));
}

#[test]
fn the_user_keymap_is_what_keys_do() {
    let mut app = App::new();
    app.keymap.overlay("continue = [\"r\"]").unwrap();
    app.update(Message::Prompt);
    assert_eq!(app.key(Key::Char('c')), None);
    assert_eq!(
        app.key(Key::Char('r')),
        Some(Action::Send(Command::Continue))
    );
}

#[test]
fn reverse_keys_go_back_and_run_the_kernel_as_forward_ones_do() {
    let mut app = App::new();
    for (key, motion) in [
        (Key::Char('S'), Motion::Step),
        (Key::Char('N'), Motion::Next),
        (Key::Char('F'), Motion::Finish),
        (Key::Char('C'), Motion::Continue),
        (Key::ShiftF(5), Motion::Continue),
    ] {
        app.update(Message::Prompt);
        assert_eq!(
            app.key(key),
            Some(Action::Send(Command::Reverse(motion))),
            "{key:?}"
        );
        assert_eq!(
            app.key(Key::Ctrl('c')),
            Some(Action::Interrupt),
            "going back runs until a stop: {key:?}"
        );
        app.update(Message::Event(Event::Stopped(stopped(3))));
    }
}

#[test]
fn the_start_of_the_history_is_said_in_the_console_as_in_line_mode() {
    let mut app = App::new();
    app.update(Message::Event(Event::Stopped(Stopped {
        reason: StopReason::NoHistory,
        replaying: true,
        ..stopped(4)
    })));
    let at = (app.console.lines.iter())
        .position(|l| l == "No more reverse-execution history.")
        .unwrap_or_else(|| panic!("{:?}", app.console.lines));
    assert_eq!(app.console.lines[at - 1], "", "after gdb's empty line");
    assert_eq!(app.console.last(), Some("4    x = 1;"), "then the line");
}

#[test]
fn breakpoint_key_toggles_at_the_cursor() {
    let mut app = App::new();
    app.refreshed(
        Refresh::Source,
        Reply::Source((1..=9).map(|n| (n, format!("line {n}"))).collect()),
    );
    app.update(Message::Event(Event::Stopped(stopped(4))));
    app.update(Message::Prompt);
    app.key(Key::Down);
    app.key(Key::Down);
    assert_eq!(app.cursor_line(), 6);
    assert_eq!(
        app.key(Key::Char('b')),
        Some(Action::Send(Command::Break {
            file: None,
            line: Some(6),
            condition: None,
            temporary: false
        }))
    );
    app.refreshed(
        Refresh::Breakpoints,
        Reply::Breakpoints(vec![BreakpointInfo {
            number: 3,
            file: None,
            line: Some(6),
            watch: None,
            condition: None,
            temporary: false,
            hits: 0,
        }]),
    );
    app.update(Message::Prompt);
    assert_eq!(
        app.key(Key::F(9)),
        Some(Action::Send(Command::Delete { number: Some(3) }))
    );
    let jobs = app.take_highlight_jobs();
    assert_eq!(jobs.len(), 1, "the source wants highlighting");
    assert_eq!(jobs[0].lines[8], "line 9");
    assert!(app.take_highlight_jobs().is_empty(), "once");
    app.update(Message::Highlighted(
        Highlit::Source,
        jobs[0].generation,
        vec![],
    ));
    app.update(Message::Highlighted(Highlit::Source, 99, vec![vec![]]));
    assert!(app.highlighted.is_empty(), "a stale result is dropped");
}

#[test]
fn command_line_parses_like_line_mode_and_keeps_history() {
    let mut app = App::new();
    app.update(Message::Prompt);
    app.key(Key::Char(':'));
    type_text(&mut app, "p/x gid");
    assert_eq!(
        app.key(Key::Enter),
        Some(Action::Send(Command::Print {
            exprs: vec!["gid".into()],
            format: Some('x')
        }))
    );
    assert_eq!(app.console.last(), Some("(oclgrind) p/x gid"));
    app.key(Key::Char(':'));
    type_text(&mut app, "frobnicate");
    assert_eq!(app.key(Key::Enter), None);
    assert_eq!(
        app.console.last(),
        Some("Unrecognized command 'frobnicate'")
    );
    app.key(Key::Char(':'));
    app.key(Key::Up);
    assert_eq!(app.input.as_deref(), Some("frobnicate"));
    app.key(Key::Up);
    assert_eq!(app.input.as_deref(), Some("p/x gid"));
    app.key(Key::Esc);
    assert_eq!(app.input, None);
}

#[test]
fn command_line_edits_as_readline_and_enter_repeats() {
    let mut app = App::new();
    app.update(Message::Prompt);
    app.key(Key::Char(':'));
    type_text(&mut app, "print gid");
    // Ctrl-A, past "print", and a format there.
    app.key(Key::Ctrl('a'));
    for _ in 0..5 {
        app.key(Key::Right);
    }
    type_text(&mut app, "/x");
    assert_eq!(app.input.as_deref(), Some("print/x gid"));
    app.key(Key::Ctrl('e'));
    app.key(Key::Ctrl('w'));
    type_text(&mut app, "lid");
    let print = Some(Action::Send(Command::Print {
        exprs: vec!["lid".into()],
        format: Some('x'),
    }));
    assert_eq!(app.key(Key::Enter), print);
    // Enter on an empty line runs the last command again, as gdb does.
    app.update(Message::Prompt);
    app.key(Key::Char(':'));
    assert_eq!(app.key(Key::Enter), print);
    app.key(Key::Char(':'));
    type_text(&mut app, "junk");
    app.key(Key::Ctrl('u'));
    assert_eq!(app.input.as_deref(), Some(""));
}

#[test]
fn tab_completes_commands_and_variables() {
    let mut app = App::new();
    app.refreshed(
        Refresh::Locals,
        Reply::Variables(vec![
            ("left".into(), "1".into()),
            ("right".into(), "2".into()),
            ("result".into(), "3".into()),
        ]),
    );
    app.key(Key::Char(':'));
    type_text(&mut app, "wa");
    app.key(Key::Tab);
    assert_eq!(app.input.as_deref(), Some("watch "));
    type_text(&mut app, "r");
    app.key(Key::Tab);
    assert_eq!(app.input.as_deref(), Some("watch r"), "two match");
    assert_eq!(app.notice.as_deref(), Some("right  result"));
    type_text(&mut app, "i");
    app.key(Key::Tab);
    assert_eq!(app.input.as_deref(), Some("watch right "));
    app.input = Some("info lo".into());
    app.key(Key::Tab);
    assert_eq!(app.input.as_deref(), Some("info locals "));
    app.input = Some("info rec".into());
    app.key(Key::Tab);
    assert_eq!(app.input.as_deref(), Some("info record "));
    // The reverse commands are the line mode's, so they complete too.
    app.input = Some("reverse-".into());
    app.key(Key::Tab);
    assert_eq!(app.input.as_deref(), Some("reverse-"));
    assert_eq!(
        app.notice.as_deref(),
        Some(
            "reverse-continue  reverse-finish  reverse-next  reverse-nexti  reverse-step  \
             reverse-stepi"
        )
    );
    app.input = Some("reverse-c".into());
    app.key(Key::Tab);
    assert_eq!(app.input.as_deref(), Some("reverse-continue "));
}

#[test]
fn changed_values_are_found_and_diagnostics_mark_lines() {
    let mut app = App::new();
    app.refreshed(
        Refresh::Locals,
        Reply::Variables(vec![("i".into(), "1".into())]),
    );
    app.update(Message::Event(Event::Stopped(stopped(5))));
    app.refreshed(
        Refresh::Locals,
        Reply::Variables(vec![("i".into(), "2".into())]),
    );
    assert!(app.changed("i", "2"));
    assert!(!app.changed("j", "2"));
    app.update(Message::Event(standard(
        "Invalid read of size 4",
        None,
        Entity::Unknown,
        Some(9),
    )));
    assert_eq!(app.diagnostic_lines, vec![("input.cl".to_string(), 9)]);
    assert!(app.diagnostic_at(9));
    app.source_file = Some("/src/inc/put.h".into());
    assert!(!app.diagnostic_at(9), "a header is shown");
    assert_eq!(app.reports[0].summary, "Invalid read of size 4");
    assert_eq!(app.reports[0].line, Some(9));
    assert_eq!(
        app.reports[0].work_item, None,
        "this one names no work-item"
    );
}

#[test]
fn api_errors_are_summed_up_by_function_and_code() {
    let mut app = App::new();
    app.update(Message::Event(Event::Diagnostic(Diagnostic::api_error(
        "clCreateBuffer",
        "CL_INVALID_BUFFER_SIZE",
        Some("size is 0".into()),
    ))));
    assert_eq!(
        app.reports[0].summary,
        "clCreateBuffer: CL_INVALID_BUFFER_SIZE"
    );
    assert_eq!(app.reports[0].line, None);
}

#[test]
fn colours_and_carriage_returns_are_taken_out_of_output() {
    assert_eq!(
        plain_text("\u{1b}[1;31merror\u{1b}[0m: x\r\n"),
        "error: x\n"
    );
    assert_eq!(plain_text("\u{1b}]0;title\u{7}text"), "text");
    assert_eq!(plain_text("a\u{1b}]8;;x\u{1b}\\b"), "ab");
    assert_eq!(plain_text("tab\there"), "tab\there");
}

#[test]
fn program_output_goes_to_its_own_pane_in_pieces() {
    let mut app = App::new();
    app.update(Message::Event(Event::Output("Running on ".into())));
    app.update(Message::Event(Event::Output("Oclgrind\nsum = 4\n".into())));
    app.update(Message::Event(Event::Output("done".into())));
    assert_eq!(app.output.lines, ["Running on Oclgrind", "sum = 4", "done"]);
    assert!(app.console.lines.is_empty());
}

#[test]
fn a_report_leads_to_its_line_and_work_item() {
    let mut app = App::new();
    app.update(Message::Event(standard(
        "Invalid write of size 4",
        Some("k"),
        Entity::WorkItem {
            global: [13, 2, 0],
            local: [1, 0, 0],
            group: [3, 0, 0],
        },
        Some(12),
    )));
    app.update(Message::Prompt);
    focus(&mut app, Pane::Diagnostics);
    assert_eq!(
        app.key(Key::Enter),
        Some(Action::Send(Command::WorkItem { global: [13, 2, 0] }))
    );
    assert_eq!(app.cursor_line(), 12);
    assert_eq!(app.focus, Pane::Source);
    assert!(app.hit_diagnostic([13, 2, 0]));
    app.update(Message::Event(launch(64, 4)));
    assert!(!app.hit_diagnostic([13, 2, 0]), "that was another launch's");
    // The row names its launch and kernel; Enter on it now is refused, with the reason.
    assert_eq!(app.reports[0].kernel, "k");
    app.update(Message::Prompt);
    focus(&mut app, Pane::Diagnostics);
    assert_eq!(app.key(Key::Enter), None);
    assert_eq!(
        app.notice.as_deref(),
        Some(
            "That report is from launch #0 (kernel 'k'), which has ended: its work-items are gone."
        )
    );
}

#[test]
fn a_report_of_an_ended_launch_is_not_followed() {
    let mut app = App::new();
    app.update(Message::Event(launch(64, 4)));
    app.update(Message::Event(standard(
        "Invalid write of size 4",
        Some("k"),
        Entity::WorkItem {
            global: [13, 2, 0],
            local: [1, 0, 0],
            group: [3, 0, 0],
        },
        Some(12),
    )));
    app.update(Message::Event(Event::LaunchEnd {
        kernel: "k".into(),
        counts: Vec::new(),
    }));
    focus(&mut app, Pane::Diagnostics);
    assert_eq!(app.key(Key::Enter), None);
    assert!(app
        .notice
        .as_deref()
        .is_some_and(|n| n.starts_with("That report is from launch #1")));
}

/// A race message as the RaceDetector words it (instruction lines left out).
fn a_race() -> Event {
    race(
        "Read-write data race at local memory address 0x1000000000004",
        (work_item([3, 0, 0]), Some(10)),
        (work_item([1, 0, 0]), Some(8)),
    )
}

#[test]
fn a_race_leads_to_either_access() {
    let mut app = App::new();
    app.update(Message::Event(a_race()));
    assert_eq!(
        app.diagnostic_lines,
        vec![("input.cl".to_string(), 10), ("input.cl".to_string(), 8)]
    );
    app.update(Message::Prompt);
    focus(&mut app, Pane::Diagnostics);
    assert_eq!(
        app.key(Key::Enter),
        Some(Action::Send(Command::WorkItem { global: [3, 0, 0] }))
    );
    assert_eq!(app.cursor_line(), 10);
    app.update(Message::Prompt);
    focus(&mut app, Pane::Diagnostics);
    assert_eq!(
        app.key(Key::Char('o')),
        Some(Action::Send(Command::WorkItem { global: [1, 0, 0] }))
    );
    assert_eq!(app.cursor_line(), 8);
    assert_eq!(app.focus, Pane::Source);
    // A report with one access has no second to go to.
    app.update(Message::Event(standard(
        "Invalid read of size 4",
        None,
        work_item([2, 0, 0]),
        Some(4),
    )));
    app.update(Message::Prompt);
    focus(&mut app, Pane::Diagnostics);
    app.report_cursor = 1;
    assert_eq!(app.key(Key::Char('o')), None);
    assert_eq!(app.focus, Pane::Diagnostics);
}

#[test]
fn an_async_copy_race_names_the_group_first() {
    let mut app = App::new();
    app.update(Message::Event(race(
        "Read-write data race at local memory address 0x1000000000000",
        (Entity::Group([0, 0, 0]), None),
        (work_item([0, 0, 0]), Some(6)),
    )));
    let report = &app.reports[0];
    assert_eq!((report.line, report.work_item), (None, None));
    assert_eq!(report.second, Some((Some(6), Some([0, 0, 0]))));
}

#[test]
fn grid_selection_switches_work_item() {
    let mut app = App::new();
    app.refreshed(Refresh::WorkItems, work_items(4, 1));
    app.update(Message::Prompt);
    focus(&mut app, Pane::WorkItems);
    assert_eq!(app.selected_cell(), 1);
    app.key(Key::Right);
    app.key(Key::Right);
    app.key(Key::Right);
    assert_eq!(app.selected_cell(), 3, "stops at the last cell");
    app.key(Key::Char('h'));
    assert_eq!(
        app.key(Key::Enter),
        Some(Action::Send(Command::WorkItem { global: [2, 0, 0] }))
    );
}

#[test]
fn the_heat_map_zooms_into_a_group() {
    let mut app = App::new();
    app.update(Message::Event(launch(64, 4)));
    app.update(Message::Event(Event::Stopped(stopped(3))));
    app.refreshed(Refresh::WorkItems, work_items(4, 1));
    app.refreshed(
        Refresh::Groups,
        Reply::Groups {
            total: 16,
            finished: 2,
            finished_ranges: vec![(1, 3)],
            started: vec![GroupInfo {
                group: [0, 0, 0],
                counts: vec![(WorkItemState::Ready, 4)],
                current: true,
            }],
        },
    );
    assert_eq!(
        Refresh::WorkItems.command(&app),
        Some(Command::Info(InfoWhat::GroupWorkItems([0, 0, 0])))
    );
    app.update(Message::Prompt);
    focus(&mut app, Pane::WorkItems);
    app.key(Key::Char('z'));
    assert_eq!(app.grid_level, GridLevel::Groups);
    let cells = app.group_cells();
    assert_eq!(cells.len(), 16, "one cell a group: they fit");
    assert_eq!(app.selected_group_cell(&cells), 0, "the current group");
    assert_eq!(cells[2].heat(), 4);
    app.key(Key::Right);
    app.key(Key::Right);
    app.key(Key::Right);
    assert_eq!(
        app.key(Key::Enter),
        Some(Action::Refresh(Refresh::WorkItems))
    );
    assert_eq!(app.grid_level, GridLevel::WorkItems);
    assert_eq!(
        Refresh::WorkItems.command(&app),
        Some(Command::Info(InfoWhat::GroupWorkItems([3, 0, 0])))
    );
    // A stop in another group shows that group again.
    let mut elsewhere = stopped(3);
    elsewhere.position.group = [5, 0, 0];
    app.update(Message::Event(Event::Stopped(elsewhere)));
    assert_eq!(app.shown_group(), Some([5, 0, 0]));
}

#[test]
fn variables_open_into_parts_and_pointers_are_followed() {
    let mut app = App::new();
    app.refreshed(
        Refresh::Args,
        Reply::Variables(vec![("in".into(), "0x1000".into())]),
    );
    app.refreshed(
        Refresh::Locals,
        Reply::Variables(vec![("v".into(), "(1,2)".into())]),
    );
    app.update(Message::Prompt);
    focus(&mut app, Pane::Variables);
    assert_eq!(app.key(Key::Enter), None, "a vector opens here");
    assert_eq!(app.variable_rows().len(), 4, "v, v.s0, v.s1, in");
    app.key(Key::Down);
    app.key(Key::Down);
    app.key(Key::Down);
    assert_eq!(
        app.key(Key::Enter),
        Some(Action::Refresh(Refresh::Pointees))
    );
    assert_eq!(
        Refresh::Pointees.command(&app),
        Some(Command::Print {
            exprs: vec!["*in".into()],
            format: None
        })
    );
    app.refreshed(
        Refresh::Pointees,
        Reply::Values(vec![("*in".into(), Ok("2.5".into()))]),
    );
    let rows = app.variable_rows();
    assert_eq!(rows[4].path, "*in");
    assert_eq!(rows[4].value, "2.5");
    assert_eq!(
        app.variable_lines(&rows),
        [None, Some(0), Some(1), Some(2), None, Some(3), Some(4)]
    );
}

#[test]
fn memory_of_a_variable_and_at_an_address() {
    let mut app = App::new();
    app.refreshed(
        Refresh::Args,
        Reply::Variables(vec![("in".into(), "0x1000".into())]),
    );
    app.update(Message::Prompt);
    focus(&mut app, Pane::Variables);
    assert_eq!(
        app.key(Key::Char('m')),
        Some(Action::Refresh(Refresh::Memory))
    );
    assert_eq!(
        Refresh::Memory.command(&app),
        Some(Command::MemoryOf {
            expr: "in".into(),
            size: memory::VIEW_BYTES
        })
    );
    app.refreshed(
        Refresh::Memory,
        Reply::MemoryOf {
            expr: "in".into(),
            space: MemorySpace::Global,
            address: 0x1000,
            bytes: vec![1, 0, 0, 0],
            uninitialized: Vec::new(),
        },
    );
    assert_eq!(app.memory.space(), MemorySpace::Global);
    assert_eq!(app.memory.current().bytes, Some((0x1000, vec![1, 0, 0, 0])));
    assert!(app.console.lines.is_empty(), "the reply went to the pane");
    app.update(Message::Prompt);
    app.key(Key::Char('a'));
    assert_eq!(app.input_for, InputFor::Address);
    type_text(&mut app, "0x40");
    app.key(Key::Char('T'));
    assert_eq!(app.input.as_deref(), Some("0x40T"), "typing, not a key");
    app.key(Key::Backspace);
    assert_eq!(app.key(Key::Enter), Some(Action::Refresh(Refresh::Memory)));
    assert_eq!(
        Refresh::Memory.command(&app),
        Some(Command::MemoryAt {
            space: MemorySpace::Global,
            address: 0x40,
            size: memory::VIEW_BYTES
        })
    );
    app.update(Message::Prompt);
    app.key(Key::Char('t'));
    assert_eq!(app.memory.element, memory::Element::I8);
    // The next tab shows nothing yet: nothing to ask, and the debugger still waits.
    assert_eq!(app.key(Key::Char('T')), None);
    assert_eq!(app.memory.space(), MemorySpace::Private);
    assert!(app.prompting);
    assert_eq!(app.key(Key::Char('n')), Some(Action::Send(Command::Next)));
}

#[test]
fn clicks_pick_what_is_under_them() {
    let mut app = App::new();
    app.screen = Rect::new(0, 0, 120, 40);
    app.refreshed(
        Refresh::Source,
        Reply::Source((1..=9).map(|n| (n, format!("line {n}"))).collect()),
    );
    app.update(Message::Event(Event::Stopped(stopped(2))));
    app.refreshed(Refresh::WorkItems, work_items(8, 1));
    app.update(Message::Prompt);
    let areas = app.areas();
    let source = layout::inner(areas.of(Pane::Source));
    // Line 4 is the fourth row (line 1 shows first): its text, then its gutter.
    assert_eq!(app.mouse(Mouse::Click(source.x + 12, source.y + 3)), None);
    assert_eq!(app.cursor_line(), 4);
    assert_eq!(
        app.mouse(Mouse::Click(source.x, source.y + 3)),
        Some(Action::Send(Command::Break {
            file: None,
            line: Some(4),
            condition: None,
            temporary: false
        }))
    );
    app.update(Message::Prompt);
    let grid = layout::inner(areas.of(Pane::WorkItems));
    let row = grid.y + grid::HEADER_LINES as u16;
    assert_eq!(
        app.mouse(Mouse::Click(grid.x + 2 * 5, row)),
        Some(Action::Send(Command::WorkItem { global: [5, 0, 0] }))
    );
    assert_eq!(app.focus, Pane::WorkItems);
    let console = areas.of(Pane::Console);
    app.mouse(Mouse::Click(console.x, console.y));
    assert_eq!(app.focus, Pane::Console, "a border focuses");
    for n in 0..30 {
        app.console.push(&format!("{n}"));
    }
    app.mouse(Mouse::ScrollUp(console.x + 3, console.y + 3));
    assert_eq!(app.console.back, 3);
}

#[test]
fn pane_sizes_change_with_keys() {
    let mut app = App::new();
    let before = app.areas().of(Pane::Source).width;
    app.key(Key::Char('>'));
    assert!(app.areas().of(Pane::Source).width > before);
    focus(&mut app, Pane::Console);
    let before = app.areas().of(Pane::Console).height;
    app.key(Key::Char('-'));
    assert!(app.areas().of(Pane::Console).height < before);
}

#[test]
fn help_opens_and_any_key_closes_it() {
    let mut app = App::new();
    app.update(Message::Prompt);
    app.key(Key::Char('?'));
    assert!(app.show_help);
    assert_eq!(
        app.key(Key::Char('n')),
        None,
        "the key only closes the help"
    );
    assert!(!app.show_help);
    assert_eq!(app.key(Key::Char('n')), Some(Action::Send(Command::Next)));
}

#[test]
fn quit_ends_the_session_at_a_prompt_and_while_the_kernel_runs() {
    let mut app = App::new();
    app.update(Message::Prompt);
    assert_eq!(app.key(Key::Char('q')), None, "it asks first");
    assert_eq!(app.confirm, Some(Confirm::Quit));
    assert_eq!(app.key(Key::Char('n')), None, "no: nothing happens");
    assert_eq!(app.confirm, None);
    app.key(Key::Char('q'));
    assert_eq!(app.key(Key::Char('y')), Some(Action::Quit));
    // While a kernel runs (nothing is sent: the session ends whatever runs).
    let mut app = App::new();
    app.update(Message::Prompt);
    app.key(Key::Char('c'));
    app.key(Key::Char('q'));
    assert_eq!(app.key(Key::Char('y')), Some(Action::Quit));
    // The command typed in the console asks the same.
    let mut app = App::new();
    app.update(Message::Prompt);
    app.key(Key::Char(':'));
    for c in "quit".chars() {
        app.key(Key::Char(c));
    }
    assert_eq!(app.key(Key::Enter), None);
    assert_eq!(app.confirm, Some(Confirm::Quit));
    assert_eq!(app.key(Key::Char('y')), Some(Action::Quit));
    // After the end, q leaves at once.
    let mut app = App::new();
    app.update(Message::Ended("The program has ended".into()));
    assert_eq!(app.key(Key::Char('q')), Some(Action::Exit));
    assert_eq!(
        app.key(Key::Char('n')),
        None,
        "nothing to send after the end"
    );
}

#[test]
fn a_paste_goes_into_the_command_line_as_one_line() {
    let mut app = App::new();
    app.paste("print a\n");
    assert_eq!(
        app.input.as_deref(),
        Some("print a"),
        "opens the command line"
    );
    app.key(Key::Home);
    app.paste("x\ty ");
    assert_eq!(app.input.as_deref(), Some("x y print a"), "at the cursor");
    let long = "b".repeat(4000);
    app.key(Key::End);
    app.paste(&long);
    assert_eq!(app.input.as_ref().map(|s| s.len()), Some(4011));
}

#[test]
fn a_log_scrolls_back_no_further_than_its_first_line() {
    let mut app = App::new();
    focus(&mut app, Pane::Output);
    let (rows, _) = app.log_view(Pane::Output);
    for n in 0..30 {
        app.output.write(&format!("line {n}\n"));
    }
    for _ in 0..5 {
        app.key(Key::PageUp);
    }
    assert_eq!(
        app.output.back,
        30 - rows,
        "the first line at the top, no blank rows"
    );
    app.key(Key::Down);
    assert_eq!(app.output.back, 30 - rows - 1);
    app.key(Key::Char('g'));
    assert_eq!(app.output.back, 30 - rows, "g: the top");
    // Fewer lines than rows: nothing to scroll.
    let mut app = App::new();
    focus(&mut app, Pane::Output);
    app.output.write("one\ntwo\n");
    app.key(Key::Up);
    assert_eq!(app.output.back, 0);
    // A long line takes several rows: fewer lines fill the pane.
    let mut app = App::new();
    focus(&mut app, Pane::Output);
    let (rows, width) = app.log_view(Pane::Output);
    app.output.push(&"x".repeat(width * 3));
    for n in 0..rows {
        app.output.push(&format!("{n}"));
    }
    app.key(Key::PageUp);
    // The long line's three rows at the top take the place of three short lines.
    assert_eq!(app.output.back, 3);
}

#[test]
fn a_scrolled_log_keeps_its_place_and_counts_new_lines_until_end_follows() {
    let mut app = App::new();
    focus(&mut app, Pane::Console);
    for n in 0..40 {
        app.console.push(&format!("{n}"));
    }
    app.key(Key::Up);
    app.key(Key::Up);
    assert_eq!((app.console.back, app.console.unseen), (2, 0));
    app.update(Message::Event(Event::Output(
        "ignored by the console\n".into(),
    )));
    for n in 40..45 {
        app.console.push(&format!("{n}"));
    }
    assert_eq!(app.console.back, 7, "the same lines stay in view");
    assert_eq!(app.console.unseen, 5);
    app.key(Key::Down);
    assert_eq!((app.console.back, app.console.unseen), (6, 5));
    app.key(Key::End);
    assert_eq!(
        (app.console.back, app.console.unseen),
        (0, 0),
        "End follows again"
    );
    app.key(Key::Up);
    app.key(Key::Char('G'));
    assert_eq!(app.console.back, 0, "so does G");
    app.console.push("new");
    assert_eq!(app.console.back, 0, "and it follows");
    // Output in pieces: a line finished later is not a new one.
    focus(&mut app, Pane::Output);
    for n in 0..40 {
        app.output.write(&format!("{n}\n"));
    }
    app.key(Key::Up);
    app.output.write("half");
    app.output.write(" and the rest\n");
    assert_eq!(app.output.unseen, 1);
}

#[test]
fn after_a_stop_the_ir_shows_the_current_instruction_wherever_the_cursor_was() {
    let mut app = App::new();
    app.update(Message::Event(launch(4, 4)));
    app.update(Message::Event(Event::Stopped(stopped(2))));
    let source = (1..=12).map(|n| (n, format!("x = {n};"))).collect();
    app.update(Message::Refreshed(Refresh::Source, Reply::Source(source)));
    let disassembly = |current| Reply::Disassembly {
        function: "k".into(),
        instructions: (0..40).map(|i| format!("%{i} = add i32 0, {i}")).collect(),
        current: Some(current),
        lines: (0..40).map(|i| 1 + i / 4).collect(),
    };
    app.update(Message::Refreshed(Refresh::Ir, disassembly(4)));
    assert_eq!(app.ir_line(), 4);
    // The source cursor moves to line 9: the IR follows it, away from the current one.
    focus(&mut app, Pane::Source);
    for _ in 0..7 {
        app.key(Key::Down);
    }
    assert_eq!(app.ir_line(), 32);
    // The next stop (a step, or a switch to another work-item) brings both back.
    app.update(Message::Event(Event::Stopped(stopped(3))));
    app.update(Message::Refreshed(Refresh::Ir, disassembly(9)));
    assert_eq!((app.cursor_line(), app.ir_line()), (3, 9));
    let mut switched = stopped(2);
    switched.reason = StopReason::Switched;
    focus(&mut app, Pane::Ir);
    app.key(Key::PageDown);
    assert_ne!(app.ir_line(), 5);
    app.update(Message::Event(Event::Stopped(switched)));
    app.update(Message::Refreshed(Refresh::Ir, disassembly(5)));
    assert_eq!(app.ir_line(), 5);
}

#[test]
fn delete_with_no_number_asks_first_as_gdb_does_at_a_terminal() {
    let mut app = App::new();
    app.update(Message::Prompt);
    let type_line = |app: &mut App, text: &str| {
        app.key(Key::Char(':'));
        for c in text.chars() {
            app.key(Key::Char(c));
        }
        app.key(Key::Enter)
    };
    assert_eq!(type_line(&mut app, "delete"), None);
    assert_eq!(app.confirm, Some(Confirm::DeleteAll));
    assert_eq!(app.notice.as_deref(), Some("Delete all breakpoints? y/n"));
    assert_eq!(app.key(Key::Char('n')), None, "no: nothing is deleted");
    assert_eq!((app.confirm, app.notice.as_deref()), (None, None));
    type_line(&mut app, "d");
    assert_eq!(
        app.key(Key::Char('y')),
        Some(Action::Send(Command::Delete { number: None }))
    );
    // A numbered one goes at once.
    app.update(Message::Prompt);
    assert_eq!(
        type_line(&mut app, "delete 2"),
        Some(Action::Send(Command::Delete { number: Some(2) }))
    );
}

#[test]
fn a_finished_launch_shades_the_lines_of_its_kernel_by_what_they_ran() {
    let mut app = App::new();
    app.update(Message::Event(launch(4, 4)));
    app.update(Message::Event(Event::Stopped(stopped(2))));
    let source = (1..=6).map(|n| (n, format!("x = {n};"))).collect();
    app.update(Message::Refreshed(Refresh::Source, Reply::Source(source)));
    assert_eq!(app.heat_at(2), None, "nothing has finished yet");
    let count = |line, instructions| LineCount {
        file: None,
        line,
        instructions,
        memory_bytes: 0,
    };
    let counts = vec![
        count(0, 5),
        count(2, 4),
        count(3, 1000),
        count(4, 30),
        LineCount {
            file: Some("other.h".into()),
            line: 5,
            instructions: 1_000_000,
            memory_bytes: 0,
        },
    ];
    app.update(Message::Event(Event::LaunchEnd {
        kernel: "k".into(),
        counts,
    }));
    // Logarithmic: 1000 is the hottest line of this file (the header's lines do not count).
    assert_eq!(app.heat_at(3), Some(4));
    assert_eq!(app.heat_at(4), Some(2));
    assert_eq!(app.heat_at(2), Some(1));
    assert_eq!(app.heat_at(1), Some(0), "never ran");
    // The next launch of the same kernel keeps them until it ends; another kernel's hides them.
    app.update(Message::Event(launch(4, 4)));
    assert_eq!(app.heat_at(3), Some(4));
    app.update(Message::Event(Event::LaunchBegin(LaunchSummary {
        kernel: "other".into(),
        global_size: [1, 1, 1],
        global_offset: [0; 3],
        local_size: [1, 1, 1],
    })));
    assert_eq!(app.heat_at(3), None);
}

#[test]
fn performance_lints_mark_their_lines_when_the_launch_ends_and_list_the_findings() {
    let mut app = App::new();
    app.update(Message::Event(launch(4, 4)));
    app.update(Message::Event(Event::Stopped(stopped(2))));
    let source = (1..=6).map(|n| (n, format!("x = {n};"))).collect();
    app.update(Message::Refreshed(Refresh::Source, Reply::Source(source)));
    assert!(!app.perf_column(), "no lints yet");
    let global = Figures::Global {
        write: false,
        requests: 4,
        sectors: 16,
        ideal: 4,
    };
    let branch = |divergent| Figures::Branch {
        executions: 2,
        divergent,
    };
    let local = Figures::Local {
        accesses: 2,
        passes: 16,
        ideal: 2,
    };
    // Two lints on line 3 (the first of c, b, d shows), one on 4 and 2, figures alone on 5,
    // and the totals, which name no line.
    for event in [
        performance(Rule::DivergentBranch, "k", Some(3), branch(2)),
        performance(Rule::UncoalescedAccess, "k", Some(3), global),
        performance(Rule::BankConflict, "k", Some(4), local),
        performance(Rule::DivergentBranch, "k", Some(2), branch(1)),
        performance(Rule::PerformanceFigures, "k", Some(5), branch(0)),
        performance_totals("k"),
    ] {
        app.update(Message::Event(event));
    }
    assert_eq!(app.perf, None, "marked when the launch ends");
    assert!(app.diagnostic_lines.is_empty(), "no `!` for a lint");
    assert!(!app.diagnostic_at(3));
    // The pane lists the three findings' four lines, none an error; not the figures.
    let listed: Vec<(Option<u32>, bool, &str)> = (app.reports.iter())
        .map(|r| (r.line, r.error, r.summary.as_str()))
        .collect();
    assert_eq!(
        listed,
        [
            (
                Some(3),
                false,
                "Performance: divergent branch at line 3 of input.cl: 100% of 2 sub-group executions"
            ),
            (
                Some(3),
                false,
                "Performance: uncoalesced global read at line 3 of input.cl: 4 sectors per request (ideal 1), 4 requests"
            ),
            (
                Some(4),
                false,
                "Performance: 8-way bank conflict on local memory at line 4 of input.cl: 2 accesses"
            ),
            (
                Some(2),
                false,
                "Performance: divergent branch at line 2 of input.cl: 50% of 2 sub-group executions"
            ),
        ]
    );
    assert!(app
        .reports
        .iter()
        .all(|r| r.kernel == "k" && r.work_item.is_none()));
    app.update(Message::Event(Event::LaunchEnd {
        kernel: "k".into(),
        counts: Vec::new(),
    }));
    assert_eq!(
        app.perf,
        Some(PerfMarks {
            kernel: "k".into(),
            lines: vec![
                ("input.cl".into(), 3, Rule::DivergentBranch),
                ("input.cl".into(), 3, Rule::UncoalescedAccess),
                ("input.cl".into(), 4, Rule::BankConflict),
                ("input.cl".into(), 2, Rule::DivergentBranch),
                ("input.cl".into(), 5, Rule::PerformanceFigures),
            ],
        })
    );
    assert!(app.perf_column());
    assert_eq!(app.perf_at(3), Some(Rule::UncoalescedAccess), "c before d");
    assert_eq!(app.perf_at(4), Some(Rule::BankConflict));
    assert_eq!(app.perf_at(2), Some(Rule::DivergentBranch));
    assert_eq!(app.perf_at(5), Some(Rule::PerformanceFigures));
    assert_eq!(app.perf_at(1), None);
    app.source_file = Some("/src/inc/put.h".into());
    assert!(!app.perf_column(), "a header is shown");
    assert_eq!(app.perf_at(3), None);
    app.source_file = None;
    // As the shading: the next launch of the same kernel keeps them until it ends; another
    // kernel's hides them, and its end without lints leaves them.
    app.update(Message::Event(launch(4, 4)));
    assert_eq!(app.perf_at(3), Some(Rule::UncoalescedAccess));
    app.update(Message::Event(Event::LaunchBegin(LaunchSummary {
        kernel: "other".into(),
        global_size: [1, 1, 1],
        global_offset: [0; 3],
        local_size: [1, 1, 1],
    })));
    assert!(!app.perf_column());
    app.update(Message::Event(Event::LaunchEnd {
        kernel: "other".into(),
        counts: Vec::new(),
    }));
    assert_eq!(app.perf.as_ref().map(|p| p.kernel.as_str()), Some("k"));
    // A launch of `k` whose lints found nothing on any line (its totals alone) clears them.
    app.update(Message::Event(launch(4, 4)));
    assert!(app.perf_column());
    app.update(Message::Event(performance_totals("k")));
    app.update(Message::Event(Event::LaunchEnd {
        kernel: "k".into(),
        counts: Vec::new(),
    }));
    assert_eq!(
        app.perf,
        Some(PerfMarks {
            kernel: "k".into(),
            lines: Vec::new()
        })
    );
    assert!(!app.perf_column());
    assert_eq!(app.reports.len(), 4, "the totals are not listed");
}
