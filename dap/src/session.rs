//! One debugging session: the IDE's requests in, the engine's events out, and between them a
//! queue of jobs. The engine takes a command only when it prompts, and answers it with the
//! events before its next prompt, so each job is a list of commands sent one per prompt and a
//! function that turns their answers into DAP (a response, events, more jobs). Stops the IDE
//! does not see (the start of each launch, a breakpoint whose hit condition fails, a
//! logpoint, a report with the `diagnostics` filter off) are handled by jobs too, ending in
//! `continue`.

use std::collections::VecDeque;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitStatus;
use std::sync::mpsc::{Receiver, Sender};

use oclgrind_debug_protocol::diagnostic::Diagnostic;
use oclgrind_debug_protocol::protocol::{
    BreakpointInfo, Command, Event, InfoWhat, LaunchSummary, Motion, Reply, StopReason, Stopped,
    ToFrontend,
};
use oclgrind_debug_protocol::render::NO_HISTORY;
use serde_json::{json, Value};

use crate::breakpoints::{Breakpoints, LogPart};
use crate::debuggee::{Debuggee, Input, Spawn};
use crate::handles::Handles;
use crate::sources::Sources;
use crate::wire::Writer;

/// What the session debugs: an application (`oclgrind --dap`) or a `.sim` file
/// (`oclgrind-kernel --dap`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Debugging {
    Application,
    Kernel,
}

/// The answers to a job's commands, one list of events per command sent (fewer when the
/// process ended first).
pub type Answers = Vec<Vec<Event>>;
type Finish = Box<dyn FnOnce(&mut Session, Answers)>;

pub struct Job {
    commands: VecDeque<Command>,
    finish: Finish,
}

impl Job {
    pub fn new(
        commands: Vec<Command>,
        finish: impl FnOnce(&mut Session, Answers) + 'static,
    ) -> Job {
        Job {
            commands: commands.into(),
            finish: Box::new(finish),
        }
    }
}

/// A job whose commands are being answered.
struct Active {
    left: VecDeque<Command>,
    answers: Answers,
    finish: Finish,
}

/// The stop the IDE is shown.
pub struct Stop {
    pub stopped: Stopped,
    pub thread: i64,
    /// The report of an `exception` stop.
    pub diagnostic: Option<Diagnostic>,
}

/// A command after which the engine runs on: it prompts again only at the next stop.
pub(crate) fn resumes(command: &Command) -> bool {
    command.runs() || *command == Command::Quit
}

pub struct Session {
    pub(crate) out: Writer<Box<dyn Write + Send>>,
    tx: Sender<Input>,
    pub(crate) debugging: Debugging,
    pub(crate) exe: PathBuf,
    /// Options `--dap` itself was given.
    pub(crate) base_options: Vec<String>,
    /// The launch request's, once it came.
    pub(crate) spawn: Option<Spawn>,
    pub(crate) stop_on_entry: bool,
    pub(crate) configured: bool,
    pub(crate) debuggee: Option<Debuggee>,
    /// The engine waits for a command.
    prompted: bool,
    jobs: VecDeque<Job>,
    active: Option<Active>,
    pub(crate) breakpoints: Breakpoints,
    pub(crate) sources: Sources,
    /// The `diagnostics` exception filter.
    pub(crate) stop_on_reports: bool,
    pub(crate) launch: Option<LaunchSummary>,
    pub(crate) stop: Option<Stop>,
    pub(crate) handles: Handles,
    last_diagnostic: Option<Diagnostic>,
    /// A launch began and has not stopped yet: its first stop (at its first line) is its start.
    launch_fresh: bool,
    /// The stop a command that should have run the kernel on left; shown again if the engine
    /// refused the command (it prompts with no stop in between).
    left_stop: Option<Stop>,
    /// The last command that ran the kernel went back: breakpoints it meets are passed
    /// going back too.
    backwards: bool,
    /// The stop is at a hit of this breakpoint (shown or passed).
    at_hit: Option<i64>,
    /// A command going back left a hit of this breakpoint: the next stop is before it, so
    /// the hit no longer counts (see `breakpoint_hit`).
    left_hit: Option<i64>,
    /// The threads the IDE was last told of.
    pub(crate) threads: Vec<(i64, String)>,
    /// The launch (counted from 1) and work-group of the threads shown.
    shown_group: Option<(u64, [u64; 3])>,
    launches: u64,
    /// A kernel runs (between the engine's launch events): pause can stop it.
    pub(crate) in_launch: bool,
    streams_open: u32,
    exit: Option<ExitStatus>,
    /// We asked the process to end (a signal that kills it is no crash).
    pub(crate) ending: bool,
    terminated: bool,
    pub(crate) done: bool,
}

impl Session {
    pub fn new(
        out: Box<dyn Write + Send>,
        tx: Sender<Input>,
        debugging: Debugging,
        exe: PathBuf,
        base_options: Vec<String>,
    ) -> Session {
        Session {
            out: Writer::new(out),
            tx,
            debugging,
            exe,
            base_options,
            spawn: None,
            stop_on_entry: false,
            configured: false,
            debuggee: None,
            prompted: false,
            jobs: VecDeque::new(),
            active: None,
            breakpoints: Breakpoints::default(),
            sources: Sources::default(),
            stop_on_reports: true,
            launch: None,
            stop: None,
            handles: Handles::default(),
            last_diagnostic: None,
            launch_fresh: false,
            left_stop: None,
            backwards: false,
            at_hit: None,
            left_hit: None,
            threads: Vec::new(),
            shown_group: None,
            launches: 0,
            in_launch: false,
            streams_open: 0,
            exit: None,
            ending: false,
            terminated: false,
            done: false,
        }
    }

    /// Runs until the IDE disconnects; the exit status of the adapter (1 when the IDE sent
    /// something that is not DAP).
    pub fn run(mut self, rx: Receiver<Input>) -> i32 {
        let mut status = 0;
        while !self.done {
            let Ok(input) = rx.recv() else { break };
            match input {
                Input::Client(request) => self.request(request),
                Input::ClientGone(why) => {
                    if let Some(why) = why {
                        eprintln!("oclgrind --dap: {why}");
                        status = 1;
                    }
                    self.done = true;
                }
                Input::Engine(ToFrontend::Prompt) => self.on_prompt(),
                Input::Engine(ToFrontend::Event(event)) => self.on_event(*event),
                Input::EngineGone => self.engine_gone(),
                Input::Output { category, text } => self.output(category, &text),
                Input::StreamClosed => {
                    self.streams_open = self.streams_open.saturating_sub(1);
                    self.maybe_terminated();
                }
                Input::Exited(status) => {
                    self.exit = Some(status);
                    self.engine_gone();
                    self.maybe_terminated();
                }
            }
        }
        // Dropping the debuggee ends its process group.
        self.debuggee = None;
        status
    }

    /// Starts the process, once the launch request and the configuration are both in.
    pub(crate) fn start_if_ready(&mut self) {
        if !self.configured || self.debuggee.is_some() || self.terminated {
            return;
        }
        let Some(spawn) = &self.spawn else { return };
        match Debuggee::start(spawn, &[], self.tx.clone()) {
            Ok(d) => {
                self.debuggee = Some(d);
                self.streams_open = 2;
            }
            Err(e) => {
                let message = format!("Cannot start {}: {e}\n", spawn.program);
                self.output("stderr", &message);
                self.out.event("terminated", json!({}));
                self.terminated = true;
            }
        }
    }

    pub(crate) fn output(&mut self, category: &str, text: &str) {
        self.out
            .event("output", json!({ "category": category, "output": text }));
    }

    /// Queues a job; it runs when the engine prompts.
    pub fn push(&mut self, job: Job) {
        self.jobs.push_back(job);
        self.pump();
    }

    /// Runs queued jobs while the engine waits for commands.
    fn pump(&mut self) {
        while self.prompted && self.active.is_none() {
            let Some(mut job) = self.jobs.pop_front() else {
                return;
            };
            let Some(first) = job.commands.pop_front() else {
                (job.finish)(self, Vec::new());
                continue;
            };
            self.send(first, job.commands, vec![], job.finish);
        }
    }

    /// Sends one command of a job.
    fn send(
        &mut self,
        command: Command,
        left: VecDeque<Command>,
        mut answers: Answers,
        finish: Finish,
    ) {
        let sent = self.debuggee.as_ref().is_some_and(|d| d.send(&command));
        if !sent {
            finish(self, answers);
            return;
        }
        self.prompted = false;
        answers.push(Vec::new());
        if resumes(&command) {
            self.backwards = matches!(command, Command::Reverse(_));
            let at_hit = self.at_hit.take();
            self.left_hit = at_hit.filter(|_| self.backwards);
            // The engine runs on: what this stop showed is gone.
            self.left_stop = self.stop.take();
            self.handles.clear();
            finish(self, answers);
        } else {
            self.active = Some(Active {
                left,
                answers,
                finish,
            });
        }
    }

    fn on_prompt(&mut self) {
        self.prompted = true;
        if let Some(stop) = self.left_stop.take() {
            // No stop since the command that should have run on: the engine refused it (its
            // message was shown); the work-item is where it was.
            if self.stop.is_none() && self.active.is_none() {
                // Nothing moved: the stop is still at the hit it was at.
                if let Some(id) = self.left_hit.take() {
                    self.at_hit = Some(id);
                }
                let body = json!({
                    "reason": "step",
                    "threadId": stop.thread,
                    "allThreadsStopped": true,
                });
                self.stop = Some(stop);
                self.out.event("stopped", body);
            }
        }
        if let Some(mut active) = self.active.take() {
            match active.left.pop_front() {
                Some(next) => self.send(next, active.left, active.answers, active.finish),
                None => (active.finish)(self, active.answers),
            }
        }
        self.pump();
    }

    fn on_event(&mut self, event: Event) {
        match &event {
            Event::LaunchBegin(summary) => {
                self.launch = Some(summary.clone());
                self.last_diagnostic = None;
                self.launch_fresh = true;
                self.launches += 1;
                self.in_launch = true;
            }
            Event::LaunchEnd { .. } | Event::Detached => {
                self.left_stop = None;
                self.in_launch = false;
            }
            Event::Reply(Reply::Message(m)) if self.active.is_none() => {
                // The refusal of a command that should have run the kernel on.
                let text = format!("{m}\n");
                self.output("console", &text);
            }
            Event::Reply(_) => {}
            // A performance lint is a note, never a stop: a later exception stop is described
            // by the error before it. Its text reaches the IDE with the debuggee's stderr.
            Event::Diagnostic(d) if d.rule.is_performance() => {}
            Event::Diagnostic(d) => self.last_diagnostic = Some(d.clone()),
            Event::Output(text) => self.output("stdout", text),
            Event::Stopped(stopped) => self.on_stopped(stopped.clone()),
        }
        if let Some(active) = &mut self.active {
            if let Some(last) = active.answers.last_mut() {
                last.push(event);
            }
        }
    }

    /// The engine's connection is gone: every waiting job is finished with what it has (each
    /// says so to the IDE).
    fn engine_gone(&mut self) {
        self.prompted = false;
        self.in_launch = false;
        self.stop = None;
        if let Some(active) = self.active.take() {
            (active.finish)(self, active.answers);
        }
        while let Some(job) = self.jobs.pop_front() {
            (job.finish)(self, Vec::new());
        }
    }

    /// After the process has ended and its output is read: DAP's `exited` and `terminated`.
    fn maybe_terminated(&mut self) {
        let Some(status) = self.exit else { return };
        if self.streams_open > 0 || self.terminated {
            return;
        }
        use std::os::unix::process::ExitStatusExt;
        let code = match (status.code(), status.signal()) {
            (Some(code), _) => code,
            (None, Some(signal)) => {
                if !self.ending {
                    let message = format!(
                        "The debugged process was killed by signal {signal} ({}).\n",
                        signal_name(signal)
                    );
                    self.output("stderr", &message);
                }
                128 + signal
            }
            _ => 1,
        };
        self.out.event("exited", json!({ "exitCode": code }));
        self.out.event("terminated", json!({}));
        self.terminated = true;
    }

    /// A work-item stopped: shown to the IDE, or handled here and continued.
    fn on_stopped(&mut self, stopped: Stopped) {
        self.left_stop = None;
        if let Some(id) = self.left_hit.take() {
            if let Some(bp) = self.breakpoints.all_mut().find(|b| b.id == id) {
                bp.hits = bp.hits.saturating_sub(1);
            }
        }
        // The engine stops every launch at its first line (as a step).
        let first = std::mem::take(&mut self.launch_fresh);
        match &stopped.reason {
            _ if first || stopped.reason == StopReason::LaunchStart => {
                self.sources.leave_program();
                // Without breakpoints nothing binds: the program's text is fetched only if a
                // stop is shown (launches of an application can be many).
                if self.breakpoints.none_anywhere() {
                    return self.launch_started(stopped);
                }
                self.with_program(move |s| {
                    s.sync_breakpoints(move |s| s.launch_started(stopped));
                });
            }
            StopReason::Breakpoint {
                number,
                condition_error,
            } => {
                let number = *number;
                let error = condition_error.is_some();
                match self.breakpoints.by_engine_number(number).map(|b| b.id) {
                    Some(id) if !error => self.breakpoint_hit(id, stopped),
                    Some(id) => self.show(stopped, "breakpoint", vec![id]),
                    // One the REPL made.
                    None => self.show(stopped, "breakpoint", vec![]),
                }
            }
            StopReason::Error => {
                if self.stop_on_reports {
                    self.show(stopped, "exception", vec![]);
                } else {
                    self.resume(Command::Continue);
                }
            }
            StopReason::Watchpoint { .. } => self.show(stopped, "data breakpoint", vec![]),
            StopReason::Interrupted => self.show(stopped, "pause", vec![]),
            StopReason::Switched => self.show(stopped, "goto", vec![]),
            StopReason::Step
            | StopReason::NoHistory
            | StopReason::Barrier
            | StopReason::Finished
            | StopReason::LaunchStart => self.show(stopped, "step", vec![]),
        }
    }

    /// The first stop of a launch: shown for a function breakpoint on its kernel, with
    /// `stopOnEntry`, or for a breakpoint on that very line; otherwise the launch runs on.
    fn launch_started(&mut self, stopped: Stopped) {
        let kernel = self
            .launch
            .as_ref()
            .map(|l| l.kernel.clone())
            .unwrap_or_default();
        if self.breakpoints.functions.contains(&kernel) {
            return self.show(stopped, "function breakpoint", vec![]);
        }
        if self.stop_on_entry {
            return self.show(stopped, "entry", vec![]);
        }
        // The engine stops at a breakpoint when a work-item reaches its line; this one is there
        // already.
        let line = stopped.position.line;
        let here = (stopped.position.file.is_none())
            .then(|| {
                self.breakpoints
                    .all_mut()
                    .find(|b| b.bound.is_some_and(|(_, l)| l == line))
                    .map(|b| (b.id, b.condition.clone()))
            })
            .flatten();
        match here {
            Some((id, None)) => self.breakpoint_hit(id, stopped),
            Some((id, Some(condition))) => self.push(Job::new(
                vec![Command::Evaluate { expr: condition }],
                move |s, answers| {
                    let holds = match first_reply(&answers, 0) {
                        Some(Reply::VariableList(v)) => v.first().is_some_and(|v| {
                            v.value
                                .as_ref()
                                .is_ok_and(|t| !matches!(t.as_str(), "0" | "false"))
                        }),
                        _ => false,
                    };
                    match holds {
                        true => s.breakpoint_hit(id, stopped),
                        false => s.resume(Command::Continue),
                    }
                },
            )),
            None => self.resume(Command::Continue),
        }
    }

    /// A breakpoint of the IDE's was reached (its condition held): its hit condition and log
    /// message decide. A breakpoint's hits are those before the stop in the kernel's run:
    /// going back, a hit was counted (and logged) on the way forward, and stops as it did
    /// then; leaving it backwards uncounts it (`left_hit`), so that replaying counts it again.
    fn breakpoint_hit(&mut self, id: i64, stopped: Stopped) {
        let backwards = self.backwards;
        // Passed, the breakpoint lets the kernel run on in the direction it was going.
        let run_on = match backwards {
            true => Command::Reverse(Motion::Continue),
            false => Command::Continue,
        };
        let Some(bp) = self.breakpoints.all_mut().find(|b| b.id == id) else {
            return self.resume(run_on);
        };
        self.at_hit = Some(id);
        if !backwards {
            bp.hits += 1;
        }
        if bp.hit.is_some_and(|h| !h.stops(bp.hits)) {
            return self.resume(run_on);
        }
        let Some(parts) = bp.log.clone() else {
            return self.show(stopped, "breakpoint", vec![id]);
        };
        if backwards {
            return self.resume(run_on);
        }
        let exprs: Vec<Command> = (parts.iter())
            .filter_map(|p| match p {
                LogPart::Expr(e) => Some(Command::Evaluate { expr: e.clone() }),
                LogPart::Text(_) => None,
            })
            .collect();
        self.push(Job::new(exprs, move |s, answers| {
            let mut values = answers.iter().map(|a| {
                a.iter()
                    .find_map(|e| match e {
                        Event::Reply(Reply::VariableList(v)) => v.first().map(|v| match &v.value {
                            Ok(t) => t.clone(),
                            Err(e) => format!("<{e}>"),
                        }),
                        Event::Reply(Reply::Message(m)) => Some(format!("<{m}>")),
                        _ => None,
                    })
                    .unwrap_or_default()
            });
            let mut line: String = (parts.iter())
                .map(|p| match p {
                    LogPart::Text(t) => t.clone(),
                    LogPart::Expr(_) => values.next().unwrap_or_default(),
                })
                .collect();
            line.push('\n');
            s.output("console", &line);
            s.resume(Command::Continue);
        }));
    }

    /// Runs the kernel on with a command (after the jobs queued before).
    pub(crate) fn resume(&mut self, command: Command) {
        self.push(Job::new(vec![command], |_, _| {}));
    }

    /// Shows a stop to the IDE (after giving the engine any breakpoints changed meanwhile).
    fn show(&mut self, stopped: Stopped, reason: &'static str, hit: Vec<i64>) {
        if !self.sources.knows_program() {
            return self.with_program(move |s| s.show(stopped, reason, hit));
        }
        if self.breakpoints.dirty {
            return self.sync_breakpoints(move |s| s.show(stopped, reason, hit));
        }
        let thread = self.thread_id(stopped.position.global);
        let group = (self.launches, stopped.position.group);
        if self.shown_group != Some(group) {
            // Another work-group: its work-items are other threads.
            for (id, _) in std::mem::take(&mut self.threads) {
                self.out
                    .event("thread", json!({ "reason": "exited", "threadId": id }));
            }
            self.out
                .event("thread", json!({ "reason": "started", "threadId": thread }));
            self.shown_group = Some(group);
        }
        let diagnostic = (reason == "exception")
            .then(|| self.last_diagnostic.clone())
            .flatten();
        let description = match (&stopped.reason, &diagnostic) {
            (_, Some(d)) => Some(d.headline.clone()),
            (StopReason::Watchpoint { expr, old, new, .. }, _) => {
                Some(format!("{expr}: old value = {old}, new value = {new}"))
            }
            (
                StopReason::Breakpoint {
                    condition_error: Some(e),
                    ..
                },
                _,
            ) => Some(format!("Error in the breakpoint's condition: {e}")),
            (StopReason::NoHistory, _) => Some(NO_HISTORY.to_string()),
            _ => None,
        };
        self.handles.clear();
        self.stop = Some(Stop {
            stopped,
            thread,
            diagnostic,
        });
        let mut body = json!({
            "reason": reason,
            "threadId": thread,
            "allThreadsStopped": true,
        });
        if !hit.is_empty() {
            body["hitBreakpointIds"] = json!(hit);
        }
        if let Some(d) = description {
            body["description"] = json!(d);
            body["text"] = json!(d);
        }
        self.out.event("stopped", body);
    }

    /// Fetches the stopped launch's program text (frames name its file, breakpoints bind by
    /// it), then runs `then`; nothing when the process has ended meanwhile.
    fn with_program(&mut self, then: impl FnOnce(&mut Session) + 'static) {
        let command = Command::SourceOf { file: None };
        self.push(Job::new(vec![command], move |s, answers| {
            if answers.is_empty() {
                return;
            }
            let lines = match first_reply(&answers, 0) {
                Some(Reply::Source(lines)) => lines.as_slice(),
                // A program without source: known, with no text.
                _ => &[],
            };
            s.sources.enter_program(lines);
            then(s);
        }));
    }

    /// Gives the engine the breakpoints that bind in the current program, then runs `then`.
    /// The engine's list is replaced whole: each `break` is followed by `info breakpoints`,
    /// which says whether it took and on which line.
    pub(crate) fn sync_breakpoints(&mut self, then: impl FnOnce(&mut Session) + 'static) {
        self.breakpoints.dirty = false;
        let mut commands = vec![Command::Delete { number: None }];
        let mut wanted = Vec::new();
        for (path, list) in self.breakpoints.by_file.iter_mut() {
            if self.sources.is_other_program(path) {
                list.iter_mut().for_each(|bp| bp.bound = None);
                continue;
            }
            let in_program = self.sources.is_current_program(path);
            for bp in list.iter() {
                // Lines of the program's own text; any other file only as an included one.
                let file = (!in_program).then(|| path.clone());
                commands.push(Command::Break {
                    file,
                    line: Some(bp.line),
                    condition: bp.condition.clone(),
                    temporary: false,
                });
                commands.push(Command::Info(InfoWhat::Breakpoints));
                wanted.push((bp.id, in_program));
            }
        }
        self.push(Job::new(commands, move |s, answers| {
            let mut known = 0;
            for (k, (id, in_program)) in wanted.into_iter().enumerate() {
                let refusal = answers.get(1 + 2 * k).and_then(|a| {
                    a.iter().find_map(|e| match e {
                        Event::Reply(Reply::Message(m)) => Some(m.clone()),
                        _ => None,
                    })
                });
                let list: Option<&Vec<BreakpointInfo>> =
                    first_reply(&answers, 2 + 2 * k).and_then(|r| match r {
                        Reply::Breakpoints(list) => Some(list),
                        _ => None,
                    });
                let Some(bp) = s.breakpoints.all_mut().find(|b| b.id == id) else {
                    continue;
                };
                let taken = list.filter(|l| l.len() > known).and_then(|l| l.last());
                match taken {
                    Some(info) => {
                        known += 1;
                        bp.bound = Some((info.number, info.line.unwrap_or(bp.line)));
                        bp.refused = None;
                    }
                    None => {
                        bp.bound = None;
                        // Refused in the program's own text: it cannot bind there.
                        bp.refused = in_program.then_some(refusal).flatten();
                    }
                }
            }
            s.tell_breakpoint_changes();
            then(s);
        }));
    }

    /// `breakpoint` events for what binding changed in what the IDE was told.
    fn tell_breakpoint_changes(&mut self) {
        let mut events = Vec::new();
        for (path, list) in self.breakpoints.by_file.iter_mut() {
            for bp in list.iter_mut() {
                let now = match (&bp.bound, &bp.refused) {
                    (Some((_, line)), _) => (true, *line),
                    (None, Some(_)) => (false, bp.line),
                    (None, None) => bp.told,
                };
                if now != bp.told {
                    bp.told = now;
                    events.push(breakpoint_json(bp, self.sources.source_of_key(path)));
                }
            }
        }
        for bp in events {
            self.out.event(
                "breakpoint",
                json!({ "reason": "changed", "breakpoint": bp }),
            );
        }
    }

    /// A work-item's thread id: its linear global index, from 1.
    pub(crate) fn thread_id(&self, global: [u64; 3]) -> i64 {
        let Some(l) = &self.launch else { return 1 };
        let size = l.global_size.map(|s| s.max(1));
        let rel: Vec<u64> = (0..3)
            .map(|d| global[d].saturating_sub(l.global_offset[d]))
            .collect();
        (rel[0] + rel[1] * size[0] + rel[2] * size[0] * size[1]) as i64 + 1
    }

    /// A work-item's name: its global and local ids.
    pub(crate) fn thread_name(&self, global: [u64; 3]) -> String {
        let Some(l) = &self.launch else {
            return format!("Global({},{},{})", global[0], global[1], global[2]);
        };
        let local: Vec<u64> = (0..3)
            .map(|d| global[d].saturating_sub(l.global_offset[d]) % l.local_size[d].max(1))
            .collect();
        format!(
            "Global({},{},{}) Local({},{},{})",
            global[0], global[1], global[2], local[0], local[1], local[2]
        )
    }
}

/// A breakpoint as DAP describes it.
pub(crate) fn breakpoint_json(bp: &crate::breakpoints::Breakpoint, source: Value) -> Value {
    let mut v = json!({
        "id": bp.id,
        "verified": bp.told.0,
        "line": bp.told.1,
        "source": source,
    });
    if let Some(why) = &bp.refused {
        v["message"] = json!(why);
    }
    v
}

/// The first reply among the answers to the `index`th command.
pub(crate) fn first_reply(answers: &Answers, index: usize) -> Option<&Reply> {
    answers.get(index)?.iter().find_map(|e| match e {
        Event::Reply(r) => Some(r),
        _ => None,
    })
}

fn signal_name(signal: i32) -> &'static str {
    match signal {
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGILL => "SIGILL",
        libc::SIGKILL => "SIGKILL",
        libc::SIGTERM => "SIGTERM",
        libc::SIGINT => "SIGINT",
        _ => "a signal",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use oclgrind_debug_protocol::diagnostic::{At, Figures, Rule};

    fn session() -> Session {
        let (tx, _rx) = std::sync::mpsc::channel();
        Session::new(
            Box::new(std::io::sink()),
            tx,
            Debugging::Kernel,
            PathBuf::new(),
            Vec::new(),
        )
    }

    fn lint(rule: Rule) -> Event {
        let figures = Figures::Branch {
            executions: 8,
            divergent: 8,
        };
        Event::Diagnostic(Diagnostic::performance(
            rule,
            "odd",
            0,
            At::Unknown,
            32,
            figures,
        ))
    }

    #[test]
    fn a_performance_lint_never_describes_an_exception_stop() {
        let mut s = session();
        s.on_event(lint(Rule::DivergentBranch));
        assert_eq!(s.last_diagnostic, None, "a note alone: nothing to describe");
        let error = Diagnostic::api_error("clEnqueueNDRangeKernel", "CL_INVALID_VALUE", None);
        s.on_event(Event::Diagnostic(error.clone()));
        s.on_event(lint(Rule::DivergentBranch));
        s.on_event(lint(Rule::PerformanceFigures));
        assert_eq!(s.last_diagnostic, Some(error), "the error before the notes");
    }
}
