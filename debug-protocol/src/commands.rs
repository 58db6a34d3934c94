//! Oclgrind's debugger commands as typed (compat §5): a command line parsed into a `Command`,
//! or into text the front-end prints itself (help, usage errors).

use crate::protocol::*;

/// What a command line asks for.
#[derive(Debug, PartialEq, Eq)]
pub enum Parsed {
    Command(Command),
    /// Printed by the front-end itself (help, errors).
    Output(String),
    /// `delete` with no number: ask first.
    ConfirmDeleteAll,
    /// A word that names no command (a front-end may take the line as something else, an
    /// expression say, or print [`Parsed::unrecognized_text`]).
    Unrecognized(String),
}

impl Parsed {
    /// What Oclgrind prints for a word that names no command.
    pub fn unrecognized_text(word: &str) -> String {
        format!("Unrecognized command '{word}'\n")
    }
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
    ("info", "i", "Display information about the kernel, breakpoints, variables, work-items or work-groups.\nUsage: info [break|watchpoints|locals|args|frame|workitems|groups|display|counts|record]\n'info counts' shows what each source line has run so far in this launch: its instructions and the bytes its loads and stores moved.\n'info record' shows the current work-group's recorded history, which the reverse commands go back through."),
    ("list", "l", "List source lines.\nWith no argument, lists 10 more lines after or around the previous listing.\n\"list -\" lists the ten lines before a previous ten-line listing.\nOne argument specifies a line, and ten lines are listed around that line."),
    ("lmem", "lm", "Examine local memory of the current work-group.\nUsage: lmem [ADDRESS [SIZE]]"),
    ("lockstep", "", "Step the work-items of a sub-group together: with lockstep on, step, next and finish first run each other work-item of the current one's sub-group the same way, each from where it is.\nUsage: lockstep [on|off]"),
    ("next", "n", "Step forward, treating function calls as single instructions."),
    ("nexti", "ni", "Step forward one LLVM instruction, treating function calls as single instructions."),
    ("pmem", "pm", "Examine private memory of the current work-item.\nUsage: pmem [ADDRESS [SIZE]]"),
    ("print", "p", "Print the values of expressions.\nUsage: print[/FMT] EXPRESSION...\nFMT is one of x (hex), d (signed), u (unsigned), t (binary), c (char), f (float), o (octal)."),
    ("quit", "q", "Quit interactive debugging (and continue running the kernel)."),
    ("reverse-continue", "rc", "Run backwards to the last breakpoint or change of a watched expression, or to the start of the work-group's recorded history."),
    ("reverse-finish", "", "Run backwards to the call of the current function."),
    ("reverse-next", "rn", "Step backwards to the start of the previous source line, treating function calls as single instructions."),
    ("reverse-nexti", "rni", "Step backwards one LLVM instruction, treating function calls as single instructions."),
    ("reverse-step", "rs", "Step backwards to the start of the previous source line, into function calls."),
    ("reverse-stepi", "rsi", "Step backwards one LLVM instruction, into function calls."),
    ("step", "s", "Step forward a single source line, or an instruction if no source is available."),
    ("stepi", "si", "Step forward one LLVM instruction, into function calls."),
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

/// gdb's `set var`, outside the list above (whose `help` Oclgrind's users know as it is).
const SET_HELP: &str = "Assign a value to a variable or to memory an expression names, in the selected frame.\nUsage: set var EXPRESSION = VALUE";

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
            None if t == "set" => format!("{SET_HELP}\n"),
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
            Some("counts") => command(Command::Info(InfoWhat::Counts)),
            Some("record" | "rec") => command(Command::Info(InfoWhat::Record)),
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
        "lockstep" => match args.first().copied() {
            None => command(Command::Lockstep { on: None }),
            Some("on") => command(Command::Lockstep { on: Some(true) }),
            Some("off") => command(Command::Lockstep { on: Some(false) }),
            Some(_) => usage("Usage: lockstep [on|off]"),
        },
        "next" | "n" => command(Command::Next),
        "nexti" | "ni" => command(Command::Nexti),
        "stepi" | "si" => command(Command::Stepi),
        "reverse-step" | "rs" => command(Command::Reverse(Motion::Step)),
        "reverse-next" | "rn" => command(Command::Reverse(Motion::Next)),
        "reverse-finish" => command(Command::Reverse(Motion::Finish)),
        "reverse-continue" | "rc" => command(Command::Reverse(Motion::Continue)),
        "reverse-stepi" | "rsi" => command(Command::Reverse(Motion::Stepi)),
        "reverse-nexti" | "rni" => command(Command::Reverse(Motion::Nexti)),
        "print" | "p" => {
            if rest.is_empty() {
                return usage("Variable name(s) required.");
            }
            command(Command::Print {
                exprs: vec![rest.to_string()],
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
        "set" => set_variable(rest),
        _ => Parsed::Unrecognized(name.to_string()),
    }
}

/// gdb's `set var[iable] EXPRESSION = VALUE`: split at the first `=` that is an assignment
/// (not part of `==`, `!=`, `<=` or `>=`).
fn set_variable(args: &str) -> Parsed {
    let usage = || Parsed::Output("Usage: set var EXPRESSION = VALUE\n".into());
    let Some((word, rest)) = args.split_once(char::is_whitespace) else {
        return usage();
    };
    if word != "var" && word != "variable" {
        return usage();
    }
    let b = rest.as_bytes();
    let at = (0..b.len()).find(|&i| {
        b[i] == b'='
            && b.get(i + 1) != Some(&b'=')
            && (i == 0 || !matches!(b[i - 1], b'=' | b'!' | b'<' | b'>'))
    });
    let Some(at) = at else {
        return usage();
    };
    let (expr, value) = (rest[..at].trim(), rest[at + 1..].trim());
    if expr.is_empty() || value.is_empty() {
        return usage();
    }
    Parsed::Command(Command::SetVariable {
        expr: expr.to_string(),
        value: value.to_string(),
    })
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
        if let Some(size) = crate::text::parse_unit(c) {
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
        assert_eq!(cmd("si"), Command::Stepi);
        assert_eq!(cmd("nexti"), Command::Nexti);
        assert_eq!(cmd("rs"), Command::Reverse(Motion::Step));
        assert_eq!(cmd("reverse-next"), Command::Reverse(Motion::Next));
        assert_eq!(cmd("reverse-finish"), Command::Reverse(Motion::Finish));
        assert_eq!(cmd("rc"), Command::Reverse(Motion::Continue));
        assert_eq!(cmd("rsi"), Command::Reverse(Motion::Stepi));
        assert_eq!(cmd("reverse-nexti"), Command::Reverse(Motion::Nexti));
        assert_eq!(cmd("info record"), Command::Info(InfoWhat::Record));
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
                exprs: vec!["a b.c d[1]".into()],
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
        assert_eq!(cmd("info counts"), Command::Info(InfoWhat::Counts));
        assert_eq!(
            cmd("condition 2"),
            Command::Condition {
                number: 2,
                condition: None
            }
        );
        assert_eq!(parse("delete"), Parsed::ConfirmDeleteAll);
        assert_eq!(
            cmd("set var a[i == 2 ? 1 : 0] = b <= 3"),
            Command::SetVariable {
                expr: "a[i == 2 ? 1 : 0]".into(),
                value: "b <= 3".into()
            }
        );
        assert_eq!(
            cmd("set variable s.x=-1"),
            Command::SetVariable {
                expr: "s.x".into(),
                value: "-1".into()
            }
        );
        for bad in [
            "set",
            "set x = 1",
            "set var x",
            "set var = 2",
            "set var x == 2",
        ] {
            assert_eq!(
                parse(bad),
                Parsed::Output("Usage: set var EXPRESSION = VALUE\n".into()),
                "{bad}"
            );
        }
    }

    #[test]
    fn bad_commands_explain() {
        assert_eq!(
            parse("frobnicate"),
            Parsed::Unrecognized("frobnicate".into())
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
}
