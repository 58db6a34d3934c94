//! `oclgrind-kernel --compare-with NAME`: the launch of a `.sim` file also runs on another
//! OpenCL platform (through the ICD loader), and every dumped buffer is compared with ours.

use oclgrind_compare::diff::{self, Difference, Kind};
use oclgrind_compare::{Arg, CompareError, Device, Launch, Program};
use std::sync::Mutex;

use oclgrind_core::plugins::{Interest, Plugin};
use oclgrind_core::Context;
use oclgrind_diagnostic::{Diagnostic, Level, MemoryPlace, Rule};
use oclgrind_simfile::format::fmt_g_digits;

use crate::sim_launch::{SimArg, SimLaunch};

/// Why a comparison could not be made.
#[derive(Debug, thiserror::Error)]
pub enum CompareFailure {
    #[error(transparent)]
    Platform(#[from] CompareError),
    #[error("The program is LLVM bitcode; another platform needs its OpenCL C (source=FILE in the launch header)")]
    BitcodeOnly,
    #[error("Program-scope variables (global=) cannot be set on another platform")]
    Globals,
    #[error("Unable to open {0}")]
    Source(String),
    #[error("Image arguments cannot be run on another platform yet ('{0}')")]
    Image(String),
    #[error("Shared virtual memory cannot be run on another platform yet ('{0}')")]
    Svm(String),
}

/// The launch as the other platform gets it: the `.sim` file's arguments with the bytes they
/// hold now (before our launch).
pub fn foreign_launch(
    ctx: &Context,
    sim: &SimLaunch,
    program_path: &std::path::Path,
) -> Result<Launch, CompareFailure> {
    if !sim.launch.globals.is_empty() {
        return Err(CompareFailure::Globals);
    }
    let source_path = match &sim.launch.source {
        Some(s) => program_path.with_file_name(s),
        None => program_path.to_path_buf(),
    };
    let text = std::fs::read(&source_path)
        .map_err(|_| CompareFailure::Source(source_path.display().to_string()))?;
    if text.starts_with(b"BC") {
        return Err(CompareFailure::BitcodeOnly);
    }
    let read = |address: u64, size: u64| {
        let mut bytes = vec![0u8; size as usize];
        ctx.global.read(address, &mut bytes);
        bytes
    };
    let params = &sim.kernel.code.info.params;
    if let Some(i) = sim
        .described
        .iter()
        .position(|a| matches!(a, SimArg::Image { .. }))
    {
        return Err(CompareFailure::Image(params[i].name.clone()));
    }
    let args = sim
        .described
        .iter()
        .map(|a| match a {
            SimArg::Buffer {
                address,
                size,
                ro,
                wo,
                view,
            } => Arg::Buffer {
                bytes: read(*address, *size),
                read_only: *ro,
                write_only: *wo,
                view: view.map(|v| (v.store, v.offset)),
            },
            SimArg::Local(n) => Arg::Local(*n),
            SimArg::Value(bytes) => Arg::Value(bytes.clone()),
            SimArg::Null | SimArg::Image { .. } | SimArg::Svm => Arg::Null,
        })
        .collect();
    let mut options: Vec<String> = sim.launch.options.iter().cloned().collect();
    options.extend(ctx.config.build_options.clone());
    Ok(Launch {
        program: Program::Source {
            text: String::from_utf8_lossy(&text).into_owned(),
        },
        options: options.join(" "),
        kernel: sim.kernel_name.clone(),
        work_dim: sim.nd.work_dim,
        offset: sim.nd.global_offset,
        global: sim.nd.global_size,
        local: sim.nd.local_size,
        args,
        stores: sim.stores.iter().map(|&(a, s)| read(a, s)).collect(),
    })
}

/// The errors and warnings our run reported, with the memory each is about: what may explain
/// a difference.
#[derive(Default)]
pub struct Reported(Mutex<Vec<(Rule, Option<MemoryPlace>)>>);

impl Plugin for Reported {
    fn name(&self) -> &str {
        "compare"
    }

    fn interests(&self) -> Interest {
        Interest::LOG
    }

    fn log(&self, diagnostic: &Diagnostic) {
        if diagnostic.level < Level::Warning {
            return;
        }
        let mut reports = self.0.lock().unwrap_or_else(|e| e.into_inner());
        reports.push((diagnostic.rule, diagnostic.memory.clone()));
    }
}

/// The kinds of report that tie a differing element to its cause.
const ELEMENT_CAUSES: [(Rule, &str); 2] = [
    (
        Rule::DataRace,
        "are elements a reported data race wrote: their values depend on the order of the racing accesses",
    ),
    (
        Rule::UninitializedValue,
        "are elements an uninitialised value was written to",
    ),
];

/// The comparison's report after our launch, and whether everything was identical.
pub fn report(
    ctx: &Context,
    sim: &SimLaunch,
    device: &Device,
    theirs: &[Option<Vec<u8>>],
    ulps: u64,
    reported: &Reported,
) -> (String, bool) {
    let platform = device.platform_name();
    let reports = reported.0.lock().unwrap_or_else(|e| e.into_inner());
    // Which reports explain elements; the others may explain the launch as a whole.
    let mut used = vec![false; reports.len()];
    let mut lines = Vec::new();
    let mut all_within = Some(0u64);
    let params = sim.kernel.code.info.params.iter().zip(&sim.described);
    for (i, (p, arg)) in params.enumerate() {
        let (SimArg::Buffer { address, size, .. }, Some(Some(their_bytes))) = (arg, theirs.get(i))
        else {
            continue;
        };
        if !sim.dumps_argument(&p.name) {
            continue;
        }
        let mut ours = vec![0u8; *size as usize];
        ctx.global.read(*address, &mut ours);
        let kind = diff::kind_of(p.element_type_name());
        let Some(d) = diff::compare(kind, &ours, their_bytes, ulps) else {
            continue;
        };
        all_within = match (all_within, d.max_ulps) {
            (Some(m), Some(u)) => Some(m.max(u)),
            _ => None,
        };
        lines.push(difference_line(&p.name, kind, &d, platform));
        let buffer = (*address, *size, kind.size() as u64);
        for (rule, words) in ELEMENT_CAUSES {
            let elements = explained(&reports, &mut used, rule, buffer, &d.indices);
            if let Some(line) = cause_line(&p.name, &elements, words) {
                lines.push(line);
            }
        }
    }
    if lines.is_empty() {
        let text = format!("Identical on {platform} ({})\n", device.device_name());
        return (text, true);
    }
    let explained_some = used.iter().any(|&u| u);
    let mut others: Vec<(Rule, u64)> = Vec::new();
    for (rule, _) in reports
        .iter()
        .zip(&used)
        .filter(|(_, u)| !**u)
        .map(|(r, _)| r)
    {
        match others.iter_mut().find(|(r, _)| r == rule) {
            Some((_, n)) => *n += 1,
            None => others.push((*rule, 1)),
        }
    }
    let mut text = lines.join("\n") + "\n";
    if !(explained_some && others.is_empty()) {
        text += &explanation(&ctx.config, &others, explained_some, all_within);
    }
    (text, false)
}

/// The differing elements of a buffer (`address`, `size`, element size) that reports of
/// `rule` are about; those reports are marked used.
fn explained(
    reports: &[(Rule, Option<MemoryPlace>)],
    used: &mut [bool],
    rule: Rule,
    (address, size, element): (u64, u64, u64),
    differing: &[usize],
) -> Vec<usize> {
    let mut elements = Vec::new();
    for (k, (r, place)) in reports.iter().enumerate() {
        let Some(place) = place.as_ref().filter(|p| *r == rule && p.space == "global") else {
            continue;
        };
        if !(address..address + size).contains(&place.address) {
            continue;
        }
        let index = ((place.address - address) / element) as usize;
        if differing.binary_search(&index).is_ok() {
            used[k] = true;
            elements.push(index);
        }
    }
    elements.sort_unstable();
    elements.dedup();
    elements
}

/// `  2 of them are elements a reported data race wrote (out[17], out[18]): ...`.
fn cause_line(name: &str, elements: &[usize], words: &str) -> Option<String> {
    const SHOWN: usize = 4;
    if elements.is_empty() {
        return None;
    }
    let mut shown: Vec<String> = elements
        .iter()
        .take(SHOWN)
        .map(|i| format!("{name}[{i}]"))
        .collect();
    if elements.len() > SHOWN {
        shown.push("...".into());
    }
    let (what, rest) = words.split_once(':').map_or((words, ""), |(w, r)| (w, r));
    let rest = match rest {
        "" => String::new(),
        r => format!(":{r}"),
    };
    Some(format!(
        "  {} of them {what} ({}){rest}",
        elements.len(),
        shown.join(", ")
    ))
}

/// `Argument 'out': 3 of 4096 elements differ; first at out[17]: simulator 1.5, P 1.50000012`.
fn difference_line(name: &str, kind: Kind, d: &Difference, platform: &str) -> String {
    format!(
        "Argument '{name}': {} of {} elements differ; first at {name}[{}]: simulator {}, {platform} {}",
        d.count,
        d.total,
        d.first,
        element_text(kind, &d.first_ours),
        element_text(kind, &d.first_theirs)
    )
}

/// What may explain the differences not tied to elements: the other reports of our run, or
/// how to look for them.
fn explanation(
    config: &oclgrind_core::Config,
    others: &[(Rule, u64)],
    explained_some: bool,
    max_ulps: Option<u64>,
) -> String {
    let lead = match explained_some {
        true => "The others may follow from the other reports above",
        false => "They may follow from the reports above",
    };
    let rules: Vec<String> = others
        .iter()
        .map(|(r, n)| format!("{} ({n})", r.id()))
        .collect();
    let mut text = match (rules.is_empty(), explained_some) {
        (false, _) => format!("{lead}: {}", rules.join(", ")),
        (true, true) => String::from("No report explains the others"),
        (true, false) => String::from("No report explains them"),
    };
    if !explained_some && rules.is_empty() && !(config.data_races && config.uninitialized) {
        text += " (run with --data-races --uninitialized to look for a cause in the kernel)";
    }
    if let Some(u) = max_ulps.filter(|&u| u > 0 && u <= 16) {
        text += &format!(" (all within {u} ulps: --compare-ulps {u} accepts them)");
    }
    text + "\n"
}

/// One element for the user: floats with the digits that tell them apart, integers in
/// decimal, bytes in hex; `missing` where that side has none.
fn element_text(kind: Kind, bytes: &[u8]) -> String {
    if bytes.len() < kind.size() {
        return "missing".into();
    }
    let word = |n: usize| {
        let mut w = [0u8; 8];
        w[..n].copy_from_slice(&bytes[..n]);
        u64::from_le_bytes(w)
    };
    match kind {
        Kind::Float => float_text(f32::from_bits(word(4) as u32) as f64, 9, word(4)),
        Kind::Double => float_text(f64::from_bits(word(8)), 17, word(8)),
        Kind::Half => format!("0x{:04x}", word(2)),
        Kind::Int { size, signed } => {
            let u = word(size);
            let shift = 64 - 8 * size as u32;
            match signed {
                true => (((u << shift) as i64) >> shift).to_string(),
                false => u.to_string(),
            }
        }
        Kind::Bytes => format!("0x{:02x}", bytes[0]),
    }
}

/// A float's value; a NaN with its bits, as NaNs print alike.
fn float_text(v: f64, digits: usize, bits: u64) -> String {
    match v.is_nan() {
        true => format!("nan (0x{bits:x})"),
        false => fmt_g_digits(v, digits),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(address: u64) -> Option<MemoryPlace> {
        Some(MemoryPlace {
            space: "global".into(),
            address,
        })
    }

    #[test]
    fn reports_explain_the_elements_they_are_about() {
        let base = 1 << 48;
        let reports = vec![
            (Rule::DataRace, at(base + 68)),
            (Rule::DataRace, at(base + 70)),
            (Rule::DataRace, at(base + 4)),
            (Rule::InvalidRead, at(base + 400)),
            (Rule::UninitializedValue, at(base + 8)),
        ];
        let mut used = vec![false; reports.len()];
        // Floats: bytes 68 and 70 are both in element 17; element 1 does not differ.
        let raced = explained(
            &reports,
            &mut used,
            Rule::DataRace,
            (base, 400, 4),
            &[2, 17],
        );
        assert_eq!(raced, [17]);
        assert_eq!(used, [true, true, false, false, false]);
        let uninit = explained(
            &reports,
            &mut used,
            Rule::UninitializedValue,
            (base, 400, 4),
            &[2, 17],
        );
        assert_eq!(uninit, [2]);
        assert_eq!(
            cause_line("out", &raced, ELEMENT_CAUSES[0].1).unwrap(),
            "  1 of them are elements a reported data race wrote (out[17]): their values \
             depend on the order of the racing accesses"
        );
        let many: Vec<usize> = (0..6).collect();
        assert_eq!(
            cause_line("y", &many, ELEMENT_CAUSES[1].1).unwrap(),
            "  6 of them are elements an uninitialised value was written to (y[0], y[1], y[2], y[3], ...)"
        );
        assert_eq!(cause_line("y", &[], ELEMENT_CAUSES[1].1), None);
    }

    #[test]
    fn the_rest_is_explained_by_the_launch_or_not_at_all() {
        let plain = oclgrind_core::Config::default();
        let others = [(Rule::InvalidRead, 16)];
        assert_eq!(
            explanation(&plain, &others, false, None),
            "They may follow from the reports above: invalid-read (16)\n"
        );
        assert_eq!(
            explanation(&plain, &others, true, None),
            "The others may follow from the other reports above: invalid-read (16)\n"
        );
        assert_eq!(
            explanation(&plain, &[], false, Some(3)),
            "No report explains them (run with --data-races --uninitialized to look for a \
             cause in the kernel) (all within 3 ulps: --compare-ulps 3 accepts them)\n"
        );
        let checked = oclgrind_core::Config {
            data_races: true,
            uninitialized: true,
            ..plain
        };
        assert_eq!(
            explanation(&checked, &[], true, None),
            "No report explains the others\n"
        );
    }

    #[test]
    fn elements_print_as_their_type_says() {
        assert_eq!(element_text(Kind::Float, &1.5f32.to_le_bytes()), "1.5");
        assert_eq!(
            element_text(Kind::Float, &0x3fc0_0001u32.to_le_bytes()),
            "1.50000012"
        );
        assert_eq!(
            element_text(Kind::Float, &0x7fc0_0001u32.to_le_bytes()),
            "nan (0x7fc00001)"
        );
        assert_eq!(
            element_text(Kind::Double, &0.1f64.to_le_bytes()),
            "0.10000000000000001"
        );
        let minus_two = (-2i16).to_le_bytes();
        assert_eq!(
            element_text(
                Kind::Int {
                    size: 2,
                    signed: true
                },
                &minus_two
            ),
            "-2"
        );
        assert_eq!(
            element_text(
                Kind::Int {
                    size: 2,
                    signed: false
                },
                &minus_two
            ),
            "65534"
        );
        assert_eq!(element_text(Kind::Bytes, &[0xab]), "0xab");
        assert_eq!(element_text(Kind::Float, &[1, 2]), "missing");
    }
}
