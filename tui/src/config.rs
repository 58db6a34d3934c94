//! Where the user's own files are: `$OCLGRIND_CONFIG_DIR`, else `$XDG_CONFIG_HOME/oclgrind`,
//! else `~/.config/oclgrind`.

use std::path::PathBuf;

pub fn dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("OCLGRIND_CONFIG_DIR").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(d));
    }
    if let Some(d) = std::env::var_os("XDG_CONFIG_HOME").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(d).join("oclgrind"));
    }
    let home = std::env::var_os("HOME").filter(|d| !d.is_empty())?;
    Some(PathBuf::from(home).join(".config").join("oclgrind"))
}

/// A file in the user's config directory, if it exists.
pub fn user_file(name: &str) -> Option<PathBuf> {
    dir().map(|d| d.join(name)).filter(|p| p.is_file())
}
