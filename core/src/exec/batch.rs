//! One op's accesses in the lanes of a warp, gathered for the plugins that watch memory: they
//! hear of them in one call (`Plugin::memory_accesses`) rather than one each.

use crate::memory::AddrSpace;
use crate::plugins::{AccessBatch, AccessKind, LaneRun, RunGatherer, Site};

/// One op's accesses in the lanes of a warp, gathered for the plugins (`AccessBatch`).
#[derive(Default)]
pub(crate) struct LaneBatch {
    pub runs: Vec<LaneRun>,
    pub data: Vec<u8>,
    /// The space, size and kind of the accesses joined (`join`).
    pub shape: Option<(AddrSpace, u64, AccessKind)>,
    /// The run of accesses `join` gathers.
    gathering: Option<RunGatherer>,
}

impl LaneBatch {
    /// Empties the batch (at once when it is: ops of unwatched runs pay one test).
    #[inline(always)]
    pub fn clear(&mut self) {
        if self.shape.take().is_some() {
            self.runs.clear();
            self.data.clear();
            self.gathering = None;
        }
    }

    /// Adds a lane's access when it has the batch's shape (or is the first), and is not of a
    /// generic pointer (whose spaces may differ); false when it must be shown on its own.
    #[inline(always)]
    pub(crate) fn join(
        &mut self,
        lane: u32,
        shape: (AddrSpace, u64, AccessKind),
        address: u64,
        data: &[u8],
    ) -> bool {
        if shape.0 == AddrSpace::Generic || self.shape.is_some_and(|s| s != shape) {
            return false;
        }
        self.shape = Some(shape);
        let gathering = self.gathering.get_or_insert(RunGatherer::new(shape.1));
        gathering.add(lane, address, &mut self.runs);
        self.add_data(data);
        true
    }

    /// Starts a batch of accesses of one shape (not of generic pointers) whose runs the
    /// caller gathers itself (a `RunGatherer` of its own, finished into `runs`).
    #[inline(always)]
    pub fn start(&mut self, shape: (AddrSpace, u64, AccessKind)) {
        debug_assert!(
            shape.0 != AddrSpace::Generic,
            "generic accesses are not batched"
        );
        self.shape = Some(shape);
    }

    /// The bytes an access stored.
    #[inline(always)]
    fn add_data(&mut self, data: &[u8]) {
        match data.len() {
            0 => {}
            // A scalar's bytes, without a call to copy them.
            n @ 1..=8 => self.data.extend((0..n).map(|k| data[k])),
            _ => self.data.extend_from_slice(data),
        }
    }

    pub fn of(
        &mut self,
        site: Site,
        (space, size, kind): (AddrSpace, u64, AccessKind),
    ) -> AccessBatch<'_> {
        if let Some(mut gathering) = self.gathering.take() {
            gathering.finish(&mut self.runs);
        }
        AccessBatch {
            site,
            space,
            size,
            kind,
            runs: &self.runs,
            data: &self.data,
        }
    }
}
