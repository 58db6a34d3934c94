//! The IDE's breakpoints as the adapter keeps them: by file and line, with a condition (the
//! engine checks it), a hit condition and a log message (the adapter applies them at the
//! engine's stop), and where the engine bound each in the current program.

use std::collections::BTreeMap;

/// When a breakpoint's hits stop: VS Code's forms (`5` and `>= 5`: from the fifth hit on).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HitCondition {
    AtLeast(u64),
    Above(u64),
    Exactly(u64),
    Below(u64),
    AtMost(u64),
    /// Every Nth hit.
    Every(u64),
}

impl HitCondition {
    pub fn parse(text: &str) -> Option<HitCondition> {
        let text = text.trim();
        type Make = fn(u64) -> HitCondition;
        let ops: [(&str, Make); 7] = [
            (">=", HitCondition::AtLeast),
            ("<=", HitCondition::AtMost),
            ("==", HitCondition::Exactly),
            (">", HitCondition::Above),
            ("<", HitCondition::Below),
            ("=", HitCondition::Exactly),
            ("%", HitCondition::Every),
        ];
        let (make, number): (Make, &str) = ops
            .iter()
            .find_map(|(op, make)| text.strip_prefix(op).map(|rest| (*make, rest)))
            .unwrap_or((HitCondition::AtLeast, text));
        let n = number.trim().parse().ok()?;
        match make(n) {
            HitCondition::Every(0) => None,
            condition => Some(condition),
        }
    }

    /// Whether the `hits`th hit (from 1) stops.
    pub fn stops(self, hits: u64) -> bool {
        match self {
            HitCondition::AtLeast(n) => hits >= n,
            HitCondition::Above(n) => hits > n,
            HitCondition::Exactly(n) => hits == n,
            HitCondition::Below(n) => hits < n,
            HitCondition::AtMost(n) => hits <= n,
            HitCondition::Every(n) => hits.is_multiple_of(n),
        }
    }
}

/// A piece of a logpoint's message: text, or an expression in braces to evaluate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LogPart {
    Text(String),
    Expr(String),
}

/// Splits a log message at its `{expression}`s; `{{` and `}}` are braces.
pub fn parse_log_message(message: &str) -> Vec<LogPart> {
    let mut parts = Vec::new();
    let mut text = String::new();
    let mut chars = message.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' if chars.peek() == Some(&'{') => {
                chars.next();
                text.push('{');
            }
            '}' if chars.peek() == Some(&'}') => {
                chars.next();
                text.push('}');
            }
            '{' => {
                let expr: String = chars.by_ref().take_while(|&c| c != '}').collect();
                if !text.is_empty() {
                    parts.push(LogPart::Text(std::mem::take(&mut text)));
                }
                parts.push(LogPart::Expr(expr.trim().to_string()));
            }
            c => text.push(c),
        }
    }
    if !text.is_empty() {
        parts.push(LogPart::Text(text));
    }
    parts
}

/// One breakpoint the IDE set.
#[derive(Clone, Debug)]
pub struct Breakpoint {
    /// DAP's id, unique in the session.
    pub id: i64,
    pub line: u32,
    pub condition: Option<String>,
    pub hit: Option<HitCondition>,
    pub log: Option<Vec<LogPart>>,
    pub hits: u64,
    /// The engine's breakpoint number and line, while bound in the current program.
    pub bound: Option<(u32, u32)>,
    /// Why the engine refused it in the current program.
    pub refused: Option<String>,
    /// What the IDE was last told: verified, and the line.
    pub told: (bool, u32),
}

/// Every breakpoint, by the file the IDE set it in (its path as the IDE gave it).
#[derive(Default)]
pub struct Breakpoints {
    pub by_file: BTreeMap<String, Vec<Breakpoint>>,
    /// Kernel names: a launch of one stops at its first line.
    pub functions: Vec<String>,
    next_id: i64,
    /// Changed since the engine last had them.
    pub dirty: bool,
}

/// What the IDE asked for, for one line.
pub struct Wanted {
    pub line: u32,
    pub condition: Option<String>,
    pub hit_condition: Option<String>,
    pub log_message: Option<String>,
}

impl Breakpoints {
    /// Replaces a file's breakpoints. A breakpoint the file had on the same line keeps its id
    /// and hit count (the IDE resends a file's list whenever one changes).
    pub fn set(&mut self, path: &str, wanted: Vec<Wanted>) -> &[Breakpoint] {
        let old = self.by_file.remove(path).unwrap_or_default();
        let mut list = Vec::new();
        for w in wanted {
            let kept = old.iter().find(|b| b.line == w.line);
            let id = kept.map_or_else(
                || {
                    self.next_id += 1;
                    self.next_id
                },
                |b| b.id,
            );
            list.push(Breakpoint {
                id,
                line: w.line,
                condition: w.condition.filter(|c| !c.trim().is_empty()),
                hit: w.hit_condition.as_deref().and_then(HitCondition::parse),
                log: w.log_message.as_deref().map(parse_log_message),
                hits: kept.map_or(0, |b| b.hits),
                bound: None,
                refused: None,
                told: (false, w.line),
            });
        }
        self.dirty = true;
        self.by_file.insert(path.to_string(), list);
        &self.by_file[path]
    }

    /// The breakpoint the engine numbered `number`.
    pub fn by_engine_number(&mut self, number: u32) -> Option<&mut Breakpoint> {
        self.all_mut()
            .find(|b| b.bound.is_some_and(|(n, _)| n == number))
    }

    /// No breakpoint is set, and the engine has been told so.
    pub fn none_anywhere(&self) -> bool {
        !self.dirty && self.by_file.values().all(Vec::is_empty)
    }

    pub fn all_mut(&mut self) -> impl Iterator<Item = &mut Breakpoint> {
        self.by_file.values_mut().flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hit_conditions_read_as_vs_code_writes_them() {
        let stops = |text: &str| -> Vec<u64> {
            let c = HitCondition::parse(text).expect(text);
            (1..=10).filter(|&h| c.stops(h)).collect()
        };
        assert_eq!(stops("3"), [3, 4, 5, 6, 7, 8, 9, 10]);
        assert_eq!(stops(">= 9"), [9, 10]);
        assert_eq!(stops("> 8"), [9, 10]);
        assert_eq!(stops("== 4"), [4]);
        assert_eq!(stops("=4"), [4]);
        assert_eq!(stops("< 3"), [1, 2]);
        assert_eq!(stops("<= 2"), [1, 2]);
        assert_eq!(stops("% 4"), [4, 8]);
        assert_eq!(HitCondition::parse("often"), None);
        assert_eq!(HitCondition::parse("% 0"), None);
    }

    #[test]
    fn log_messages_split_at_braces() {
        use LogPart::*;
        assert_eq!(
            parse_log_message("i={i}, a[i] = { a[i] } {{x}}"),
            [
                Text("i=".into()),
                Expr("i".into()),
                Text(", a[i] = ".into()),
                Expr("a[i]".into()),
                Text(" {x}".into())
            ]
        );
        assert_eq!(parse_log_message("plain"), [Text("plain".into())]);
    }

    #[test]
    fn a_resent_line_keeps_its_id_and_hits() {
        let mut b = Breakpoints::default();
        let want = |line| Wanted {
            line,
            condition: None,
            hit_condition: None,
            log_message: None,
        };
        let first = b.set("/k.cl", vec![want(3), want(7)])[1].id;
        b.all_mut().for_each(|bp| bp.hits = 2);
        let again = b.set("/k.cl", vec![want(7), want(9)]);
        assert_eq!(again[0].id, first);
        assert_eq!(again[0].hits, 2);
        assert_eq!(again[1].hits, 0);
        assert!(again[1].id > first);
    }
}
