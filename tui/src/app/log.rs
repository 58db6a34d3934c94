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

/// A scrollable log of lines (console, output). At its end it follows what comes; scrolled
/// back, it stays where it is and counts the lines that came meanwhile.
#[derive(Clone, Debug, Default)]
pub struct Log {
    pub lines: Vec<String>,
    /// Lines scrolled back from the end (0: following the end).
    pub back: usize,
    /// Lines that came while scrolled back, not yet scrolled to.
    pub unseen: usize,
    /// The last line has no newline yet (output comes in pieces).
    open: bool,
}

/// The rows a line takes in a pane `width` columns wide: long lines wrap.
pub fn rows_of(line: &str, width: usize) -> usize {
    line.chars().count().div_ceil(width.max(1)).max(1)
}

impl Log {
    pub fn push(&mut self, line: &str) {
        // Tabs would leave cells of the screen unwritten.
        self.lines.push(line.replace('\t', "    "));
        self.open = false;
        self.added(1);
    }

    /// Appends text that may end in the middle of a line.
    pub fn write(&mut self, text: &str) {
        let text = &plain_text(text);
        let before = self.lines.len();
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
        let added = self.lines.len().saturating_sub(before);
        self.added(added);
    }

    /// `n` lines were appended: a scrolled-back view keeps its place.
    fn added(&mut self, n: usize) {
        if self.back > 0 {
            self.back += n;
            self.unseen += n;
        }
        if self.lines.len() > LOG_LINES {
            self.lines.drain(..self.lines.len() - LOG_LINES);
            self.back = self.back.min(self.lines.len());
        }
    }

    /// The most lines it can be scrolled back with `rows` rows of `width` columns shown:
    /// then its first line is at the top of the pane.
    pub fn max_back(&self, rows: usize, width: usize) -> usize {
        let mut filled = 0;
        for (i, line) in self.lines.iter().enumerate() {
            filled += rows_of(line, width);
            if filled >= rows {
                return self.lines.len() - (i + 1);
            }
        }
        0
    }

    /// Scrolls by `by` lines (up: negative) in a pane of `rows` rows and `width` columns; the
    /// first line stops at the top, and reaching the end follows it again.
    pub(super) fn scroll(&mut self, by: i64, rows: usize, width: usize) {
        let most = self.max_back(rows, width) as i64;
        self.back = (self.back as i64 - by).clamp(0, most.max(0)) as usize;
        self.unseen = self.unseen.min(self.back);
    }

    /// Back to the end, following what comes.
    pub(super) fn follow(&mut self) {
        self.back = 0;
        self.unseen = 0;
    }

    /// Scrolled back as far as it goes: the first line at the top.
    pub(super) fn scroll_to_top(&mut self, rows: usize, width: usize) {
        self.back = self.max_back(rows, width);
    }

    pub fn last(&self) -> Option<&str> {
        self.lines.last().map(String::as_str)
    }
}
