//! Kernels ready to launch: their code with the addresses of the program's variables filled
//! in.

use std::sync::Arc;

use crate::diagnostics::Source;
use crate::plugins::KernelRef;
use crate::program::KernelCode;

/// A kernel ready to launch in a context: constants relocated, stack size known.
pub struct KernelInstance {
    pub code: Arc<KernelCode>,
    /// Initial frame of each function, with program-variable addresses filled in.
    pub(crate) frames: Vec<Vec<u64>>,
    /// The shadows of those frames: every bit of an `undef` constant uninitialised.
    pub(crate) shadow_frames: Vec<Vec<u64>>,
    pub source: Option<Arc<Source>>,
    /// Addresses of the program's variables (the debugger reads them).
    pub program_addresses: Vec<u64>,
}

/// A kernel's code refers to a program variable its program did not place.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("relocation against an unknown program variable")]
pub struct UnknownVariable;

impl KernelInstance {
    pub fn new(
        code: Arc<KernelCode>,
        global_addresses: &[u64],
        source: Option<Arc<Source>>,
    ) -> Result<KernelInstance, UnknownVariable> {
        let mut frames = Vec::new();
        for f in &code.functions {
            let mut frame = f.frame_init.clone();
            for r in &f.relocs {
                let base = *global_addresses
                    .get(r.global as usize)
                    .ok_or(UnknownVariable)?;
                frame[r.slot as usize] = base.wrapping_add(r.addend as u64);
            }
            frames.push(frame);
        }
        let shadow_frames = (code.functions.iter())
            .map(|f| {
                let mut shadow = vec![0; f.frame_init.len()];
                for &s in &f.undef_slots {
                    shadow[s as usize] = u64::MAX;
                }
                shadow
            })
            .collect();
        Ok(KernelInstance {
            code,
            frames,
            shadow_frames,
            source,
            program_addresses: global_addresses.to_vec(),
        })
    }

    pub fn name(&self) -> &str {
        &self.code.info.name
    }

    /// The kernel, for plugins.
    pub fn kernel_ref(&self) -> KernelRef<'_> {
        KernelRef {
            code: &self.code,
            source: self.source.as_deref(),
        }
    }
}
