//! The IR text the pane shows.

/// The IR as the pane shows it: without debug-info attachments, which are noise there.
pub(super) fn ir_text(instructions: &[String]) -> Vec<String> {
    instructions
        .iter()
        .map(|i| i.split(", !dbg").next().unwrap_or(i).to_string())
        .collect()
}
