//! `oclgrind-kernel --compare-with NAME`: the launch of a `.sim` file also runs on another
//! OpenCL platform (through the ICD loader), and every dumped buffer is compared with ours.

use oclgrind_compare::diff::{self, Difference, Kind};
use oclgrind_compare::{Arg, CompareError, Device, Launch, Program};
use std::sync::Mutex;

use oclgrind_core::plugins::{Interest, Plugin};
use oclgrind_core::Context;
use oclgrind_diagnostic::{Diagnostic, Level, Rule};
use oclgrind_simfile::format::fmt_g_digits;

use crate::kernel_cmd::{SimArg, SimLaunch};

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

/// The errors our run reported, by rule, in the order first seen: what may explain a
/// difference.
#[derive(Default)]
pub struct Reported(Mutex<Vec<(Rule, u64)>>);

impl Plugin for Reported {
    fn name(&self) -> &str {
        "compare"
    }

    fn interests(&self) -> Interest {
        Interest::LOG
    }

    fn log(&self, diagnostic: &Diagnostic) {
        if diagnostic.level != Level::Error {
            return;
        }
        let mut rules = self.0.lock().unwrap_or_else(|e| e.into_inner());
        match rules.iter_mut().find(|(r, _)| *r == diagnostic.rule) {
            Some((_, n)) => *n += 1,
            None => rules.push((diagnostic.rule, 1)),
        }
    }
}

impl Reported {
    /// `invalid-read (16), data-race (2)`; None when nothing was reported.
    fn summary(&self) -> Option<String> {
        let rules = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let parts: Vec<String> = rules
            .iter()
            .map(|(r, n)| format!("{} ({n})", r.id()))
            .collect();
        (!parts.is_empty()).then(|| parts.join(", "))
    }
}

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
    let mut lines = Vec::new();
    let mut all_within = Some(0u64);
    let params = sim.kernel.code.info.params.iter().zip(&sim.described);
    for (i, (p, arg)) in params.enumerate() {
        let (SimArg::Buffer { address, size, .. }, Some(Some(their_bytes))) = (arg, theirs.get(i))
        else {
            continue;
        };
        if !sim.dumps(&p.name) {
            continue;
        }
        let mut ours = vec![0u8; *size as usize];
        ctx.global.read(*address, &mut ours);
        let kind = diff::kind_of(&p.type_name);
        let Some(d) = diff::compare(kind, &ours, their_bytes, ulps) else {
            continue;
        };
        all_within = match (all_within, d.max_ulps) {
            (Some(m), Some(u)) => Some(m.max(u)),
            _ => None,
        };
        lines.push(difference_line(&p.name, kind, &d, platform));
    }
    if lines.is_empty() {
        let text = format!("Identical on {platform} ({})\n", device.device_name());
        return (text, true);
    }
    let mut text = lines.join("\n") + "\n";
    text += &explanation(&ctx.config, reported.summary(), all_within);
    (text, false)
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

/// What may explain the differences: the reports of our run, or how to look for them.
fn explanation(
    config: &oclgrind_core::Config,
    errors: Option<String>,
    max_ulps: Option<u64>,
) -> String {
    let mut text = match &errors {
        Some(rules) => format!("They may follow from the errors reported above: {rules}"),
        None => String::from("No report explains them"),
    };
    if errors.is_none() && !(config.data_races && config.uninitialized) {
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
