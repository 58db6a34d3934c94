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
//!
//! What is held back is bounded (`HOLD_LIMIT`): a later group that has that much waiting
//! waits for its turn before it prints more, and a barrier interval that holds that much lets
//! it go, ordered by work-item as far as it got. Whatever is still held when the sequencer
//! goes (a launch that ends early) or when the process is interrupted (`crate::interrupt`)
//! leaves in order then.

use std::collections::BTreeMap;
use std::sync::{Condvar, Mutex};

use crate::diagnostics::Diagnostic;

/// One piece of output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Record {
    Log(Box<Diagnostic>),
    Stdout(Vec<u8>),
}

/// The most bytes of output a group holds back in one place: its records waiting for the
/// groups before it, or its work-items' records of one barrier interval. (A printf loop of
/// millions of lines would otherwise be held whole, and its first line wait for its last.)
const HOLD_LIMIT: usize = 1 << 20;

#[derive(Default)]
struct Pending {
    records: Vec<Record>,
    bytes: usize,
    done: bool,
}

/// What holding `record` costs: its text and its own size (printf lines are short).
fn size_of(record: &Record) -> usize {
    std::mem::size_of::<(ItemKey, Record)>()
        + match record {
            // Its text is about as long as its headline and location.
            Record::Log(d) => std::mem::size_of::<Diagnostic>() + d.headline.len(),
            Record::Stdout(bytes) => bytes.len(),
        }
}

/// A work-item within its group, ordered as the scalar executor runs them: its local ids,
/// the last dimension first.
pub type ItemKey = [u64; 3];

#[derive(Default)]
struct State {
    head: u64,
    pending: BTreeMap<u64, Pending>,
    /// By group: the records of the current barrier interval, with their work-items, and
    /// their bytes.
    interval: BTreeMap<u64, (Vec<(ItemKey, Record)>, usize)>,
    /// Groups that may yet start over (`speculate`): all their records so far.
    speculative: BTreeMap<u64, Vec<Record>>,
    /// Everything held went out at once (`drain`): from here on records are not held.
    drained: bool,
}

/// Orders the output of numbered work-groups.
pub struct Sequencer<'a> {
    state: Mutex<State>,
    /// Signalled when the head moves on (a group waiting to print more may be next).
    head_moved: Condvar,
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
            head_moved: Condvar::new(),
            deliver,
            immediate: false,
            by_work_item: false,
        }
    }

    /// A sequencer that also orders each group's records by work-item within each barrier
    /// interval (`end_interval`).
    pub fn by_work_item(mut self) -> Self {
        self.by_work_item = true;
        self
    }

    /// A sequencer that does not order: output is delivered when it is emitted.
    pub fn immediate(deliver: &'a (dyn Fn(Record) + Sync)) -> Self {
        let mut sequencer = Sequencer::new(deliver);
        sequencer.immediate = true;
        sequencer
    }

    /// Output from work-group number `seq`, from one of its work-items (`from`) or from the
    /// group as a whole.
    pub fn emit(&self, seq: u64, from: Option<ItemKey>, record: Record) {
        if self.immediate {
            (self.deliver)(record);
            return;
        }
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if s.drained {
            (self.deliver)(record);
            return;
        }
        // Only printf waits (below): the interpreter emits it holding no other lock.
        let may_wait = matches!(record, Record::Stdout(_));
        if self.by_work_item {
            match from {
                Some(key) => {
                    let (records, bytes) = s.interval.entry(seq).or_default();
                    *bytes += size_of(&record);
                    records.push((key, record));
                    if *bytes > HOLD_LIMIT {
                        self.release_interval(&mut s, seq);
                        if may_wait {
                            drop(self.wait_for_turn(s, seq));
                        }
                    }
                    return;
                }
                // The group's own records come at barriers and at its end, after what its
                // work-items wrote before.
                None => self.release_interval(&mut s, seq),
            }
        }
        if may_wait {
            s = self.wait_for_turn(s, seq);
        }
        self.pass(&mut s, seq, record);
    }

    /// A later group with its fill waiting prints on when its turn comes. The group before
    /// it is running (groups are numbered as they start), and nothing it waits for is held
    /// here.
    fn wait_for_turn<'s>(
        &self,
        mut s: std::sync::MutexGuard<'s, State>,
        seq: u64,
    ) -> std::sync::MutexGuard<'s, State> {
        while !s.drained
            && seq > s.head
            && !s.speculative.contains_key(&seq)
            && s.pending.get(&seq).is_some_and(|p| p.bytes > HOLD_LIMIT)
        {
            s = self.head_moved.wait(s).unwrap_or_else(|e| e.into_inner());
        }
        s
    }

    /// Work-group `seq` released a barrier: its work-items' records so far go, in order.
    pub fn end_interval(&self, seq: u64) {
        if self.by_work_item {
            let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
            self.release_interval(&mut s, seq);
        }
    }

    fn release_interval(&self, s: &mut State, seq: u64) {
        if let Some((mut records, _)) = s.interval.remove(&seq) {
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
        } else if seq == s.head || s.drained {
            (self.deliver)(record);
        } else {
            let p = s.pending.entry(seq).or_default();
            p.bytes += size_of(&record);
            p.records.push(record);
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
            p.bytes = 0;
            for r in p.records.drain(..) {
                (self.deliver)(r);
            }
            if !p.done {
                break;
            }
            s.pending.remove(&head);
            s.head += 1;
        }
        self.head_moved.notify_all();
    }

    /// Lets everything held go now, in order: group by group, what each was waiting to
    /// print, then its current barrier interval in work-item order. Records emitted after
    /// this are not held.
    pub fn drain(&self) {
        self.drain_locked(self.state.lock().unwrap_or_else(|e| e.into_inner()));
    }

    /// `drain`, unless another thread holds the sequencer right now (the process is
    /// exiting: nothing may wait).
    pub fn try_drain(&self) {
        if let Ok(s) = self.state.try_lock() {
            self.drain_locked(s);
        }
    }

    fn drain_locked(&self, mut s: std::sync::MutexGuard<'_, State>) {
        if std::mem::replace(&mut s.drained, true) {
            return;
        }
        let mut groups: Vec<u64> = s.pending.keys().copied().collect();
        groups.extend(s.speculative.keys());
        groups.extend(s.interval.keys());
        groups.sort_unstable();
        groups.dedup();
        for seq in groups {
            let held = s.pending.remove(&seq).map(|p| p.records);
            let speculative = s.speculative.remove(&seq);
            for record in held.into_iter().chain(speculative).flatten() {
                (self.deliver)(record);
            }
            if let Some((mut records, _)) = s.interval.remove(&seq) {
                records.sort_by_key(|(key, _)| *key);
                for (_, record) in records {
                    (self.deliver)(record);
                }
            }
        }
        self.head_moved.notify_all();
    }
}

/// A launch that ends early (a panic in a worker) still prints what it held.
impl Drop for Sequencer<'_> {
    fn drop(&mut self) {
        if !self.immediate {
            self.drain();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering::SeqCst};
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
    #[test]
    fn a_drain_lets_everything_out_in_order() {
        let out = M::new(String::new());
        let deliver = appender(&out);
        let seq = Sequencer::new(&deliver).by_work_item();
        seq.emit(2, None, text("c "));
        seq.emit(1, Some([0, 0, 1]), text("b1 "));
        seq.emit(1, Some([0, 0, 0]), text("b0 "));
        seq.emit(0, Some([0, 0, 0]), text("a0 "));
        assert_eq!(*out.lock().unwrap(), "");
        seq.drain();
        assert_eq!(*out.lock().unwrap(), "a0 b0 b1 c ");
        // Nothing is held after a drain.
        seq.emit(5, Some([0, 0, 3]), text("late "));
        assert_eq!(*out.lock().unwrap(), "a0 b0 b1 c late ");
    }

    #[test]
    fn a_sequencer_dropped_early_lets_out_what_it_held() {
        let out = M::new(String::new());
        let deliver = appender(&out);
        {
            let seq = Sequencer::new(&deliver);
            seq.emit(1, None, text("b "));
            seq.emit(0, None, text("a "));
        }
        assert_eq!(*out.lock().unwrap(), "a b ");
    }

    #[test]
    fn a_long_barrier_interval_is_not_held_whole() {
        let out = M::new(String::new());
        let deliver = appender(&out);
        let seq = Sequencer::new(&deliver).by_work_item();
        let line = "x".repeat(1000) + "\n";
        let mut sent = 0;
        while out.lock().unwrap().is_empty() {
            seq.emit(0, Some([0, 0, 0]), text(&line));
            sent += line.len();
            assert!(sent <= 2 * HOLD_LIMIT, "held {sent} bytes");
        }
    }

    #[test]
    fn a_later_group_waits_for_its_turn_rather_than_hold_without_bound() {
        let out = M::new(String::new());
        let deliver = appender(&out);
        let seq = Sequencer::new(&deliver);
        let line = "b".repeat(1000);
        let held = AtomicUsize::new(0);
        std::thread::scope(|s| {
            s.spawn(|| {
                // Group 1 prints twice the limit while group 0 has not finished.
                for _ in 0..2 * HOLD_LIMIT / 1000 {
                    seq.emit(1, None, text(&line));
                    held.fetch_add(1, SeqCst);
                }
                seq.complete(1);
            });
            // It stops, and waits, once it holds the limit.
            while held.load(SeqCst) * 1000 < HOLD_LIMIT / 2 {
                std::thread::yield_now();
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
            let stalled = held.load(SeqCst);
            assert!(stalled < 2 * HOLD_LIMIT / 1000, "group 1 did not wait");
            assert_eq!(*out.lock().unwrap(), "");
            seq.emit(0, None, text("a "));
            seq.complete(0);
        });
        let text = out.lock().unwrap().clone();
        assert!(text.starts_with("a b"));
        assert_eq!(text.len(), 2 + 2 * HOLD_LIMIT / 1000 * 1000);
    }
}
