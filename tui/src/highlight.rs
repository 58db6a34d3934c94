//! Syntax highlighting of the kernel source (OpenCL C as C) and of its LLVM IR, done once when
//! the text arrives: the panes then draw ready-made spans. The syntaxes and themes are loaded
//! once per process, on first use.

use std::sync::OnceLock;

use ratatui::style::{Color, Modifier, Style};
use syntect::easy::HighlightLines;
use syntect::highlighting::{
    FontStyle, HighlightIterator, HighlightState, Highlighter, Theme, ThemeSet,
};
use syntect::parsing::{
    ParseState, ParseSyntaxError, ScopeStack, SyntaxDefinition, SyntaxSet, SyntaxSetBuilder,
};

/// One line as (style, text) pieces.
pub type StyledLine = Vec<(Style, String)>;

/// The theme used when none is named, or the named one is not bundled.
pub const DEFAULT_THEME: &str = "base16-eighties.dark";

/// The LLVM IR syntax shipped with the crate (written for the IR pane).
const LLVM_IR_SYNTAX: &str = include_str!("../syntaxes/llvm-ir.sublime-syntax");

/// Its name inside the file, to find it in its set.
const LLVM_IR_NAME: &str = "LLVM IR";

/// syntect's bundled syntaxes (C among them), newline-terminated flavour.
fn default_syntaxes() -> &'static SyntaxSet {
    static SET: OnceLock<SyntaxSet> = OnceLock::new();
    SET.get_or_init(SyntaxSet::load_defaults_newlines)
}

fn themes() -> &'static ThemeSet {
    static SET: OnceLock<ThemeSet> = OnceLock::new();
    SET.get_or_init(ThemeSet::load_defaults)
}

/// A set holding only the LLVM IR syntax; `None` if the shipped file does not load (a test
/// makes sure it does), in which case IR lines come back plain.
fn ir_syntaxes() -> Option<&'static SyntaxSet> {
    static SET: OnceLock<Option<SyntaxSet>> = OnceLock::new();
    SET.get_or_init(|| build_ir_syntaxes().ok()).as_ref()
}

/// The shipped IR syntax does not load.
#[derive(Debug, thiserror::Error)]
#[error("llvm-ir.sublime-syntax: {0}")]
struct IrSyntaxError(#[from] ParseSyntaxError);

fn build_ir_syntaxes() -> Result<SyntaxSet, IrSyntaxError> {
    let def = SyntaxDefinition::load_from_str(LLVM_IR_SYNTAX, true, None)?;
    let mut builder = SyntaxSetBuilder::new();
    builder.add(def);
    Ok(builder.build())
}

/// The named bundled theme, or the default one for a name it does not know.
fn theme_or_default(name: &str) -> Option<&'static Theme> {
    let themes = &themes().themes;
    themes.get(name).or_else(|| themes.get(DEFAULT_THEME))
}

/// The names of syntect's bundled themes, sorted (any of them can be passed as `theme`).
pub fn theme_names() -> Vec<String> {
    themes().themes.keys().cloned().collect()
}

/// Highlights `lines` as C in the default theme; see [`highlight_c_with`].
pub fn highlight_c(lines: &[String]) -> Vec<StyledLine> {
    highlight_c_with(lines, DEFAULT_THEME)
}

/// Highlights `lines` as C (syntect's extension lookup would take `.cl` for Lisp) in the
/// bundled theme `theme` (the default one if there is no such theme). The lines are parsed in
/// sequence, so a comment or string spanning lines is coloured through. Lines it cannot
/// highlight come back plain.
pub fn highlight_c_with(lines: &[String], theme: &str) -> Vec<StyledLine> {
    let syntaxes = default_syntaxes();
    let (Some(syntax), Some(theme)) = (syntaxes.find_syntax_by_name("C"), theme_or_default(theme))
    else {
        return plain(lines);
    };
    let mut h = HighlightLines::new(syntax, theme);
    lines
        .iter()
        .map(|line| {
            let with_newline = format!("{line}\n");
            match h.highlight_line(&with_newline, syntaxes) {
                Ok(pieces) => styled(pieces),
                Err(_) => vec![(Style::new(), line.clone())],
            }
        })
        .collect()
}

/// Highlights `lines` as LLVM IR (instructions such as
/// `  %5 = load i32, ptr addrspace(1) %4, align 4`) in the bundled theme `theme` (the default
/// one if there is no such theme). Each line is parsed on its own, from a fresh state, so its
/// colours never depend on the lines shown above it. Lines it cannot highlight come back plain.
pub fn highlight_ir(lines: &[String], theme: &str) -> Vec<StyledLine> {
    let Some((syntaxes, theme)) = ir_syntaxes().zip(theme_or_default(theme)) else {
        return plain(lines);
    };
    let Some(syntax) = syntaxes.find_syntax_by_name(LLVM_IR_NAME) else {
        return plain(lines);
    };
    let highlighter = Highlighter::new(theme);
    lines
        .iter()
        .map(|line| {
            let with_newline = format!("{line}\n");
            let mut parse = ParseState::new(syntax);
            match parse.parse_line(&with_newline, syntaxes) {
                Ok(ops) => {
                    let mut state = HighlightState::new(&highlighter, ScopeStack::new());
                    styled(HighlightIterator::new(
                        &mut state,
                        &ops,
                        &with_newline,
                        &highlighter,
                    ))
                }
                Err(_) => vec![(Style::new(), line.clone())],
            }
        })
        .collect()
}

/// syntect's pieces of one newline-terminated line as our spans, without the newline, and
/// with neighbours of one style joined.
fn styled<'a>(
    pieces: impl IntoIterator<Item = (syntect::highlighting::Style, &'a str)>,
) -> StyledLine {
    let mut line: StyledLine = Vec::new();
    for (s, text) in pieces {
        let text = text.trim_end_matches('\n');
        if text.is_empty() {
            continue;
        }
        let style = style_of(s);
        match line.last_mut() {
            Some((last, joined)) if *last == style => joined.push_str(text),
            _ => line.push((style, text.to_string())),
        }
    }
    line
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

    /// The text of a highlighted line, and the foreground of the first piece holding `word`.
    fn text_of(line: &StyledLine) -> String {
        line.iter().map(|(_, t)| t.as_str()).collect()
    }

    fn colour_of(line: &StyledLine, word: &str) -> Option<Color> {
        line.iter()
            .find(|(_, t)| t.contains(word))
            .map(|(s, _)| s.fg)
            .unwrap_or_else(|| panic!("{word} not found in {line:?}"))
    }

    #[test]
    fn the_ir_syntax_loads() {
        let set = build_ir_syntaxes().expect("the shipped syntax loads");
        assert!(set.find_syntax_by_name(LLVM_IR_NAME).is_some());
        assert!(ir_syntaxes().is_some());
    }

    #[test]
    fn ir_opcodes_types_names_and_comments_differ() {
        let lines = vec!["  %add = fadd float %left, %1 ; sum".to_string()];
        let out = highlight_ir(&lines, DEFAULT_THEME);
        assert_eq!(out.len(), 1);
        let line = &out[0];
        assert_eq!(text_of(line), lines[0], "the text is kept whole");
        let opcode = colour_of(line, "fadd");
        let ty = colour_of(line, "float");
        let local = colour_of(line, "%add");
        let comment = colour_of(line, "; sum");
        assert_eq!(colour_of(line, "%left"), local, "every local alike");
        assert_eq!(colour_of(line, "%1"), local, "numbered locals too");
        assert_ne!(opcode, ty, "an opcode is not a type");
        assert_ne!(opcode, local, "an opcode is not a name");
        assert_ne!(ty, local, "a type is not a name");
        assert_ne!(comment, opcode, "a comment is not an opcode");
        assert_ne!(comment, ty, "a comment is not a type");
        assert_ne!(comment, local, "a comment is not a name");
        let plain_text = colour_of(line, ",");
        for (what, c) in [("opcode", opcode), ("type", ty), ("local", local)] {
            assert_ne!(c, plain_text, "the {what} is coloured");
        }
    }

    #[test]
    fn ir_function_names_numbers_metadata_and_strings() {
        let lines = vec![
            "define spir_kernel void @smooth(ptr addrspace(1) %in) #0 !dbg !7 {".to_string(),
            "  %3 = load float, ptr addrspace(1) %arrayidx4, align 4, !dbg !40, !tbaa !36"
                .to_string(),
            "  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr @g, i64 16, i1 false)".to_string(),
            "@.str = private constant [6 x i8] c\"hi\\0A\\00\", align 1".to_string(),
            "for.body:                                         ; preds = %entry".to_string(),
            "  %cmp = icmp slt i32 %i, 1024".to_string(),
            "  %v = fmul <4 x float> %a, <float 1.500000e+00, float 0x3FF0000000000000, float 2.0, float -1.0>"
                .to_string(),
        ];
        let out = highlight_ir(&lines, DEFAULT_THEME);
        for (line, text) in out.iter().zip(&lines) {
            assert_eq!(&text_of(line), text, "the text is kept whole");
        }
        let define = &out[0];
        let function = colour_of(define, "@smooth");
        assert_ne!(
            function,
            colour_of(define, "define"),
            "a function is not a keyword"
        );
        assert_ne!(
            function,
            colour_of(define, "%in"),
            "a function is not a local"
        );
        assert_ne!(colour_of(define, "void"), colour_of(define, "%in"));
        assert_ne!(colour_of(define, "1"), colour_of(define, "%in"), "a number");
        assert_ne!(
            colour_of(define, "#0"),
            colour_of(define, "("),
            "an attribute group"
        );
        assert_ne!(colour_of(define, "!7"), colour_of(define, "("), "metadata");

        let load = &out[1];
        assert_eq!(
            colour_of(load, "!dbg"),
            colour_of(load, "!40"),
            "metadata alike"
        );
        assert_ne!(colour_of(load, "!dbg"), colour_of(load, "%arrayidx4"));
        assert_ne!(colour_of(load, "load"), colour_of(load, "float"));
        assert_eq!(
            colour_of(load, "load"),
            colour_of(&out[2], "call"),
            "opcodes alike"
        );

        let call = &out[2];
        assert_eq!(
            colour_of(call, "@llvm.memcpy.p0.p0.i64"),
            function,
            "a callee is a function, dots and all"
        );
        assert_ne!(colour_of(call, "@g"), colour_of(call, "ptr"), "a global");

        let string = &out[3];
        let quoted = colour_of(string, "hi");
        assert_ne!(quoted, colour_of(string, "@.str"), "a string is not a name");
        assert_ne!(quoted, colour_of(string, "i8"), "a string is not a type");

        let label = &out[4];
        // (`entity.name.label`: the base16 themes leave it plain, Solarized colours it.)
        assert!(label[0].1.starts_with("for.body:"), "a label is one piece");
        assert_ne!(
            label[0].0.fg,
            colour_of(label, "; preds"),
            "a label is not a comment"
        );

        let cmp = &out[5];
        assert_ne!(colour_of(cmp, "slt"), colour_of(cmp, "%i"), "a predicate");
        assert_ne!(colour_of(cmp, "1024"), colour_of(cmp, "%i"), "a number");

        let vector = &out[6];
        let number = colour_of(vector, "4");
        assert_eq!(
            colour_of(vector, "1.500000e+00"),
            number,
            "floats are numbers"
        );
        assert_eq!(colour_of(vector, "0x3FF0000000000000"), number, "hex too");
        assert_eq!(colour_of(vector, "-1.0"), number, "negatives too");
        assert_ne!(colour_of(vector, "x"), number, "x is a keyword");
    }

    #[test]
    fn ir_lines_do_not_depend_on_the_lines_above() {
        // An unterminated string must not colour the next line.
        let lines = vec![
            "@s = constant [3 x i8] c\"ab".to_string(),
            "  %5 = load i32, ptr addrspace(1) %4, align 4".to_string(),
        ];
        let both = highlight_ir(&lines, DEFAULT_THEME);
        let alone = highlight_ir(&lines[1..], DEFAULT_THEME);
        assert_eq!(both[1], alone[0]);
    }

    #[test]
    fn themes_are_chosen_by_name() {
        let names = theme_names();
        assert!(names.iter().any(|n| n == DEFAULT_THEME), "{names:?}");
        assert!(names.iter().any(|n| n == "InspiredGitHub"), "{names:?}");
        let ir = vec!["  %add = fadd float %left, %1 ; sum".to_string()];
        let dark = highlight_ir(&ir, DEFAULT_THEME);
        let light = highlight_ir(&ir, "InspiredGitHub");
        assert_eq!(text_of(&light[0]), ir[0]);
        assert_ne!(colour_of(&dark[0], "fadd"), colour_of(&light[0], "fadd"));
        assert_ne!(colour_of(&dark[0], "; sum"), colour_of(&light[0], "; sum"));
        assert_eq!(
            highlight_ir(&ir, "no such theme"),
            dark,
            "unknown: the default"
        );

        let c = vec!["kernel void k(global int *p) { int x = 42; }".to_string()];
        let dark = highlight_c_with(&c, DEFAULT_THEME);
        assert_eq!(highlight_c(&c), dark, "highlight_c is the default theme");
        let light = highlight_c_with(&c, "base16-ocean.light");
        assert_ne!(colour_of(&dark[0], "x"), colour_of(&light[0], "x"));
        assert_eq!(highlight_c_with(&c, "no such theme"), dark);
    }

    /// Timing, not correctness: `cargo test --release -p oclgrind-tui highlight::tests::timing
    /// -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn timing() {
        use std::time::Instant;
        let t = Instant::now();
        let set = build_ir_syntaxes().unwrap();
        let build = t.elapsed();
        drop(set);
        let sample = [
            "entry:",
            "  %call = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3, !dbg !20",
            "  %conv = trunc i64 %call to i32, !dbg !20",
            "  %idxprom = sext i32 %conv to i64, !dbg !24",
            "  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %in, i64 %idxprom",
            "  %5 = load i32, ptr addrspace(1) %4, align 4",
            "  %add = fadd float %left, %1 ; sum",
            "  %cmp = icmp slt i32 %i.0, 1024",
            "  br i1 %cmp, label %for.body, label %for.end, !dbg !30",
            "  store float %div, ptr addrspace(1) %arrayidx9, align 4, !dbg !44, !tbaa !36",
        ];
        let lines: Vec<String> = (0..2000)
            .map(|i| sample[i % sample.len()].to_string())
            .collect();
        let t = Instant::now();
        highlight_ir(&lines[..1], DEFAULT_THEME);
        let first = t.elapsed();
        let t = Instant::now();
        let out = highlight_ir(&lines, DEFAULT_THEME);
        let all = t.elapsed();
        assert_eq!(out.len(), 2000);
        let t = Instant::now();
        highlight_ir(&lines, DEFAULT_THEME);
        let again = t.elapsed();
        println!(
            "IR SyntaxSet build: {build:?}; first line (set, themes, regex compilation): {first:?}; \
             2000 lines: {all:?}; again: {again:?}"
        );
    }
}
