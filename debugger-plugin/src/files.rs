//! Which source file a location is in: the program's own source, or a header it included.
//! Headers are read from where the debug information says they were found, once each.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

pub use oclgrind_debug_protocol::text::{names, short_name};

use oclgrind_core::debugging::{FunctionCode, Pc, Source, WorkItemView};

/// The file of an instruction: `None` for the program's own source (or no location),
/// `Some(path)` for an included file.
pub fn file_of(view: &WorkItemView, func: u32, pc: Pc) -> Option<String> {
    let f = view.function_code(func)?;
    let at = f.position(pc);
    if at.line == 0 {
        return None;
    }
    function_file(f, at.file, main_name(view.source().map(|s| &**s)))
}

/// The name the program's own source has in the debug information.
pub fn main_name(source: Option<&Source>) -> &str {
    source.map_or("input.cl", |s| s.name.as_str())
}

/// Whether the file the user typed is the program's own source: by the name the debug
/// information gives it (`input.cl`), or a file on disk with the same text (the `.cl` file a
/// `.sim` names, say).
pub fn is_main_source(typed: &str, source: &Source) -> bool {
    if short_name(typed) == source.name {
        return true;
    }
    let Ok(bytes) = std::fs::read(typed) else {
        return false;
    };
    let text = String::from_utf8_lossy(&bytes);
    let mut lines = text.lines();
    (1..=source.len() as u32).all(|n| lines.next() == source.line(n)) && lines.next().is_none()
}

/// File `index` of a function's debug files: `None` for the program's own source.
pub fn function_file(f: FunctionCode, index: u32, main: &str) -> Option<String> {
    let name = f.file_name(index)?;
    if name.is_empty() || name == main {
        return None;
    }
    f.file_path(index).map(str::to_string)
}

/// The text of a file: the program's source for `None`, else the header at `path` (`None`
/// if it cannot be read).
pub fn source(view: &WorkItemView, file: Option<&str>) -> Option<Arc<Source>> {
    match file {
        None => view.source().cloned(),
        Some(path) => header(path),
    }
}

/// For each line of a source file (line n at index n - 1), whether it may hold code: not
/// blank, not only comments, not part of a preprocessor directive (a `#define` and the lines
/// its backslashes continue it onto).
pub fn may_hold_code(source: &Source) -> Vec<bool> {
    let mut in_comment = false;
    let mut directive_goes_on = false;
    (1..=source.len() as u32)
        .map(|n| {
            let text = source.line(n).unwrap_or("");
            let continued = text.trim_end().ends_with('\\');
            if directive_goes_on {
                directive_goes_on = continued;
                return false;
            }
            let (mut first, mut quote) = (None, None);
            let mut chars = text.chars().peekable();
            while let Some(c) = chars.next() {
                match (in_comment, quote, c) {
                    (true, _, '*') if chars.peek() == Some(&'/') => {
                        chars.next();
                        in_comment = false;
                    }
                    (true, ..) => {}
                    (false, Some(q), c) if c == q => quote = None,
                    (false, Some(_), '\\') => {
                        chars.next();
                    }
                    (false, Some(_), _) => {}
                    (false, None, '/') if chars.peek() == Some(&'/') => break,
                    (false, None, '/') if chars.peek() == Some(&'*') => {
                        chars.next();
                        in_comment = true;
                    }
                    (false, None, c) if c.is_whitespace() => {}
                    (false, None, c) => {
                        first.get_or_insert(c);
                        if c == '"' || c == '\'' {
                            quote = Some(c);
                        }
                    }
                }
            }
            if first == Some('#') {
                directive_goes_on = continued;
                return false;
            }
            first.is_some()
        })
        .collect()
}

fn header(path: &str) -> Option<Arc<Source>> {
    static READ: Mutex<Option<HashMap<String, Option<Arc<Source>>>>> = Mutex::new(None);
    let mut read = READ.lock().unwrap_or_else(|e| e.into_inner());
    read.get_or_insert_with(HashMap::new)
        .entry(path.to_string())
        .or_insert_with(|| {
            // A header in another encoding than UTF-8 is still shown.
            let bytes = std::fs::read(path).ok()?;
            let mut source = Source::new(&String::from_utf8_lossy(&bytes));
            source.name = path.to_string();
            Some(Arc::new(source))
        })
        .clone()
}

#[cfg(test)]
mod tests {
    #[test]
    fn lines_that_may_hold_code() {
        let text = "#define N 4 \\\n  + 1\n\n// a comment\n/* a block\n   comment */ int x;\n\
                    kernel void k(global int *o) /* c */\n{\n  o[0] = '#';\n  #pragma unroll\n}\n";
        let source = Source::new(text);
        assert_eq!(
            super::may_hold_code(&source),
            [false, false, false, false, false, true, true, true, true, false, true]
        );
    }

    use super::*;

    #[test]
    fn headers_are_read_once_and_missing_ones_are_none() {
        let dir = std::env::temp_dir().join(format!("oclgrind-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("h.h");
        std::fs::write(&path, "int a;\nint b;\n").unwrap();
        let path = path.to_string_lossy().into_owned();
        let first = header(&path).expect("read");
        assert_eq!(first.line(2), Some("int b;"));
        std::fs::write(&path, "changed\n").unwrap();
        assert_eq!(header(&path).unwrap().line(1), Some("int a;"), "read once");
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(header("/nonexistent/oclgrind/h.h").is_none());
    }
}
