//! Reading the debugger's diagnostic messages (and the IR text the pane shows).

/// The IR as the pane shows it: without debug-info attachments, which are noise there.
pub(super) fn ir_text(instructions: &[String]) -> Vec<String> {
    instructions
        .iter()
        .map(|i| i.split(", !dbg").next().unwrap_or(i).to_string())
        .collect()
}

/// A diagnostic in a line: its first line, or for an API error (`--check-api`) the function
/// and the error code.
pub(super) fn diagnostic_summary(message: &str) -> String {
    let first = message
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or_default();
    if first.contains("OpenCL runtime error detected") {
        let field = |name: &str| {
            message
                .lines()
                .find_map(|l| l.trim().strip_prefix(name))
                .map(str::trim)
        };
        if let (Some(function), Some(error)) = (field("Function:"), field("Error:")) {
            return format!("{function}: {error}");
        }
    }
    first.to_string()
}

/// The work-item a diagnostic names ("Entity: Global(5,0,0) Local(...) ...").
pub(super) fn diagnostic_work_item(message: &str) -> Option<[u64; 3]> {
    let rest = message.split("Global(").nth(1)?;
    let inside = rest.split(')').next()?;
    let mut ids = inside.split(',').map(|n| n.trim().parse::<u64>().ok());
    Some([ids.next()??, ids.next()??, ids.next()??])
}

/// The kernel a diagnostic names ("Kernel: vecadd").
pub(super) fn diagnostic_kernel(message: &str) -> Option<String> {
    message
        .lines()
        .find_map(|l| l.trim().strip_prefix("Kernel: "))
        .map(|k| k.trim().to_string())
}

/// The source line a diagnostic names ("At line 9 (column 17) of input.cl:").
pub(super) fn diagnostic_line(message: &str) -> Option<u32> {
    diagnostic_place(message).map(|(_, line)| line)
}

/// The file and line a diagnostic names ("At line 9 (column 17) of input.cl:").
pub(super) fn diagnostic_place(message: &str) -> Option<(String, u32)> {
    message.lines().find_map(|l| {
        let rest = l.trim().strip_prefix("At line ")?;
        let line = rest
            .split(|c: char| !c.is_ascii_digit())
            .next()?
            .parse()
            .ok()?;
        let file = rest.split_once(" of ")?.1.trim_end_matches(':');
        Some((file.to_string(), line))
    })
}
