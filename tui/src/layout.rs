//! Where each pane goes on the screen, from the sizes the user chose. Drawing and mouse clicks
//! both use it, so a click lands on what was drawn there.

use ratatui::layout::{Constraint, Layout, Rect};

use crate::app::Pane;

/// The user-adjustable proportions (the `wider`/`taller` keys change them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sizes {
    /// Percent of the width for the source and IR column.
    pub code: u16,
    /// Weights of source and IR in their column.
    pub code_split: [u16; 2],
    /// Weights of variables, memory and work-items in the side column.
    pub side: [u16; 3],
    /// Percent of the screen's height for the bottom row (output, console, diagnostics).
    pub bottom_share: u16,
    /// Weights of output, console and diagnostics.
    pub bottom: [u16; 3],
}

impl Default for Sizes {
    fn default() -> Sizes {
        Sizes {
            code: 60,
            code_split: [65, 35],
            side: [35, 30, 35],
            bottom_share: 28,
            bottom: [30, 45, 25],
        }
    }
}

const STEP: u16 = 5;

impl Sizes {
    /// Makes `pane` wider (`by` > 0) or narrower.
    pub fn widen(&mut self, pane: Pane, by: i32) {
        match pane {
            Pane::Source | Pane::Ir => self.code = step(self.code, by, 20, 85),
            Pane::Variables | Pane::Memory | Pane::WorkItems => {
                self.code = step(self.code, -by, 20, 85)
            }
            Pane::Output => self.bottom[0] = step(self.bottom[0], by, 5, 90),
            Pane::Console => self.bottom[1] = step(self.bottom[1], by, 5, 90),
            Pane::Diagnostics => self.bottom[2] = step(self.bottom[2], by, 5, 90),
        }
    }

    /// Makes `pane` taller (`by` > 0) or shorter.
    pub fn heighten(&mut self, pane: Pane, by: i32) {
        match pane {
            Pane::Source => self.code_split[0] = step(self.code_split[0], by, 5, 95),
            Pane::Ir => self.code_split[1] = step(self.code_split[1], by, 5, 95),
            Pane::Variables => self.side[0] = step(self.side[0], by, 5, 90),
            Pane::Memory => self.side[1] = step(self.side[1], by, 5, 90),
            Pane::WorkItems => self.side[2] = step(self.side[2], by, 5, 90),
            Pane::Output | Pane::Console | Pane::Diagnostics => {
                self.bottom_share = step(self.bottom_share, by, 10, 70)
            }
        }
    }
}

fn step(value: u16, by: i32, min: u16, max: u16) -> u16 {
    (value as i32 + by * STEP as i32).clamp(min as i32, max as i32) as u16
}

/// Every pane's area and the status bar's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Areas {
    pub panes: [(Pane, Rect); 8],
    pub status: Rect,
}

impl Areas {
    pub fn of(&self, pane: Pane) -> Rect {
        self.panes
            .iter()
            .find(|(p, _)| *p == pane)
            .map(|(_, r)| *r)
            .unwrap_or_default()
    }

    /// The pane at a point of the screen.
    pub fn pane_at(&self, x: u16, y: u16) -> Option<(Pane, Rect)> {
        self.panes
            .iter()
            .copied()
            .find(|(_, r)| r.contains(ratatui::layout::Position { x, y }))
    }
}

/// The help overlay for `lines` lines of help, centred: as tall as they need, or the screen.
pub fn help_popup(screen: Rect, lines: usize) -> Rect {
    let width = 96.min(screen.width);
    let height = (lines as u16).saturating_add(2).min(screen.height);
    Rect {
        x: screen.x + (screen.width - width) / 2,
        y: screen.y + (screen.height - height) / 2,
        width,
        height,
    }
}

/// The inside of a pane (within its border).
pub fn inner(area: Rect) -> Rect {
    area.inner(ratatui::layout::Margin::new(1, 1))
}

/// The fewest rows of the bottom row: the command line and a few answers above it.
const MIN_BOTTOM_ROWS: u16 = 7;
/// Below this many rows the side column folds the memory pane to its tabs, unless it is
/// wanted (focused, or showing something): variables and work-items need the rows more.
const SIDE_ROWS_FOR_MEMORY: u16 = 24;
/// The memory pane folded: its border and its tabs.
const FOLDED_MEMORY_ROWS: u16 = 3;

/// Where each pane goes. The bottom row gets its share of the height (never fewer than
/// `MIN_BOTTOM_ROWS`, never more than a third of a small screen), the panes above the rest;
/// `memory_wanted` keeps the memory pane open on a short screen.
pub fn areas(screen: Rect, sizes: &Sizes, memory_wanted: bool) -> Areas {
    let share = ((screen.height as u32 * sizes.bottom_share as u32 + 50) / 100) as u16;
    let bottom_rows = share.max(MIN_BOTTOM_ROWS.min(screen.height / 3));
    let [main, bottom, status] = Layout::vertical([
        Constraint::Min(6),
        Constraint::Length(bottom_rows),
        Constraint::Length(1),
    ])
    .areas(screen);
    let [code, side] = Layout::horizontal([
        Constraint::Percentage(sizes.code),
        Constraint::Percentage(100 - sizes.code),
    ])
    .areas(main);
    let [source, ir] = Layout::vertical(sizes.code_split.map(Constraint::Fill)).areas(code);
    let mut side_rows = sizes.side.map(Constraint::Fill);
    if side.height < SIDE_ROWS_FOR_MEMORY && !memory_wanted {
        side_rows[1] = Constraint::Length(FOLDED_MEMORY_ROWS);
    }
    let [variables, memory, work_items] = Layout::vertical(side_rows).areas(side);
    let [output, console, diagnostics] =
        Layout::horizontal(sizes.bottom.map(Constraint::Fill)).areas(bottom);
    Areas {
        panes: [
            (Pane::Source, source),
            (Pane::Ir, ir),
            (Pane::Variables, variables),
            (Pane::Memory, memory),
            (Pane::WorkItems, work_items),
            (Pane::Output, output),
            (Pane::Console, console),
            (Pane::Diagnostics, diagnostics),
        ],
        status,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn panes_tile_the_screen_and_sizes_change_them() {
        let screen = Rect::new(0, 0, 120, 40);
        let mut sizes = Sizes::default();
        let before = areas(screen, &sizes, false);
        let cells: u32 = before.panes.iter().map(|(_, r)| r.area()).sum();
        assert_eq!(
            cells + before.status.area(),
            screen.area(),
            "no gaps, no overlap"
        );
        assert_eq!(before.of(Pane::Source).width, 72);
        assert_eq!(before.of(Pane::Console).height, 11);
        sizes.widen(Pane::Source, 1);
        assert_eq!(areas(screen, &sizes, false).of(Pane::Source).width, 78);
        sizes.widen(Pane::Variables, 2);
        assert_eq!(areas(screen, &sizes, false).of(Pane::Source).width, 66);
        sizes.heighten(Pane::Console, 1);
        assert_eq!(areas(screen, &sizes, false).of(Pane::Console).height, 13);
        let h = areas(screen, &sizes, false).of(Pane::Memory).height;
        sizes.heighten(Pane::Memory, 2);
        assert!(areas(screen, &sizes, false).of(Pane::Memory).height > h);
        for _ in 0..30 {
            sizes.widen(Pane::Source, -1);
        }
        assert_eq!(sizes.code, 20, "clamped");
        let (pane, _) = before.pane_at(5, 2).unwrap();
        assert_eq!(pane, Pane::Source);
        assert_eq!(before.pane_at(119, 39), None, "the status bar");
    }

    #[test]
    fn a_small_terminal_still_has_every_pane_and_folds_memory_until_wanted() {
        let a = areas(Rect::new(0, 0, 80, 24), &Sizes::default(), false);
        for (pane, r) in a.panes {
            assert!(r.height >= 3 && r.width >= 10, "{pane:?} {r:?}");
        }
        assert_eq!(a.of(Pane::Memory).height, FOLDED_MEMORY_ROWS);
        // Five rows of variables, four of the grid (its header, two rows, the hint).
        assert_eq!(layout_rows(&a, Pane::Variables), 5);
        assert_eq!(layout_rows(&a, Pane::WorkItems), 4);
        assert_eq!(a.of(Pane::Console).height, 7);
        let wanted = areas(Rect::new(0, 0, 80, 24), &Sizes::default(), true);
        assert!(wanted.of(Pane::Memory).height > FOLDED_MEMORY_ROWS);
        // A tall screen never folds it.
        let tall = areas(Rect::new(0, 0, 200, 60), &Sizes::default(), false);
        assert!(tall.of(Pane::Memory).height > 10);
    }

    #[test]
    fn a_tall_screen_shares_its_height_with_the_bottom_row() {
        let a = areas(Rect::new(0, 0, 200, 60), &Sizes::default(), false);
        assert_eq!(a.of(Pane::Console).height, 17);
        assert_eq!(a.of(Pane::Source).height + a.of(Pane::Ir).height, 42);
        let b = areas(Rect::new(0, 0, 200, 80), &Sizes::default(), false);
        assert!(b.of(Pane::Console).height > a.of(Pane::Console).height);
    }

    fn layout_rows(a: &Areas, pane: Pane) -> u16 {
        inner(a.of(pane)).height
    }
}
