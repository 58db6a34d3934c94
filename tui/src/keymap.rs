//! Which key does what: the built-in keymap (`tui/keymap.toml`), with the user's
//! `keymap.toml` from the config directory laid over it.

use std::collections::HashMap;

use serde::Deserialize;

use crate::app::Key;

/// What a key can ask for outside the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KeyAction {
    Continue,
    Next,
    Step,
    Finish,
    /// Back through the work-group's recorded history.
    ReverseStep,
    ReverseNext,
    ReverseFinish,
    ReverseContinue,
    ToggleBreakpoint,
    CommandLine,
    NextPane,
    PreviousPane,
    Up,
    Down,
    Left,
    Right,
    PageUp,
    PageDown,
    Top,
    Bottom,
    Open,
    /// Diagnostics: the other access of a data race.
    OpenOther,
    ShowMemory,
    ZoomOut,
    MemoryType,
    MemorySpace,
    MemoryAddress,
    Wider,
    Narrower,
    Taller,
    Shorter,
    Help,
    Quit,
    Interrupt,
}

const BUILT_IN: &str = include_str!("../keymap.toml");

/// Why a keymap file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum KeymapError {
    #[error(transparent)]
    Toml(#[from] toml::de::Error),
    #[error("unknown key \"{name}\" for {action:?}")]
    UnknownKey { name: String, action: KeyAction },
}

#[derive(Clone, Debug)]
pub struct Keymap {
    keys: HashMap<Key, KeyAction>,
    /// Each action's keys as written, for the help.
    names: HashMap<KeyAction, Vec<String>>,
}

impl Default for Keymap {
    fn default() -> Keymap {
        Keymap::parse(BUILT_IN).expect("the built-in keymap parses")
    }
}

impl Keymap {
    /// A keymap from TOML text: `action = ["key", ...]` lines.
    pub fn parse(text: &str) -> Result<Keymap, KeymapError> {
        let mut map = Keymap {
            keys: HashMap::new(),
            names: HashMap::new(),
        };
        map.overlay(text)?;
        Ok(map)
    }

    /// Gives the actions `text` names its keys (and only those keys); others keep theirs.
    pub fn overlay(&mut self, text: &str) -> Result<(), KeymapError> {
        let table: HashMap<KeyAction, Vec<String>> = toml::from_str(text)?;
        // Every name is checked before anything changes: a bad file changes nothing.
        let mut parsed = Vec::new();
        for (action, names) in table {
            let keys = names
                .iter()
                .map(|n| {
                    parse_key(n).ok_or_else(|| KeymapError::UnknownKey {
                        name: n.clone(),
                        action,
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            parsed.push((action, keys, names));
        }
        for (action, keys, names) in parsed {
            self.keys.retain(|_, a| *a != action);
            for key in keys {
                self.keys.insert(key, action);
            }
            self.names.insert(action, names);
        }
        Ok(())
    }

    /// The built-in keymap with the user's file over it. A file that does not parse is
    /// reported (the built-in keys then stay).
    pub fn load() -> (Keymap, Option<String>) {
        let mut map = Keymap::default();
        let Some(path) = crate::config::user_file("keymap.toml") else {
            return (map, None);
        };
        let Ok(text) = std::fs::read_to_string(&path) else {
            return (map, None);
        };
        let problem = map
            .overlay(&text)
            .err()
            .map(|e| format!("{}: {e}", path.display()));
        (map, problem)
    }

    pub fn action(&self, key: Key) -> Option<KeyAction> {
        self.keys.get(&key).copied()
    }

    /// The first key of an action as the user wrote it ("c"), for short hints.
    pub fn first_key(&self, action: KeyAction) -> &str {
        self.names
            .get(&action)
            .and_then(|n| n.first())
            .map_or("", String::as_str)
    }

    /// The keys of an action as the user wrote them ("c  F5").
    pub fn keys_of(&self, action: KeyAction) -> String {
        self.names
            .get(&action)
            .map(|n| n.join("  "))
            .unwrap_or_default()
    }
}

/// A key from its name in a keymap file (see `tui/keymap.toml`).
pub fn parse_key(name: &str) -> Option<Key> {
    let mut chars = name.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        return Some(Key::Char(c));
    }
    if let Some(rest) = name.strip_prefix("C-") {
        let mut chars = rest.chars();
        return match (chars.next(), chars.next()) {
            (Some(c), None) => Some(Key::Ctrl(c.to_ascii_lowercase())),
            _ => None,
        };
    }
    if let Some(n) = name.strip_prefix("S-F") {
        return function_key(n).map(Key::ShiftF);
    }
    if let Some(n) = name.strip_prefix('F') {
        if let Some(n) = function_key(n) {
            return Some(Key::F(n));
        }
    }
    Some(match name {
        "Space" => Key::Char(' '),
        "Enter" => Key::Enter,
        "Esc" => Key::Esc,
        "Tab" => Key::Tab,
        "S-Tab" | "BackTab" => Key::BackTab,
        "Backspace" => Key::Backspace,
        "Up" => Key::Up,
        "Down" => Key::Down,
        "Left" => Key::Left,
        "Right" => Key::Right,
        "PageUp" => Key::PageUp,
        "PageDown" => Key::PageDown,
        "Home" => Key::Home,
        "End" => Key::End,
        _ => return None,
    })
}

fn function_key(n: &str) -> Option<u8> {
    n.parse().ok().filter(|n| (1..=12).contains(n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_keys() {
        let map = Keymap::default();
        assert_eq!(map.action(Key::Char('c')), Some(KeyAction::Continue));
        assert_eq!(map.action(Key::F(5)), Some(KeyAction::Continue));
        assert_eq!(map.action(Key::F(10)), Some(KeyAction::Next));
        assert_eq!(map.action(Key::F(11)), Some(KeyAction::Step));
        assert_eq!(map.action(Key::ShiftF(11)), Some(KeyAction::Finish));
        assert_eq!(map.action(Key::F(9)), Some(KeyAction::ToggleBreakpoint));
        assert_eq!(map.action(Key::BackTab), Some(KeyAction::PreviousPane));
        assert_eq!(map.action(Key::Char(' ')), Some(KeyAction::Open));
        assert_eq!(map.action(Key::Ctrl('c')), Some(KeyAction::Interrupt));
        assert_eq!(map.action(Key::Char('x')), None);
        assert_eq!(map.keys_of(KeyAction::Continue), "c  F5");
        assert_eq!(map.action(Key::Char('S')), Some(KeyAction::ReverseStep));
        assert_eq!(map.action(Key::Char('N')), Some(KeyAction::ReverseNext));
        assert_eq!(map.action(Key::Char('F')), Some(KeyAction::ReverseFinish));
        assert_eq!(map.action(Key::Char('C')), Some(KeyAction::ReverseContinue));
        assert_eq!(map.action(Key::ShiftF(5)), Some(KeyAction::ReverseContinue));
        assert_eq!(map.keys_of(KeyAction::ReverseContinue), "C  S-F5");
    }

    #[test]
    fn no_built_in_key_does_two_things() {
        let table: HashMap<KeyAction, Vec<String>> = toml::from_str(BUILT_IN).unwrap();
        let mut seen: HashMap<Key, KeyAction> = HashMap::new();
        for (action, names) in table {
            for name in names {
                let key = parse_key(&name).unwrap_or_else(|| panic!("{name} of {action:?}"));
                if let Some(other) = seen.insert(key, action) {
                    panic!("{name} is bound to both {other:?} and {action:?}");
                }
            }
        }
    }

    #[test]
    fn a_user_file_rebinds_only_what_it_names() {
        let mut map = Keymap::default();
        map.overlay("continue = [\"r\", \"C-R\"]\nquit = [\"Q\"]\n")
            .unwrap();
        assert_eq!(map.action(Key::Char('r')), Some(KeyAction::Continue));
        assert_eq!(map.action(Key::Ctrl('r')), Some(KeyAction::Continue));
        assert_eq!(map.action(Key::Char('c')), None, "c no longer continues");
        assert_eq!(map.action(Key::F(5)), None);
        assert_eq!(map.action(Key::Char('Q')), Some(KeyAction::Quit));
        assert_eq!(map.action(Key::Char('q')), None);
        assert_eq!(
            map.action(Key::Char('n')),
            Some(KeyAction::Next),
            "others stay"
        );
    }

    #[test]
    fn bad_files_are_refused_with_the_reason() {
        let mut map = Keymap::default();
        let unknown_key = map.overlay("step = [\"Hyper-x\"]").unwrap_err().to_string();
        assert!(unknown_key.contains("Hyper-x"), "{unknown_key}");
        let unknown_action = map.overlay("fly = [\"x\"]").unwrap_err().to_string();
        assert!(unknown_action.contains("fly"), "{unknown_action}");
        assert!(map.overlay("continue = ").is_err());
        assert_eq!(
            map.action(Key::Char('s')),
            Some(KeyAction::Step),
            "unchanged"
        );
    }

    #[test]
    fn key_names() {
        assert_eq!(parse_key("F12"), Some(Key::F(12)));
        assert_eq!(parse_key("F13"), None);
        assert_eq!(parse_key("S-F1"), Some(Key::ShiftF(1)));
        assert_eq!(parse_key("F"), Some(Key::Char('F')));
        assert_eq!(parse_key("C-d"), Some(Key::Ctrl('d')));
        assert_eq!(parse_key("PageDown"), Some(Key::PageDown));
        assert_eq!(parse_key("Nope"), None);
    }
}
