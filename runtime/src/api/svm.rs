//! Coarse-grain buffer shared virtual memory (`CL_DEVICE_SVM_COARSE_GRAIN_BUFFER`): buffers
//! whose host address is also their address in kernels, so that pointers stored in them mean
//! the same on both sides. The simulator's memory is the host's, so mapping and unmapping are
//! only points in the queue's order, and copies and fills go straight to the bytes.

use super::context::get_context;
use super::enqueue::{check_map_bits, check_migration_flags, check_pattern, submit};
use super::*;
use crate::command::{Command, HostPtr};
use crate::error::{api_call, api_create, fail, known_flags, nonempty};
use crate::memobj::sim_access;
use crate::platform::settings;
use crate::queue::get_queue;

/// The alignment of an allocation that asks for none: the largest OpenCL C type's (long16).
const DEFAULT_ALIGNMENT: usize = 128;
/// The largest alignment an allocation may ask for.
const MAX_ALIGNMENT: usize = 1 << 20;

pub unsafe extern "C" fn clSVMAlloc(
    context: cl_context,
    flags: cl_svm_mem_flags,
    size: size_t,
    alignment: cl_uint,
) -> *mut c_void {
    // clSVMAlloc has no error code: NULL is the answer; --check-api says why.
    api_create("clSVMAlloc", std::ptr::null_mut(), || {
        let c = get_context(context)?;
        let access = CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY;
        let fine = CL_MEM_SVM_FINE_GRAIN_BUFFER | CL_MEM_SVM_ATOMICS;
        known_flags(flags, access | fine, "flags")?;
        ensure!(
            (flags & access).count_ones() <= 1,
            CL_INVALID_VALUE,
            "For argument 'flags': CL_MEM_READ_WRITE, CL_MEM_WRITE_ONLY and CL_MEM_READ_ONLY \
             exclude each other"
        );
        ensure!(
            flags & fine == 0,
            CL_INVALID_VALUE,
            "Fine-grain SVM is not supported (CL_DEVICE_SVM_CAPABILITIES is \
             CL_DEVICE_SVM_COARSE_GRAIN_BUFFER)"
        );
        let limit = settings().max_mem_alloc_size();
        ensure!(
            size > 0 && size as u64 <= limit,
            CL_INVALID_VALUE,
            "size is {size}, but must be between 1 and CL_DEVICE_MAX_MEM_ALLOC_SIZE ({limit})"
        );
        let align = match alignment as usize {
            0 => DEFAULT_ALIGNMENT,
            a => a,
        };
        ensure!(
            align.is_power_of_two() && align <= MAX_ALIGNMENT,
            CL_INVALID_VALUE,
            "alignment is {alignment}: it must be 0 or a power of two up to {MAX_ALIGNMENT}"
        );
        match c.sim.allocate_svm(size as u64, sim_access(flags), align) {
            Some(address) => {
                crate::leaks::allocated_svm(address, size as u64);
                Ok(address as usize as *mut c_void)
            }
            None => fail!(
                CL_OUT_OF_RESOURCES,
                "No memory left for {size} bytes of shared virtual memory"
            ),
        }
    })
}

pub unsafe extern "C" fn clSVMFree(context: cl_context, svm_pointer: *mut c_void) {
    api_call("clSVMFree", || {
        let c = get_context(context)?;
        free(&c, svm_pointer as u64)
    });
}

/// Frees the SVM buffer at `address` of context `c` (NULL: nothing to do).
fn free(c: &Obj<Context>, address: u64) -> ClResult<()> {
    ensure!(
        address == 0 || c.sim.free_svm(address),
        CL_INVALID_VALUE,
        "{address:#x} is not the start of shared virtual memory of this context"
    );
    crate::leaks::freed_svm(address);
    Ok(())
}

/// Whether the `len` bytes at `ptr` are in one SVM buffer (false: the application's own
/// memory); NULL, and bytes that start in a buffer and run past its end, are refused.
fn svm_range(c: &Context, ptr: *const c_void, len: usize, what: &str) -> ClResult<bool> {
    ensure!(!ptr.is_null(), CL_INVALID_VALUE, "{what} is NULL");
    let global = &c.sim.global;
    let whole = global.svm_buffer(ptr as u64, len as u64).is_some();
    ensure!(
        whole || global.svm_buffer(ptr as u64, 1).is_none(),
        CL_INVALID_VALUE,
        "The {len} bytes at {what} run past the end of its SVM buffer"
    );
    Ok(whole)
}

pub unsafe extern "C" fn clEnqueueSVMFree(
    command_queue: cl_command_queue,
    num_svm_pointers: cl_uint,
    svm_pointers: *mut *mut c_void,
    pfn_free_func: SvmFreeFn,
    user_data: *mut c_void,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    api_call("clEnqueueSVMFree", || {
        let q = get_queue(command_queue)?;
        nonempty(
            num_svm_pointers,
            svm_pointers,
            "num_svm_pointers",
            "svm_pointers",
        )?;
        let pointers = slice(svm_pointers, num_svm_pointers as usize);
        let wait = wait_list(num_events_in_wait_list, event_wait_list, &q.context)?;
        let command = Command::SvmFree {
            context: q.context.clone(),
            queue: HostPtr::new(handle::raw(&q)),
            pointers: pointers.iter().map(|&p| HostPtr::new(p)).collect(),
            callback: pfn_free_func,
            user_data: HostPtr::new(user_data),
        };
        submit(&q, CL_COMMAND_SVM_FREE, wait, command, false, event)
    })
}

pub unsafe extern "C" fn clEnqueueSVMMemcpy(
    command_queue: cl_command_queue,
    blocking_copy: cl_bool,
    dst_ptr: *mut c_void,
    src_ptr: *const c_void,
    size: size_t,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    api_call("clEnqueueSVMMemcpy", || {
        let q = get_queue(command_queue)?;
        // Either side may be the application's own memory.
        svm_range(&q.context, dst_ptr, size, "dst_ptr")?;
        svm_range(&q.context, src_ptr, size, "src_ptr")?;
        let (dst, src) = (dst_ptr as usize, src_ptr as usize);
        ensure!(
            dst + size <= src || src + size <= dst,
            CL_MEM_COPY_OVERLAP,
            "The {size} bytes at dst_ptr and at src_ptr overlap"
        );
        let wait = wait_list(num_events_in_wait_list, event_wait_list, &q.context)?;
        let command = Command::SvmCopy {
            context: q.context.clone(),
            dst: HostPtr(dst),
            src: HostPtr(src),
            len: size,
        };
        let blocking = blocking_copy != CL_FALSE;
        submit(&q, CL_COMMAND_SVM_MEMCPY, wait, command, blocking, event)
    })
}

pub unsafe extern "C" fn clEnqueueSVMMemFill(
    command_queue: cl_command_queue,
    svm_ptr: *mut c_void,
    pattern: *const c_void,
    pattern_size: size_t,
    size: size_t,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    api_call("clEnqueueSVMMemFill", || {
        let q = get_queue(command_queue)?;
        svm_range(&q.context, svm_ptr, size, "svm_ptr")?;
        check_pattern(pattern, pattern_size)?;
        ensure!(
            (svm_ptr as usize).is_multiple_of(pattern_size) && size.is_multiple_of(pattern_size),
            CL_INVALID_VALUE,
            "svm_ptr and size ({size}) must be multiples of pattern_size ({pattern_size})"
        );
        let wait = wait_list(num_events_in_wait_list, event_wait_list, &q.context)?;
        let command = Command::SvmFill {
            context: q.context.clone(),
            dst: HostPtr::new(svm_ptr),
            len: size,
            pattern: slice(pattern as *const u8, pattern_size).to_vec(),
        };
        submit(&q, CL_COMMAND_SVM_MEMFILL, wait, command, false, event)
    })
}

pub unsafe extern "C" fn clEnqueueSVMMap(
    command_queue: cl_command_queue,
    blocking_map: cl_bool,
    flags: cl_map_flags,
    svm_ptr: *mut c_void,
    size: size_t,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    api_call("clEnqueueSVMMap", || {
        let q = get_queue(command_queue)?;
        ensure!(size > 0, CL_INVALID_VALUE, "size is 0");
        check_map_bits(flags, "flags")?;
        ensure!(
            svm_range(&q.context, svm_ptr, size, "svm_ptr")?,
            CL_INVALID_VALUE,
            "The {size} bytes at svm_ptr are not in one SVM buffer of this context"
        );
        let wait = wait_list(num_events_in_wait_list, event_wait_list, &q.context)?;
        let blocking = blocking_map != CL_FALSE;
        submit(
            &q,
            CL_COMMAND_SVM_MAP,
            wait,
            Command::Nothing,
            blocking,
            event,
        )
    })
}

pub unsafe extern "C" fn clEnqueueSVMUnmap(
    command_queue: cl_command_queue,
    svm_ptr: *mut c_void,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    api_call("clEnqueueSVMUnmap", || {
        let q = get_queue(command_queue)?;
        ensure!(
            svm_range(&q.context, svm_ptr, 1, "svm_ptr")?,
            CL_INVALID_VALUE,
            "svm_ptr is not in an SVM buffer of this context"
        );
        let wait = wait_list(num_events_in_wait_list, event_wait_list, &q.context)?;
        submit(
            &q,
            CL_COMMAND_SVM_UNMAP,
            wait,
            Command::Nothing,
            false,
            event,
        )
    })
}

pub unsafe extern "C" fn clEnqueueSVMMigrateMem(
    command_queue: cl_command_queue,
    num_svm_pointers: cl_uint,
    svm_pointers: *mut *const c_void,
    _sizes: *const size_t,
    flags: cl_mem_migration_flags,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    api_call("clEnqueueSVMMigrateMem", || {
        let q = get_queue(command_queue)?;
        nonempty(
            num_svm_pointers,
            svm_pointers,
            "num_svm_pointers",
            "svm_pointers",
        )?;
        check_migration_flags(flags)?;
        // One memory for host and device: there is nothing to move.
        let wait = wait_list(num_events_in_wait_list, event_wait_list, &q.context)?;
        submit(
            &q,
            CL_COMMAND_SVM_MIGRATE_MEM,
            wait,
            Command::Nothing,
            false,
            event,
        )
    })
}

/// `clEnqueueSVMFree`'s command: the application's callback, or each buffer freed.
pub(crate) fn free_svm_all(
    context: &Obj<Context>,
    (queue, pointers): (HostPtr, &[HostPtr]),
    callback: SvmFreeFn,
    user_data: HostPtr,
) {
    match callback {
        Some(f) => {
            let mut list: Vec<*mut c_void> = pointers.iter().map(|p| p.0 as *mut c_void).collect();
            let n = list.len() as cl_uint;
            let queue = queue.0 as cl_command_queue;
            let data = user_data.0 as *mut c_void;
            // SAFETY: the application's callback, called as the specification says.
            crate::error::contained("an SVM free callback", || unsafe {
                f(queue, n, list.as_mut_ptr(), data)
            });
        }
        None => {
            for p in pointers {
                // A pointer that is no SVM buffer's start was refused nowhere: say so.
                if let Err(e) = free(context, p.0 as u64) {
                    crate::error::stderr_line(&format!("Oclgrind: clEnqueueSVMFree: {}", e.info));
                }
            }
        }
    }
}
