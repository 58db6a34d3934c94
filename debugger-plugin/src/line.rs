//! The line-mode front-end: Oclgrind's debugger commands typed at a prompt, or read from a
//! pipe (then without a prompt, so that scripted sessions give exactly the same output every
//! time), and Oclgrind's output for them.

use std::io::BufRead;
use std::sync::Arc;

use oclgrind_core::debugging::Output;

use crate::protocol::*;
use oclgrind_debug_protocol::commands::{parse, Parsed};
use oclgrind_debug_protocol::render::render;
use oclgrind_debug_protocol::Frontend;

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
/// The answer to a line that is not UTF-8 text (a Latin-1 name, say): no command can match it.
const NOT_TEXT: &str = "Invalid command: the line is not UTF-8 text\n";
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
                Err(rustyline::error::ReadlineError::Io(e))
                    if e.kind() == std::io::ErrorKind::InvalidData =>
                {
                    self.print(NOT_TEXT);
                    Some(String::new())
                }
                Err(_) => {
                    self.print("(quit)\n");
                    None
                }
            },
            // Read as bytes: a line that is not text is answered, and the next one read.
            Input::Plain(r) => loop {
                let mut bytes = Vec::new();
                match r.read_until(b'\n', &mut bytes) {
                    Ok(0) => return None,
                    Ok(_) => match String::from_utf8(bytes) {
                        Ok(line) => return Some(line),
                        Err(_) => {
                            self.output.stdout(NOT_TEXT.as_bytes());
                            self.output.flush();
                        }
                    },
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                    Err(_) => return None,
                }
            },
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
                Parsed::Unrecognized(word) => self.print(&Parsed::unrecognized_text(&word)),
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
