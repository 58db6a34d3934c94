//! A debugged work-group going back and forth in its history (issue 43): the debugger asks
//! for a position (`Resume::Travel`), and the group's state is moved there by undoing or
//! redoing the records of the ops in between (`history`), global memory by the launch's
//! journal. Nothing runs again, so no output, report or plugin event happens twice. At each
//! position in the past the debugger sees the work-item whose op is next, as it was then;
//! `Resume::Continue` there replays one op. Back at the present, the work-item that was
//! stopped runs on as if nothing had happened.

use super::debug::{HistoryView, Moment, Resume, WiState, WorkItemView};
use super::history::{EntryValue, Layer, OpRecords, Record};
use super::interp::history_view;
use super::items::{Entry, GroupItems, Publish, NO_SLOT};
use super::journal::Journal;
use super::recorder::{arena_mark, frame_of, Place, Recorder};
use super::runner::GroupRunner;
use super::workitem::WorkItem;
use crate::bytecode::{Function, Op};
use crate::memory::{AddrSpace, ArenaMemory};

/// The entry a history's record names.
fn entry_of(v: EntryValue) -> Entry {
    Entry {
        state: WiState::from_code(v.state),
        slot: v.slot,
    }
}

/// The first register slot of a work-item's current frame.
fn frame_base(wi: &WorkItem, functions: &[Function]) -> u32 {
    (wi.frames.last()).map_or(0, |f| f.base + functions[f.func as usize].num_slots)
}

/// Which way records are applied.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Way {
    Undo,
    Redo,
}

impl Way {
    /// The value a record puts back: its old one, or its new one.
    fn pick<T>(self, old: T, new: T) -> T {
        match self {
            Way::Undo => old,
            Way::Redo => new,
        }
    }
}

impl GroupRunner<'_> {
    /// A view of a work-item that is not running (at a barrier, finished, switched to, or
    /// shown in the group's past).
    pub(super) fn view<'v>(
        &'v self,
        wi: &'v WorkItem,
        state: WiState,
        history: Option<HistoryView<'v>>,
    ) -> Option<WorkItemView<'v>> {
        let launch = self.launch;
        let debug = launch.debug.as_ref()?;
        // A work-item at a barrier is shown on the barrier, not on the line after it.
        let pc = if state == WiState::AtBarrier {
            wi.barrier_at.1
        } else {
            wi.pc
        };
        Some(WorkItemView {
            info: &launch.info,
            kernel: launch.kernel,
            ids: wi.ids,
            group: self.group,
            func: wi.func,
            pc,
            base: wi.base,
            frames: &wi.frames,
            regs: &wi.regs,
            shadow: launch.plan.keeps_shadows().then_some(&wi.shadow.bits[..]),
            state,
            stops: debug.stops,
            private: &wi.private,
            local: &self.local,
            global: &launch.global,
            launch: debug.progress,
            edits: Default::default(),
            history,
        })
    }

    /// Moves the group to position `to` of its history, then shows the debugger the
    /// work-item whose op is next there, and goes on where it says, until the group is back
    /// at the present: where work-item `present` (local linear index, slot) was stopped.
    pub(crate) fn travel<P: Publish>(
        &mut self,
        items: &mut GroupItems,
        pace: &P,
        present: (usize, u32),
        mut to: u64,
    ) {
        let Some(debug) = self.launch.debug.as_ref() else {
            return;
        };
        let (hook, Some(journal)) = (debug.hook, debug.journal) else {
            return;
        };
        let Some(mut rec) = self.undo.history.take() else {
            return;
        };
        // What the debugger changed at the stop, and others' writes since the last op, are
        // part of the present.
        rec.flush(true, journal);
        rec.cover_journal(journal);
        if rec.present.is_none() {
            let places = items.slots.iter().map(|wi| Place {
                func: wi.func,
                pc: wi.pc,
                base: wi.base,
            });
            rec.present = Some(places.collect());
        }
        loop {
            let from = rec.position;
            let to_here = to.clamp(rec.log.start(), rec.log.frontier());
            rec.position = self.move_to(&rec, items, journal, present, to_here);
            // Replaying one op over the end of a work-item's turn (at a barrier, its end)
            // shows it there first, as a live run does.
            if rec.position == from + 1 {
                let history = history_view(Some(&rec), Some(journal));
                if let Some(Resume::Travel(p)) = self.turn_end(&rec, items, present, pace, history)
                {
                    to = p;
                    continue;
                }
            }
            if rec.position == rec.log.frontier() {
                self.arrive_at_present(&mut rec, items, pace, present);
                break;
            }
            let (at, slot) = self.at_position(&rec, items, present);
            let history = history_view(Some(&rec), Some(journal));
            publish_states(items, pace, Some(at.item as usize), present);
            let wi = &items.slots[slot as usize];
            let Some(view) = self.view(wi, WiState::Running, history) else {
                break;
            };
            let resume = hook.stopped(&view, Moment::Instruction);
            // The past cannot be changed (the debugger refuses to): edits are dropped.
            drop(view.take_edits());
            drop(view);
            to = match resume {
                Resume::Travel(p) => p,
                Resume::Continue => rec.position + 1,
                // Other work-items and groups are run from the present.
                Resume::SwitchTo(_) | Resume::Park => rec.log.frontier(),
            };
        }
        self.undo.history = Some(rec);
    }

    /// The work-item whose op is at the group's position (set there), and its slot.
    fn at_position(
        &self,
        rec: &Recorder,
        items: &mut GroupItems,
        present: (usize, u32),
    ) -> (super::history::Cursor, u32) {
        let op = rec.log.forward(rec.position).next();
        let at = op.map(|o| o.at).unwrap_or_default();
        let slot = slot_of(items, present, at.item as usize);
        let functions = &self.launch.kernel.code.functions[..];
        let wi = &mut items.slots[slot as usize];
        wi.func = at.func;
        wi.pc = at.pc;
        wi.base = frame_base(wi, functions);
        (at, slot)
    }

    /// After one op replayed: when it was the last of its work-item's turn at a barrier or
    /// its end, the debugger sees the work-item there (its answer).
    fn turn_end<P: Publish>(
        &self,
        rec: &Recorder,
        items: &mut GroupItems,
        present: (usize, u32),
        pace: &P,
        history: Option<HistoryView>,
    ) -> Option<Resume> {
        let last = rec.log.back(rec.position).next()?;
        let next = match rec.log.forward(rec.position).next() {
            Some(op) => op.at.item as usize,
            None => present.0,
        };
        let i = last.at.item as usize;
        if i == next {
            return None;
        }
        let slot = slot_of(items, present, i);
        let op =
            &self.launch.kernel.code.functions[last.at.func as usize].code[last.at.pc as usize];
        let (state, moment) = match op {
            Op::Barrier { .. } | Op::WaitEvents { .. } => (WiState::AtBarrier, Moment::Barrier),
            Op::Ret { .. } | Op::RetVoid if items.slots[slot as usize].frames.is_empty() => {
                (WiState::Finished, Moment::Finished)
            }
            _ => return None,
        };
        publish_states(items, pace, None, present);
        let wi = &mut items.slots[slot as usize];
        // Shown on the op that ended the turn (the barrier, the return).
        (wi.func, wi.pc) = (last.at.func, last.at.pc);
        wi.base = frame_base(wi, &self.launch.kernel.code.functions);
        let view = self.view(wi, state, history)?;
        let view = WorkItemView {
            pc: last.at.pc,
            ..view
        };
        let resume = self.launch.debug.as_ref()?.hook.stopped(&view, moment);
        drop(view.take_edits());
        Some(resume)
    }

    /// Back at the present: every work-item where it was, the states as they were.
    fn arrive_at_present<P: Publish>(
        &self,
        rec: &mut Recorder,
        items: &mut GroupItems,
        pace: &P,
        present: (usize, u32),
    ) {
        if let Some(places) = rec.present.take() {
            for (wi, p) in items.slots.iter_mut().zip(places) {
                (wi.func, wi.pc, wi.base) = (p.func, p.pc, p.base);
            }
        }
        publish_states(items, pace, None, present);
    }

    /// Undoes or redoes ops from the group's position to `to`; returns where it got (not as
    /// far back as `to` if the journal no longer holds what an op needs).
    fn move_to(
        &mut self,
        rec: &Recorder,
        items: &mut GroupItems,
        journal: &Journal,
        present: (usize, u32),
        to: u64,
    ) -> u64 {
        let mut at = rec.position;
        if to < at {
            for op in rec.log.back(at) {
                if op.position < to || !journal_holds(&op, journal) {
                    break;
                }
                self.apply(&op, Way::Undo, items, journal, present);
                at = op.position;
            }
        } else {
            for op in rec.log.forward(at) {
                if op.position >= to {
                    break;
                }
                self.apply(&op, Way::Redo, items, journal, present);
                at = op.position + 1;
            }
        }
        at
    }

    /// Undoes (last record first) or redoes (first first) one op's records.
    fn apply(
        &mut self,
        op: &OpRecords,
        way: Way,
        items: &mut GroupItems,
        journal: &Journal,
        present: (usize, u32),
    ) {
        let slot = slot_of(items, present, op.at.item as usize);
        let records: Box<dyn Iterator<Item = Record>> = match way {
            Way::Undo => Box::new(op.records_back()),
            Way::Redo => Box::new(op.records()),
        };
        for r in records {
            if let Record::Entry { index, old, new } = r {
                let Some(e) = items.entries.get_mut(index as usize) else {
                    continue;
                };
                let mut to = entry_of(way.pick(old, new));
                if to.slot == NO_SLOT {
                    // A work-item keeps its slot in the past: its ops are shown from it.
                    to.slot = e.slot;
                }
                *e = to;
                continue;
            }
            let wi = &mut items.slots[slot as usize];
            match r {
                Record::Reg { slot, old, new } => {
                    if let Some(reg) = wi.regs.get_mut(slot as usize) {
                        *reg = way.pick(old, new);
                    }
                }
                Record::RegShadow { slot, old, new } => {
                    let s = way.pick(old, new);
                    if let Some(bits) = wi.shadow.bits.get_mut(slot as usize) {
                        *bits = s.bits;
                    }
                    if let Some(origin) = wi.shadow.origins.get_mut(slot as usize) {
                        *origin = s.origin;
                    }
                }
                Record::Mem {
                    layer,
                    space,
                    addr,
                    old,
                    new,
                } => {
                    let arena: &mut ArenaMemory = match space {
                        AddrSpace::Local => &mut self.local,
                        _ => &mut wi.private,
                    };
                    let bytes = way.pick(old, new);
                    match layer {
                        Layer::Data => {
                            arena.put_back(addr, bytes);
                        }
                        Layer::Shadow => arena.put_back_shadow(addr, bytes),
                        Layer::Origins => arena.put_back_origins(addr, bytes),
                    }
                }
                Record::Global { from, to } => match way {
                    Way::Undo => {
                        journal.revert_to(from);
                    }
                    Way::Redo => journal.redo_to(to),
                },
                Record::Call { frame } => match way {
                    Way::Undo => drop(wi.frames.pop()),
                    Way::Redo => wi.frames.push(frame_of(frame)),
                },
                Record::Ret { frame, freed } => match way {
                    Way::Undo => {
                        wi.frames.push(frame_of(frame));
                        wi.private.restore_tail(freed);
                    }
                    Way::Redo => {
                        wi.frames.pop();
                        wi.private.release_to(arena_mark(frame.mark));
                    }
                },
                Record::Grow { mark, added } => match way {
                    Way::Undo => wi.private.release_to(arena_mark(mark)),
                    Way::Redo => wi.private.restore_tail(added),
                },
                Record::Entry { .. }
                | Record::Edit
                | Record::OpAt(_)
                | Record::Op
                | Record::Jump { .. }
                | Record::Leap { .. } => {}
            }
        }
        if way == Way::Undo {
            let functions = &self.launch.kernel.code.functions[..];
            let wi = &mut items.slots[slot as usize];
            (wi.func, wi.pc) = (op.at.func, op.at.pc);
            wi.base = frame_base(wi, functions);
        }
    }
}

/// Whether the journal still holds the global writes an op's undo needs.
fn journal_holds(op: &OpRecords, journal: &Journal) -> bool {
    let first = journal.first();
    op.records()
        .all(|r| !matches!(r, Record::Global { from, .. } if from < first))
}

/// The slot of work-item `i` (the stopped one's entry is not updated until its turn ends).
fn slot_of(items: &GroupItems, present: (usize, u32), i: usize) -> u32 {
    match i == present.0 {
        true => present.1,
        false => items.entries.get(i).map_or(present.1, |e| e.slot),
    }
}

/// Tells the debugger every work-item's state: `shown` runs; at the present, the stopped one
/// runs unless its turn has ended.
fn publish_states<P: Publish>(
    items: &GroupItems,
    pace: &P,
    shown: Option<usize>,
    present: (usize, u32),
) {
    for (i, e) in items.entries.iter().enumerate() {
        let slot = slot_of(items, present, i);
        let Some(wi) = items.slots.get(slot as usize) else {
            continue;
        };
        let running = match shown {
            Some(s) => s == i,
            None => i == present.0 && matches!(e.state, WiState::NotStarted | WiState::Suspended),
        };
        let state = match running {
            true => WiState::Running,
            false => e.state,
        };
        pace.publish(i, state, wi);
    }
}
