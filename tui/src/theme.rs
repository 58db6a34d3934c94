//! Colours: the presets in `themes/*.toml`, a theme of the user's from the config directory,
//! and the user's `theme.toml` laid over whichever was chosen.

use std::collections::HashMap;
use std::path::PathBuf;
use std::str::FromStr;

use ratatui::style::Color;
use serde::Deserialize;

/// Every colour the panes use, by role.
#[derive(Clone, Debug, PartialEq)]
pub struct Theme {
    /// The syntect theme for the source and the IR.
    pub syntax: String,
    pub text: Color,
    pub border: Color,
    pub border_focused: Color,
    /// Hints, headings, addresses: what is there but should not draw the eye.
    pub dim: Color,
    pub line_number: Color,
    pub breakpoint: Color,
    /// Errors: diagnostic marks and error reports.
    pub diagnostic: Color,
    pub warning: Color,
    pub current_marker: Color,
    /// Background of the current line and instruction.
    pub current_line: Color,
    /// Variable names, keys in the help, the prompt.
    pub name: Color,
    /// Values and bytes changed since the last stop.
    pub changed: Color,
    /// Background of the selected grid cell.
    pub selection: Color,
    pub status_fg: Color,
    pub status_bg: Color,
    pub not_started: Color,
    pub ready: Color,
    pub running: Color,
    pub barrier: Color,
    pub finished: Color,
}

/// How many themes a chain of `inherits` may pass through.
const MAX_INHERITANCE: usize = 8;

/// The presets, by name.
const PRESETS: &[(&str, &str)] = &[
    ("dark", include_str!("../../themes/dark.toml")),
    ("light", include_str!("../../themes/light.toml")),
];

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ThemeFile {
    inherits: Option<String>,
    syntax: Option<String>,
    #[serde(default)]
    colors: HashMap<String, String>,
}

/// Why a theme cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum ThemeError {
    #[error("no theme \"{name}\" (presets: {})", Theme::preset_names().join(", "))]
    NoSuchTheme { name: String },
    #[error(transparent)]
    Toml(#[from] toml::de::Error),
    #[error("\"{value}\" is not a colour (for {role})")]
    NotAColour { value: String, role: String },
    #[error("no colour role \"{0}\"")]
    NoSuchRole(String),
    /// A theme that inherits from no other leaves a colour unset.
    #[error("colour \"{0}\" is not given")]
    Missing(&'static str),
    #[error("themes inherit from each other in a circle at \"{0}\"")]
    Circle(String),
    #[error("{0}")]
    Read(#[source] std::io::Error),
    /// A problem of the user's theme file at `path`.
    #[error("{}: {error}", .path.display())]
    File {
        path: PathBuf,
        error: Box<ThemeError>,
    },
}

impl Default for Theme {
    fn default() -> Theme {
        Theme::preset("dark").expect("the dark preset parses")
    }
}

impl Theme {
    pub fn preset_names() -> Vec<&'static str> {
        PRESETS.iter().map(|(n, _)| *n).collect()
    }

    pub fn preset(name: &str) -> Result<Theme, ThemeError> {
        let text = PRESETS
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, t)| *t)
            .ok_or_else(|| ThemeError::NoSuchTheme {
                name: name.to_string(),
            })?;
        Theme::parse(text, None)
    }

    /// A theme from its TOML text; `base` is the theme it changes when it names no
    /// `inherits` (without either, every colour must be given).
    pub fn parse(text: &str, base: Option<&Theme>) -> Result<Theme, ThemeError> {
        Theme::parse_within(text, base, 0)
    }

    /// `parse`, `depth` themes down a chain of `inherits`.
    fn parse_within(text: &str, base: Option<&Theme>, depth: usize) -> Result<Theme, ThemeError> {
        let file: ThemeFile = toml::from_str(text)?;
        let mut theme = match (&file.inherits, base) {
            (Some(name), _) => Theme::named(name, depth + 1)?,
            (None, Some(base)) => base.clone(),
            (None, None) => Theme::blank(),
        };
        if let Some(syntax) = file.syntax {
            theme.syntax = syntax;
        }
        for (role, value) in &file.colors {
            let color = Color::from_str(value).map_err(|_| ThemeError::NotAColour {
                value: value.clone(),
                role: role.clone(),
            })?;
            *theme
                .slot(role)
                .ok_or_else(|| ThemeError::NoSuchRole(role.clone()))? = color;
        }
        if file.inherits.is_none() && base.is_none() {
            if let Some(missing) = theme.missing() {
                return Err(ThemeError::Missing(missing));
            }
        }
        Ok(theme)
    }

    /// A theme by name: the user's `themes/NAME.toml` first, then the presets.
    fn named(name: &str, depth: usize) -> Result<Theme, ThemeError> {
        // Themes that inherit from each other in a circle would never end.
        if depth > MAX_INHERITANCE {
            return Err(ThemeError::Circle(name.to_string()));
        }
        match crate::config::user_file(&format!("themes/{name}.toml")) {
            Some(path) => {
                let text = std::fs::read_to_string(&path).map_err(ThemeError::Read)?;
                Theme::parse_within(&text, None, depth).map_err(|error| ThemeError::File {
                    path,
                    error: Box::new(error),
                })
            }
            None => Theme::preset(name),
        }
    }

    /// The theme `OCLGRIND_THEME` names (dark by default) with the user's `theme.toml` over
    /// it. A problem is reported, and what could be loaded is used.
    pub fn load() -> (Theme, Option<String>) {
        let name = std::env::var("OCLGRIND_THEME").unwrap_or_else(|_| "dark".into());
        let (theme, mut problem) = match Theme::named(&name, 0) {
            Ok(t) => (t, None),
            Err(e) => (Theme::default(), Some(e.to_string())),
        };
        let Some(path) = crate::config::user_file("theme.toml") else {
            return (theme, problem);
        };
        let result = std::fs::read_to_string(&path)
            .map_err(ThemeError::Read)
            .and_then(|text| Theme::parse(&text, Some(&theme)));
        match result {
            Ok(t) => (t, problem),
            Err(error) => {
                let error = Box::new(error);
                problem = Some(ThemeError::File { path, error }.to_string());
                (theme, problem)
            }
        }
    }

    /// A theme with no colour set, to be filled by a complete file.
    fn blank() -> Theme {
        let unset = Color::Indexed(UNSET);
        Theme {
            syntax: "base16-eighties.dark".into(),
            text: unset,
            border: unset,
            border_focused: unset,
            dim: unset,
            line_number: unset,
            breakpoint: unset,
            diagnostic: unset,
            warning: unset,
            current_marker: unset,
            current_line: unset,
            name: unset,
            changed: unset,
            selection: unset,
            status_fg: unset,
            status_bg: unset,
            not_started: unset,
            ready: unset,
            running: unset,
            barrier: unset,
            finished: unset,
        }
    }

    fn slot(&mut self, role: &str) -> Option<&mut Color> {
        Some(match role {
            "text" => &mut self.text,
            "border" => &mut self.border,
            "border_focused" => &mut self.border_focused,
            "dim" => &mut self.dim,
            "line_number" => &mut self.line_number,
            "breakpoint" => &mut self.breakpoint,
            "diagnostic" => &mut self.diagnostic,
            "warning" => &mut self.warning,
            "current_marker" => &mut self.current_marker,
            "current_line" => &mut self.current_line,
            "name" => &mut self.name,
            "changed" => &mut self.changed,
            "selection" => &mut self.selection,
            "status_fg" => &mut self.status_fg,
            "status_bg" => &mut self.status_bg,
            "not_started" => &mut self.not_started,
            "ready" => &mut self.ready,
            "running" => &mut self.running,
            "barrier" => &mut self.barrier,
            "finished" => &mut self.finished,
            _ => return None,
        })
    }

    /// The first role a complete file left unset.
    fn missing(&mut self) -> Option<&'static str> {
        ROLES
            .iter()
            .find(|r| self.slot(r).is_some_and(|c| *c == Color::Indexed(UNSET)))
            .copied()
    }
}

/// Stands for "not given" while a complete theme is read (a palette index no file uses
/// by accident is good enough: the check only runs on files that inherit nothing).
const UNSET: u8 = 255;

const ROLES: &[&str] = &[
    "text",
    "border",
    "border_focused",
    "dim",
    "line_number",
    "breakpoint",
    "diagnostic",
    "warning",
    "current_marker",
    "current_line",
    "name",
    "changed",
    "selection",
    "status_fg",
    "status_bg",
    "not_started",
    "ready",
    "running",
    "barrier",
    "finished",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_are_complete_and_differ() {
        let dark = Theme::preset("dark").unwrap();
        let light = Theme::preset("light").unwrap();
        assert_eq!(dark.border_focused, Color::Cyan);
        assert_eq!(dark.current_line, Color::Rgb(0x1e, 0x3c, 0x1e));
        assert_ne!(dark.current_line, light.current_line);
        assert_ne!(dark.syntax, light.syntax);
        assert!(Theme::preset("neon")
            .unwrap_err()
            .to_string()
            .contains("dark, light"));
    }

    #[test]
    fn a_partial_file_changes_only_what_it_names() {
        let dark = Theme::default();
        let mine = Theme::parse("[colors]\nbreakpoint = \"#ff00ff\"\n", Some(&dark)).unwrap();
        assert_eq!(mine.breakpoint, Color::Rgb(255, 0, 255));
        assert_eq!(mine.running, dark.running);
        let light_based = Theme::parse(
            "inherits = \"light\"\n[colors]\nname = \"red\"\n",
            Some(&dark),
        )
        .unwrap();
        assert_eq!(light_based.name, Color::Red);
        assert_eq!(
            light_based.status_bg,
            Theme::preset("light").unwrap().status_bg
        );
    }

    /// The only test that sets these variables (tests run on threads of one process).
    #[test]
    fn the_users_config_directory_overrides_the_presets() {
        let dir = std::env::temp_dir().join(format!("oclgrind-config-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("themes")).unwrap();
        std::fs::write(
            dir.join("themes/mine.toml"),
            "inherits = \"light\"\n[colors]\nname = \"#010203\"\n",
        )
        .unwrap();
        std::fs::write(
            dir.join("theme.toml"),
            "[colors]\nbreakpoint = \"magenta\"\n",
        )
        .unwrap();
        std::fs::write(dir.join("keymap.toml"), "step = [\"F7\"]\n").unwrap();
        std::env::set_var("OCLGRIND_CONFIG_DIR", &dir);
        std::env::set_var("OCLGRIND_THEME", "mine");
        let (theme, problem) = Theme::load();
        assert_eq!(problem, None);
        assert_eq!(theme.name, Color::Rgb(1, 2, 3), "the user's theme");
        assert_eq!(theme.breakpoint, Color::Magenta, "theme.toml over it");
        assert_eq!(theme.syntax, "InspiredGitHub", "inherited from light");
        let (keys, problem) = crate::keymap::Keymap::load();
        assert_eq!(problem, None);
        assert_eq!(
            keys.action(crate::app::Key::F(7)),
            Some(crate::keymap::KeyAction::Step)
        );
        std::fs::write(dir.join("keymap.toml"), "step = [\"Hyper\"]\n").unwrap();
        let (keys, problem) = crate::keymap::Keymap::load();
        assert!(problem.is_some_and(|p| p.contains("keymap.toml")));
        assert_eq!(
            keys.action(crate::app::Key::Char('s')),
            Some(crate::keymap::KeyAction::Step),
            "the built-in keys stay"
        );
        std::fs::write(dir.join("themes/loop.toml"), "inherits = \"loop\"\n").unwrap();
        std::env::set_var("OCLGRIND_THEME", "loop");
        let (_, problem) = Theme::load();
        assert!(
            problem.is_some_and(|p| p.contains("circle")),
            "no endless recursion"
        );
        std::env::set_var("OCLGRIND_THEME", "nonesuch");
        let (theme, problem) = Theme::load();
        assert!(problem.is_some_and(|p| p.contains("nonesuch")));
        assert_eq!(
            theme.breakpoint,
            Color::Magenta,
            "the default, with theme.toml"
        );
        std::env::remove_var("OCLGRIND_CONFIG_DIR");
        std::env::remove_var("OCLGRIND_THEME");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn bad_files_say_what_is_wrong() {
        let base = Theme::default();
        let bad_colour = Theme::parse("[colors]\nname = \"blurple\"\n", Some(&base))
            .unwrap_err()
            .to_string();
        assert!(bad_colour.contains("blurple"), "{bad_colour}");
        let bad_role = Theme::parse("[colors]\nsparkle = \"red\"\n", Some(&base))
            .unwrap_err()
            .to_string();
        assert!(bad_role.contains("sparkle"), "{bad_role}");
        let incomplete = Theme::parse("[colors]\ntext = \"red\"\n", None)
            .unwrap_err()
            .to_string();
        assert!(incomplete.contains("border"), "{incomplete}");
        assert!(Theme::parse("colours = 1", Some(&base)).is_err());
    }
}
