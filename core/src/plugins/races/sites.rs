//! The kernel's ops numbered 1, 2, ... across its functions, so that a shadow slot names the op
//! of an access in a few bits, and what the detector needs to know about each (which loads it
//! ignores or counts as atomic), looked up once per launch instead of at every access.

use crate::plugins::Site;
use crate::program::KernelCode;

/// Bits of an op's number in a slot; kernels larger than this are not checked.
pub const SITE_BITS: u32 = 23;

/// A load the optimiser speculated (`InstInfo::speculated`).
const SPECULATED: u8 = 1;
/// A load seeding a compare-and-swap (`InstInfo::seeds_cas`).
const SEEDS_CAS: u8 = 2;
/// An atomic addition whose old value nothing uses (`InstInfo::unread_addition`).
const UNREAD_ADDITION: u8 = 4;

#[derive(Clone)]
pub struct Sites {
    /// Number of the first op of each function, less one.
    starts: Vec<u32>,
    flags: Vec<u8>,
}

impl Sites {
    /// The numbering of `code`, or None when its ops do not fit in `SITE_BITS`.
    pub fn new(code: &KernelCode) -> Option<Sites> {
        let mut starts = Vec::with_capacity(code.functions.len());
        let mut flags = Vec::new();
        for f in &code.functions {
            starts.push(flags.len() as u32);
            flags.extend(f.info.iter().map(|info| {
                f.insts.get(info.inst as usize).map_or(0, |i| {
                    (u8::from(i.speculated) * SPECULATED)
                        | (u8::from(i.seeds_cas) * SEEDS_CAS)
                        | (u8::from(i.unread_addition) * UNREAD_ADDITION)
                })
            }));
            // Ops past the end of `info` (none are made) would have no flags.
            flags.resize(
                starts.last().copied().unwrap_or(0) as usize + f.code.len(),
                0,
            );
        }
        (flags.len() < (1 << SITE_BITS) - 1).then_some(Sites { starts, flags })
    }

    /// `n` ops in one function, none of them flagged (for tests).
    #[cfg(test)]
    pub fn plain(n: usize) -> Sites {
        Sites {
            starts: vec![0],
            flags: vec![0; n],
        }
    }

    /// The number of `site` (0 for none).
    pub fn number(&self, site: Option<Site>) -> u32 {
        site.map_or(0, |s| self.starts[s.func as usize] + s.pc + 1)
    }

    /// The site numbered `n`.
    pub fn site(&self, n: u32) -> Option<Site> {
        let i = n.checked_sub(1)?;
        let func = self.starts.partition_point(|&s| s <= i) - 1;
        Some(Site {
            func: func as u32,
            pc: i - self.starts[func],
        })
    }

    fn flags(&self, n: u32) -> u8 {
        n.checked_sub(1).map_or(0, |i| self.flags[i as usize])
    }

    /// Whether op `n` is a load the optimiser speculated.
    pub fn speculated(&self, n: u32) -> bool {
        self.flags(n) & SPECULATED != 0
    }

    /// Whether op `n` is an atomic addition whose old value nothing uses: two such ones of
    /// different work-items give the same in either order.
    pub fn unread_addition(&self, n: u32) -> bool {
        self.flags(n) & UNREAD_ADDITION != 0
    }

    /// Whether op `n` is a load seeding a compare-and-swap.
    pub fn seeds_cas(&self, n: u32) -> bool {
        self.flags(n) & SEEDS_CAS != 0
    }
}
