//! oclgrind-diagnostic: a diagnostic as typed data, built where a fault is found, and rendered
//! as Oclgrind's text in one place ([`text`]).
//!
//! Everything that reports or reads diagnostics shares this type: the simulator's checkers
//! and plugins build one, the Logger prints its text, the reports crate serialises its fields
//! (JSON lines, SARIF), the debugger's protocol sends it as data and the TUI reads its fields.
//! No consumer reads the text back. The crate depends on serde alone, so the protocol and the
//! TUI use it without the simulator.

pub mod text;

use serde::{Deserialize, Serialize};

/// Severity of a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Level {
    Debug,
    Info,
    Warning,
    Error,
}

/// What kind of diagnostic it is: the rule a CI system groups results by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Rule {
    InvalidRead,
    InvalidWrite,
    MisalignedAccess,
    DataRace,
    UninitializedValue,
    UninitializedAddress,
    UninitializedControlFlow,
    UninitializedIndex,
    ArrayIndex,
    WorkGroupDivergence,
    UnwaitedEvents,
    InvalidWaitEvent,
    ApiError,
    FatalError,
    /// An OpenCL object the application never released (`--leak-check`).
    LeakedObject,
    /// A global memory access of a sub-group that touches more sectors than its bytes need
    /// (`--perf-lints`).
    UncoalescedAccess,
    /// A local memory access serialised by bank conflicts (`--perf-lints`).
    BankConflict,
    /// A conditional branch whose sub-groups' lanes went both ways (`--perf-lints`).
    DivergentBranch,
    /// Performance figures below the lints' thresholds, and a kernel's totals
    /// (`--perf-lints`).
    PerformanceFigures,
    /// Anything else: plugins' own messages, information.
    Other,
}

impl Rule {
    /// Every rule, in the order a SARIF file lists them.
    pub const ALL: [Rule; 20] = [
        Rule::InvalidRead,
        Rule::InvalidWrite,
        Rule::MisalignedAccess,
        Rule::DataRace,
        Rule::UninitializedValue,
        Rule::UninitializedAddress,
        Rule::UninitializedControlFlow,
        Rule::UninitializedIndex,
        Rule::ArrayIndex,
        Rule::WorkGroupDivergence,
        Rule::UnwaitedEvents,
        Rule::InvalidWaitEvent,
        Rule::ApiError,
        Rule::FatalError,
        Rule::LeakedObject,
        Rule::UncoalescedAccess,
        Rule::BankConflict,
        Rule::DivergentBranch,
        Rule::PerformanceFigures,
        Rule::Other,
    ];

    /// The rule's id in JSON lines and SARIF (`invalid-read`).
    pub fn id(self) -> &'static str {
        match self {
            Rule::InvalidRead => "invalid-read",
            Rule::InvalidWrite => "invalid-write",
            Rule::MisalignedAccess => "misaligned-access",
            Rule::DataRace => "data-race",
            Rule::UninitializedValue => "uninitialized-value",
            Rule::UninitializedAddress => "uninitialized-address",
            Rule::UninitializedControlFlow => "uninitialized-control-flow",
            Rule::UninitializedIndex => "uninitialized-index",
            Rule::ArrayIndex => "array-index",
            Rule::WorkGroupDivergence => "work-group-divergence",
            Rule::UnwaitedEvents => "unwaited-events",
            Rule::InvalidWaitEvent => "invalid-wait-event",
            Rule::ApiError => "api-error",
            Rule::FatalError => "fatal-error",
            Rule::LeakedObject => "leaked-object",
            Rule::UncoalescedAccess => "uncoalesced-access",
            Rule::BankConflict => "bank-conflict",
            Rule::DivergentBranch => "divergent-branch",
            Rule::PerformanceFigures => "performance-figures",
            Rule::Other => "diagnostic",
        }
    }

    /// What the rule is about, in a sentence.
    pub fn description(self) -> &'static str {
        match self {
            Rule::InvalidRead => "A load outside any buffer, or from a write-only one",
            Rule::InvalidWrite => "A store outside any buffer, or to a read-only one",
            Rule::MisalignedAccess => {
                "A load, store or atomic at an address not aligned to its type"
            }
            Rule::DataRace => {
                "Two work-items access the same memory without synchronisation, one of them writing"
            }
            Rule::UninitializedValue => {
                "A value with uninitialised bits was stored to local or global memory"
            }
            Rule::UninitializedAddress => {
                "An address with uninitialised bits was used for a load or store"
            }
            Rule::UninitializedControlFlow => "A branch decided on an uninitialised value",
            Rule::UninitializedIndex => "An async copy's count or stride was uninitialised",
            Rule::ArrayIndex => "An index exceeded the size of a fixed-size array",
            Rule::WorkGroupDivergence => {
                "Work-items of a group reached different barriers or async copies"
            }
            Rule::UnwaitedEvents => "An async copy's event was never waited for",
            Rule::InvalidWaitEvent => {
                "wait_group_events was given an event no async copy of the group made"
            }
            Rule::ApiError => "An OpenCL API call failed (--check-api)",
            Rule::FatalError => "The simulator could not go on with the work-item",
            Rule::LeakedObject => "An OpenCL object the application never released (--leak-check)",
            Rule::UncoalescedAccess => {
                "A sub-group's global memory access touches more 32-byte sectors than its bytes need (--perf-lints)"
            }
            Rule::BankConflict => {
                "Lanes of a sub-group access different words of one local memory bank, which serialises the access (--perf-lints)"
            }
            Rule::DivergentBranch => {
                "Lanes of a sub-group went both ways at a conditional branch (--perf-lints)"
            }
            Rule::PerformanceFigures => {
                "Figures of memory accesses and branches below the lints' thresholds, and a kernel's totals (--perf-lints)"
            }
            Rule::Other => "A diagnostic of the simulator or a plugin",
        }
    }

    /// Whether the rule is one of the performance lints' (`--perf-lints`): information, never
    /// an error.
    pub fn is_performance(self) -> bool {
        matches!(
            self,
            Rule::UncoalescedAccess
                | Rule::BankConflict
                | Rule::DivergentBranch
                | Rule::PerformanceFigures
        )
    }
}

/// Who was executing: a work-item with its ids, a work-group itself (async copies), or nobody
/// known.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Entity {
    WorkItem {
        global: [u64; 3],
        local: [u64; 3],
        group: [u64; 3],
    },
    Group([u64; 3]),
    Unknown,
}

impl Entity {
    /// The work-item's global id, if it is one.
    pub fn global(&self) -> Option<[u64; 3]> {
        match *self {
            Entity::WorkItem { global, .. } => Some(global),
            _ => None,
        }
    }

    /// The work-item's local id, if it is one.
    pub fn local(&self) -> Option<[u64; 3]> {
        match *self {
            Entity::WorkItem { local, .. } => Some(local),
            _ => None,
        }
    }

    /// The work-group, if it is known.
    pub fn group(&self) -> Option<[u64; 3]> {
        match *self {
            Entity::WorkItem { group, .. } | Entity::Group(group) => Some(group),
            Entity::Unknown => None,
        }
    }
}

/// A position in a source file.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SourcePlace {
    pub file: String,
    pub line: u32,
    /// 0 where the position has none.
    pub column: u32,
    /// The line's text without its indentation, where the message shows it (`None`: not
    /// available, such as a line of an included header).
    pub text: Option<String>,
}

/// The instruction a diagnostic points at.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum At {
    /// No instruction is known (an async copy's own accesses).
    Unknown,
    Instruction {
        /// The LLVM instruction's text.
        instruction: String,
        /// Its source position; `None` without debug information.
        place: Option<SourcePlace>,
    },
}

impl At {
    pub fn place(&self) -> Option<&SourcePlace> {
        match self {
            At::Instruction { place, .. } => place.as_ref(),
            At::Unknown => None,
        }
    }

    pub fn instruction(&self) -> Option<&str> {
        match self {
            At::Instruction { instruction, .. } => Some(instruction),
            At::Unknown => None,
        }
    }
}

/// Where an uninitialised value came from.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Origin {
    /// In the source's terms (`private variable 'sum' declared at line 4 of input.cl`).
    pub description: String,
    /// Where the variable was declared or the memory allocated, when the description names
    /// a line (no column).
    pub place: Option<SourcePlace>,
}

/// One party a data race names: an access, who made it and where.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Access {
    pub entity: Entity,
    pub at: At,
}

/// What a work-group's work-items disagreed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Divergent {
    Barrier,
    AsyncCopy,
}

impl Divergent {
    /// The headline of a divergence diagnostic.
    pub fn headline(self) -> &'static str {
        match self {
            Divergent::Barrier => "Work-group divergence detected (barrier)",
            Divergent::AsyncCopy => "Work-group divergence detected (async copy)",
        }
    }
}

/// The body of a diagnostic, by the layout Oclgrind prints it in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Body {
    /// Oclgrind's standard layout (compat §4.1): kernel, entity and location, with our lines
    /// after them.
    Standard {
        /// Lines between the headline and the kernel (a fatal error's message).
        message: Vec<String>,
        entity: Entity,
        at: At,
        /// Where an uninitialised value came from.
        origin: Option<Origin>,
        /// Our own lines after the location (beyond Oclgrind's text).
        notes: Vec<String>,
    },
    /// A data race (compat §4.5): both accesses.
    Race {
        first: Access,
        second: Access,
        /// Our line after Oclgrind's: a barrier that did not fence this memory.
        note: Option<String>,
    },
    /// Not every work-item of the group reached the barrier or async copy.
    PartialGroup {
        what: Divergent,
        group: [u64; 3],
        arrived: u64,
        size: u64,
        at: At,
    },
    /// A work-item reached a different barrier or async copy than those before it.
    Divergence {
        what: Divergent,
        group: [u64; 3],
        /// The work-item that diverged (none for an async copy whose issuer is unknown).
        work_item: Option<Entity>,
        at: At,
        /// The barrier's or copy's arguments.
        details: Vec<String>,
        /// Where the previous work-items were, and what they executed.
        previous_at: At,
        previous_details: Vec<String>,
    },
    /// An OpenCL API call that failed (`--check-api`, compat §7.3).
    ApiError {
        function: String,
        error: String,
        /// Why, when the runtime says.
        info: Option<String>,
    },
    /// A message with no structure (a plugin's own text, a summary): printed as given.
    Text(String),
    /// A performance lint (`--perf-lints`): figures for one source line, or a kernel's totals.
    /// Printed as its headline alone, one line.
    Performance {
        /// The line's place (an instruction on it); [`At::Unknown`] for totals.
        at: At,
        /// The sub-group size the figures were counted at.
        sub_group_size: u64,
        figures: Figures,
    },
}

/// A performance lint's figures (`--perf-lints`). A request is the accesses one sub-group's
/// lanes make at one site together; per-line figures are sums over the line's sites. In JSON,
/// a `kind` (`global`, `local`, `branch`, `totals`) and the fields in camelCase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum Figures {
    /// Global loads (`write: false`) or stores of one line: requests, 32-byte sectors
    /// touched, and the fewest sectors their bytes need.
    Global {
        write: bool,
        requests: u64,
        sectors: u64,
        ideal: u64,
    },
    /// Local memory accesses of one line: accesses (requests), serialised passes, and the
    /// fewest passes possible.
    Local {
        accesses: u64,
        passes: u64,
        ideal: u64,
    },
    /// Executions of one line's conditional branches by whole sub-groups, and how many
    /// diverged.
    Branch { executions: u64, divergent: u64 },
    /// A launch's sums. `cut`: requests counted before all their lanes arrived (a safety
    /// cap).
    Totals {
        global_requests: u64,
        sectors: u64,
        global_ideal: u64,
        local_accesses: u64,
        passes: u64,
        local_ideal: u64,
        executions: u64,
        divergent: u64,
        cut: u64,
    },
}

/// One diagnostic.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Diagnostic {
    pub level: Level,
    pub rule: Rule,
    /// The first line: what happened (for [`Body::Text`], the text's first line).
    pub headline: String,
    /// The kernel that was running, if any.
    pub kernel: Option<String>,
    /// The launch's number in this process (from 0), if a kernel was running.
    pub launch: Option<u64>,
    pub body: Body,
    /// The memory it is about, where it is about one address (an invalid access, a race,
    /// an uninitialised value stored): for tools that map it to data. No text shows it.
    #[serde(default)]
    pub memory: Option<MemoryPlace>,
}

/// An address in a space, as a diagnostic names it (`global memory address 0x...`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MemoryPlace {
    /// `global`, `local`, `private` or `constant`.
    pub space: String,
    pub address: u64,
}

impl Diagnostic {
    /// A message of free text, as a plugin logs it.
    pub fn text(level: Level, text: impl Into<String>) -> Diagnostic {
        let text = text.into();
        let headline = text
            .lines()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("")
            .trim()
            .to_string();
        Diagnostic {
            level,
            rule: Rule::Other,
            headline,
            kernel: None,
            launch: None,
            body: Body::Text(text),
            memory: None,
        }
    }

    /// An API error (`--check-api`).
    pub fn api_error(function: &str, error: &str, info: Option<String>) -> Diagnostic {
        Diagnostic {
            level: Level::Error,
            rule: Rule::ApiError,
            headline: text::API_ERROR_HEADLINE.to_string(),
            kernel: None,
            launch: None,
            body: Body::ApiError {
                function: function.to_string(),
                error: error.to_string(),
                info: info.filter(|i| !i.is_empty()),
            },
            memory: None,
        }
    }

    /// A performance lint's line (`--perf-lints`): information, its headline the whole
    /// message (see [`text::performance_line`]).
    pub fn performance(
        rule: Rule,
        kernel: &str,
        launch: u64,
        at: At,
        sub_group_size: u64,
        figures: Figures,
    ) -> Diagnostic {
        Diagnostic {
            level: Level::Info,
            rule,
            headline: text::performance_line(rule, kernel, &at, sub_group_size, &figures),
            kernel: Some(kernel.to_string()),
            launch: Some(launch),
            body: Body::Performance {
                at,
                sub_group_size,
                figures,
            },
            memory: None,
        }
    }

    /// The memory the diagnostic is about.
    pub fn with_memory(mut self, space: impl ToString, address: u64) -> Diagnostic {
        self.memory = Some(MemoryPlace {
            space: space.to_string(),
            address,
        });
        self
    }

    /// Adds a line of our own after the location of a standard message.
    pub fn with_note(mut self, note: Option<String>) -> Diagnostic {
        if let (Body::Standard { notes, .. }, Some(note)) = (&mut self.body, note) {
            notes.push(note);
        }
        self
    }

    /// The parties the message names, in its order, each with a label where the message
    /// gives one (`First entity`), who it was and where.
    pub fn parties(&self) -> Vec<Party<'_>> {
        fn party<'a>(
            label: Option<&'static str>,
            entity: Option<Entity>,
            at: Option<&'a At>,
        ) -> Party<'a> {
            Party { label, entity, at }
        }
        match &self.body {
            Body::Standard { entity, at, .. } => vec![party(None, Some(*entity), Some(at))],
            Body::Race { first, second, .. } => vec![
                party(Some("First entity"), Some(first.entity), Some(&first.at)),
                party(Some("Second entity"), Some(second.entity), Some(&second.at)),
            ],
            Body::PartialGroup { group, at, .. } => {
                vec![party(None, Some(Entity::Group(*group)), Some(at))]
            }
            Body::Divergence {
                group,
                work_item,
                at,
                previous_at,
                ..
            } => vec![
                party(None, Some(Entity::Group(*group)), None),
                party(Some("Work-item"), *work_item, Some(at)),
                party(Some("Previous work-items"), None, Some(previous_at)),
            ],
            Body::Performance {
                figures: Figures::Totals { .. },
                ..
            } => Vec::new(),
            Body::Performance { at, .. } => vec![party(None, None, Some(at))],
            Body::ApiError { .. } | Body::Text(_) => Vec::new(),
        }
    }

    /// The first source position the message names: where a CI system shows it.
    pub fn place(&self) -> Option<&SourcePlace> {
        self.parties().into_iter().find_map(|p| p.at?.place())
    }

    /// The first work-item the message names.
    pub fn work_item(&self) -> Option<[u64; 3]> {
        self.parties().first()?.entity?.global()
    }

    /// The origin of an uninitialised value.
    pub fn origin(&self) -> Option<&Origin> {
        match &self.body {
            Body::Standard { origin, .. } => origin.as_ref(),
            _ => None,
        }
    }

    /// The headline with a fatal error's message after it: what a CI system shows.
    pub fn title(&self) -> String {
        match &self.body {
            Body::Standard { message, .. } if !message.is_empty() => {
                format!("{}: {}", self.headline, message.join(" "))
            }
            _ => self.headline.clone(),
        }
    }

    /// The message in a line for a list: its title, or for an API error the function and the
    /// error code.
    pub fn summary(&self) -> String {
        match &self.body {
            Body::ApiError {
                function, error, ..
            } => format!("{function}: {error}"),
            _ => self.title(),
        }
    }

    /// The lines of the message that no other field holds (an API error's function and code,
    /// a divergence's counts and arguments).
    pub fn details(&self) -> Vec<String> {
        match &self.body {
            Body::Standard { notes, .. } => notes.clone(),
            Body::Race { note, .. } => note.iter().cloned().collect(),
            Body::PartialGroup {
                what,
                arrived,
                size,
                ..
            } => vec![text::partial_line(*what, *arrived, *size)],
            Body::Divergence {
                details,
                previous_details,
                ..
            } => details.iter().chain(previous_details).cloned().collect(),
            Body::ApiError {
                function,
                error,
                info,
            } => text::api_error_lines(function, error, info.as_deref()),
            Body::Text(_) | Body::Performance { .. } => Vec::new(),
        }
    }
}

/// A party of a diagnostic (see [`Diagnostic::parties`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Party<'a> {
    pub label: Option<&'static str>,
    pub entity: Option<Entity>,
    pub at: Option<&'a At>,
}
