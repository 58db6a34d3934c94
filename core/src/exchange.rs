//! The values work-group and sub-group functions (`work_group_reduce_add`,
//! `sub_group_shuffle`, ...) exchange: each work-item puts its value (up to a 16-lane vector),
//! the group or sub-group meets, each reads the others'.
//!
//! Work-group functions meet at a barrier and read `values` directly. Sub-group functions meet
//! at a sub-group meeting (`Op::SubGroupMeet`), which releases only some work-items of a
//! sub-group (those that reached the same call together: the active ones); the scheduler then
//! copies their values to `taken`, where they stay while the released work-items run on and
//! put values for their next call.

/// The most lanes a value has (a 16-lane vector).
pub(crate) const STRIDE: usize = 16;

/// One work-group's exchange.
#[derive(Default)]
pub struct Exchange {
    /// By local linear index, `STRIDE` lanes each; sized on the first put.
    values: Vec<u64>,
    /// The values of the work-items released from their sub-group's latest meeting.
    taken: Vec<u64>,
    /// Whether each work-item was released from its sub-group's latest meeting.
    active: Vec<bool>,
    pub size: [u64; 3],
    count: usize,
}

impl Exchange {
    /// Makes ready for a group of `size` work-items. Nothing is cleared: a value is always put
    /// before it is read.
    pub fn reset(&mut self, size: [u64; 3]) {
        self.size = size;
        self.count = size.iter().product::<u64>() as usize;
    }

    /// The group's work-item count.
    pub fn count(&self) -> usize {
        self.count
    }

    pub fn put(&mut self, index: usize, lanes: &[u64]) {
        if self.values.len() < self.count * STRIDE {
            self.values.resize(self.count * STRIDE, 0);
        }
        let at = index * STRIDE;
        if let Some(v) = self.values.get_mut(at..at + lanes.len().min(STRIDE)) {
            v.copy_from_slice(&lanes[..v.len()]);
        }
    }

    /// Lane `lane` of the value work-item `index` put (work-group functions).
    pub fn value(&self, index: usize, lane: usize) -> u64 {
        self.values.get(index * STRIDE + lane).copied().unwrap_or(0)
    }

    /// Lane `lane` of the value work-item `index` had put when its sub-group's latest meeting
    /// released it (sub-group functions).
    pub fn taken(&self, index: usize, lane: usize) -> u64 {
        self.taken.get(index * STRIDE + lane).copied().unwrap_or(0)
    }

    /// Whether work-item `index` was released from its sub-group's latest meeting.
    pub fn active(&self, index: usize) -> bool {
        self.active.get(index).copied().unwrap_or(false)
    }

    /// A meeting of the sub-group of work-items `sub_group` releases those `released` says.
    pub fn release(&mut self, sub_group: std::ops::Range<usize>, released: impl Fn(usize) -> bool) {
        if self.taken.len() < self.count * STRIDE {
            self.taken.resize(self.count * STRIDE, 0);
            self.active.resize(self.count, false);
        }
        if self.values.len() < self.count * STRIDE {
            self.values.resize(self.count * STRIDE, 0);
        }
        for i in sub_group {
            let on = released(i);
            self.active[i] = on;
            if on {
                let lanes = i * STRIDE..(i + 1) * STRIDE;
                self.taken[lanes.clone()].copy_from_slice(&self.values[lanes]);
            }
        }
    }
}
