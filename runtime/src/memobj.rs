//! Memory objects: buffers, sub-buffers and images, all backed by buffers of the context's
//! simulated global memory.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};

use oclgrind_core::memory::flags as sim_flags;
use oclgrind_core::plugins::Interest;

use crate::cl::*;
use crate::context::{Callback, Context};
use crate::error::{contained, ensure, fail, known_flags, ClResult};
use crate::handle::{ClObject, Kind, Obj};
use crate::image::ImageData;
use crate::platform::settings;

pub type MemDestroyedFn = unsafe extern "C" fn(cl_mem, *mut c_void);

/// An active `clEnqueueMap*`.
#[derive(Clone, Copy, Debug)]
pub struct Mapping {
    /// Tells mappings of the same region apart.
    pub id: u64,
    pub ptr: usize,
    pub offset: usize,
    pub size: usize,
    pub flags: cl_map_flags,
}

pub struct MemObject {
    pub context: Obj<Context>,
    pub mem_type: cl_mem_object_type,
    /// Flags as the object reports them (access flags inherited by sub-buffers filled in).
    pub flags: cl_mem_flags,
    pub size: usize,
    /// The application's pointer of a `USE_HOST_PTR` object (NULL otherwise).
    pub host_ptr: usize,
    /// Simulated address of the first byte (of the pixels, for images).
    pub address: u64,
    /// A sub-buffer's parent and offset in it.
    pub parent: Option<(Obj<MemObject>, usize)>,
    pub image: Option<ImageData>,
    pub properties: Vec<cl_mem_properties>,
    maps: Mutex<Vec<Mapping>>,
    /// Ids of the mappings whose map command has run and whose unmap has not: while there
    /// are any, kernels are checked against the mapped regions.
    applied_maps: Mutex<Vec<u64>>,
    destructors: Mutex<Vec<Callback<MemDestroyedFn>>>,
}

impl ClObject for MemObject {
    const KIND: Kind = Kind::Mem;
    const INVALID: cl_int = CL_INVALID_MEM_OBJECT;

    fn destroyed(&self, handle: *mut c_void) {
        self.context.sim.free(self.address);
        if let Some(image) = &self.image {
            self.context.sim.free(image.descriptor);
        }
        let callbacks = std::mem::take(&mut *lock(&self.destructors));
        for cb in callbacks.into_iter().rev() {
            // SAFETY: the application registered this function for this purpose.
            contained("a memory object destructor callback", || unsafe {
                (cb.func)(handle, cb.data())
            });
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

const ACCESS_FLAGS: cl_mem_flags = CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY;
const HOST_PTR_FLAGS: cl_mem_flags =
    CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR;
const HOST_ACCESS_FLAGS: cl_mem_flags =
    CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS;

/// Checks the flags of a new buffer or image; returns them with the default access filled in.
pub fn check_flags(flags: cl_mem_flags, host_ptr: *mut c_void) -> ClResult<cl_mem_flags> {
    let known = ACCESS_FLAGS | HOST_PTR_FLAGS | HOST_ACCESS_FLAGS;
    known_flags(flags, known, "flags")?;
    ensure!(
        (flags & ACCESS_FLAGS).count_ones() <= 1,
        CL_INVALID_VALUE,
        "For argument 'flags': more than one of CL_MEM_READ_WRITE, CL_MEM_WRITE_ONLY and CL_MEM_READ_ONLY"
    );
    ensure!(
        (flags & HOST_ACCESS_FLAGS).count_ones() <= 1,
        CL_INVALID_VALUE,
        "For argument 'flags': more than one of CL_MEM_HOST_WRITE_ONLY, CL_MEM_HOST_READ_ONLY and CL_MEM_HOST_NO_ACCESS"
    );
    ensure!(
        flags & CL_MEM_USE_HOST_PTR == 0
            || flags & (CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR) == 0,
        CL_INVALID_VALUE,
        "For argument 'flags': CL_MEM_USE_HOST_PTR cannot be combined with CL_MEM_ALLOC_HOST_PTR or CL_MEM_COPY_HOST_PTR"
    );
    let wants_ptr = flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR) != 0;
    if wants_ptr && host_ptr.is_null() {
        fail!(
            CL_INVALID_HOST_PTR,
            "host_ptr is NULL but CL_MEM_USE_HOST_PTR or CL_MEM_COPY_HOST_PTR is set"
        );
    }
    if !wants_ptr && !host_ptr.is_null() {
        fail!(
            CL_INVALID_HOST_PTR,
            "host_ptr is not NULL but neither CL_MEM_USE_HOST_PTR nor CL_MEM_COPY_HOST_PTR is set"
        );
    }
    Ok(if flags & ACCESS_FLAGS == 0 {
        flags | CL_MEM_READ_WRITE
    } else {
        flags
    })
}

/// The simulator's view of the access flags (MemCheck reports kernels that break them).
pub fn sim_access(flags: cl_mem_flags) -> u32 {
    if flags & CL_MEM_READ_ONLY != 0 {
        sim_flags::READ_ONLY
    } else if flags & CL_MEM_WRITE_ONLY != 0 {
        sim_flags::WRITE_ONLY
    } else {
        0
    }
}

/// Where a new object's bytes live.
pub enum Storage {
    /// Fresh memory, zero-filled or copied from `host_ptr`.
    Fresh,
    /// The application's memory (`CL_MEM_USE_HOST_PTR`).
    HostPtr,
    /// Part of another object's storage (sub-buffers, images made from buffers).
    Within(u64),
}

impl MemObject {
    /// Allocates the simulated storage of a new object of `size` bytes.
    pub fn allocate(
        context: &Obj<Context>,
        size: usize,
        flags: cl_mem_flags,
        host_ptr: *mut c_void,
        storage: Storage,
    ) -> ClResult<u64> {
        let sim = &context.sim;
        let access = sim_access(flags);
        if matches!(storage, Storage::Fresh) {
            // What the context's objects already hold counts against the device's memory.
            let (used, total) = (sim.global.owned_bytes(), settings().global_mem_size);
            ensure!(
                used.saturating_add(size as u64) <= total,
                CL_MEM_OBJECT_ALLOCATION_FAILURE,
                "{size} bytes do not fit in the device's global memory: {used} of its {total} \
                 bytes are in use (--global-mem-size sets its size)"
            );
        }
        let address = match storage {
            Storage::Fresh => sim.allocate(size as u64, access),
            // SAFETY: the application keeps `host_ptr` valid for the object's lifetime (that is
            // the contract of CL_MEM_USE_HOST_PTR).
            Storage::HostPtr => unsafe {
                sim.allocate_aliased(host_ptr as *mut u8, size as u64, access)
            },
            Storage::Within(addr) => {
                let ptr = sim.global.host_ptr(addr, size as u64).ok_or_else(|| {
                    crate::error::ClError::new(CL_INVALID_VALUE, "Region is outside its buffer")
                })?;
                // SAFETY: the new object keeps the one that owns the storage alive.
                unsafe { sim.allocate_aliased(ptr, size as u64, access) }
            }
        };
        let Some(address) = address else {
            fail!(
                CL_MEM_OBJECT_ALLOCATION_FAILURE,
                "Cannot allocate {size} bytes of simulated memory"
            );
        };
        Ok(address)
    }

    /// Creates a buffer (`clCreateBuffer`).
    pub fn buffer(
        context: Obj<Context>,
        flags: cl_mem_flags,
        size: usize,
        host_ptr: *mut c_void,
        properties: Vec<cl_mem_properties>,
    ) -> ClResult<MemObject> {
        let flags = check_flags(flags, host_ptr)?;
        let limit = settings().max_mem_alloc_size();
        ensure!(
            size > 0 && size as u64 <= limit,
            CL_INVALID_BUFFER_SIZE,
            "size is {size}, but must be between 1 and CL_DEVICE_MAX_MEM_ALLOC_SIZE ({limit})"
        );
        if flags & CL_MEM_USE_HOST_PTR != 0 {
            let svm = context.sim.global.svm_buffer(host_ptr as u64, 1);
            ensure!(
                svm.is_none_or(|(start, len)| host_ptr as u64 + size as u64 <= start + len),
                CL_INVALID_BUFFER_SIZE,
                "size is {size}, but host_ptr is in shared virtual memory that ends before that"
            );
        }
        let storage = if flags & CL_MEM_USE_HOST_PTR != 0 {
            Storage::HostPtr
        } else {
            Storage::Fresh
        };
        let address = MemObject::allocate(&context, size, flags, host_ptr, storage)?;
        if flags & CL_MEM_COPY_HOST_PTR != 0 {
            // SAFETY: the application gives `size` readable bytes at `host_ptr`.
            let data = unsafe { std::slice::from_raw_parts(host_ptr as *const u8, size) };
            context.sim.host_write(address, data);
        }
        let kept_ptr = if flags & CL_MEM_USE_HOST_PTR != 0 {
            host_ptr as usize
        } else {
            0
        };
        Ok(MemObject::new(
            context,
            CL_MEM_OBJECT_BUFFER,
            flags,
            size,
            kept_ptr,
            address,
            properties,
        ))
    }

    pub fn new(
        context: Obj<Context>,
        mem_type: cl_mem_object_type,
        flags: cl_mem_flags,
        size: usize,
        host_ptr: usize,
        address: u64,
        properties: Vec<cl_mem_properties>,
    ) -> MemObject {
        MemObject {
            context,
            mem_type,
            flags,
            size,
            host_ptr,
            address,
            parent: None,
            image: None,
            properties,
            maps: Mutex::new(Vec::new()),
            applied_maps: Mutex::new(Vec::new()),
            destructors: Mutex::new(Vec::new()),
        }
    }

    /// Creates a sub-buffer of `parent` (`clCreateSubBuffer`).
    pub fn sub_buffer(
        parent: &Obj<MemObject>,
        flags: cl_mem_flags,
        origin: usize,
        size: usize,
    ) -> ClResult<MemObject> {
        ensure!(
            parent.mem_type == CL_MEM_OBJECT_BUFFER && parent.parent.is_none(),
            CL_INVALID_MEM_OBJECT,
            "For argument 'buffer': a sub-buffer can only be made from a buffer that is not itself a sub-buffer"
        );
        ensure!(
            flags & HOST_PTR_FLAGS == 0,
            CL_INVALID_VALUE,
            "For argument 'flags': host pointer flags are inherited from the parent"
        );
        let p = parent.flags;
        let conflicting_access = (p & CL_MEM_WRITE_ONLY != 0
            && flags & (CL_MEM_READ_WRITE | CL_MEM_READ_ONLY) != 0)
            || (p & CL_MEM_READ_ONLY != 0 && flags & (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY) != 0);
        ensure!(
            !conflicting_access,
            CL_INVALID_VALUE,
            "For argument 'flags': access flags conflict with the parent buffer's"
        );
        let conflicting_host = (p & CL_MEM_HOST_WRITE_ONLY != 0
            && flags & CL_MEM_HOST_READ_ONLY != 0)
            || (p & CL_MEM_HOST_READ_ONLY != 0 && flags & CL_MEM_HOST_WRITE_ONLY != 0)
            || (p & CL_MEM_HOST_NO_ACCESS != 0
                && flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_WRITE_ONLY) != 0);
        ensure!(
            !conflicting_host,
            CL_INVALID_VALUE,
            "For argument 'flags': host access flags conflict with the parent buffer's"
        );
        let mut flags = check_flags(flags & !HOST_PTR_FLAGS, std::ptr::null_mut())?;
        if flags & ACCESS_FLAGS == CL_MEM_READ_WRITE && p & ACCESS_FLAGS != CL_MEM_READ_WRITE {
            flags = (flags & !ACCESS_FLAGS) | (p & ACCESS_FLAGS);
        }
        if flags & HOST_ACCESS_FLAGS == 0 {
            flags |= p & HOST_ACCESS_FLAGS;
        }
        flags |= p & HOST_PTR_FLAGS;
        ensure!(size > 0, CL_INVALID_BUFFER_SIZE, "Sub-buffer size is 0");
        ensure!(
            origin
                .checked_add(size)
                .is_some_and(|end| end <= parent.size),
            CL_INVALID_VALUE,
            "Region (origin {origin}, size {size}) exceeds the parent buffer's {} bytes",
            parent.size
        );
        let align = 1024 / 8;
        ensure!(
            origin.is_multiple_of(align),
            CL_MISALIGNED_SUB_BUFFER_OFFSET,
            "origin {origin} is not a multiple of CL_DEVICE_MEM_BASE_ADDR_ALIGN ({align} bytes)"
        );
        // The sub-buffer gets its own simulated buffer over the parent's bytes, so accesses
        // past its end are reported even when they stay inside the parent.
        let address = MemObject::allocate(
            &parent.context,
            size,
            flags,
            std::ptr::null_mut(),
            Storage::Within(parent.address + origin as u64),
        )?;
        let host_ptr = if parent.host_ptr != 0 {
            parent.host_ptr + origin
        } else {
            0
        };
        let mut m = MemObject::new(
            parent.context.clone(),
            CL_MEM_OBJECT_BUFFER,
            flags,
            size,
            host_ptr,
            address,
            Vec::new(),
        );
        m.parent = Some((parent.clone(), origin));
        Ok(m)
    }

    pub fn is_image(&self) -> bool {
        self.image.is_some()
    }

    /// `CL_INVALID_OPERATION` unless the host may read (`read`) or write the object.
    pub fn check_host_access(&self, read: bool) -> ClResult<()> {
        let forbidden = if read {
            CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS
        } else {
            CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS
        };
        ensure!(
            self.flags & forbidden == 0,
            CL_INVALID_OPERATION,
            "Buffer was created with {}",
            if self.flags & CL_MEM_HOST_NO_ACCESS != 0 {
                "CL_MEM_HOST_NO_ACCESS"
            } else if read {
                "CL_MEM_HOST_WRITE_ONLY"
            } else {
                "CL_MEM_HOST_READ_ONLY"
            }
        );
        Ok(())
    }

    /// Host pointer to the byte at `offset`, for maps and native kernels.
    pub fn host_address(&self, offset: usize, len: usize) -> ClResult<*mut u8> {
        self.context
            .sim
            .global
            .host_ptr(self.address + offset as u64, len as u64)
            .ok_or_else(|| {
                crate::error::ClError::new(CL_INVALID_VALUE, "Region is outside the memory object")
            })
    }

    /// The address kernels get for the object: its host address when its bytes are shared
    /// virtual memory (a buffer made over an SVM pointer, or a sub-buffer of one), so that the
    /// pointers kernels store there mean the same to the host; else its simulated address.
    pub fn kernel_address(&self) -> u64 {
        let global = &self.context.sim.global;
        match self.host_address(0, self.size) {
            Ok(p) if global.svm_buffer(p as u64, self.size as u64).is_some() => p as u64,
            _ => self.address,
        }
    }

    /// Records a new mapping of `size` bytes at `offset` (host pointer `ptr`).
    pub fn add_mapping(
        &self,
        ptr: usize,
        offset: usize,
        size: usize,
        flags: cl_map_flags,
    ) -> Mapping {
        static NEXT_ID: AtomicU64 = AtomicU64::new(0);
        let m = Mapping {
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            ptr,
            offset,
            size,
            flags,
        };
        lock(&self.maps).push(m);
        m
    }

    /// Forgets a mapping whose map command could not be enqueued or failed.
    pub fn drop_mapping(&self, id: u64) {
        lock(&self.maps).retain(|m| m.id != id);
    }

    /// Ends the oldest mapping at `ptr` (as Oclgrind matches unmaps to maps).
    pub fn remove_mapping(&self, ptr: usize) -> ClResult<Mapping> {
        let mut maps = lock(&self.maps);
        let Some(i) = maps.iter().position(|m| m.ptr == ptr) else {
            fail!(
                CL_INVALID_VALUE,
                "For argument 'mapped_ptr': {ptr:#x} is not a mapped pointer of this object"
            );
        };
        Ok(maps.remove(i))
    }

    /// A map command has run: MemCheck hears of the region and watches kernel accesses.
    pub fn map_done(&self, m: &Mapping) {
        let sim = &self.context.sim;
        for p in sim.plugins().each(Interest::MAP) {
            p.memory_map(self.address, m.offset as u64, m.size as u64, m.flags);
        }
        let mut applied = lock(&self.applied_maps);
        applied.push(m.id);
        sim.global.set_flag(self.address, sim_flags::MAPPED, true);
        if m.flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION) != 0 {
            // The host may write the region through the pointer: for the Uninitialized
            // checker, its bytes are the host's from now on.
            sim.global
                .host_wrote(self.address + m.offset as u64, m.size as u64);
        }
    }

    /// An unmap command has run (for a map that may have failed and never run).
    pub fn unmap_done(&self, m: &Mapping) {
        let sim = &self.context.sim;
        let mut applied = lock(&self.applied_maps);
        let Some(i) = applied.iter().position(|&id| id == m.id) else {
            return;
        };
        applied.remove(i);
        for p in sim.plugins().each(Interest::MAP) {
            p.memory_unmap(self.address, m.offset as u64, m.size as u64);
        }
        if applied.is_empty() {
            sim.global.set_flag(self.address, sim_flags::MAPPED, false);
        }
    }

    pub fn map_count(&self) -> u32 {
        lock(&self.maps).len() as u32
    }

    pub fn add_destructor(&self, cb: Callback<MemDestroyedFn>) {
        lock(&self.destructors).push(cb);
    }
}
