//! How often each lane of a group has reached one op in the current barrier interval: which
//! request (or branch execution) its next event there belongs to. A sub-group whose lanes
//! always arrive together keeps one count for all of them, so the usual event costs the same
//! whatever the sub-group's size; its lanes get counts of their own once they part.

/// A sub-group's count while its lanes have kept together; `PARTED` once they have not.
const PARTED: u32 = u32::MAX;

#[derive(Default)]
pub(super) struct Counts {
    /// Per sub-group: its lanes' count while they agree, else `PARTED`.
    together: Vec<u32>,
    /// Per lane, for the sub-groups that parted.
    lanes: Vec<u32>,
    sub_group: u32,
}

impl Counts {
    /// Every lane of a group of `items` work-items at 0.
    pub(super) fn reset(&mut self, items: u32, sub_group: u32) {
        self.sub_group = sub_group;
        self.together.clear();
        self.together.resize(items.div_ceil(sub_group) as usize, 0);
        // Stale per-lane counts are never read: parting writes them first.
        self.lanes.resize(items as usize, 0);
    }

    /// Gives sub-group `g` (`n` lanes) a count per lane.
    fn part(&mut self, g: u32, n: u32) {
        let k = std::mem::replace(&mut self.together[g as usize], PARTED);
        if k != PARTED {
            let first = (g * self.sub_group) as usize;
            self.lanes[first..first + n as usize].fill(k);
        }
    }

    /// Lane `lane` (of sub-group `g`, `n` lanes) reaches the op: its count before.
    pub(super) fn one(&mut self, g: u32, n: u32, lane: u32) -> u32 {
        self.part(g, n);
        let count = &mut self.lanes[lane as usize];
        *count += 1;
        *count - 1
    }

    /// Runs of lanes of sub-group `g` (`n` lanes), each its first lane and how many, ascending
    /// with none twice, reach the op together. When all of them are at one count k, so that
    /// this is each one's k-th event there: counts them, and gives k and the lanes (a mask
    /// from the sub-group's first). `None`: they are not (nothing counted).
    pub(super) fn together(
        &mut self,
        g: u32,
        n: u32,
        runs: impl Iterator<Item = (u32, u32)> + Clone,
    ) -> Option<(u32, u128)> {
        let first = g * self.sub_group;
        let (mut next, mut lanes) = (first, 0u128);
        for (lane, count) in runs.clone() {
            if lane < next {
                return None;
            }
            lanes |= mask(count) << (lane - first);
            next = lane + count;
        }
        let k = self.together[g as usize];
        if k != PARTED && lanes == mask(n) {
            self.together[g as usize] = k + 1;
            return Some((k, lanes));
        }
        self.part(g, n);
        let mut at = None;
        for (lane, count) in runs.clone() {
            let counts = &self.lanes[lane as usize..][..count as usize];
            let k = *at.get_or_insert(counts[0]);
            if counts.iter().any(|&c| c != k) {
                return None;
            }
        }
        for (lane, count) in runs {
            (self.lanes[lane as usize..][..count as usize].iter_mut()).for_each(|c| *c += 1);
        }
        Some((at?, lanes))
    }
}

/// `n` lanes from the first (at most 128).
pub(super) fn mask(n: u32) -> u128 {
    match n {
        128.. => u128::MAX,
        n => (1u128 << n) - 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sub_group_arriving_whole_counts_as_one() {
        let mut c = Counts::default();
        c.reset(64, 32);
        assert_eq!(
            c.together(1, 32, [(32, 32)].into_iter()),
            Some((0, mask(32)))
        );
        assert_eq!(
            c.together(1, 32, [(32, 16), (48, 16)].into_iter()),
            Some((1, mask(32)))
        );
        // Lane 40 alone, then the rest: they are now at different counts.
        assert_eq!(c.one(1, 32, 40), 2);
        assert_eq!(c.together(1, 32, [(32, 32)].into_iter()), None);
        assert_eq!(c.together(1, 32, [(32, 8)].into_iter()), Some((2, mask(8))));
        // A lane twice is never one event.
        assert_eq!(c.together(0, 32, [(0, 4), (2, 4)].into_iter()), None);
        // Reset: all at 0 again.
        c.reset(64, 32);
        assert_eq!(
            c.together(1, 32, [(32, 32)].into_iter()),
            Some((0, mask(32)))
        );
    }

    #[test]
    fn a_short_last_sub_group_is_whole_with_its_lanes() {
        let mut c = Counts::default();
        c.reset(40, 32);
        assert_eq!(c.together(1, 8, [(32, 8)].into_iter()), Some((0, mask(8))));
        assert_eq!(c.one(1, 8, 33), 1);
    }
}
