//! The work-group side of async copies: collecting the copy every work-item issues, checking
//! they agree, and performing it when the group waits for its event.

use super::env::Mems;
use super::interp::{access, Dir};
use super::launch::{Launch, Where};
use super::workitem::WiIds;
use crate::builtins::AsyncCopy;
use crate::diagnostics::{render, size3, Entity, Level};
use crate::memory::{load_bytes, store_bytes};
use crate::output::Record;

/// A copy registered by the first work-item that issued it.
pub(crate) struct PendingCopy {
    pub copy: AsyncCopy,
    /// Where it was issued: (function, pc).
    pub site: (u32, u32),
    /// Number of work-items that issued it.
    pub issuers: u64,
    pub done: bool,
}

#[derive(Default)]
pub(crate) struct AsyncState {
    /// Copies in issue order; a work-item's n-th copy must match the n-th entry.
    pub copies: Vec<PendingCopy>,
    next_event: u64,
}

impl AsyncState {
    pub fn reset(&mut self) {
        self.copies.clear();
        self.next_event = 0;
    }

    /// Registers `copy` as the `index`-th copy of a work-item; returns its event.
    pub fn issue(&mut self, launch: &Launch, at: Where, index: usize, copy: AsyncCopy) -> u64 {
        let site = (at.func, at.pc);
        if let Some(p) = self.copies.get_mut(index) {
            let same = p.site == site
                && AsyncCopy {
                    event: p.copy.event,
                    ..copy
                } == p.copy;
            if !same {
                report_divergence(launch, at, &copy, p);
            }
            // Counted even when it differs: the divergence is reported once, here.
            p.issuers += 1;
            return p.copy.event;
        }
        let event = if copy.event != 0 {
            copy.event
        } else {
            self.next_event += 1;
            self.next_event
        };
        self.copies.push(PendingCopy {
            copy: AsyncCopy { event, ..copy },
            site,
            issuers: 1,
            done: false,
        });
        event
    }

    /// Performs the copies of `events` (at a `wait_group_events` the whole group reached).
    /// `at` is the wait as the group executes it; `waiter` the first work-item that waited.
    #[allow(clippy::too_many_arguments)]
    pub fn complete(
        &mut self,
        launch: &Launch,
        mems: &mut Mems,
        at: Where,
        waiter: WiIds,
        events: &[u64],
        group_size: u64,
    ) {
        for &e in events {
            let mut found = false;
            for p in self.copies.iter_mut().filter(|p| p.copy.event == e) {
                found = true;
                if p.done {
                    continue;
                }
                if p.issuers < group_size {
                    let mut lines = header(launch, at);
                    lines.push(format!(
                        "Only {} out of {} work-items executed copy",
                        p.issuers, group_size
                    ));
                    launch.location_lines(&mut lines, p.site.0, p.site.1);
                    launch.emit(at.seq, Record::Log(Level::Error, render(&lines)));
                }
                perform(launch, mems, at, &p.copy);
                p.done = true;
            }
            if !found {
                let at = Where {
                    wi: Some(waiter),
                    ..at
                };
                launch.report(at, Level::Error, "Invalid wait event");
            }
        }
    }

    pub fn pending(&self) -> bool {
        self.copies.iter().any(|p| !p.done)
    }
}

fn header(launch: &Launch, at: Where) -> Vec<String> {
    vec![
        "Work-group divergence detected (async copy)".to_string(),
        format!("Kernel:     {}", launch.info.kernel),
        format!("Work-group: {}", size3(at.group)),
    ]
}

fn describe(lines: &mut Vec<String>, c: &AsyncCopy) {
    lines.push(format!("dest=0x{:x}, src=0x{:x}", c.dst, c.src));
    lines.push(format!(
        "elem_size={}, num_elems={}, src_stride={}, dest_stride={}",
        c.elem_size, c.count, c.src_stride, c.dst_stride
    ));
}

fn report_divergence(launch: &Launch, at: Where, copy: &AsyncCopy, first: &PendingCopy) {
    let mut lines = header(launch, at);
    lines.push(String::new());
    if let Some(ids) = at.wi {
        let entity = Entity::WorkItem {
            global: ids.global,
            local: ids.local,
            group: at.group,
        };
        lines.push(format!("Work-item:  {entity}"));
    }
    launch.location_lines(&mut lines, at.func, at.pc);
    describe(&mut lines, copy);
    lines.push(String::new());
    lines.push("Previous work-items executed:".to_string());
    launch.location_lines(&mut lines, first.site.0, first.site.1);
    describe(&mut lines, &first.copy);
    launch.emit(at.seq, Record::Log(Level::Error, render(&lines)));
}

/// Moves the elements, each access checked like a work-group's own load and store.
fn perform(launch: &Launch, mems: &mut Mems, at: Where, c: &AsyncCopy) {
    let n = c.elem_size;
    let mut buf = vec![0u8; n as usize];
    for i in 0..c.count {
        let src = c
            .src
            .wrapping_add(i.wrapping_mul(c.src_stride).wrapping_mul(n));
        let dst = c
            .dst
            .wrapping_add(i.wrapping_mul(c.dst_stride).wrapping_mul(n));
        let Some(p) = access(mems, c.src_space, src, n, Dir::Load, launch, || at) else {
            continue;
        };
        // SAFETY: access() checked the ranges.
        unsafe { load_bytes(p, &mut buf) };
        if let Some(q) = access(mems, c.dst_space, dst, n, Dir::Store, launch, || at) {
            unsafe { store_bytes(q, &buf) };
        }
    }
}
