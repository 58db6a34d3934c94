//! Syntax highlighting of the kernel source (OpenCL C as C), done once when the source
//! arrives: the panes then draw ready-made spans.

use ratatui::style::{Color, Modifier, Style};
use syntect::easy::HighlightLines;
use syntect::highlighting::{FontStyle, ThemeSet};
use syntect::parsing::SyntaxSet;

/// One line as (style, text) pieces.
pub type StyledLine = Vec<(Style, String)>;

/// Highlights `lines` as C (syntect's extension lookup would take `.cl` for Lisp). Lines
/// it cannot highlight come back plain.
pub fn highlight_c(lines: &[String]) -> Vec<StyledLine> {
    let syntaxes = SyntaxSet::load_defaults_newlines();
    let themes = ThemeSet::load_defaults();
    let (Some(syntax), Some(theme)) = (
        syntaxes.find_syntax_by_name("C"),
        themes.themes.get("base16-eighties.dark"),
    ) else {
        return plain(lines);
    };
    let mut h = HighlightLines::new(syntax, theme);
    lines
        .iter()
        .map(|line| {
            let with_newline = format!("{line}\n");
            match h.highlight_line(&with_newline, &syntaxes) {
                Ok(pieces) => pieces
                    .into_iter()
                    .map(|(s, text)| (style_of(s), text.trim_end_matches('\n').to_string()))
                    .filter(|(_, t)| !t.is_empty())
                    .collect(),
                Err(_) => vec![(Style::new(), line.clone())],
            }
        })
        .collect()
}

fn plain(lines: &[String]) -> Vec<StyledLine> {
    lines
        .iter()
        .map(|l| vec![(Style::new(), l.clone())])
        .collect()
}

/// The foreground and font of a syntect style; the background stays the terminal's, so the
/// current-line and cursor marks show through.
fn style_of(s: syntect::highlighting::Style) -> Style {
    let f = s.foreground;
    let mut style = Style::new().fg(Color::Rgb(f.r, f.g, f.b));
    if s.font_style.contains(FontStyle::BOLD) {
        style = style.add_modifier(Modifier::BOLD);
    }
    if s.font_style.contains(FontStyle::ITALIC) {
        style = style.add_modifier(Modifier::ITALIC);
    }
    style
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_comments_and_names_differ() {
        let lines = vec![
            "// a comment".to_string(),
            "kernel void k(global int *p) { int x = 42; }".to_string(),
        ];
        let out = highlight_c(&lines);
        assert_eq!(out.len(), 2);
        let text: String = out[1].iter().map(|(_, t)| t.as_str()).collect();
        assert_eq!(text, lines[1], "the text is kept whole");
        let style_of = |word: &str| {
            out[1]
                .iter()
                .find(|(_, t)| t.contains(word))
                .map(|(s, _)| s.fg)
                .unwrap_or_else(|| panic!("{word} not found in {:?}", out[1]))
        };
        assert_ne!(style_of("int"), style_of("x"), "a type is not a name");
        assert_ne!(style_of("42"), style_of("x"), "a number is not a name");
        assert_ne!(out[0][0].0.fg, style_of("x"), "a comment is not a name");
    }
}
