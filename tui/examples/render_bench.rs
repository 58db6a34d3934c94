//! Frame render time of the TUI: a 2,000-line kernel and a 65,536-work-item launch (256
//! groups of 256), drawn into an off-screen terminal. Prints a Markdown table, the one-time
//! cost of highlighting the source, and the process's peak memory.
//!
//! cargo run --release -p oclgrind-tui --example render_bench

use std::time::Instant;

use oclgrind_debug_protocol::protocol::*;
use oclgrind_tui::app::{App, GridLevel, Highlit, Message, Refresh};
use oclgrind_tui::{highlight, ui};
use ratatui::backend::TestBackend;
use ratatui::layout::Rect;
use ratatui::Terminal;

fn app() -> App {
    let mut app = App::new();
    app.update(Message::Event(Event::LaunchBegin(LaunchSummary {
        kernel: "big".into(),
        global_size: [65536, 1, 1],
        global_offset: [0; 3],
        local_size: [256, 1, 1],
    })));
    let source = (1..=2000)
        .map(|n| {
            (
                n,
                format!("  acc += in[i * {n} % n] * {n}.0f; // line {n} of the kernel"),
            )
        })
        .collect();
    app.update(Message::Refreshed(Refresh::Source, Reply::Source(source)));
    let position = Position {
        global: [37 * 256 + 100, 0, 0],
        local: [100, 0, 0],
        group: [37, 0, 0],
        function: "big".into(),
        args: vec![("in".into(), "0x1000000000000".into())],
        line: 1234,
        source: Some("acc += ...".into()),
        ..Position::default()
    };
    app.update(Message::Event(Event::Stopped(Stopped {
        reason: StopReason::Step,
        position,
        entered_function: false,
        other_work_item: false,
        returned: None,
        displays: vec![],
        replaying: false,
    })));
    let vars = (0..40)
        .map(|i| (format!("v{i}"), format!("{}", i * 3)))
        .collect();
    app.update(Message::Refreshed(Refresh::Locals, Reply::Variables(vars)));
    let items = (0..256)
        .map(|i| WorkItemInfo {
            global: [37 * 256 + i, 0, 0],
            state: match i % 4 {
                0 => WorkItemState::Finished,
                1 => WorkItemState::AtBarrier,
                2 => WorkItemState::Ready,
                _ => WorkItemState::NotStarted,
            },
            current: i == 100,
        })
        .collect();
    app.update(Message::Refreshed(
        Refresh::WorkItems,
        Reply::WorkItems(items),
    ));
    let started = (37..41)
        .map(|g| GroupInfo {
            group: [g, 0, 0],
            counts: vec![(WorkItemState::Finished, 128), (WorkItemState::Ready, 128)],
            current: g == 37,
        })
        .collect();
    app.update(Message::Refreshed(
        Refresh::Groups,
        Reply::Groups {
            total: 256,
            finished: 37,
            finished_ranges: vec![(0, 37)],
            started,
        },
    ));
    let ir: Vec<String> = (0..400)
        .map(|n| format!("%{n} = fadd float %a{n}, 0x3FF0000000000000, !dbg !{n}"))
        .collect();
    app.update(Message::Refreshed(
        Refresh::Ir,
        Reply::Disassembly {
            function: "big".into(),
            lines: (0..400).map(|n| 1000 + n / 2).collect(),
            instructions: ir,
            current: Some(200),
        },
    ));
    app.update(Message::Refreshed(
        Refresh::Memory,
        Reply::MemoryOf {
            expr: "in".into(),
            space: MemorySpace::Global,
            address: 0x1000,
            bytes: (0..=255).collect(),
            uninitialized: Vec::new(),
        },
    ));
    for i in 0..5000 {
        app.update(Message::Event(Event::Output(format!("printf line {i}\n"))));
    }
    app.update(Message::Prompt);
    app
}

fn peak_rss_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

/// Colours for the source and the IR, as the highlighting thread delivers them; returns the
/// time each took.
fn highlight(app: &mut App) -> (f64, f64) {
    let mut took = (0.0, 0.0);
    for job in app.take_highlight_jobs() {
        let start = Instant::now();
        let lines = match job.what {
            Highlit::Source => highlight::highlight_c_with(&job.lines, &job.theme),
            Highlit::Ir => highlight::highlight_ir(&job.lines, &job.theme),
        };
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        match job.what {
            Highlit::Source => took.0 = ms,
            Highlit::Ir => took.1 = ms,
        }
        app.update(Message::Highlighted(job.what, job.generation, lines));
    }
    took
}

fn main() {
    let mut app = app();
    let (source_ms, ir_ms) = highlight(&mut app);
    println!("| terminal | work-items pane | frames | median ms | max ms |");
    println!("|---|---|---|---|---|");
    for (w, h) in [(120u16, 40u16), (200, 60)] {
        for level in [GridLevel::WorkItems, GridLevel::Groups] {
            app.grid_level = level;
            app.screen = Rect::new(0, 0, w, h);
            let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("terminal");
            let mut times: Vec<f64> = (0..200)
                .map(|_| {
                    let start = Instant::now();
                    terminal.draw(|f| ui::draw(f, &app)).expect("draws");
                    start.elapsed().as_secs_f64() * 1000.0
                })
                .collect();
            times.sort_by(f64::total_cmp);
            println!(
                "| {w}×{h} | {level:?} | {} | {:.3} | {:.3} |",
                times.len(),
                times[times.len() / 2],
                times[times.len() - 1]
            );
        }
    }
    println!(
        "\nhighlighting (on its own thread in the TUI): the {} source lines {source_ms:.1} ms \
         once per launch, the {} IR lines {ir_ms:.1} ms once per function",
        app.source.len(),
        app.ir.as_ref().map_or(0, |ir| ir.instructions.len())
    );
    println!("peak RSS of this process: {:.1} MB", peak_rss_mb());
}
