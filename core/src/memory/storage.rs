//! Zeroed host memory we allocate for a launch's data: buffers, their shadows, the race
//! table's arrays.

use std::alloc::{alloc_zeroed, dealloc, Layout};

/// Zeroed host memory we allocated (a buffer, a buffer's shadow, a block of the race table).
pub(crate) struct Storage {
    pub(crate) ptr: *mut u8,
    layout: Layout,
    /// Mapped from the system rather than the allocator: its pages are made zero when first
    /// touched, and one only read stays the system's shared zero page. (The allocator zeroes a
    /// block aligned beyond 16 bytes itself, touching every page: a 256 MiB buffer's shadow,
    /// only read by the kernel, cost a quarter of an Uninitialized run.)
    mapped: bool,
}

/// Blocks of at least this size are mapped (`Storage::mapped`).
const MAP_AT: usize = 1 << 20;

// SAFETY: a block of plain bytes; its users say how they share it (GlobalBuffer: only
// through relaxed atomics).
unsafe impl Send for Storage {}
unsafe impl Sync for Storage {}

impl Storage {
    /// Stands in for memory the host had none for: a null pointer.
    pub(crate) fn none() -> Storage {
        Storage {
            ptr: std::ptr::null_mut(),
            layout: Layout::new::<u8>(),
            mapped: false,
        }
    }

    /// `size` zeroed bytes, 64-byte aligned, in small pages.
    pub(crate) fn new(size: u64) -> Option<Storage> {
        Storage::aligned(size, 64, false)
    }

    /// `new`, its first byte at a multiple of `align` (a power of two), in huge pages if
    /// `huge` and the system gives them (a buffer's bytes, the race table's blocks; not a
    /// shadow's).
    pub(crate) fn aligned(size: u64, align: usize, huge: bool) -> Option<Storage> {
        let bytes = usize::try_from(size).ok()?.max(1);
        let layout = Layout::from_size_align(bytes, align).ok()?;
        if bytes >= MAP_AT && align <= 4096 {
            // SAFETY: a fresh private anonymous mapping, page-aligned, zero-filled.
            let ptr = unsafe {
                libc::mmap(
                    std::ptr::null_mut(),
                    bytes,
                    libc::PROT_READ | libc::PROT_WRITE,
                    libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                    -1,
                    0,
                )
            };
            if ptr == libc::MAP_FAILED {
                return None;
            }
            // Buffers in huge pages fault 512 times less (vecadd, three 256 MiB buffers: 0.8×
            // the CPU); shadows, often only partly touched, stay in small pages (in huge ones
            // they made Uninitialized runs slower).
            if huge {
                // SAFETY: the mapping just made. Failing leaves it in small pages.
                unsafe { libc::madvise(ptr, bytes, libc::MADV_HUGEPAGE) };
            }
            return Some(Storage {
                ptr: ptr.cast(),
                layout,
                mapped: true,
            });
        }
        // SAFETY: layout has non-zero size.
        let ptr = unsafe { alloc_zeroed(layout) };
        (!ptr.is_null()).then_some(Storage {
            ptr,
            layout,
            mapped: false,
        })
    }
}

impl Drop for Storage {
    fn drop(&mut self) {
        // A shadow the host had no memory for stands in as a null pointer.
        if self.ptr.is_null() {
            return;
        }
        if self.mapped {
            // SAFETY: mapped in `aligned` with this size.
            unsafe { libc::munmap(self.ptr.cast(), self.layout.size()) };
        } else {
            // SAFETY: allocated in `aligned` with this layout.
            unsafe { dealloc(self.ptr, self.layout) };
        }
    }
}
