//! Which source file a location is in: the program's own source, or a header it included.
//! Headers are read from where the debug information says they were found, once each.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

pub use oclgrind_debug_protocol::text::{names, short_name};

use oclgrind_core::bytecode::{Function, Pc};
use oclgrind_core::diagnostics::Source;
use oclgrind_core::exec::debug::WorkItemView;

/// The file of an instruction: `None` for the program's own source (or no location),
/// `Some(path)` for an included file.
pub fn file_of(view: &WorkItemView, func: u32, pc: Pc) -> Option<String> {
    let f = view.code().functions.get(func as usize)?;
    let info = f.op_info(pc);
    if info.line == 0 {
        return None;
    }
    function_file(f, info.file, main_name(&view.kernel.source))
}

/// The name the program's own source has in the debug information.
pub fn main_name(source: &Option<Arc<Source>>) -> &str {
    source.as_ref().map_or("input.cl", |s| s.name.as_str())
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
pub fn function_file(f: &Function, index: u32, main: &str) -> Option<String> {
    let name = f.files.get(index as usize)?;
    if name.is_empty() || name == main {
        return None;
    }
    f.file_paths.get(index as usize).cloned()
}

/// The text of a file: the program's source for `None`, else the header at `path` (`None`
/// if it cannot be read).
pub fn source(view: &WorkItemView, file: Option<&str>) -> Option<Arc<Source>> {
    match file {
        None => view.kernel.source.clone(),
        Some(path) => header(path),
    }
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
