//! Diagnostics for the TUI's tests, as the engine sends them.

use oclgrind_debug_protocol::diagnostic::{
    Access, At, Body, Diagnostic, Entity, Level, Rule, SourcePlace,
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
