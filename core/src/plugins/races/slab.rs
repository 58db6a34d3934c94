//! The race table's word arrays and kept stored bytes, cut from 2 MiB blocks of mapped
//! memory in huge pages where the system gives them. Allocated one by one they were a page
//! fault every 4 KiB, on every worker at once: with the race detector on 16 threads, stencil
//! took 41k faults and 1.8 s of system time (plain: 0.07 s). Each worker cuts from a block of
//! its own; an array keeps its block alive, and nothing is reused, so arrays start zero.

use std::cell::RefCell;
use std::marker::PhantomData;
use std::ops::{Deref, DerefMut};
use std::sync::Arc;

use crate::memory::storage::Storage;

const BLOCK: usize = 2 << 20;

/// Element types whose all-zero bytes are a value.
pub trait Zero: Copy {}
impl Zero for u8 {}
impl Zero for u32 {}
impl Zero for u64 {}

/// `len` zeroed elements of a block (or none, as `Default` makes).
pub struct Zeroed<T: Zero> {
    ptr: *mut T,
    len: usize,
    _block: Option<Arc<Storage>>,
    _owns: PhantomData<T>,
}

// SAFETY: the elements are this value's alone (no two cut from a block overlap), and plain
// integers; the block is only freed when the last array cut from it goes.
unsafe impl<T: Zero + Send> Send for Zeroed<T> {}
unsafe impl<T: Zero + Sync> Sync for Zeroed<T> {}

impl<T: Zero> Default for Zeroed<T> {
    fn default() -> Zeroed<T> {
        Zeroed {
            ptr: std::ptr::NonNull::dangling().as_ptr(),
            len: 0,
            _block: None,
            _owns: PhantomData,
        }
    }
}

impl<T: Zero> Deref for Zeroed<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        // SAFETY: `len` elements at `ptr`, zeroed when cut, only written through this value.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }
}

impl<T: Zero> DerefMut for Zeroed<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        // SAFETY: as above, and `&mut self` is the only way to them.
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
}

/// The block this thread cuts from, and how much of it is cut.
struct Cutter {
    block: Option<Arc<Storage>>,
    used: usize,
}

thread_local! {
    static CUTTER: RefCell<Cutter> = const { RefCell::new(Cutter { block: None, used: 0 }) };
}

impl<T: Zero> Zeroed<T> {
    /// `len` zeroed elements; from the allocator where no block can be mapped.
    pub fn new(len: usize) -> Zeroed<T> {
        let bytes = len * size_of::<T>();
        if bytes == 0 {
            return Zeroed::default();
        }
        let cut = CUTTER.with_borrow_mut(|c| {
            if bytes > BLOCK {
                return None;
            }
            let at = c.used.next_multiple_of(align_of::<T>());
            if c.block.is_none() || at + bytes > BLOCK {
                c.block = Some(Arc::new(Storage::aligned(BLOCK as u64, 4096, true)?));
                c.used = 0;
                return cut(c, 0, bytes);
            }
            cut(c, at, bytes)
        });
        match cut {
            Some((ptr, block)) => Zeroed {
                ptr: ptr.cast(),
                len,
                _block: Some(block),
                _owns: PhantomData,
            },
            None => {
                // More than a block, or no mapping to be had: an allocation of its own. Out of
                // memory, the process ends as a vector's allocation would end it.
                let Some(storage) = Storage::new(bytes as u64) else {
                    let layout = std::alloc::Layout::array::<T>(len)
                        .unwrap_or_else(|_| std::alloc::Layout::new::<T>());
                    std::alloc::handle_alloc_error(layout)
                };
                Zeroed {
                    ptr: storage.ptr.cast(),
                    len,
                    _block: Some(Arc::new(storage)),
                    _owns: PhantomData,
                }
            }
        }
    }
}

/// Cuts `bytes` (at most a block) at `at` of the cutter's block, which holds them.
fn cut(c: &mut Cutter, at: usize, bytes: usize) -> Option<(*mut u8, Arc<Storage>)> {
    let block = c.block.as_ref()?;
    c.used = at + bytes;
    // SAFETY: within the block, past every array cut from it before.
    Some((unsafe { block.ptr.add(at) }, block.clone()))
}

#[cfg(test)]
mod tests {
    use super::{Zeroed, BLOCK};

    #[test]
    fn arrays_start_zero_and_never_share_an_element() {
        // Enough 8 KiB arrays to fill several blocks, with odd-sized ones between them.
        let mut arrays: Vec<Zeroed<u64>> = Vec::new();
        let mut bytes: Vec<Zeroed<u8>> = Vec::new();
        for i in 0..3 * BLOCK / 8192 {
            let mut a = Zeroed::<u64>::new(1024);
            assert!(a.iter().all(|&w| w == 0));
            a.fill(i as u64 + 1);
            arrays.push(a);
            let mut b = Zeroed::<u8>::new(1 + i % 13);
            assert!(b.iter().all(|&x| x == 0));
            b.fill(0xa5);
            bytes.push(b);
        }
        for (i, a) in arrays.iter().enumerate() {
            assert!(a.iter().all(|&w| w == i as u64 + 1), "array {i}");
            assert_eq!(a.as_ptr() as usize % align_of::<u64>(), 0);
        }
        assert!(bytes.iter().all(|b| b.iter().all(|&x| x == 0xa5)));
    }

    #[test]
    fn an_array_bigger_than_a_block_outlives_the_thread_that_cut_it() {
        let big = std::thread::spawn(|| {
            let mut a = Zeroed::<u32>::new(BLOCK / 4 * 3 + 5);
            a[0] = 1;
            *a.last_mut().expect("not empty") = 2;
            a
        })
        .join()
        .expect("the thread ends");
        assert_eq!(
            (big[0], big[big.len() - 1], big.len()),
            (1, 2, BLOCK / 4 * 3 + 5)
        );
        assert!(big[1..big.len() - 1].iter().all(|&w| w == 0));
        assert!(Zeroed::<u64>::new(0).is_empty());
    }
}
