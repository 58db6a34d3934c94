//! The work-items pane's model: a heat map of the launch's work-groups (each cell one group,
//! or a run of consecutive groups when there are more than cells), and the work-items of one
//! group. Where cells are on the screen is worked out here too, for drawing and for clicks.

use oclgrind_debug_protocol::protocol::{GroupInfo, WorkItemState};

/// The launch's groups as the debugger last reported them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Groups {
    pub total: u64,
    pub finished: u64,
    pub finished_ranges: Vec<(u64, u64)>,
    pub started: Vec<GroupInfo>,
}

/// A run of consecutive groups (by linear index, x fastest).
#[derive(Clone, Debug, PartialEq)]
pub struct GroupCell {
    pub first: u64,
    pub count: u64,
    pub finished: u64,
    /// Groups started and not finished.
    pub started: u64,
    /// The share of the run's work-items that have finished, 0 to 1.
    pub progress: f64,
    pub current: bool,
    /// A diagnostic named a work-item in one of these groups.
    pub diagnostic: bool,
}

impl GroupCell {
    /// How much of the run is done, 0 to 4 (the heat map's shade).
    pub fn heat(&self) -> usize {
        (self.progress * 4.0).round().clamp(0.0, 4.0) as usize
    }
}

/// Group id to linear index and back.
pub fn linear(group: [u64; 3], num_groups: [u64; 3]) -> u64 {
    group[0] + num_groups[0] * (group[1] + num_groups[1] * group[2])
}

pub fn group_id(linear: u64, num_groups: [u64; 3]) -> [u64; 3] {
    let nx = num_groups[0].max(1);
    let ny = num_groups[1].max(1);
    [linear % nx, (linear / nx) % ny, linear / (nx * ny)]
}

/// The groups in at most `cells` cells. `diagnostic_groups` are linear indices.
pub fn group_cells(
    groups: &Groups,
    num_groups: [u64; 3],
    cells: usize,
    diagnostic_groups: &[u64],
) -> Vec<GroupCell> {
    let total = groups.total;
    if total == 0 || cells == 0 {
        return Vec::new();
    }
    let per = total.div_ceil(cells as u64);
    // Each started group: where it is, whether it is current, and its share finished.
    let started: Vec<(u64, bool, f64)> = groups
        .started
        .iter()
        .map(|g| {
            let all: u64 = g.counts.iter().map(|(_, n)| n).sum();
            let done: u64 = g
                .counts
                .iter()
                .filter(|(s, _)| *s == WorkItemState::Finished)
                .map(|(_, n)| n)
                .sum();
            let share = if all == 0 {
                0.0
            } else {
                done as f64 / all as f64
            };
            (linear(g.group, num_groups), g.current, share)
        })
        .collect();
    (0..total.div_ceil(per))
        .map(|c| {
            let first = c * per;
            let end = (first + per).min(total);
            let finished = groups
                .finished_ranges
                .iter()
                .map(|&(a, b)| b.min(end).saturating_sub(a.max(first)))
                .sum();
            let in_cell = |g: u64| (first..end).contains(&g);
            let partly: f64 = started
                .iter()
                .filter(|(g, ..)| in_cell(*g))
                .map(|(.., share)| share)
                .sum();
            GroupCell {
                first,
                count: end - first,
                finished,
                started: started.iter().filter(|(g, ..)| in_cell(*g)).count() as u64,
                progress: (finished as f64 + partly) / (end - first) as f64,
                current: started.iter().any(|&(g, current, _)| current && in_cell(g)),
                diagnostic: diagnostic_groups.iter().any(|&g| in_cell(g)),
            }
        })
        .collect()
}

/// Where a grid's cells go in a pane's inner area: `header` lines of text, then rows of
/// `per_row` cells two columns wide, then the selection's action and (if `legend`) the
/// symbols' meaning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    pub header: usize,
    pub per_row: usize,
    pub rows: usize,
    pub legend: bool,
}

/// Lines above the grid: what is shown and the launch's progress.
pub const HEADER_LINES: usize = 1;
/// Lines below it: the selection's action, then the legend.
pub const FOOTER_LINES: usize = 2;
/// A short pane leaves the legend out when the grid would get fewer rows than this.
const ROWS_BEFORE_LEGEND: usize = 3;

pub fn placement(width: u16, height: u16) -> Placement {
    let room = (height as usize).saturating_sub(HEADER_LINES + FOOTER_LINES);
    let legend = room >= ROWS_BEFORE_LEGEND;
    let rows = if legend { room } else { room + 1 };
    Placement {
        header: HEADER_LINES,
        per_row: (width as usize / 2).max(1),
        rows: rows.max(1),
        legend,
    }
}

impl Placement {
    pub fn capacity(&self) -> usize {
        self.per_row * self.rows
    }

    /// The first row shown so that the cell `selected` is in view.
    pub fn first_row(&self, selected: usize) -> usize {
        (selected / self.per_row).saturating_sub(self.rows - 1)
    }

    /// The cell at a point of the inner area, given the first row shown.
    pub fn cell_at(&self, row: u16, column: u16, first_row: usize) -> Option<usize> {
        let r = (row as usize).checked_sub(self.header)?;
        let c = column as usize / 2;
        // Past the last cell of a row (an odd width leaves a column) is no cell.
        if r >= self.rows || c >= self.per_row {
            return None;
        }
        Some((first_row + r) * self.per_row + c)
    }
}

/// The symbol and what a work-item's state is called, for cells and the legend.
pub fn state_symbol(state: WorkItemState) -> &'static str {
    match state {
        WorkItemState::NotStarted => "·",
        WorkItemState::Ready => "○",
        WorkItemState::Running => "▶",
        WorkItemState::AtBarrier | WorkItemState::AtSubGroupCall => "‖",
        WorkItemState::Finished => "✓",
    }
}

/// The heat map's shades, from nothing done to all done.
pub const SHADES: [&str; 5] = ["·", "░", "▒", "▓", "█"];

#[cfg(test)]
mod tests {
    use super::*;

    fn groups() -> Groups {
        Groups {
            total: 10,
            finished: 5,
            finished_ranges: vec![(0, 4), (6, 7)],
            started: vec![GroupInfo {
                group: [4, 0, 0],
                counts: vec![(WorkItemState::Running, 1), (WorkItemState::Finished, 3)],
                current: true,
            }],
        }
    }

    #[test]
    fn one_cell_per_group_when_they_fit() {
        let cells = group_cells(&groups(), [10, 1, 1], 64, &[9]);
        assert_eq!(cells.len(), 10);
        assert_eq!(cells[0].finished, 1);
        assert_eq!(cells[0].heat(), 4);
        assert_eq!(cells[4].started, 1);
        assert_eq!(cells[4].heat(), 3, "three of its four work-items are done");
        assert!(cells[4].current);
        assert_eq!(cells[5].heat(), 0);
        assert!(cells[9].diagnostic);
        assert!(!cells[8].diagnostic);
    }

    #[test]
    fn many_groups_share_cells() {
        let cells = group_cells(&groups(), [10, 1, 1], 3, &[]);
        // 10 groups in 3 cells: 4, 4 and 2.
        assert_eq!(cells.iter().map(|c| c.count).collect::<Vec<_>>(), [4, 4, 2]);
        assert_eq!(cells[0].finished, 4);
        assert_eq!(cells[1].finished, 1, "group 6");
        assert!(cells[1].current);
        assert_eq!(
            cells[1].heat(),
            2,
            "group 6 and three quarters of group 4: 1.75 of 4"
        );
        let huge = Groups {
            total: 1 << 40,
            finished: 1 << 39,
            finished_ranges: vec![(0, 1 << 39)],
            started: vec![],
        };
        let cells = group_cells(&huge, [1 << 20, 1 << 20, 1], 100, &[]);
        assert_eq!(cells.len(), 100);
        assert_eq!(cells[0].heat(), 4);
        assert_eq!(cells[99].heat(), 0);
    }

    #[test]
    fn ids_and_places() {
        assert_eq!(linear([1, 2, 1], [4, 3, 2]), 1 + 4 * (2 + 3));
        assert_eq!(group_id(21, [4, 3, 2]), [1, 2, 1]);
        let p = placement(20, 10);
        assert_eq!((p.per_row, p.rows), (10, 7));
        assert_eq!(p.cell_at(1, 5, 0), Some(2));
        assert_eq!(p.cell_at(2, 0, 1), Some(20));
        assert_eq!(p.cell_at(0, 0, 0), None, "the header");
        assert_eq!(
            placement(21, 10).cell_at(1, 20, 0),
            None,
            "the odd last column"
        );
        assert_eq!(p.first_row(75), 1);
    }
}
