//! What one request asks of the memory system: the byte ranges a sub-group's lanes accessed
//! at one op, turned into 32-byte sectors (global memory) or serialised passes over 32 banks
//! of 4-byte words (local memory), each with the fewest its bytes could need.

/// Bytes in a sector of global memory: the unit a memory transaction moves.
pub const SECTOR: u64 = 32;
/// Local memory's banks, each a 4-byte word wide.
pub const BANKS: u64 = 32;
const WORD: u64 = 4;

/// What a request cost, and the least it could have.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cost {
    pub cost: u64,
    pub ideal: u64,
}

/// Sorts the half-open ranges `[start, end)` and merges those that overlap or touch: what is
/// left are the distinct bytes, in order.
fn merge(ranges: &mut Vec<(u64, u64)>) {
    if !ranges.is_sorted() {
        ranges.sort_unstable();
    }
    let mut out = 0;
    for i in 0..ranges.len() {
        let (start, end) = ranges[i];
        if out > 0 && start <= ranges[out - 1].1 {
            ranges[out - 1].1 = ranges[out - 1].1.max(end);
        } else {
            ranges[out] = (start, end);
            out += 1;
        }
    }
    ranges.truncate(out);
}

/// Global memory: the distinct sectors the ranges touch (one straddling two counts both),
/// against the sectors their distinct bytes fill.
pub fn sectors(ranges: &mut Vec<(u64, u64)>) -> Cost {
    merge(ranges);
    let (mut sectors, mut bytes, mut last) = (0, 0, None);
    for &(start, end) in ranges.iter() {
        let (first, final_) = (start / SECTOR, (end - 1) / SECTOR);
        sectors += final_ - first + 1 - (last == Some(first)) as u64;
        bytes += end - start;
        last = Some(final_);
    }
    Cost {
        cost: sectors,
        ideal: bytes.div_ceil(SECTOR),
    }
}

/// Local memory: the passes the access takes, which is the most distinct words any one bank
/// holds (lanes reading one word share it), against the fewest passes its distinct words
/// could take.
pub fn passes(ranges: &mut Vec<(u64, u64)>) -> Cost {
    merge(ranges);
    // One range of words fills the banks in turn: no bank holds more than the fewest passes.
    if let [(start, end)] = ranges[..] {
        let words = (end - 1) / WORD - start / WORD + 1;
        let passes = words.div_ceil(BANKS);
        return Cost {
            cost: passes,
            ideal: passes,
        };
    }
    let mut words = 0;
    let mut per_bank = [0u64; BANKS as usize];
    let mut last = None;
    for &(start, end) in ranges.iter() {
        let (first, final_) = (start / WORD, (end - 1) / WORD);
        // A word shared with the range before is counted once.
        let from = match last {
            Some(l) if l == first => first + 1,
            _ => first,
        };
        for w in from..=final_ {
            per_bank[(w % BANKS) as usize] += 1;
        }
        words += (final_ + 1).saturating_sub(from);
        last = Some(final_);
    }
    Cost {
        cost: per_bank.iter().copied().max().unwrap_or(0),
        ideal: words.div_ceil(BANKS),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ranges of `lanes` accesses of `size` bytes, lane `i` at `base + i * stride`.
    fn strided(lanes: u64, base: u64, stride: u64, size: u64) -> Vec<(u64, u64)> {
        (0..lanes)
            .map(|i| (base + i * stride, base + i * stride + size))
            .collect()
    }

    fn cost(cost: u64, ideal: u64) -> Cost {
        Cost { cost, ideal }
    }

    #[test]
    fn global_sectors_of_the_usual_strides() {
        // 32 floats in a row: 128 bytes, 4 sectors.
        assert_eq!(sectors(&mut strided(32, 0, 4, 4)), cost(4, 4));
        // Stride 2: 256 bytes spanned, 8 sectors for 128 bytes.
        assert_eq!(sectors(&mut strided(32, 0, 8, 4)), cost(8, 4));
        // 32 bytes apart and 128 apart: a sector per lane.
        assert_eq!(sectors(&mut strided(32, 0, 32, 4)), cost(32, 4));
        assert_eq!(sectors(&mut strided(32, 0, 128, 4)), cost(32, 4));
        // Every lane at one address.
        assert_eq!(sectors(&mut strided(32, 64, 0, 4)), cost(1, 1));
        // One float off: 5 sectors.
        assert_eq!(sectors(&mut strided(32, 4, 4, 4)), cost(5, 4));
        // doubles in a row: 256 bytes, 8 sectors, no worse than needed.
        assert_eq!(sectors(&mut strided(32, 0, 8, 8)), cost(8, 8));
    }

    #[test]
    fn a_straddling_access_counts_both_sectors() {
        // A float4 at byte 24 touches sectors 0 and 1, for 16 bytes (ideal 1).
        assert_eq!(sectors(&mut vec![(24, 40)]), cost(2, 1));
        // Two float4s sharing sector 1 count it once.
        assert_eq!(sectors(&mut vec![(48, 64), (24, 40)]), cost(2, 1));
    }

    #[test]
    fn local_passes_count_distinct_words_in_a_bank() {
        // A row of 32 floats: one word in each bank.
        assert_eq!(passes(&mut strided(32, 0, 4, 4)), cost(1, 1));
        // A column of a 32x32 float tile: every lane in one bank.
        assert_eq!(passes(&mut strided(32, 0, 128, 4)), cost(32, 1));
        // Padded to 33: 32 banks.
        assert_eq!(passes(&mut strided(32, 0, 132, 4)), cost(1, 1));
        // All lanes on one word: no conflict.
        assert_eq!(passes(&mut strided(32, 40, 0, 4)), cost(1, 1));
        // Stride 2: two words per bank in 16 banks.
        assert_eq!(passes(&mut strided(32, 0, 8, 4)), cost(2, 1));
        // doubles in a row take their minimum, 2.
        assert_eq!(passes(&mut strided(32, 0, 8, 8)), cost(2, 2));
        // A float4 column of a tile 32 float4s wide: each lane's 4 words in banks 0-3.
        assert_eq!(passes(&mut strided(32, 0, 512, 16)), cost(32, 4));
    }

    #[test]
    fn shared_boundary_words_count_once() {
        // Two 2-byte halves of one word, then the next word.
        assert_eq!(passes(&mut vec![(0, 2), (2, 4), (4, 8)]), cost(1, 1));
        assert_eq!(passes(&mut vec![(0, 3), (3, 6)]), cost(1, 1));
    }
}
