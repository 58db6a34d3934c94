//! What the mouse does: a click focuses a pane and picks what is under it, the wheel
//! scrolls; and where the rows of the lists are on the screen.

use super::{Action, App, GridLevel, Mouse, Pane, Refresh};
use crate::grid;
use crate::layout;
use crate::memory;
use crate::variables::Row;

impl App {
    /// A mouse event: a click focuses the pane under it and picks what is there (a line, a
    /// gutter mark, a variable, a grid cell, a report); the wheel scrolls.
    pub fn mouse(&mut self, event: Mouse) -> Option<Action> {
        let (x, y) = match event {
            Mouse::Click(x, y) | Mouse::ScrollUp(x, y) | Mouse::ScrollDown(x, y) => (x, y),
        };
        if self.show_help {
            // The wheel scrolls the help.
            match event {
                Mouse::ScrollUp(..) => self.scroll_help(-3),
                Mouse::ScrollDown(..) => self.scroll_help(3),
                Mouse::Click(..) => {}
            }
            return None;
        }
        if self.input.is_some() && !matches!(event, Mouse::Click(..)) {
            return None;
        }
        let (pane, area) = self.areas().pane_at(x, y)?;
        match event {
            Mouse::ScrollUp(..) => {
                self.scroll_pane(pane, -3, false);
                return None;
            }
            Mouse::ScrollDown(..) => {
                self.scroll_pane(pane, 3, false);
                return None;
            }
            Mouse::Click(..) => {}
        }
        if self.input.is_some() {
            return None;
        }
        self.focus = pane;
        let inner = layout::inner(area);
        if !inner.contains(ratatui::layout::Position { x, y }) {
            return None; // the border: focus only
        }
        let (row, column) = ((y - inner.y) as usize, x - inner.x);
        match pane {
            Pane::Source => {
                let line = self.source_first_line(inner.height as usize) + row;
                if line > self.source.len() {
                    return None;
                }
                self.cursor = line as u32;
                // The gutter's marks (breakpoint, diagnostic, current) are its first columns.
                if column < GUTTER_MARKS {
                    return self.toggle_breakpoint();
                }
                None
            }
            Pane::Variables => {
                let rows = self.variable_rows();
                let index = self.variable_at(row, inner.height as usize, &rows)?;
                let again = index == self.var_cursor;
                self.var_cursor = index;
                // A second click on a row opens it, like Enter.
                if again {
                    return self.open();
                }
                None
            }
            Pane::WorkItems => {
                let place = grid::placement(inner.width, inner.height);
                match self.grid_level {
                    GridLevel::WorkItems => {
                        let first = place.first_row(self.selected_cell());
                        let cell = place.cell_at(row as u16, column, first)?;
                        self.work_items.get(cell)?;
                        self.grid_cursor = Some(cell);
                    }
                    GridLevel::Groups => {
                        let cells = self.group_cells();
                        let first = place.first_row(self.selected_group_cell(&cells));
                        let cell = place.cell_at(row as u16, column, first)?;
                        cells.get(cell)?;
                        self.group_cursor = Some(cell);
                    }
                }
                self.open()
            }
            Pane::Diagnostics => {
                let first = self.report_first_row(inner.height as usize);
                let index = first + row;
                self.reports.get(index)?;
                self.report_cursor = index;
                self.open()
            }
            Pane::Memory if row == 0 => {
                // The tab names: "private local global".
                let tab = memory::tab_at(column as usize)?;
                if tab != self.memory.tab {
                    self.memory.tab = tab;
                    return self.when_stopped(Action::Refresh(Refresh::Memory));
                }
                None
            }
            _ => None,
        }
    }

    /// The row of the variables list at screen row `row`, given the heading lines.
    fn variable_at(&self, row: usize, height: usize, rows: &[Row]) -> Option<usize> {
        let lines = self.variable_lines(rows);
        let first = first_in_view(
            lines
                .iter()
                .position(|l| *l == Some(self.var_cursor))
                .unwrap_or(0),
            height,
        );
        (*lines.get(first + row)?).filter(|&i| i < rows.len())
    }

    /// The lines of the variables pane: `None` for a heading, else a row's index.
    pub fn variable_lines(&self, rows: &[Row]) -> Vec<Option<usize>> {
        let locals = self.local_rows();
        let mut lines = Vec::new();
        if locals > 0 {
            lines.push(None);
        }
        lines.extend((0..locals).map(Some));
        if rows.len() > locals {
            lines.push(None);
        }
        lines.extend((locals..rows.len()).map(Some));
        lines
    }

    /// The first report shown in `height` rows (the selected one stays in view).
    pub fn report_first_row(&self, height: usize) -> usize {
        first_in_view(self.report_cursor, height)
    }
}

/// Columns of the source gutter before the line number: breakpoint, diagnostic, current.
pub const GUTTER_MARKS: u16 = 3;

/// The first of a list's rows to show in `height` rows so that row `at` is in view.
pub fn first_in_view(at: usize, height: usize) -> usize {
    at.saturating_sub(height.saturating_sub(1))
}
