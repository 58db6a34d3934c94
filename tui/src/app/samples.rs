//! Diagnostics for the TUI's tests, as the engine sends them.

use oclgrind_debug_protocol::diagnostic::{
    Access, At, Body, Diagnostic, Entity, Figures, Level, Rule, SourcePlace,
};
use oclgrind_debug_protocol::protocol::Event;

/// An instruction at `line` of input.cl, or an unknown place.
fn at(line: Option<u32>) -> At {
    match line {
        Some(line) => At::Instruction {
            instruction: "  %0 = load i32, ptr addrspace(1) %p".into(),
            place: Some(SourcePlace {
                file: "input.cl".into(),
                line,
                column: 1,
                text: None,
            }),
        },
        None => At::Unknown,
    }
}

/// A work-item in a group of 4 work-items along x.
pub(crate) fn work_item(global: [u64; 3]) -> Entity {
    Entity::WorkItem {
        global,
        local: [global[0] % 4, global[1], global[2]],
        group: [global[0] / 4, global[1], global[2]],
    }
}

/// An error in the standard layout.
pub(crate) fn standard(
    headline: &str,
    kernel: Option<&str>,
    entity: Entity,
    line: Option<u32>,
) -> Event {
    Event::Diagnostic(Diagnostic {
        level: Level::Error,
        rule: Rule::InvalidRead,
        headline: headline.into(),
        kernel: kernel.map(str::to_string),
        launch: None,
        body: Body::Standard {
            message: Vec::new(),
            entity,
            at: at(line),
            origin: None,
            notes: Vec::new(),
        },
        memory: None,
    })
}

/// A data race between two accesses, each by an entity at a line.
pub(crate) fn race(
    headline: &str,
    first: (Entity, Option<u32>),
    second: (Entity, Option<u32>),
) -> Event {
    let access = |(entity, line)| Access {
        entity,
        at: at(line),
    };
    Event::Diagnostic(Diagnostic {
        level: Level::Error,
        rule: Rule::DataRace,
        headline: headline.into(),
        kernel: Some("k".into()),
        launch: None,
        body: Body::Race {
            first: access(first),
            second: access(second),
            note: None,
        },
        memory: None,
    })
}

/// A performance lint (`--perf-lints`) of launch 0 of `kernel`, at `line` of input.cl (`None`:
/// the kernel's totals, which name no place).
pub(crate) fn performance(rule: Rule, kernel: &str, line: Option<u32>, figures: Figures) -> Event {
    Event::Diagnostic(Diagnostic::performance(
        rule,
        kernel,
        0,
        at(line),
        8,
        figures,
    ))
}

/// A kernel's totals line under `--perf-lints`.
pub(crate) fn performance_totals(kernel: &str) -> Event {
    performance(
        Rule::PerformanceFigures,
        kernel,
        None,
        Figures::Totals {
            global_requests: 4,
            sectors: 16,
            global_ideal: 4,
            local_accesses: 0,
            passes: 0,
            local_ideal: 0,
            executions: 2,
            divergent: 1,
            cut: 0,
        },
    )
}
