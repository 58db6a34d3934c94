//! The variables pane as a tree: values as the debugger prints them (`{a = 1, b = {2,3}}`,
//! `(1,2,3,4)`, `0x1000`) are split into members, elements and components, and pointers are
//! followed on demand (their target is asked for with `print *p`).

use std::collections::{HashMap, HashSet};

/// A printed value, split where it has parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Leaf(String),
    /// `{...}` (a struct or an array) or `(...)` (a vector): parts, named or by position.
    Parts {
        vector: bool,
        items: Vec<(Option<String>, Value)>,
    },
}

/// Splits a printed value. Anything that is not a well-formed aggregate stays one leaf.
pub fn parse_value(text: &str) -> Value {
    let text = text.trim();
    let (vector, inside) = match (text.chars().next(), text.chars().last()) {
        (Some('{'), Some('}')) => (false, &text[1..text.len() - 1]),
        (Some('('), Some(')')) if text.len() >= 2 => (true, &text[1..text.len() - 1]),
        _ => return Value::Leaf(text.to_string()),
    };
    let Some(parts) = split_top_level(inside) else {
        return Value::Leaf(text.to_string());
    };
    let items = parts
        .into_iter()
        .map(|part| match named(part) {
            Some((name, value)) => (Some(name.to_string()), parse_value(value)),
            None => (None, parse_value(part)),
        })
        .collect();
    Value::Parts { vector, items }
}

/// `name = value` at the top level of a part.
fn named(part: &str) -> Option<(&str, &str)> {
    let (name, value) = part.split_once(" = ")?;
    let name = name.trim();
    let simple = !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_');
    simple.then_some((name, value))
}

/// The comma-separated parts of `text`, ignoring commas inside brackets and quotes. `None`
/// if the brackets do not balance.
fn split_top_level(text: &str) -> Option<Vec<&str>> {
    if text.trim().is_empty() {
        return Some(Vec::new());
    }
    let mut parts = Vec::new();
    let mut depth = 0i32;
    let mut quote: Option<char> = None;
    let mut escaped = false;
    let mut start = 0;
    for (i, c) in text.char_indices() {
        if let Some(q) = quote {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                _ if c == q => quote = None,
                _ => {}
            }
            continue;
        }
        match c {
            '"' | '\'' => quote = Some(c),
            '{' | '(' | '[' => depth += 1,
            '}' | ')' | ']' => {
                depth -= 1;
                if depth < 0 {
                    return None;
                }
            }
            ',' if depth == 0 => {
                parts.push(text[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    (depth == 0 && quote.is_none()).then(|| {
        parts.push(text[start..].trim());
        parts
    })
}

/// Whether a printed leaf is a pointer that can be followed.
pub fn is_pointer(value: &str) -> bool {
    value.starts_with("0x") && value.len() > 2 && value != "0x0"
}

/// What a row can do when opened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Leaf,
    /// Has parts; open or closed.
    Parts(bool),
    /// A pointer; followed or not.
    Pointer(bool),
}

/// One line of the tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub depth: usize,
    /// The C expression for it (`node.item.tag[2]`), for `print`, the memory pane and the
    /// set of open rows.
    pub path: String,
    pub label: String,
    /// The printed value (an aggregate's whole text when closed).
    pub value: String,
    pub kind: Kind,
    /// The top-level variable it belongs to (for "changed since the last stop").
    pub root: String,
}

/// The rows of `vars` with the open ones' parts under them. `pointees` holds the printed
/// targets of followed pointers, by their `*pointer` expression.
pub fn rows(
    vars: &[(String, String)],
    open: &HashSet<String>,
    pointees: &HashMap<String, String>,
) -> Vec<Row> {
    let mut out = Vec::new();
    for (name, value) in vars {
        add(
            &mut out,
            &Walk {
                open,
                pointees,
                root: name,
            },
            0,
            name.clone(),
            name.clone(),
            &parse_value(value),
            value,
        );
    }
    out
}

struct Walk<'a> {
    open: &'a HashSet<String>,
    pointees: &'a HashMap<String, String>,
    root: &'a str,
}

/// Pointer chains and self-referencing structs end somewhere.
const MAX_DEPTH: usize = 12;

fn add(
    out: &mut Vec<Row>,
    walk: &Walk,
    depth: usize,
    path: String,
    label: String,
    value: &Value,
    text: &str,
) {
    let is_open = walk.open.contains(&path) && depth < MAX_DEPTH;
    let kind = match value {
        Value::Parts { .. } => Kind::Parts(is_open),
        Value::Leaf(v) if is_pointer(v) => Kind::Pointer(is_open),
        Value::Leaf(_) => Kind::Leaf,
    };
    out.push(Row {
        depth,
        path: path.clone(),
        label,
        value: text.to_string(),
        kind,
        root: walk.root.to_string(),
    });
    if !is_open {
        return;
    }
    match value {
        Value::Parts { vector, items } => {
            for (i, (name, part)) in items.iter().enumerate() {
                let (child, label) = match (name, vector) {
                    (Some(n), _) => (format!("{path}.{n}"), n.clone()),
                    (None, true) => (format!("{path}.s{i:x}"), format!("s{i:x}")),
                    (None, false) => (format!("{path}[{i}]"), format!("[{i}]")),
                };
                add(out, walk, depth + 1, child, label, part, &shown(part));
            }
        }
        Value::Leaf(_) => {
            let target = deref(&path);
            let text = walk
                .pointees
                .get(&target)
                .cloned()
                .unwrap_or_else(|| "…".into());
            add(
                out,
                walk,
                depth + 1,
                target.clone(),
                target,
                &parse_value(&text),
                &text,
            );
        }
    }
}

/// The expression a pointer at `path` points to.
pub fn deref(path: &str) -> String {
    if path.chars().all(|c| c.is_alphanumeric() || c == '_') {
        format!("*{path}")
    } else {
        format!("*({path})")
    }
}

/// A part's text again, for its row.
fn shown(value: &Value) -> String {
    match value {
        Value::Leaf(t) => t.clone(),
        Value::Parts { vector, items } => {
            let inner: Vec<String> = items
                .iter()
                .map(|(n, v)| match n {
                    Some(n) => format!("{n} = {}", shown(v)),
                    None => shown(v),
                })
                .collect();
            if *vector {
                format!("({})", inner.join(","))
            } else {
                format!("{{{}}}", inner.join(", "))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printed_values_split_into_parts() {
        let v = parse_value(
            "{item = {id = 1, tag = {97,98}}, pos = (3,-4), next = 0x1000, name = \"a, b\"}",
        );
        let Value::Parts { vector, items } = v else {
            panic!("not split")
        };
        assert!(!vector);
        let names: Vec<_> = items.iter().map(|(n, _)| n.clone().unwrap()).collect();
        assert_eq!(names, ["item", "pos", "next", "name"]);
        assert_eq!(
            items[1].1,
            Value::Parts {
                vector: true,
                items: vec![
                    (None, Value::Leaf("3".into())),
                    (None, Value::Leaf("-4".into()))
                ]
            }
        );
        assert_eq!(
            items[3].1,
            Value::Leaf("\"a, b\"".into()),
            "the comma is quoted"
        );
        assert_eq!(parse_value("42"), Value::Leaf("42".into()));
        assert_eq!(
            parse_value("<optimized out>"),
            Value::Leaf("<optimized out>".into())
        );
        assert_eq!(
            parse_value("{1,{2}"),
            Value::Leaf("{1,{2}".into()),
            "unbalanced"
        );
    }

    #[test]
    fn open_rows_show_their_parts_with_expressions() {
        let vars = vec![
            ("node".to_string(), "{id = 1, tag = {7,8}}".to_string()),
            ("v".to_string(), "(1,2)".to_string()),
            ("p".to_string(), "0x1000".to_string()),
        ];
        let closed = rows(&vars, &HashSet::new(), &HashMap::new());
        assert_eq!(closed.len(), 3);
        assert_eq!(closed[0].kind, Kind::Parts(false));
        assert_eq!(closed[2].kind, Kind::Pointer(false));

        let open: HashSet<String> = ["node", "node.tag", "v", "p"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let pointees = HashMap::from([("*p".to_string(), "2.5".to_string())]);
        let all = rows(&vars, &open, &pointees);
        let paths: Vec<_> = all.iter().map(|r| r.path.as_str()).collect();
        assert_eq!(
            paths,
            [
                "node",
                "node.id",
                "node.tag",
                "node.tag[0]",
                "node.tag[1]",
                "v",
                "v.s0",
                "v.s1",
                "p",
                "*p"
            ]
        );
        assert_eq!(all[4].value, "8");
        assert_eq!(all[4].depth, 2);
        assert_eq!(all[4].root, "node");
        assert_eq!(all[9].value, "2.5");
        assert_eq!(deref("node.next"), "*(node.next)");
    }

    #[test]
    fn a_pointer_not_yet_read_shows_an_ellipsis() {
        let vars = vec![("p".to_string(), "0x40".to_string())];
        let open = HashSet::from(["p".to_string()]);
        let all = rows(&vars, &open, &HashMap::new());
        assert_eq!(all[1].value, "…");
        assert!(!is_pointer("0x0"), "null is not followed");
    }
}
