//! The IDE's requests, one method each. Those about the stopped work-item become jobs for the
//! engine (session.rs); the rest are answered from what the adapter keeps.

use oclgrind_debug_protocol::commands::{self, Parsed};
use oclgrind_debug_protocol::protocol::{
    Command, Event, FrameInfo, FrameMove, InfoWhat, MemorySpace, Motion, Reply, VariableInfo,
    VariableScope, WorkItemState,
};
use oclgrind_debug_protocol::render;
use serde_json::{json, Value};

use crate::breakpoints::Wanted;
use crate::debuggee::{resolve, Spawn};
use crate::handles::{self, VarRef};
use crate::session::{breakpoint_json, first_reply, resumes, Answers, Debugging, Job, Session};
use crate::sources::Sources;
use crate::wire::{base64_decode, base64_encode};

/// The exception filter that stops at checker reports.
pub const DIAGNOSTICS_FILTER: &str = "diagnostics";

const NOT_STOPPED: &str = "The kernel is not stopped.";
const ENDED: &str = "The debugged process has ended.";

impl Session {
    pub(crate) fn request(&mut self, request: Value) {
        let args = request["arguments"].clone();
        match request["command"].as_str().unwrap_or("") {
            "initialize" => self.initialize(&request),
            "launch" => self.launch(&request, &args),
            "attach" => self
                .out
                .refuse(&request, "oclgrind starts what it debugs: use launch."),
            "setBreakpoints" => self.set_breakpoints(&request, &args),
            "setFunctionBreakpoints" => self.set_function_breakpoints(&request, &args),
            "setExceptionBreakpoints" => {
                let filters = args["filters"].as_array().cloned().unwrap_or_default();
                self.stop_on_reports = filters.iter().any(|f| f == DIAGNOSTICS_FILTER);
                self.out.respond(&request, json!({}));
            }
            "configurationDone" => {
                self.configured = true;
                self.out.respond(&request, json!({}));
                self.start_if_ready();
            }
            "threads" => self.threads(&request),
            "stackTrace" => self.stack_trace(&request, &args),
            "scopes" => self.scopes(&request, &args),
            "variables" => self.variables(&request, &args),
            "setVariable" => self.set_variable(&request, &args),
            "evaluate" => self.evaluate(&request, &args),
            "source" => self.source(&request, &args),
            "continue" => self.run_on(&request, Command::Continue),
            // By instruction when the IDE asks so (its disassembly view has the focus).
            "next" => match by_instruction(&args) {
                true => self.run_on(&request, Command::Nexti),
                false => self.run_on(&request, Command::Next),
            },
            "stepIn" => match by_instruction(&args) {
                true => self.run_on(&request, Command::Stepi),
                false => self.run_on(&request, Command::Step),
            },
            "stepOut" => self.run_on(&request, Command::Finish),
            // Back in the work-group's recorded history, as `next` and `continue` go forward.
            "stepBack" => match by_instruction(&args) {
                true => self.run_on(&request, Command::Reverse(Motion::Nexti)),
                false => self.run_on(&request, Command::Reverse(Motion::Next)),
            },
            "reverseContinue" => self.run_on(&request, Command::Reverse(Motion::Continue)),
            "pause" => match &self.debuggee {
                // The engine stops a running kernel at Ctrl-C (compat §5.1); between launches
                // Ctrl-C would end the host program.
                Some(d) if self.in_launch && self.stop.is_none() => {
                    d.signal(libc::SIGINT);
                    self.out.respond(&request, json!({}));
                }
                _ if self.stop.is_some() => self.out.respond(&request, json!({})),
                _ => self.out.refuse(
                    &request,
                    "No kernel is running: pause stops a running kernel.",
                ),
            },
            "readMemory" => self.read_memory(&request, &args),
            "writeMemory" => self.write_memory(&request, &args),
            "disassemble" => self.disassemble(&request, &args),
            "exceptionInfo" => self.exception_info(&request),
            "terminate" => {
                self.ending = true;
                match &self.debuggee {
                    Some(d) => d.signal(libc::SIGTERM),
                    None => self.out.event("terminated", json!({})),
                }
                self.out.respond(&request, json!({}));
            }
            "disconnect" => {
                self.ending = true;
                // Dropping the debuggee kills its process group.
                self.debuggee = None;
                self.out.respond(&request, json!({}));
                self.done = true;
            }
            other => {
                let message = format!("oclgrind does not support the request '{other}'.");
                self.out.refuse(&request, &message);
            }
        }
    }

    fn initialize(&mut self, request: &Value) {
        self.out.respond(
            request,
            json!({
                "supportsConfigurationDoneRequest": true,
                "supportsFunctionBreakpoints": true,
                "supportsConditionalBreakpoints": true,
                "supportsHitConditionalBreakpoints": true,
                "supportsLogPoints": true,
                "supportsEvaluateForHovers": true,
                "supportsSetVariable": true,
                "supportsReadMemoryRequest": true,
                "supportsWriteMemoryRequest": true,
                "supportsDisassembleRequest": true,
                "supportsExceptionInfoRequest": true,
                "supportsTerminateRequest": true,
                "supportsStepBack": true,
                "supportsSteppingGranularity": true,
                "exceptionBreakpointFilters": [{
                    "filter": DIAGNOSTICS_FILTER,
                    "label": "Checker reports",
                    "description": "Stop at the work-item whenever a checker reports \
                                    (memory errors, data races, uninitialised values)",
                    "default": true,
                }],
            }),
        );
        self.out.event("initialized", json!({}));
    }

    fn launch(&mut self, request: &Value, args: &Value) {
        let Some(program) = args["program"].as_str() else {
            return self
                .out
                .refuse(request, "The launch request names no 'program'.");
        };
        let cwd = args["cwd"].as_str().map(std::path::PathBuf::from);
        let path = resolve(program, cwd.as_deref());
        if !path.exists() {
            let message = format!("The program '{}' does not exist.", path.display());
            return self.out.refuse(request, &message);
        }
        let strings = |v: &Value| -> Vec<String> {
            (v.as_array().into_iter().flatten())
                .filter_map(|a| a.as_str().map(str::to_string))
                .collect()
        };
        let env = (args["env"].as_object().into_iter().flatten())
            .filter_map(|(k, v)| v.as_str().map(|v| (k.clone(), v.to_string())))
            .collect();
        let mut options = self.base_options.clone();
        options.extend(strings(&args["options"]));
        self.stop_on_entry = args["stopOnEntry"].as_bool().unwrap_or(false);
        // Files that may hold the program's source: a `.sim`'s kernel and any `.cl` beside it.
        self.sources.set_cwd(cwd.clone());
        if self.debugging == Debugging::Kernel {
            if let Some(kernel) = sim_kernel_file(&path, cwd.as_deref()) {
                self.sources.know(&kernel.to_string_lossy());
            }
        }
        if let Some(dir) = path.parent() {
            self.sources.know_directory(dir);
        }
        if let Some(dir) = &cwd {
            self.sources.know_directory(dir);
        }
        self.spawn = Some(Spawn {
            exe: self.exe.clone(),
            options,
            program: program.to_string(),
            args: strings(&args["args"]),
            cwd,
            env,
        });
        self.out.respond(request, json!({}));
        self.start_if_ready();
    }

    fn set_breakpoints(&mut self, request: &Value, args: &Value) {
        // A file by its path, or a program shown by reference.
        let source = &args["source"];
        let reference = source["sourceReference"].as_u64().filter(|&r| r > 0);
        let path = match (source["path"].as_str(), reference) {
            (_, Some(reference)) => Sources::reference_key(reference),
            (Some(path), None) => path.to_string(),
            (None, None) => {
                let message = "Breakpoints need a source with a path or a reference.";
                return self.out.refuse(request, message);
            }
        };
        self.sources.know(&path);
        let lines = self
            .sources
            .file_text(&path)
            .map(|t| t.lines().count() as u32);
        let wanted: Vec<Wanted> = (args["breakpoints"].as_array().into_iter().flatten())
            .filter_map(|b| {
                Some(Wanted {
                    line: b["line"].as_u64()? as u32,
                    condition: b["condition"].as_str().map(str::to_string),
                    hit_condition: b["hitCondition"].as_str().map(str::to_string),
                    log_message: b["logMessage"].as_str().map(str::to_string),
                })
            })
            .collect();
        self.breakpoints.set(&path, wanted);
        // Verified for a line of the file; the engine's binding (now when stopped, else at the
        // next stop) may move it to the next line with code, or refuse it: a `breakpoint`
        // event says so.
        self.mark_told(&path, lines);
        if self.stop.is_none() {
            return self.answer_breakpoints(request, &path);
        }
        let request = request.clone();
        self.sync_breakpoints(move |s| s.answer_breakpoints(&request, &path));
    }

    fn answer_breakpoints(&mut self, request: &Value, path: &str) {
        let list = self
            .breakpoints
            .by_file
            .get(path)
            .map(Vec::as_slice)
            .unwrap_or_default();
        let source = self.sources.source_of_key(path);
        let answer: Vec<Value> = (list.iter())
            .map(|bp| breakpoint_json(bp, source.clone()))
            .collect();
        self.out.respond(request, json!({ "breakpoints": answer }));
    }

    /// Records a provisional answer for breakpoints not yet bound.
    fn mark_told(&mut self, path: &str, lines: Option<u32>) {
        for bp in self.breakpoints.by_file.get_mut(path).into_iter().flatten() {
            if bp.bound.is_none() && bp.refused.is_none() {
                bp.told = (lines.is_some_and(|n| bp.line >= 1 && bp.line <= n), bp.line);
            }
        }
    }

    fn set_function_breakpoints(&mut self, request: &Value, args: &Value) {
        let names: Vec<String> = (args["breakpoints"].as_array().into_iter().flatten())
            .filter_map(|b| b["name"].as_str().map(str::to_string))
            .collect();
        let answer: Vec<Value> = names.iter().map(|_| json!({ "verified": true })).collect();
        self.breakpoints.functions = names;
        self.out.respond(request, json!({ "breakpoints": answer }));
    }

    /// Queues a job whose answers `done` turns into the response; refused when not stopped.
    fn ask(
        &mut self,
        request: &Value,
        commands: Vec<Command>,
        done: impl FnOnce(&mut Session, &Value, Answers) + 'static,
    ) {
        if self.stop.is_none() {
            return self.out.refuse(request, NOT_STOPPED);
        }
        let request = request.clone();
        let expected = commands.len();
        self.push(Job::new(commands, move |s, answers| {
            if answers.len() < expected {
                return s.out.refuse(&request, ENDED);
            }
            done(s, &request, answers)
        }));
    }

    fn threads(&mut self, request: &Value) {
        let Some(stop) = &self.stop else {
            // Running: the threads last shown (the IDE asks at any time).
            let threads: Vec<Value> = match self.threads.is_empty() {
                true => vec![json!({ "id": 1, "name": "kernel" })],
                false => (self.threads.iter())
                    .map(|(id, name)| json!({ "id": id, "name": name }))
                    .collect(),
            };
            return self.out.respond(request, json!({ "threads": threads }));
        };
        let group = stop.stopped.position.group;
        self.ask(
            request,
            vec![Command::Info(InfoWhat::GroupWorkItems(group))],
            |s, request, answers| {
                let items = match first_reply(&answers, 0) {
                    Some(Reply::WorkItems(items)) => items.clone(),
                    _ => Vec::new(),
                };
                s.threads = (items.iter())
                    .filter(|w| w.state != WorkItemState::NotStarted)
                    .map(|w| (s.thread_id(w.global), s.thread_name(w.global)))
                    .collect();
                if let Some(stop) = &s.stop {
                    // The stopped work-item is a thread even if the list missed it.
                    if !s.threads.iter().any(|(id, _)| *id == stop.thread) {
                        let global = stop.stopped.position.global;
                        s.threads.insert(0, (stop.thread, s.thread_name(global)));
                    }
                }
                let threads: Vec<Value> = (s.threads.iter())
                    .map(|(id, name)| json!({ "id": id, "name": name }))
                    .collect();
                s.out.respond(request, json!({ "threads": threads }));
            },
        );
    }

    fn stack_trace(&mut self, request: &Value, args: &Value) {
        let current = self.stop.as_ref().map(|s| s.thread);
        if current.is_some() && args["threadId"].as_i64() != current {
            // Only the current work-item has frames; `workitem X Y Z` in the REPL selects another.
            return self
                .out
                .respond(request, json!({ "stackFrames": [], "totalFrames": 0 }));
        }
        let start = args["startFrame"].as_u64().unwrap_or(0) as usize;
        let levels = args["levels"]
            .as_u64()
            .filter(|&l| l > 0)
            .map(|l| l as usize);
        self.ask(
            request,
            vec![Command::Backtrace],
            move |s, request, answers| {
                let frames = match first_reply(&answers, 0) {
                    Some(Reply::Backtrace(frames)) => frames.clone(),
                    _ => Vec::new(),
                };
                let shown = frames.iter().skip(start).take(levels.unwrap_or(usize::MAX));
                let shown: Vec<Value> = shown.map(|f| s.frame_json(f)).collect();
                let body = json!({ "stackFrames": shown, "totalFrames": frames.len() });
                s.out.respond(request, body);
            },
        );
    }

    /// A frame as DAP shows it; its function and file are noted for the disassembly view.
    fn frame_json(&mut self, f: &FrameInfo) -> Value {
        let depth = f.depth as u32;
        self.handles
            .note_frame(&f.function, depth, f.file.as_deref());
        let instruction = self
            .handles
            .instruction_address(&f.function, f.instruction as i128);
        let mut frame = json!({
            "id": handles::frame_id(depth),
            "name": f.function,
            "line": f.line,
            "column": f.column.max(1),
            "instructionPointerReference": instruction,
        });
        if f.line > 0 {
            frame["source"] = self.sources.source(f.file.as_deref());
        }
        frame
    }

    fn scopes(&mut self, request: &Value, args: &Value) {
        let Some(frame) = args["frameId"].as_i64().and_then(handles::frame_of) else {
            return self.out.refuse(request, "No such frame.");
        };
        let mut scope = |name: &str, hint: Option<&str>, scope| {
            let reference = self.handles.var_ref(VarRef::Scope { frame, scope });
            let mut v =
                json!({ "name": name, "variablesReference": reference, "expensive": false });
            if let Some(hint) = hint {
                v["presentationHint"] = json!(hint);
            }
            v
        };
        let scopes = vec![
            scope("Locals", Some("locals"), VariableScope::Locals),
            scope("Arguments", Some("arguments"), VariableScope::Args),
            scope("Local memory", None, VariableScope::GroupLocal),
        ];
        self.out.respond(request, json!({ "scopes": scopes }));
    }

    fn variables(&mut self, request: &Value, args: &Value) {
        let reference = args["variablesReference"].as_i64().unwrap_or(0);
        let (frame, command) = match self.handles.get(reference) {
            Some(VarRef::Scope { frame, scope }) => (*frame, Command::Variables(*scope)),
            Some(VarRef::Children { frame, expr }) => (
                *frame,
                Command::Children {
                    expr: expr.clone(),
                    start: args["start"].as_u64().unwrap_or(0),
                    count: args["count"].as_u64().filter(|&c| c > 0),
                },
            ),
            None => return self.out.respond(request, json!({ "variables": [] })),
        };
        self.ask(
            request,
            vec![select(frame), command],
            move |s, request, answers| {
                let list = match first_reply(&answers, 1) {
                    Some(Reply::VariableList(list)) => list.clone(),
                    Some(Reply::Message(m)) => return s.out.refuse(request, m),
                    _ => Vec::new(),
                };
                let variables: Vec<Value> = list
                    .iter()
                    .map(|v| s.variable_json(frame, reference, v))
                    .collect();
                s.out.respond(request, json!({ "variables": variables }));
            },
        );
    }

    /// A variable as DAP shows it; its parts get a reference of their own.
    fn variable_json(&mut self, frame: u32, parent: i64, v: &VariableInfo) -> Value {
        let value = match &v.value {
            Ok(text) => text.clone(),
            Err(e) => e.message.clone(),
        };
        let reference = match v.children {
            0 => 0,
            _ => self.handles.var_ref(VarRef::Children {
                frame,
                expr: v.expr.clone(),
            }),
        };
        self.handles.remember(parent, &v.name, &v.expr);
        let mut json = json!({
            "name": v.name,
            "value": value,
            "variablesReference": reference,
            "evaluateName": v.expr,
        });
        if let Some(t) = &v.type_name {
            json["type"] = json!(t);
        }
        if let Some((space, address)) = v.memory {
            json["memoryReference"] = json!(handles::memory_reference(space, address));
        }
        if v.children > 100 {
            json["indexedVariables"] = json!(v.children);
        }
        json
    }

    fn set_variable(&mut self, request: &Value, args: &Value) {
        let reference = args["variablesReference"].as_i64().unwrap_or(0);
        let name = args["name"].as_str().unwrap_or("");
        let value = args["value"].as_str().unwrap_or("").to_string();
        let frame = match self.handles.get(reference) {
            Some(VarRef::Scope { frame, .. } | VarRef::Children { frame, .. }) => *frame,
            None => return self.out.refuse(request, "No such variable."),
        };
        let Some(expr) = self.handles.expr_of(reference, name).map(str::to_string) else {
            return self.out.refuse(request, "No such variable.");
        };
        let command = Command::SetVariable { expr, value };
        self.ask(
            request,
            vec![select(frame), command],
            move |s, request, answers| match first_reply(&answers, 1) {
                Some(Reply::VariableList(list)) if !list.is_empty() => {
                    let v = s.variable_json(frame, reference, &list[0]);
                    s.out.respond(request, value_body(&v, "value"));
                }
                Some(Reply::Message(m)) => s.out.refuse(request, m),
                _ => s.out.refuse(request, "The variable could not be set."),
            },
        );
    }

    fn evaluate(&mut self, request: &Value, args: &Value) {
        let text = args["expression"].as_str().unwrap_or("").trim().to_string();
        let frame = args["frameId"].as_i64().and_then(handles::frame_of);
        if args["context"] == "repl" {
            match commands::parse(&text) {
                Parsed::Command(command) => return self.repl_command(request, command),
                Parsed::Output(text) => {
                    return self.out.respond(
                        request,
                        json!({ "result": text.trim_end(), "variablesReference": 0 }),
                    );
                }
                Parsed::ConfirmDeleteAll => {
                    let text = "Delete breakpoints in the IDE's breakpoint view.";
                    return self
                        .out
                        .respond(request, json!({ "result": text, "variablesReference": 0 }));
                }
                // Not a command: an expression.
                Parsed::Unrecognized(_) => {}
            }
        }
        let mut commands = Vec::new();
        if let Some(frame) = frame {
            commands.push(select(frame));
        }
        let index = commands.len();
        let frame = frame.unwrap_or(0);
        commands.push(Command::Evaluate { expr: text });
        self.ask(
            request,
            commands,
            move |s, request, answers| match first_reply(&answers, index) {
                Some(Reply::VariableList(list)) if !list.is_empty() => match &list[0].value {
                    Ok(_) => {
                        let v = s.variable_json(frame, 0, &list[0]);
                        s.out.respond(request, value_body(&v, "result"));
                    }
                    Err(e) => s.out.refuse(request, &e.message),
                },
                Some(Reply::Message(m)) => s.out.refuse(request, m),
                _ => s.out.refuse(request, "The expression has no value."),
            },
        );
    }

    /// A line-mode command typed in the REPL: its answer as the line mode prints it.
    fn repl_command(&mut self, request: &Value, command: Command) {
        if self.stop.is_none() {
            return self.out.refuse(request, NOT_STOPPED);
        }
        if resumes(&command) {
            let thread = self.stop.as_ref().map_or(1, |s| s.thread);
            self.resume(command);
            self.out
                .respond(request, json!({ "result": "", "variablesReference": 0 }));
            // The IDE did not ask to run on: it is told.
            let body = json!({ "threadId": thread, "allThreadsContinued": true });
            return self.out.event("continued", body);
        }
        self.ask(request, vec![command], |s, request, answers| {
            let text: String = (answers.iter().flatten())
                .filter(|e| matches!(e, Event::Reply(_) | Event::Stopped(_)))
                .map(|e| render::render(e, false))
                .collect();
            s.out.respond(
                request,
                json!({ "result": text.trim_end(), "variablesReference": 0 }),
            );
        });
    }

    fn source(&mut self, request: &Value, args: &Value) {
        let reference = args["sourceReference"]
            .as_u64()
            .or_else(|| args["source"]["sourceReference"].as_u64());
        let text = reference
            .and_then(|r| self.sources.text(r))
            .map(str::to_string);
        let text = text.or_else(|| {
            let path = args["source"]["path"].as_str()?;
            std::fs::read_to_string(path).ok()
        });
        match text {
            Some(content) => self.out.respond(
                request,
                json!({ "content": content, "mimeType": "text/x-opencl" }),
            ),
            None => self.out.refuse(request, "No such source."),
        }
    }

    fn run_on(&mut self, request: &Value, command: Command) {
        if self.stop.is_none() {
            return self.out.refuse(request, NOT_STOPPED);
        }
        self.resume(command);
        self.out
            .respond(request, json!({ "allThreadsContinued": true }));
    }

    fn read_memory(&mut self, request: &Value, args: &Value) {
        let Some((space, address)) = self.memory_place(request, args) else {
            return;
        };
        let count = args["count"].as_u64().unwrap_or(0);
        let command = Command::MemoryAt {
            space,
            address,
            size: count,
        };
        self.ask(request, vec![command], move |s, request, answers| {
            let bytes = match first_reply(&answers, 0) {
                Some(Reply::MemoryOf { bytes, .. }) => bytes.clone(),
                _ => Vec::new(),
            };
            s.out.respond(
                request,
                json!({
                    "address": format!("0x{address:x}"),
                    "data": base64_encode(&bytes),
                    "unreadableBytes": count.saturating_sub(bytes.len() as u64),
                }),
            );
        });
    }

    /// The address space and address a memory request names (its reference plus its
    /// offset); refused when the reference is not one of ours.
    fn memory_place(&mut self, request: &Value, args: &Value) -> Option<(MemorySpace, u64)> {
        let reference = args["memoryReference"].as_str();
        let Some((space, address)) = reference.and_then(handles::parse_memory_reference) else {
            self.out
                .refuse(request, "Not a memory reference of oclgrind's.");
            return None;
        };
        let offset = args["offset"].as_i64().unwrap_or(0);
        Some((space, address.wrapping_add_signed(offset)))
    }

    fn write_memory(&mut self, request: &Value, args: &Value) {
        let Some((space, address)) = self.memory_place(request, args) else {
            return;
        };
        let Some(bytes) = args["data"].as_str().and_then(base64_decode) else {
            return self.out.refuse(request, "The data is not base64.");
        };
        let command = Command::WriteMemory {
            space,
            address,
            bytes,
        };
        self.ask(
            request,
            vec![command],
            |s, request, answers| match first_reply(&answers, 0) {
                Some(Reply::Written(n)) => s.out.respond(request, json!({ "bytesWritten": n })),
                Some(Reply::Message(m)) => s.out.refuse(request, m),
                _ => s.out.refuse(request, "The memory could not be written."),
            },
        );
    }

    /// The LLVM IR around an instruction of a frame's function, each with its source line.
    fn disassemble(&mut self, request: &Value, args: &Value) {
        let base = args["memoryReference"]
            .as_str()
            .and_then(handles::parse_address);
        let Some((function, index)) = base.and_then(|a| self.handles.instruction_at(a)) else {
            return self
                .out
                .refuse(request, "Not an instruction reference of oclgrind's.");
        };
        let function = function.to_string();
        let first = index + args["instructionOffset"].as_i64().unwrap_or(0) as i128;
        let count = args["instructionCount"].as_u64().unwrap_or(0) as i128;
        // The frame running that function.
        let Some((frame, file)) = self.handles.frame_running(&function) else {
            let message = "That function is in no frame of the current work-item.";
            return self.out.refuse(request, message);
        };
        let commands = vec![select(frame), Command::Disassemble];
        self.ask(request, commands, move |s, request, answers| {
            let Some(Reply::Disassembly {
                instructions,
                lines,
                ..
            }) = first_reply(&answers, 1)
            else {
                return s.out.refuse(request, "The function has no instructions.");
            };
            let source = s.sources.source(file.as_deref());
            let mut last_line = 0;
            let mut listing = Vec::new();
            for i in first..first + count {
                let address = s.handles.instruction_address(&function, i);
                let at = usize::try_from(i).ok();
                let Some(text) = at.and_then(|i| instructions.get(i)) else {
                    listing.push(json!({
                        "address": address,
                        "instruction": "",
                        "presentationHint": "invalid",
                    }));
                    continue;
                };
                let mut v = json!({ "address": address, "instruction": text.trim() });
                // A line where it changes, as the view groups instructions under lines.
                let line = at.and_then(|i| lines.get(i)).copied().unwrap_or(0);
                if line > 0 && line != last_line {
                    v["line"] = json!(line);
                    v["location"] = source.clone();
                }
                last_line = line;
                listing.push(v);
            }
            s.out.respond(request, json!({ "instructions": listing }));
        });
    }

    fn exception_info(&mut self, request: &Value) {
        let Some(d) = self.stop.as_ref().and_then(|s| s.diagnostic.clone()) else {
            return self
                .out
                .refuse(request, "The work-item did not stop at a report.");
        };
        let rule = d.rule.id();
        self.out.respond(
            request,
            json!({
                "exceptionId": rule,
                "description": d.headline,
                "breakMode": "always",
                "details": { "message": d.to_string(), "typeName": rule },
            }),
        );
    }
}

/// What `setVariable` and `evaluate` answer of a variable: its value (under `value_key`), its
/// parts' reference, its type and memory.
fn value_body(variable: &Value, value_key: &str) -> Value {
    let mut body = serde_json::Map::new();
    body.insert(value_key.into(), variable["value"].clone());
    for key in [
        "variablesReference",
        "type",
        "memoryReference",
        "indexedVariables",
    ] {
        if let Some(x) = variable.get(key) {
            body.insert(key.into(), x.clone());
        }
    }
    Value::Object(body)
}

/// Whether a stepping request asks to step by instruction (DAP's `granularity`; lines else).
fn by_instruction(args: &Value) -> bool {
    args["granularity"] == "instruction"
}

/// Selects a frame for the commands after it.
fn select(frame: u32) -> Command {
    Command::SelectFrame(FrameMove::To(Some(frame)))
}

/// The kernel file a `.sim` names on its first line (relative to the working directory).
fn sim_kernel_file(
    sim: &std::path::Path,
    cwd: Option<&std::path::Path>,
) -> Option<std::path::PathBuf> {
    let text = std::fs::read_to_string(sim).ok()?;
    let first = text
        .lines()
        .find(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))?;
    Some(resolve(first.trim(), cwd))
}
