//! Which text a stop is in. Applications pass kernel source as strings, so a program is known
//! by its text: a file the IDE knows (one it set breakpoints in, the `.sim`'s kernel, a `.cl`
//! beside the program) whose text is the program's is where its lines are; a program no file
//! holds gets a `sourceReference`, and the IDE asks for its text.

use std::path::{Path, PathBuf};

use serde_json::{json, Value};

/// Text compared as lines: line endings and trailing blank lines do not count.
fn normalise(text: &str) -> String {
    let text = text.replace("\r\n", "\n");
    text.trim_end().to_string()
}

struct Program {
    text: String,
    /// The known file with its text, if any.
    path: Option<String>,
}

#[derive(Default)]
pub struct Sources {
    /// Known files and their text (`None`: unreadable).
    files: Vec<(String, Option<String>)>,
    /// Programs seen, in order; a `sourceReference` is an index + 1.
    programs: Vec<Program>,
    current: Option<usize>,
    /// The launch's working directory (relative file names in the debug information).
    cwd: Option<PathBuf>,
}

impl Sources {
    pub fn set_cwd(&mut self, cwd: Option<PathBuf>) {
        self.cwd = cwd;
    }

    /// The key under which breakpoints set in a program shown by reference are kept (their
    /// "path"; no file's name has this form).
    pub fn reference_key(reference: u64) -> String {
        format!("<program {reference}>")
    }

    fn reference_of_key(key: &str) -> Option<u64> {
        key.strip_prefix("<program ")?
            .strip_suffix('>')?
            .parse()
            .ok()
    }

    /// DAP's `Source` for a breakpoint's key: a file's path, or a program's reference.
    pub fn source_of_key(&self, key: &str) -> Value {
        match Self::reference_of_key(key) {
            Some(reference) => json!({ "sourceReference": reference }),
            None => json!({ "path": key }),
        }
    }

    /// Whether a key names a program by reference other than the current one (its
    /// breakpoints bind nowhere else).
    pub fn is_other_program(&self, key: &str) -> bool {
        Self::reference_of_key(key).is_some_and(|r| self.current.map(|i| i as u64 + 1) != Some(r))
    }

    /// A file the IDE named: its text is read now, and it may hold a program seen later.
    pub fn know(&mut self, path: &str) {
        if Self::reference_of_key(path).is_some() || self.files.iter().any(|(p, _)| p == path) {
            return;
        }
        let text = std::fs::read_to_string(path).ok().map(|t| normalise(&t));
        self.files.push((path.to_string(), text));
        // A program seen before may be this file's.
        let known = self.files.last().and_then(|(_, t)| t.clone());
        for program in self.programs.iter_mut().filter(|p| p.path.is_none()) {
            if known.as_deref() == Some(program.text.as_str()) {
                program.path = Some(path.to_string());
            }
        }
    }

    /// The `.cl` files in a directory, as files that may hold a program.
    pub fn know_directory(&mut self, dir: &Path) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let mut paths: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "cl") && p.is_file())
            .collect();
        paths.sort();
        for p in paths {
            self.know(&p.to_string_lossy());
        }
    }

    /// The text of a known file or a program's key (`None` when unreadable or unknown).
    pub fn file_text(&self, path: &str) -> Option<&str> {
        if let Some(reference) = Self::reference_of_key(path) {
            return self.text(reference);
        }
        self.files
            .iter()
            .find(|(p, _)| p == path)
            .and_then(|(_, t)| t.as_deref())
    }

    /// The program of the launch now stopped, from its numbered lines.
    pub fn enter_program(&mut self, lines: &[(u32, String)]) {
        let text: Vec<&str> = lines.iter().map(|(_, l)| l.as_str()).collect();
        let text = normalise(&text.join("\n"));
        let index = match self.programs.iter().position(|p| p.text == text) {
            Some(i) => i,
            None => {
                let path = (self.files.iter())
                    .find(|(_, t)| t.as_deref() == Some(text.as_str()))
                    .map(|(p, _)| p.clone());
                self.programs.push(Program { text, path });
                self.programs.len() - 1
            }
        };
        self.current = Some(index);
    }

    /// A new launch began: its program is not known until `enter_program`.
    pub fn leave_program(&mut self) {
        self.current = None;
    }

    pub fn knows_program(&self) -> bool {
        self.current.is_some()
    }

    /// Whether a known file holds the current program, or the key is its reference's.
    pub fn is_current_program(&self, path: &str) -> bool {
        if let Some(reference) = Self::reference_of_key(path) {
            return self.current.map(|i| i as u64 + 1) == Some(reference);
        }
        self.current_program().is_some_and(|p| {
            p.path.as_deref() == Some(path) || self.file_text(path) == Some(p.text.as_str())
        })
    }

    fn current_program(&self) -> Option<&Program> {
        self.current.map(|i| &self.programs[i])
    }

    /// DAP's `Source` for a place: in an included file (`Some`), or in the current program.
    pub fn source(&self, file: Option<&str>) -> Value {
        if let Some(file) = file {
            let path = match (Path::new(file).is_relative(), &self.cwd) {
                (true, Some(cwd)) => cwd.join(file),
                _ => PathBuf::from(file),
            };
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
            return json!({ "name": name.unwrap_or_else(|| file.to_string()), "path": path });
        }
        let Some(index) = self.current else {
            return Value::Null;
        };
        match &self.programs[index].path {
            Some(path) => {
                let name = Path::new(path)
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned());
                json!({ "name": name.unwrap_or_else(|| path.clone()), "path": path })
            }
            None => json!({
                "name": format!("program {}.cl", index + 1),
                "sourceReference": index + 1,
                "presentationHint": "emphasize",
            }),
        }
    }

    /// The text of a `sourceReference`.
    pub fn text(&self, reference: u64) -> Option<&str> {
        let index = usize::try_from(reference).ok()?.checked_sub(1)?;
        self.programs.get(index).map(|p| p.text.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<(u32, String)> {
        text.lines()
            .enumerate()
            .map(|(i, l)| (i as u32 + 1, l.to_string()))
            .collect()
    }

    #[test]
    fn a_program_is_the_file_with_its_text() {
        let dir = std::env::temp_dir().join(format!("oclgrind-dap-sources-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("k.cl");
        std::fs::write(&file, "kernel void k() {\r\n}\r\n\r\n").unwrap();
        let path = file.to_string_lossy().into_owned();
        let mut s = Sources::default();
        // Seen before the file is known: a reference, then the file once it is.
        s.enter_program(&lines("kernel void k() {\n}"));
        assert_eq!(s.source(None)["sourceReference"], 1);
        assert_eq!(s.text(1), Some("kernel void k() {\n}"));
        s.know(&path);
        assert_eq!(s.source(None)["path"], path.as_str());
        assert!(s.is_current_program(&path));
        // Another program is not that file's.
        s.enter_program(&lines("kernel void other() {}"));
        assert_eq!(s.source(None)["sourceReference"], 2);
        assert!(!s.is_current_program(&path));
        assert_eq!(s.text(3), None);
        // Breakpoints in a program shown by reference are kept under a key of its own.
        let key = Sources::reference_key(2);
        assert!(s.is_current_program(&key));
        assert!(s.is_other_program(&Sources::reference_key(1)));
        assert_eq!(s.file_text(&key), Some("kernel void other() {}"));
        assert_eq!(s.source_of_key(&key)["sourceReference"], 2);
        assert_eq!(s.source_of_key(&path)["path"], path.as_str());
        assert_eq!(s.text(0), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn included_files_are_paths_from_the_working_directory() {
        let mut s = Sources::default();
        s.set_cwd(Some(PathBuf::from("/work/app")));
        assert_eq!(s.source(Some("inc/h.h"))["path"], "/work/app/inc/h.h");
        assert_eq!(s.source(Some("/abs/h.h"))["name"], "h.h");
    }
}
