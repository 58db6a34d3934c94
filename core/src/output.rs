//! Deterministic output: messages and kernel printf text leave in work-group order, whatever the
//! number of worker threads.
//!
//! The work-group at the head of the sequence writes straight through; the others buffer until
//! every earlier group has completed. With one worker thread nothing is ever buffered.

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

#[derive(Default)]
struct State {
    head: u64,
    pending: BTreeMap<u64, Pending>,
}

/// Orders the output of numbered work-groups.
pub struct Sequencer<'a> {
    state: Mutex<State>,
    deliver: &'a (dyn Fn(Record) + Sync),
    /// Everything goes straight out (debugging: the user sees output as it happens).
    immediate: bool,
}

impl<'a> Sequencer<'a> {
    pub fn new(deliver: &'a (dyn Fn(Record) + Sync)) -> Self {
        Sequencer {
            state: Mutex::new(State::default()),
            deliver,
            immediate: false,
        }
    }

    /// A sequencer that does not order: output is delivered when it is emitted.
    pub fn immediate(deliver: &'a (dyn Fn(Record) + Sync)) -> Self {
        Sequencer {
            immediate: true,
            ..Sequencer::new(deliver)
        }
    }

    /// Output from work-group number `seq`.
    pub fn emit(&self, seq: u64, record: Record) {
        if self.immediate {
            (self.deliver)(record);
            return;
        }
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if seq == s.head {
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

    #[test]
    fn output_leaves_in_group_order() {
        let out = M::new(String::new());
        let deliver = |r| {
            if let Record::Stdout(b) = r {
                out.lock()
                    .unwrap()
                    .push_str(std::str::from_utf8(&b).unwrap());
            }
        };
        let seq = Sequencer::new(&deliver);
        seq.emit(1, text("b1 "));
        seq.emit(2, text("c1 "));
        seq.emit(0, text("a1 "));
        seq.complete(2);
        assert_eq!(*out.lock().unwrap(), "a1 ");
        seq.complete(0);
        // Group 1 is now the head: its buffered output goes, and it streams from here on.
        assert_eq!(*out.lock().unwrap(), "a1 b1 ");
        seq.emit(1, text("b2 "));
        assert_eq!(*out.lock().unwrap(), "a1 b1 b2 ");
        seq.complete(1);
        assert_eq!(*out.lock().unwrap(), "a1 b1 b2 c1 ");
        seq.emit(3, text("d1 "));
        assert_eq!(*out.lock().unwrap(), "a1 b1 b2 c1 d1 ");
    }
}
