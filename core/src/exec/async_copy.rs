//! The work-group side of async copies: collecting the copy every work-item issues, checking
//! they agree, and performing it when the group waits for its event.

use super::checks::{access, observe, Dir};
use super::shadow_memory;
use super::shared::{Launch, Mems, Where};
use super::workitem::WiIds;
use crate::builtins::AsyncCopy;
use crate::bytecode::Site;
use crate::diagnostics::{Body, Divergent, Entity, Level, Rule};
use crate::memory::{load_bytes, store_bytes};
use crate::plugins::AccessKind;

/// A copy not yet performed, as the first work-item that issued it asked for it.
struct PendingCopy {
    copy: AsyncCopy,
    /// Where it was issued: (function, pc).
    site: Site,
    /// Which work-items (by local linear id) have issued it.
    issued_by: Vec<bool>,
    issuers: u64,
}

#[derive(Default)]
pub(crate) struct AsyncState {
    /// Pending copies in issue order. A work-item's copy is matched against the first one it
    /// has not issued yet; performed copies are removed.
    copies: Vec<PendingCopy>,
    next_event: u64,
    group_size: u64,
}

impl AsyncState {
    pub fn reset(&mut self, group_size: u64) {
        self.copies.clear();
        self.next_event = 0;
        self.group_size = group_size;
    }

    /// Registers work-item `wi`'s copy; returns the copy's event.
    pub fn issue(&mut self, launch: &Launch, at: Where, wi: u64, copy: AsyncCopy) -> u64 {
        let site = at.site;
        let wi = wi as usize;
        if let Some(p) = self.copies.iter_mut().find(|p| !p.issued_by[wi]) {
            let same = p.site == site
                && AsyncCopy {
                    event: p.copy.event,
                    ..copy
                } == p.copy;
            if !same {
                report_divergence(launch, at, &copy, p);
            }
            // Counted even when it differs: the divergence is reported once, here.
            p.issued_by[wi] = true;
            p.issuers += 1;
            return p.copy.event;
        }
        let event = if copy.event != 0 {
            copy.event
        } else {
            self.next_event += 1;
            self.next_event
        };
        let mut issued_by = vec![false; self.group_size as usize];
        issued_by[wi] = true;
        self.copies.push(PendingCopy {
            copy: AsyncCopy { event, ..copy },
            site,
            issued_by,
            issuers: 1,
        });
        event
    }

    /// Performs the copies of `events` (at a `wait_group_events` the whole group reached).
    /// `at` is the wait as the group executes it; `waiter` the first work-item that waited.
    pub fn complete(
        &mut self,
        launch: &Launch,
        mems: &mut Mems,
        at: Where,
        waiter: WiIds,
        events: &[u64],
    ) {
        for (k, &e) in events.iter().enumerate() {
            if !self.copies.iter().any(|p| p.copy.event == e) {
                // Listing an event twice in one wait is fine; waiting for it again later is not.
                if events[..k].contains(&e) {
                    continue;
                }
                let at = Where {
                    wi: Some(waiter),
                    ..at
                };
                launch.report(
                    at,
                    Rule::InvalidWaitEvent,
                    Level::Error,
                    "Invalid wait event".into(),
                );
                continue;
            }
            for p in self.copies.iter().filter(|p| p.copy.event == e) {
                if p.issuers < self.group_size {
                    let body = Body::PartialGroup {
                        what: Divergent::AsyncCopy,
                        group: at.group,
                        arrived: p.issuers,
                        size: self.group_size,
                        at: launch.at(p.site),
                    };
                    let headline = Divergent::AsyncCopy.headline().into();
                    launch.log(at, Rule::WorkGroupDivergence, Level::Error, headline, body);
                }
                perform(launch, mems, at, &p.copy);
            }
            self.copies.retain(|p| p.copy.event != e);
        }
    }

    pub fn pending(&self) -> bool {
        !self.copies.is_empty()
    }
}

fn describe(c: &AsyncCopy) -> Vec<String> {
    vec![
        format!("dest=0x{:x}, src=0x{:x}", c.dst, c.src),
        format!(
            "elem_size={}, num_elems={}, src_stride={}, dest_stride={}",
            c.elem_size, c.count, c.src_stride, c.dst_stride
        ),
    ]
}

fn report_divergence(launch: &Launch, at: Where, copy: &AsyncCopy, first: &PendingCopy) {
    let body = Body::Divergence {
        what: Divergent::AsyncCopy,
        group: at.group,
        work_item: at.wi.map(|ids| Entity::WorkItem {
            global: ids.global,
            local: ids.local,
            group: at.group,
        }),
        at: launch.at(at.site),
        details: describe(copy),
        previous_at: launch.at(first.site),
        previous_details: describe(&first.copy),
    };
    let headline = Divergent::AsyncCopy.headline().into();
    launch.log(at, Rule::WorkGroupDivergence, Level::Error, headline, body);
}

/// Moves the elements, each access checked and observed as the work-group's own.
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
        if launch.observe_memory {
            observe(launch, mems, at, c.src_space, src, n, AccessKind::Load, &[]);
        }
        let Some(p) = access(mems, c.src_space, src, n, Dir::Load, launch, || at) else {
            continue;
        };
        // SAFETY: access() checked the ranges.
        unsafe { load_bytes(p, &mut buf) };
        if launch.observe_memory {
            observe(
                launch,
                mems,
                at,
                c.dst_space,
                dst,
                n,
                AccessKind::Store,
                &buf,
            );
        }
        if let Some(q) = access(mems, c.dst_space, dst, n, Dir::Store, launch, || at) {
            unsafe { store_bytes(q, &buf) };
            if launch.plan.keeps_shadows() {
                // Elements arrive as initialised as they were (and are not reported: the
                // copy's source may hold padding).
                shadow_memory::copy(
                    launch,
                    mems,
                    (c.src_space, src),
                    (c.dst_space, dst),
                    (n, None),
                );
            }
        }
    }
}
