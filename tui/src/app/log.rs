//! A scrollable log of lines: the console and the program's output.

/// Text without terminal control sequences: the program writes to a pseudo-terminal, so it
/// may colour its output, and the escape codes would show as garbage in a pane.
pub(super) fn plain_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\u{1b}' => match chars.next() {
                // CSI: parameters, then one final byte in @..~.
                Some('[') => {
                    for c in chars.by_ref() {
                        if ('@'..='~').contains(&c) {
                            break;
                        }
                    }
                }
                // OSC: up to BEL or ESC \.
                Some(']') => {
                    while let Some(c) = chars.next() {
                        if c == '\u{7}' || (c == '\u{1b}' && chars.next_if_eq(&'\\').is_some()) {
                            break;
                        }
                    }
                }
                _ => {}
            },
            '\r' => {}
            c => out.push(c),
        }
    }
    out
}

/// The most lines the console and the output keep.
const LOG_LINES: usize = 5000;

/// A scrollable log of lines (console, output).
#[derive(Clone, Debug, Default)]
pub struct Log {
    pub lines: Vec<String>,
    /// Lines scrolled back from the end.
    pub back: usize,
    /// The last line has no newline yet (output comes in pieces).
    open: bool,
}

impl Log {
    pub fn push(&mut self, line: &str) {
        // Tabs would leave cells of the screen unwritten.
        self.lines.push(line.replace('\t', "    "));
        self.open = false;
        self.trim();
    }

    /// Appends text that may end in the middle of a line.
    pub fn write(&mut self, text: &str) {
        let text = &plain_text(text);
        for (i, piece) in text.split('\n').enumerate() {
            let piece = piece.replace('\t', "    ");
            let continues = i == 0 && self.open;
            match self.lines.last_mut() {
                Some(last) if continues => last.push_str(&piece),
                _ => self.lines.push(piece),
            }
        }
        // A text ending in a newline leaves an empty piece: the next one starts a line.
        if text.ends_with('\n') {
            self.lines.pop();
            self.open = false;
        } else {
            self.open = true;
        }
        self.trim();
    }

    fn trim(&mut self) {
        if self.lines.len() > LOG_LINES {
            self.lines.drain(..self.lines.len() - LOG_LINES);
        }
    }

    pub(super) fn scroll(&mut self, by: i64) {
        self.back = (self.back as i64 - by).clamp(0, self.lines.len() as i64) as usize;
    }

    pub fn last(&self) -> Option<&str> {
        self.lines.last().map(String::as_str)
    }
}
