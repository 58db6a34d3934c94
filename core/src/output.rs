//! Deterministic output: messages and kernel printf text leave in work-group order, whatever the
//! number of worker threads.
//!
//! The work-group at the head of the sequence writes straight through; the others buffer until
//! every earlier group has completed. With one worker thread nothing is ever buffered.
//!
//! When a group's work-items run together (the lane executor), their records interleave op by
//! op; such a sequencer (`by_work_item`) holds a group's records from one barrier to the next
//! and lets them go in work-item order, the order of the scalar executor, which runs each
//! work-item in turn to the barrier.

use std::collections::BTreeMap;
use std::sync::Mutex;

use crate::diagnostics::Level;

/// One piece of output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Record {
    Log(Level, String),
    Stdout(Vec<u8>),
}

#[derive(Default)]
struct Pending {
    records: Vec<Record>,
    done: bool,
}

/// A work-item within its group, ordered as the scalar executor runs them: its local ids,
/// the last dimension first.
pub type ItemKey = [u64; 3];

#[derive(Default)]
struct State {
    head: u64,
    pending: BTreeMap<u64, Pending>,
    /// By group: the records of the current barrier interval, with their work-items.
    interval: BTreeMap<u64, Vec<(ItemKey, Record)>>,
    /// Groups that may yet start over (`speculate`): all their records so far.
    speculative: BTreeMap<u64, Vec<Record>>,
}

/// Orders the output of numbered work-groups.
pub struct Sequencer<'a> {
    state: Mutex<State>,
    deliver: &'a (dyn Fn(Record) + Sync),
    /// Everything goes straight out (debugging: the user sees output as it happens).
    immediate: bool,
    /// Records of a group's work-items wait for the end of their barrier interval.
    by_work_item: bool,
}

impl<'a> Sequencer<'a> {
    pub fn new(deliver: &'a (dyn Fn(Record) + Sync)) -> Self {
        Sequencer {
            state: Mutex::new(State::default()),
            deliver,
            immediate: false,
            by_work_item: false,
        }
    }

    /// A sequencer that also orders each group's records by work-item within each barrier
    /// interval (`end_interval`).
    pub fn by_work_item(self) -> Self {
        Sequencer {
            by_work_item: true,
            ..self
        }
    }

    /// A sequencer that does not order: output is delivered when it is emitted.
    pub fn immediate(deliver: &'a (dyn Fn(Record) + Sync)) -> Self {
        Sequencer {
            immediate: true,
            ..Sequencer::new(deliver)
        }
    }

    /// Output from work-group number `seq`, from one of its work-items (`from`) or from the
    /// group as a whole.
    pub fn emit(&self, seq: u64, from: Option<ItemKey>, record: Record) {
        if self.immediate {
            (self.deliver)(record);
            return;
        }
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if self.by_work_item {
            match from {
                Some(key) => {
                    s.interval.entry(seq).or_default().push((key, record));
                    return;
                }
                // The group's own records come at barriers and at its end, after what its
                // work-items wrote before.
                None => self.release_interval(&mut s, seq),
            }
        }
        self.pass(&mut s, seq, record);
    }

    /// Work-group `seq` released a barrier: its work-items' records so far go, in order.
    pub fn end_interval(&self, seq: u64) {
        if self.by_work_item {
            let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
            self.release_interval(&mut s, seq);
        }
    }

    fn release_interval(&self, s: &mut State, seq: u64) {
        if let Some(mut records) = s.interval.remove(&seq) {
            // Stable: each work-item's records keep their order.
            records.sort_by_key(|(key, _)| *key);
            for (_, record) in records {
                self.pass(s, seq, record);
            }
        }
    }

    /// Work-group `seq` may start over (`discard`): its records wait for its end.
    pub fn speculate(&self, seq: u64) {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        s.speculative.insert(seq, Vec::new());
    }

    /// Work-group `seq` starts over: what it wrote since `speculate` is void, and its
    /// records go as usual from here on.
    pub fn discard(&self, seq: u64) {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        s.speculative.remove(&seq);
        s.interval.remove(&seq);
    }

    /// Delivers a record of group `seq` now if it is the head, else keeps it for later.
    fn pass(&self, s: &mut State, seq: u64, record: Record) {
        if let Some(held) = s.speculative.get_mut(&seq) {
            held.push(record);
        } else if seq == s.head {
            (self.deliver)(record);
        } else {
            s.pending.entry(seq).or_default().records.push(record);
        }
    }

    /// Work-group `seq` has finished; release whatever can go out now.
    pub fn complete(&self, seq: u64) {
        if self.immediate {
            return;
        }
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if self.by_work_item {
            self.release_interval(&mut s, seq);
        }
        for record in s.speculative.remove(&seq).into_iter().flatten() {
            self.pass(&mut s, seq, record);
        }
        if seq != s.head {
            s.pending.entry(seq).or_default().done = true;
            return;
        }
        s.head += 1;
        loop {
            let head = s.head;
            let Some(p) = s.pending.get_mut(&head) else {
                break;
            };
            for r in p.records.drain(..) {
                (self.deliver)(r);
            }
            if !p.done {
                break;
            }
            s.pending.remove(&head);
            s.head += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex as M;

    fn text(s: &str) -> Record {
        Record::Stdout(s.as_bytes().to_vec())
    }

    /// Delivers text records by appending them to `out`.
    fn appender(out: &M<String>) -> impl Fn(Record) + Sync + '_ {
        move |r| {
            if let Record::Stdout(b) = r {
                out.lock()
                    .unwrap()
                    .push_str(std::str::from_utf8(&b).unwrap());
            }
        }
    }

    #[test]
    fn output_leaves_in_group_order() {
        let out = M::new(String::new());
        let deliver = appender(&out);
        let seq = Sequencer::new(&deliver);
        seq.emit(1, None, text("b1 "));
        seq.emit(2, None, text("c1 "));
        seq.emit(0, None, text("a1 "));
        seq.complete(2);
        assert_eq!(*out.lock().unwrap(), "a1 ");
        seq.complete(0);
        // Group 1 is now the head: its buffered output goes, and it streams from here on.
        assert_eq!(*out.lock().unwrap(), "a1 b1 ");
        seq.emit(1, None, text("b2 "));
        assert_eq!(*out.lock().unwrap(), "a1 b1 b2 ");
        seq.complete(1);
        assert_eq!(*out.lock().unwrap(), "a1 b1 b2 c1 ");
        seq.emit(3, None, text("d1 "));
        assert_eq!(*out.lock().unwrap(), "a1 b1 b2 c1 d1 ");
    }

    #[test]
    fn records_of_work_items_leave_in_their_order_at_each_barrier() {
        let out = M::new(String::new());
        let deliver = appender(&out);
        let seq = Sequencer::new(&deliver).by_work_item();
        // Work-items 1 and 0 of group 0 interleave; (0,0,1) is the second dimension's.
        seq.emit(0, Some([0, 0, 1]), text("x1 "));
        seq.emit(0, Some([0, 1, 0]), text("y0 "));
        seq.emit(0, Some([0, 0, 0]), text("x0 "));
        seq.emit(0, Some([0, 0, 1]), text("z1 "));
        assert_eq!(*out.lock().unwrap(), "");
        seq.end_interval(0);
        assert_eq!(*out.lock().unwrap(), "x0 x1 z1 y0 ");
        // The group's own record comes after what its work-items wrote before it.
        seq.emit(0, Some([0, 0, 0]), text("after0 "));
        seq.emit(0, None, text("group "));
        seq.emit(0, Some([0, 0, 0]), text("last0 "));
        seq.complete(0);
        assert_eq!(*out.lock().unwrap(), "x0 x1 z1 y0 after0 group last0 ");
    }

    #[test]
    fn a_group_that_starts_over_leaves_only_its_second_run() {
        let out = M::new(String::new());
        let deliver = appender(&out);
        let seq = Sequencer::new(&deliver).by_work_item();
        seq.speculate(0);
        seq.emit(0, Some([0, 0, 1]), text("x1 "));
        seq.end_interval(0);
        seq.emit(0, None, text("race "));
        // Held although group 0 is the head.
        assert_eq!(*out.lock().unwrap(), "");
        seq.emit(0, Some([0, 0, 0]), text("pending "));
        seq.discard(0);
        seq.emit(0, Some([0, 0, 0]), text("a0 "));
        seq.end_interval(0);
        assert_eq!(*out.lock().unwrap(), "a0 ");
        seq.speculate(1);
        seq.emit(1, None, text("b "));
        seq.complete(0);
        assert_eq!(*out.lock().unwrap(), "a0 ");
        seq.complete(1);
        assert_eq!(*out.lock().unwrap(), "a0 b ");
    }
}
