//! The line-mode front-end: Oclgrind's debugger commands typed at a prompt, or read from a
//! pipe (then without a prompt, so that scripted sessions give exactly the same output every
//! time), and Oclgrind's output for them.

use std::io::BufRead;
use std::sync::Arc;

use oclgrind_core::context::Output;

use crate::engine::Frontend;
use crate::protocol::*;

/// Where command lines come from.
enum Input {
    /// A terminal: prompt, history and line editing.
    Terminal(Box<rustyline::DefaultEditor>),
    /// A pipe or file: no prompt, empty lines ignored.
    Plain(Box<dyn BufRead + Send>),
}

pub struct LineFrontend {
    input: Input,
    output: Arc<dyn Output>,
    /// The previous command line (an empty line repeats it at a terminal).
    last: Option<String>,
}

const PROMPT: &str = "(oclgrind) ";
/// What `read_line` gives for Ctrl-C at the prompt.
const INTERRUPTED_LINE: &str = "\u{3}";

impl LineFrontend {
    /// Reads the process's stdin: with a prompt and line editing when it is a terminal.
    pub fn stdio(output: Arc<dyn Output>) -> LineFrontend {
        // SAFETY: isatty only inspects the descriptor.
        let tty = unsafe { libc::isatty(0) } == 1;
        let input = match (tty, rustyline::DefaultEditor::new()) {
            (true, Ok(editor)) => Input::Terminal(Box::new(editor)),
            _ => Input::Plain(Box::new(std::io::BufReader::new(std::io::stdin()))),
        };
        LineFrontend {
            input,
            output,
            last: None,
        }
    }

    /// Reads commands from `input` (scripts, tests).
    pub fn new(input: Box<dyn BufRead + Send>, output: Arc<dyn Output>) -> LineFrontend {
        LineFrontend {
            input: Input::Plain(input),
            output,
            last: None,
        }
    }

    fn print(&self, text: &str) {
        self.output.stdout(text.as_bytes());
        self.output.flush();
    }

    /// The next line after `prompt` (shown only at a terminal); `None` at the end of input.
    /// Ctrl-C at the prompt gives a line of its own ("^C"), which no command matches.
    fn read_line(&mut self, prompt: &str) -> Option<String> {
        match &mut self.input {
            Input::Terminal(editor) => match editor.readline(prompt) {
                Ok(line) => {
                    if !line.trim().is_empty() {
                        let _ = editor.add_history_entry(line.as_str());
                    }
                    Some(line)
                }
                Err(rustyline::error::ReadlineError::Interrupted) => Some(INTERRUPTED_LINE.into()),
                Err(_) => {
                    self.print("(quit)\n");
                    None
                }
            },
            Input::Plain(r) => {
                let mut line = String::new();
                match r.read_line(&mut line) {
                    Ok(0) | Err(_) => None,
                    Ok(_) => Some(line),
                }
            }
        }
    }

    fn terminal(&self) -> bool {
        matches!(self.input, Input::Terminal(_))
    }
}

impl Frontend for LineFrontend {
    fn event(&mut self, event: &Event) {
        let text = render(event, self.terminal());
        if !text.is_empty() {
            self.print(&text);
        }
    }

    fn command(&mut self) -> Option<Command> {
        loop {
            let line = self.read_line(PROMPT)?;
            if line == INTERRUPTED_LINE {
                // A fresh prompt; the next empty line repeats nothing.
                self.last = None;
                continue;
            }
            let mut line = line.trim().to_string();
            if line.is_empty() {
                match (&self.last, self.terminal()) {
                    (Some(last), true) => line = last.clone(),
                    _ => continue,
                }
            }
            self.last = Some(line.clone());
            match parse(&line) {
                Parsed::Command(c) => return Some(c),
                Parsed::Output(text) => self.print(&text),
                Parsed::ConfirmDeleteAll => {
                    const QUESTION: &str = "Delete all breakpoints? (y/n) ";
                    if !self.terminal() {
                        self.print(QUESTION);
                    }
                    let answer = self.read_line(QUESTION).unwrap_or_default();
                    if answer.split_whitespace().next() == Some("y") {
                        return Some(Command::Delete { number: None });
                    }
                }
            }
        }
    }
}

/// What a command line asks for.
#[derive(Debug, PartialEq, Eq)]
pub enum Parsed {
    Command(Command),
    /// Printed by the front-end itself (help, errors).
    Output(String),
    /// `delete` with no number: ask first.
    ConfirmDeleteAll,
}

/// Each command with its alias and help text, in `help` order.
const COMMANDS: &[(&str, &str, &str)] = &[
    ("backtrace", "bt", "Print the function call stack of the current work-item."),
    ("break", "b", "Set a breakpoint at a line (default: the current line), of an included file with FILE:LINE.\nUsage: break [[FILE:]LINE] [if CONDITION]"),
    ("condition", "", "Set or remove the condition of a breakpoint.\nUsage: condition N [EXPRESSION]"),
    ("continue", "c", "Continue running until a breakpoint, an error or Ctrl-C."),
    ("delete", "d", "Delete a breakpoint or watchpoint (all, after asking, without a number).\nUsage: delete [N]"),
    ("disassemble", "disas", "Show the LLVM IR of the current function (=> marks the current instruction)."),
    ("display", "", "Print an expression at every stop.\nUsage: display[/FMT] EXPRESSION"),
    ("down", "", "Select the frame that the selected one called.\nUsage: down [N]"),
    ("finish", "", "Run until the current function returns."),
    ("frame", "f", "Select the frame that print and info look at, as the backtrace numbers them (the selected one without a number).\nUsage: frame [N]"),
    ("gmem", "gm", "Examine global memory (all of it without arguments).\nUsage: gmem [ADDRESS [SIZE]]"),
    ("help", "h", "Display usage information for a command.\nUsage: help [COMMAND]"),
    ("info", "i", "Display information about the kernel, breakpoints, variables, work-items or work-groups.\nUsage: info [break|watchpoints|locals|args|frame|workitems|groups|display]"),
    ("list", "l", "List source lines.\nWith no argument, lists 10 more lines after or around the previous listing.\n\"list -\" lists the ten lines before a previous ten-line listing.\nOne argument specifies a line, and ten lines are listed around that line."),
    ("lmem", "lm", "Examine local memory of the current work-group.\nUsage: lmem [ADDRESS [SIZE]]"),
    ("next", "n", "Step forward, treating function calls as single instructions."),
    ("pmem", "pm", "Examine private memory of the current work-item.\nUsage: pmem [ADDRESS [SIZE]]"),
    ("print", "p", "Print the values of expressions.\nUsage: print[/FMT] EXPRESSION...\nFMT is one of x (hex), d (signed), u (unsigned), t (binary), c (char), f (float), o (octal)."),
    ("quit", "q", "Quit interactive debugging (and continue running the kernel)."),
    ("step", "s", "Step forward a single source line, or an instruction if no source is available."),
    ("tbreak", "", "Set a temporary breakpoint (deleted when it is hit).\nUsage: tbreak [[FILE:]LINE] [if CONDITION]"),
    ("undisplay", "", "Stop displaying an expression (all without a number).\nUsage: undisplay [N]"),
    ("up", "", "Select the frame that called the selected one.\nUsage: up [N]"),
    ("watch", "", "Stop when the memory of an expression changes.\nUsage: watch EXPRESSION"),
    (
        "workitem",
        "wi",
        "Switch to a different work-item (missing coordinates are 0).\nUsage: workitem [X [Y [Z]]]",
    ),
    ("x", "", "Examine memory at an address.\nUsage: x/NFU EXPRESSION (N count, F format, U unit: b, h, w or g)"),
];

fn help(topic: Option<&str>) -> String {
    match topic {
        None => {
            let mut s = String::from("Command list:\n");
            for (name, alias, _) in COMMANDS {
                if alias.is_empty() {
                    s += &format!("  {name}\n");
                } else {
                    s += &format!("  {name:<12} ({alias})\n");
                }
            }
            s + "(type 'help command' for more information)\n"
        }
        Some(t) => match COMMANDS
            .iter()
            .find(|(n, a, _)| *n == t || (!a.is_empty() && *a == t))
        {
            Some((_, _, text)) => format!("{text}\n"),
            None => format!("Unrecognized command '{t}'\n"),
        },
    }
}

/// `break` / `tbreak` arguments: `[[FILE:]LINE] [if COND]`.
fn breakpoint(args: &str, temporary: bool) -> Parsed {
    let args = args.trim();
    let (place, condition) = match args.split_whitespace().position(|w| w == "if") {
        Some(_) => {
            let (place, cond) = if let Some(c) = args.strip_prefix("if") {
                ("", c)
            } else {
                let at = args.find(" if").unwrap_or(args.len());
                (&args[..at], &args[(at + 3).min(args.len())..])
            };
            if cond.trim().is_empty() {
                return Parsed::Output("Argument required (boolean expression).\n".into());
            }
            (place.trim(), Some(cond.trim()))
        }
        None => (args, None),
    };
    // An included file's line: `put.h:4`.
    let (file, place) = match place.rsplit_once(':') {
        Some((file, line)) if !file.is_empty() => (Some(file.to_string()), line),
        _ => (None, place),
    };
    let line = match place {
        "" => None,
        p => match p.parse::<u32>() {
            Ok(l) => Some(l),
            Err(_) => return Parsed::Output("Invalid line number.\n".into()),
        },
    };
    Parsed::Command(Command::Break {
        file,
        line,
        condition: condition.map(str::to_string),
        temporary,
    })
}

/// Splits a `print` argument list. Oclgrind takes each whitespace-separated word as one
/// expression; gdb takes the whole line. Both are honoured: when every word is an expression on
/// its own (`print a b[1] *p`) each is printed, otherwise the line is one (`print a + b`).
fn print_expressions(args: &[&str], rest: &str) -> Vec<String> {
    if args.len() > 1 && args.iter().all(|a| crate::expr::parse(a).is_ok()) {
        args.iter().map(|a| a.to_string()).collect()
    } else {
        vec![rest.to_string()]
    }
}

/// Splits `cmd/FMT` into the command and its format letters.
fn split_format(word: &str) -> (&str, Option<&str>) {
    match word.split_once('/') {
        Some((c, f)) => (c, Some(f)),
        None => (word, None),
    }
}

/// The commands' full names, for completion.
pub fn command_names() -> impl Iterator<Item = &'static str> {
    COMMANDS.iter().map(|(name, _, _)| *name)
}

/// Parses a command line.
pub fn parse(line: &str) -> Parsed {
    let line = line.trim();
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (line, ""),
    };
    let (name, fmt) = split_format(word);
    let args: Vec<&str> = rest.split_whitespace().collect();
    let command = |c| Parsed::Command(c);
    let usage = |what: &str| Parsed::Output(format!("{what}\n"));
    match name {
        "backtrace" | "bt" | "where" => command(Command::Backtrace),
        "up" | "down" => match args.first().map(|a| a.parse::<u32>()) {
            None => command(Command::SelectFrame(if name == "up" {
                FrameMove::Up(1)
            } else {
                FrameMove::Down(1)
            })),
            Some(Ok(n)) if name == "up" => command(Command::SelectFrame(FrameMove::Up(n))),
            Some(Ok(n)) => command(Command::SelectFrame(FrameMove::Down(n))),
            Some(Err(_)) => usage("Invalid number of frames."),
        },
        "frame" | "f" => match args.first().map(|a| a.parse::<u32>()) {
            None => command(Command::SelectFrame(FrameMove::To(None))),
            Some(Ok(n)) => command(Command::SelectFrame(FrameMove::To(Some(n)))),
            Some(Err(_)) => usage("Invalid frame number."),
        },
        "disassemble" | "disas" => command(Command::Disassemble),
        "break" | "b" => breakpoint(rest, false),
        "tbreak" => breakpoint(rest, true),
        "condition" => {
            let Some(n) = args.first().and_then(|a| a.parse::<u32>().ok()) else {
                return usage("Argument required (breakpoint number).");
            };
            let cond = rest[args[0].len()..].trim();
            command(Command::Condition {
                number: n,
                condition: (!cond.is_empty()).then(|| cond.to_string()),
            })
        }
        "continue" | "c" => command(Command::Continue),
        "delete" | "d" => match args.first() {
            None => Parsed::ConfirmDeleteAll,
            Some(a) => match a.parse::<u32>() {
                Ok(n) => command(Command::Delete { number: Some(n) }),
                Err(_) => usage("Invalid breakpoint number."),
            },
        },
        "display" => {
            if rest.is_empty() {
                return command(Command::Info(InfoWhat::Displays));
            }
            command(Command::Display {
                expr: rest.to_string(),
                format: fmt.and_then(|f| f.chars().next()),
            })
        }
        "undisplay" => match args.first().map(|a| a.parse::<u32>()) {
            None => command(Command::Undisplay { number: None }),
            Some(Ok(n)) => command(Command::Undisplay { number: Some(n) }),
            Some(Err(_)) => usage("Arguments must be display numbers."),
        },
        "finish" => command(Command::Finish),
        "gmem" | "gm" | "lmem" | "lm" | "pmem" | "pm" => memory(name, &args),
        "help" | "h" => Parsed::Output(help(args.first().copied())),
        "info" | "i" => match args.first().copied() {
            None => command(Command::Info(InfoWhat::Launch)),
            Some("break" | "breakpoints" | "b") => command(Command::Info(InfoWhat::Breakpoints)),
            Some("watchpoints") => command(Command::Info(InfoWhat::Watchpoints)),
            Some("frame" | "f") => command(Command::Info(InfoWhat::Frame)),
            Some("locals") => command(Command::Info(InfoWhat::Locals)),
            Some("args") => command(Command::Info(InfoWhat::Args)),
            Some("workitems" | "wi") => command(Command::Info(InfoWhat::WorkItems)),
            Some("groups" | "wg") => command(Command::Info(InfoWhat::Groups)),
            Some("display") => command(Command::Info(InfoWhat::Displays)),
            Some(other) => usage(&format!("Invalid info command: {other}")),
        },
        "list" | "l" => match args.first().copied() {
            None => command(Command::List(ListFrom::Next)),
            Some("-") => command(Command::List(ListFrom::Previous)),
            Some(n) => match n.parse::<u32>() {
                Ok(n) => command(Command::List(ListFrom::Around(n))),
                Err(_) => usage("Invalid line number."),
            },
        },
        "next" | "n" => command(Command::Next),
        "print" | "p" => {
            if rest.is_empty() {
                return usage("Variable name(s) required.");
            }
            command(Command::Print {
                exprs: print_expressions(&args, rest),
                format: fmt.and_then(|f| f.chars().next()),
            })
        }
        "quit" | "q" => command(Command::Quit),
        "step" | "s" => command(Command::Step),
        "watch" => {
            if rest.is_empty() {
                return usage("Argument required (expression to compute).");
            }
            command(Command::Watch {
                expr: rest.to_string(),
            })
        }
        "workitem" | "wi" => {
            if args.len() > 3 {
                return usage("Invalid global ID.");
            }
            let mut global = [0u64; 3];
            for (d, a) in args.iter().enumerate() {
                match a.parse::<u64>() {
                    Ok(v) => global[d] = v,
                    Err(_) => return usage("Invalid global ID."),
                }
            }
            command(Command::WorkItem { global })
        }
        "x" => examine(fmt.unwrap_or(""), rest),
        _ => usage(&format!("Unrecognized command '{name}'")),
    }
}

/// `gmem` / `lmem` / `pmem` `[address [size]]`.
fn memory(name: &str, args: &[&str]) -> Parsed {
    let space = match name {
        "gmem" | "gm" => MemorySpace::Global,
        "lmem" | "lm" => MemorySpace::Local,
        _ => MemorySpace::Private,
    };
    if args.len() > 2 {
        return Parsed::Output("Invalid number of arguments.\n".into());
    }
    let address = match args.first() {
        None => None,
        Some(a) => match u64::from_str_radix(a.trim_start_matches("0x"), 16) {
            Ok(v) => Some(v),
            Err(_) => return Parsed::Output("Invalid address.\n".into()),
        },
    };
    let size = match args.get(1) {
        None => None,
        Some(a) => match a.parse::<u64>() {
            Ok(v) if v > 0 => Some(v),
            _ => return Parsed::Output("Invalid size\n".into()),
        },
    };
    Parsed::Command(Command::Memory {
        space,
        address,
        size,
    })
}

/// `x/NFU expr`.
fn examine(spec: &str, expr: &str) -> Parsed {
    if expr.is_empty() {
        return Parsed::Output("Argument required (starting display address).\n".into());
    }
    let digits: String = spec.chars().take_while(|c| c.is_ascii_digit()).collect();
    let count = match digits.parse::<u64>() {
        _ if digits.is_empty() => 1,
        Ok(n) => n,
        Err(_) => return Parsed::Output("Invalid number \"".to_string() + &digits + "\".\n"),
    };
    let mut format = 'x';
    let mut unit = 4;
    for c in spec[digits.len()..].chars() {
        if let Some(size) = crate::format::parse_unit(c) {
            unit = size;
        } else if c.is_ascii_alphabetic() {
            // Letters that name no format are refused when the command runs.
            format = c;
        } else {
            return Parsed::Output(format!("Invalid format letter '{c}' in \"x/{spec}\".\n"));
        }
    }
    Parsed::Command(Command::Examine {
        expr: expr.to_string(),
        count,
        format,
        unit,
    })
}

fn state_name(state: WorkItemState) -> &'static str {
    match state {
        WorkItemState::NotStarted => "not started",
        WorkItemState::Ready => "ready",
        WorkItemState::Running => "running",
        WorkItemState::AtBarrier => "at barrier",
        WorkItemState::Finished => "finished",
    }
}

fn triple(v: [u64; 3]) -> String {
    format!("({},{},{})", v[0], v[1], v[2])
}

/// The current line as Oclgrind prints it.
fn current_line(p: &Position) -> String {
    match (&p.source, p.line) {
        (Some(text), line) if line != 0 => format!("{line}\t{text}\n"),
        _ => format!(
            "Source line not available.\n{}\n",
            p.instruction.as_deref().unwrap_or("")
        ),
    }
}

fn args_list(args: &[(String, String)]) -> String {
    args.iter()
        .map(|(n, v)| format!("{n}={v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Display expressions and their values; like gdb, one whose names are out of scope here
/// (a display made inside a helper, seen from the kernel) is skipped.
fn displays(d: &[Displayed]) -> String {
    d.iter()
        .filter_map(|d| match &d.value {
            Ok(v) => Some(format!("{}: {} = {v}\n", d.number, d.expr)),
            Err(e) if e.starts_with("No symbol") => None,
            Err(e) => Some(format!("{}: {} = <error: {e}>\n", d.number, d.expr)),
        })
        .collect()
}

/// An event as text.
pub fn render(event: &Event, terminal: bool) -> String {
    match event {
        // The Logger has printed diagnostics already.
        Event::LaunchBegin(_)
        | Event::LaunchEnd { .. }
        | Event::Diagnostic { .. }
        | Event::Detached => String::new(),
        Event::Output(text) => text.clone(),
        Event::Stopped(s) => {
            let p = &s.position;
            let mut out = String::new();
            match &s.reason {
                StopReason::Breakpoint {
                    number,
                    condition_error,
                } => {
                    if let Some(e) = condition_error {
                        out +=
                            &format!("Error in testing condition for breakpoint {number}:\n{e}\n");
                    }
                    out += &format!(
                        "Breakpoint {number} hit at line {} by work-item {}\n",
                        p.line,
                        triple(p.global)
                    );
                }
                StopReason::Watchpoint {
                    number,
                    expr,
                    old,
                    new,
                } => {
                    out += &format!(
                        "\nWatchpoint {number}: {expr}\n\nOld value = {old}\nNew value = {new}\n"
                    );
                }
                StopReason::Barrier => {
                    out += &format!("Work-item {} reached a barrier.\n", triple(p.global));
                }
                StopReason::Interrupted => {
                    out += &format!("Interrupted in work-item {}.\n", triple(p.global));
                }
                StopReason::Switched => {
                    out += &format!("Switched to work-item: {}\n", triple(p.global));
                    if p.finished {
                        return out + "Work-item has finished execution.\n";
                    }
                }
                _ => {}
            }
            if p.finished {
                // A script gets Oclgrind's output: nothing when a step ends a work-item.
                if terminal || s.reason != StopReason::Finished {
                    out += &format!("Work-item {} has finished.\n", triple(p.global));
                }
                return out;
            }
            // At a terminal, the function is named in another work-item too, as gdb names the
            // frame after a thread switch.
            if s.entered_function || (terminal && s.other_work_item) {
                out += &format!(
                    "In function {}({}) at line {}\n",
                    p.function,
                    args_list(&p.args),
                    p.line
                );
            }
            out += &current_line(p);
            if let Some(v) = &s.returned {
                out += &format!("Value returned is {v}\n");
            }
            out + &displays(&s.displays)
        }
        Event::Reply(r) => render_reply(r, terminal),
    }
}

/// A `print` that failed: gdb's message at a terminal; in a script, Oclgrind's text where it
/// has one, after the expression.
fn print_error(expr: &str, err: &str, terminal: bool) -> String {
    let member = err
        .strip_prefix(crate::expr::NO_MEMBER)
        .map(|m| m.trim_end_matches('.'));
    match member {
        Some(m) if !terminal => format!("{expr} = no member named '{m}' found\n"),
        _ if !terminal && err.starts_with(crate::expr::NO_SYMBOL) => {
            format!("{expr} = not found\n")
        }
        _ => format!("{err}\n"),
    }
}

/// A frame's function, arguments and line: `f(n=4) at line 7`.
fn frame_text(f: &FrameInfo) -> String {
    format!("{}({}) at line {}", f.function, args_list(&f.args), f.line)
}

/// A frame as the backtrace shows it: `#1 f(n=4) at line 7`.
fn frame_line(f: &FrameInfo) -> String {
    format!("#{} {}\n", f.depth, frame_text(f))
}

fn render_reply(r: &Reply, terminal: bool) -> String {
    match r {
        Reply::Values(values) => values
            .iter()
            .map(|(e, v)| match v {
                Ok(v) => format!("{e} = {v}\n"),
                Err(err) => print_error(e, err, terminal),
            })
            .collect(),
        Reply::Variables(vars) => {
            if vars.is_empty() {
                "No variables.\n".to_string()
            } else {
                vars.iter().map(|(n, v)| format!("{n} = {v}\n")).collect()
            }
        }
        Reply::MemoryOf {
            expr,
            address,
            bytes,
            ..
        } => {
            let mut text = format!("{expr}:\n");
            for (i, row) in bytes.chunks(16).enumerate() {
                let hex: Vec<String> = row.iter().map(|b| format!("{b:02x}")).collect();
                text += &format!("0x{:x}: {}\n", address + 16 * i as u64, hex.join(" "));
            }
            text
        }
        Reply::Disassembly {
            function,
            instructions,
            current,
            ..
        } => {
            let mut text = format!("Dump of LLVM IR for function {function}:\n");
            for (i, inst) in instructions.iter().enumerate() {
                let mark = if Some(i) == *current { "=> " } else { "   " };
                text += &format!("{mark}{inst}\n");
            }
            text + "End of IR dump.\n"
        }
        Reply::Frame { frame, source } => {
            let mut text = frame_line(frame);
            if let Some(src) = source {
                text += &format!("{}\t{src}\n", frame.line);
            }
            text
        }
        Reply::FrameDetails {
            frame,
            caller,
            callee,
        } => {
            let mut text = format!("Stack level {}: {}\n", frame.depth, frame_text(frame));
            if let Some(c) = caller {
                text += &format!(" called by frame #{}: {}\n", c.depth, frame_text(c));
            }
            if let Some(c) = callee {
                text += &format!(" caller of frame #{}: {}\n", c.depth, frame_text(c));
            }
            text
        }
        Reply::Backtrace(frames) => frames.iter().map(frame_line).collect(),
        Reply::Source(lines) => lines.iter().map(|(n, t)| format!("{n}\t{t}\n")).collect(),
        Reply::Memory(rows) => {
            let mut s = String::from("\n");
            for (addr, bytes) in rows {
                s += &format!("{addr:>16X}:");
                for b in bytes {
                    s += &format!(" {b:02X}");
                }
                s.push('\n');
            }
            s + "\n"
        }
        Reply::Text(t) => {
            if t.ends_with('\n') {
                t.clone()
            } else {
                format!("{t}\n")
            }
        }
        Reply::WorkItems(items) => items
            .iter()
            .map(|w| {
                let mark = if w.current { "* " } else { "  " };
                format!("{mark}{} {}\n", triple(w.global), state_name(w.state))
            })
            .collect(),
        Reply::Groups {
            total,
            finished,
            started,
            ..
        } => {
            let waiting = total.saturating_sub(finished + started.len() as u64);
            let mut text = format!(
                "Work-groups: {total} in all, {finished} finished, {waiting} not started\n"
            );
            for g in started {
                let mark = if g.current { "* " } else { "  " };
                let counts: Vec<String> = g
                    .counts
                    .iter()
                    .map(|&(s, n)| format!("{n} {}", state_name(s)))
                    .collect();
                text += &format!("{mark}{} {}\n", triple(g.group), counts.join(", "));
            }
            text
        }
        Reply::Breakpoints(list) => {
            if list.is_empty() {
                return "No breakpoints or watchpoints.\n".to_string();
            }
            list.iter()
                .map(|b| {
                    let mut s = match (&b.watch, b.line) {
                        (Some(w), _) => format!("Watchpoint {}: {w}", b.number),
                        (None, Some(l)) => match &b.file {
                            Some(f) => format!(
                                "Breakpoint {}: Line {l} of {}",
                                b.number,
                                crate::files::short_name(f)
                            ),
                            None => format!("Breakpoint {}: Line {l}", b.number),
                        },
                        (None, None) => format!("Breakpoint {}", b.number),
                    };
                    if let Some(c) = &b.condition {
                        s += &format!(" if {c}");
                    }
                    if b.temporary {
                        s += " (temporary)";
                    }
                    if b.hits > 0 {
                        s += &format!(
                            " (hit {} time{})",
                            b.hits,
                            if b.hits == 1 { "" } else { "s" }
                        );
                    }
                    s + "\n"
                })
                .collect()
        }
        Reply::Displays(d) => {
            if d.is_empty() {
                "There are no auto-display expressions now.\n".to_string()
            } else {
                displays(d)
            }
        }
        Reply::Launch { summary, current } => {
            let mut s = format!(
                "Running kernel '{}'\n-> Global work size:   {}\n-> Global work offset: {}\n-> Local work size:    {}\n\n",
                summary.kernel,
                triple(summary.global_size),
                triple(summary.global_offset),
                triple(summary.local_size)
            );
            match current {
                None => s += "All work-items finished.\n",
                Some(p) => {
                    s += &format!("Current work-item: {}\n", triple(p.global));
                    if p.finished {
                        s += "Work-item has finished.\n";
                    } else {
                        s += &format!(
                            "In function {}({}) at line {}\n",
                            p.function,
                            args_list(&p.args),
                            p.line
                        );
                        s += &current_line(p);
                    }
                }
            }
            s
        }
        Reply::Message(m) => format!("{m}\n"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cmd(line: &str) -> Command {
        match parse(line) {
            Parsed::Command(c) => c,
            other => panic!("{line:?} gave {other:?}"),
        }
    }

    #[test]
    fn commands_and_aliases() {
        assert_eq!(cmd("bt"), Command::Backtrace);
        assert_eq!(cmd("s"), Command::Step);
        assert_eq!(cmd("n"), Command::Next);
        assert_eq!(cmd("c"), Command::Continue);
        assert_eq!(
            cmd("b 12"),
            Command::Break {
                file: None,
                line: Some(12),
                condition: None,
                temporary: false
            }
        );
        assert_eq!(
            cmd("tbreak 7 if i == 3"),
            Command::Break {
                file: None,
                line: Some(7),
                condition: Some("i == 3".into()),
                temporary: true
            }
        );
        assert_eq!(
            cmd("break if x>2"),
            Command::Break {
                file: None,
                line: None,
                condition: Some("x>2".into()),
                temporary: false
            }
        );
        assert_eq!(
            cmd("break put.h:4 if i > 1"),
            Command::Break {
                file: Some("put.h".into()),
                line: Some(4),
                condition: Some("i > 1".into()),
                temporary: false
            }
        );
        assert_eq!(
            cmd("p a b.c d[1]"),
            Command::Print {
                exprs: vec!["a".into(), "b.c".into(), "d[1]".into()],
                format: None
            }
        );
        assert_eq!(
            cmd("print/x a + 1"),
            Command::Print {
                exprs: vec!["a + 1".into()],
                format: Some('x')
            }
        );
        assert_eq!(cmd("wi 3 1"), Command::WorkItem { global: [3, 1, 0] });
        assert_eq!(
            cmd("gm 1000000000040 16"),
            Command::Memory {
                space: MemorySpace::Global,
                address: Some(0x1000000000040),
                size: Some(16)
            }
        );
        assert_eq!(
            cmd("x/4xb &v"),
            Command::Examine {
                expr: "&v".into(),
                count: 4,
                format: 'x',
                unit: 1
            }
        );
        assert_eq!(cmd("l -"), Command::List(ListFrom::Previous));
        assert_eq!(cmd("i locals"), Command::Info(InfoWhat::Locals));
        assert_eq!(
            cmd("condition 2"),
            Command::Condition {
                number: 2,
                condition: None
            }
        );
        assert_eq!(parse("delete"), Parsed::ConfirmDeleteAll);
    }

    #[test]
    fn bad_commands_explain() {
        assert_eq!(
            parse("frobnicate"),
            Parsed::Output("Unrecognized command 'frobnicate'\n".into())
        );
        assert_eq!(
            parse("print"),
            Parsed::Output("Variable name(s) required.\n".into())
        );
        assert_eq!(parse("wi x"), Parsed::Output("Invalid global ID.\n".into()));
        assert_eq!(parse("gm zz"), Parsed::Output("Invalid address.\n".into()));
        assert_eq!(
            parse("info bogus"),
            Parsed::Output("Invalid info command: bogus\n".into())
        );
        assert!(
            matches!(parse("help"), Parsed::Output(t) if t.starts_with("Command list:\n  backtrace    (bt)\n"))
        );
    }

    #[test]
    fn stops_render_like_oclgrind() {
        let position = Position {
            global: [2, 0, 0],
            local: [2, 0, 0],
            group: [0, 0, 0],
            file: None,
            function: "k".into(),
            args: vec![("n".into(), "4".into())],
            line: 5,
            source: Some("  x = 1;".into()),
            instruction: None,
            depth: 0,
            finished: false,
            at_barrier: false,
        };
        let text = render(
            &Event::Stopped(Stopped {
                reason: StopReason::Breakpoint {
                    number: 1,
                    condition_error: None,
                },
                position,
                entered_function: true,
                other_work_item: false,
                returned: None,
                displays: vec![],
            }),
            false,
        );
        assert_eq!(
            text,
            "Breakpoint 1 hit at line 5 by work-item (2,0,0)\nIn function k(n=4) at line 5\n5\t  x = 1;\n"
        );
        assert_eq!(
            render(
                &Event::Reply(Reply::Memory(vec![(0x1000, vec![1, 2, 3, 4])])),
                false
            ),
            "\n            1000: 01 02 03 04\n\n"
        );
    }
}
