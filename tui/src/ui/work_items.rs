//! The work-items pane: the launch's progress and a grid of one group's work-items, or of
//! the launch's groups as a heat map.

use oclgrind_debug_protocol::protocol::WorkItemState;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

use super::{frame_pane, triple};
use crate::app::{App, GridLevel, Pane};
use crate::grid::{self, GroupCell};
use crate::theme::Theme;

/// The launch's progress, then a grid: the work-items of one group, or the launch's groups
/// as a heat map (z), each cell coloured by state.
pub(super) fn work_items_pane(frame: &mut Frame, app: &App, area: Rect) {
    let t = &app.theme;
    let inner = frame_pane(frame, app, area, " Work-items ".into(), Pane::WorkItems);
    let place = grid::placement(inner.width, inner.height);
    let mut lines = Vec::new();
    let focused = app.focus == Pane::WorkItems;
    let (cells, footer) = match app.grid_level {
        GridLevel::WorkItems => work_item_cells(app, &place, focused, &mut lines),
        GridLevel::Groups => group_cells(app, &place, focused, &mut lines),
    };
    lines.extend(cells);
    lines.push(footer);
    if !place.legend {
        frame.render_widget(Paragraph::new(lines), inner);
        return;
    }
    lines.push(Line::styled(
        match app.grid_level {
            GridLevel::WorkItems => "· new ○ ready ▶ running ‖ barrier ✓ done ! error",
            GridLevel::Groups => "·░▒▓█ share finished  green: running  red: error",
        },
        Style::new().fg(t.dim),
    ));
    frame.render_widget(Paragraph::new(lines), inner);
}

/// The shown group's work-items: the grid rows, and the line under them.
fn work_item_cells(
    app: &App,
    place: &grid::Placement,
    focused: bool,
    lines: &mut Vec<Line<'static>>,
) -> (Vec<Line<'static>>, Line<'static>) {
    let t = &app.theme;
    let group = app.shown_group().map(triple).unwrap_or_default();
    lines.push(Line::raw(format!("group {group} │ {}", progress(app))));
    let selected = focused.then(|| app.selected_cell());
    let first_row = place.first_row(app.selected_cell());
    let rows = app
        .work_items
        .chunks(place.per_row)
        .enumerate()
        .skip(first_row)
        .take(place.rows)
        .map(|(r, row)| {
            let spans: Vec<Span> = row
                .iter()
                .enumerate()
                .flat_map(|(c, w)| {
                    let mut symbol = grid::state_symbol(w.state);
                    let mut style = state_style(t, w.state);
                    if app.hit_diagnostic(w.global) {
                        symbol = "!";
                        style = Style::new().fg(t.diagnostic).add_modifier(Modifier::BOLD);
                    }
                    if w.current {
                        // Stopped here.
                        style = style.add_modifier(Modifier::REVERSED | Modifier::BOLD);
                    }
                    if selected == Some(r * place.per_row + c) {
                        style = style.add_modifier(Modifier::UNDERLINED).bg(t.selection);
                    }
                    [Span::styled(symbol, style), Span::raw(" ")]
                })
                .collect();
            Line::from(spans)
        })
        .collect();
    let footer = match selected.and_then(|i| app.work_items.get(i)) {
        Some(w) => Line::styled(
            format!("Enter: switch to {}", triple(w.global)),
            Style::new().fg(t.name),
        ),
        None => Line::styled("z: all groups", Style::new().fg(t.dim)),
    };
    (rows, footer)
}

/// How far the launch is, in groups.
fn progress(app: &App) -> String {
    match &app.groups {
        Some(g) => format!(
            "{}/{} groups done, {} running",
            g.finished,
            g.total,
            g.started.len()
        ),
        None => String::new(),
    }
}

/// The heat map: each cell a run of groups, shaded by how much of it has finished.
fn group_cells(
    app: &App,
    place: &grid::Placement,
    focused: bool,
    lines: &mut Vec<Line<'static>>,
) -> (Vec<Line<'static>>, Line<'static>) {
    let t = &app.theme;
    let cells = app.group_cells();
    let per_cell = cells.first().map_or(1, |c| c.count.max(1));
    let scale = if per_cell > 1 {
        format!(", {per_cell} a cell")
    } else {
        String::new()
    };
    lines.push(Line::raw(format!("all groups{scale} │ {}", progress(app))));
    let chosen = app.selected_group_cell(&cells);
    let selected = focused.then_some(chosen);
    let rows = cells
        .chunks(place.per_row)
        .enumerate()
        .skip(place.first_row(chosen))
        .take(place.rows)
        .map(|(r, row)| {
            let spans: Vec<Span> = row
                .iter()
                .enumerate()
                .flat_map(|(c, cell)| {
                    let mut style = Style::new().fg(group_colour(t, cell));
                    if cell.current {
                        style = style.add_modifier(Modifier::REVERSED | Modifier::BOLD);
                    }
                    if selected == Some(r * place.per_row + c) {
                        style = style.add_modifier(Modifier::UNDERLINED).bg(t.selection);
                    }
                    [
                        Span::styled(grid::SHADES[cell.heat()], style),
                        Span::raw(" "),
                    ]
                })
                .collect();
            Line::from(spans)
        })
        .collect();
    let footer = match selected.and_then(|i| cells.get(i)) {
        Some(cell) => {
            let num_groups = app.num_groups();
            let first = triple(grid::group_id(cell.first, num_groups));
            let text = if cell.count == 1 {
                format!("group {first}: {}", group_state(cell))
            } else {
                let last = triple(grid::group_id(cell.first + cell.count - 1, num_groups));
                format!(
                    "groups {first}..{last}: {} of {} finished",
                    cell.finished, cell.count
                )
            };
            Line::styled(format!("{text}  (Enter: zoom in)"), Style::new().fg(t.name))
        }
        None => Line::raw(""),
    };
    (rows, footer)
}

fn group_colour(t: &Theme, cell: &GroupCell) -> Color {
    if cell.diagnostic {
        t.diagnostic
    } else if cell.started > 0 {
        t.running
    } else if cell.finished == cell.count {
        t.finished
    } else {
        t.not_started
    }
}

fn group_state(cell: &GroupCell) -> &'static str {
    if cell.finished == cell.count {
        "finished"
    } else if cell.started > 0 {
        "running"
    } else {
        "not started"
    }
}

/// A work-item cell's colour by its state.
fn state_style(t: &Theme, state: WorkItemState) -> Style {
    Style::new().fg(match state {
        WorkItemState::NotStarted => t.not_started,
        WorkItemState::Ready => t.ready,
        WorkItemState::Running => t.running,
        // Waiting for the sub-group is a barrier of the sub-group.
        WorkItemState::AtBarrier | WorkItemState::AtSubGroupCall => t.barrier,
        WorkItemState::Finished => t.finished,
    })
}
