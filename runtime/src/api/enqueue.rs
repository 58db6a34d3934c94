//! Enqueue entry points for buffers, kernels, maps and synchronisation.

use super::memory::get_mem;
use super::*;
use crate::command::{Command, Direction, HostPtr, KernelRun, Layout, NativeFn};
use crate::error::{api_call, api_create, fail, known_flags, nonempty, report_problem, ClError};
use crate::kernel::get_kernel;
use crate::memobj::MemObject;
use crate::platform::settings;
use crate::queue::{get_queue, Queue, Submit};

use oclgrind_core::memory::AddrSpace;
use oclgrind_core::program::ParamKind;
use oclgrind_core::{ArgValue, LaunchError, NDRange};

/// Adds a command and hands out its event; a blocking call waits for it.
pub(super) unsafe fn submit(
    queue: &Obj<Queue>,
    command_type: cl_command_type,
    wait: Vec<Obj<Event>>,
    command: Command,
    blocking: bool,
    event: *mut cl_event,
) -> ClResult<()> {
    submit_as(queue, command_type, wait, command, false, blocking, event)
}

pub(super) unsafe fn submit_as(
    queue: &Obj<Queue>,
    command_type: cl_command_type,
    wait: Vec<Obj<Event>>,
    command: Command,
    barrier: bool,
    blocking: bool,
    event: *mut cl_event,
) -> ClResult<()> {
    // Refused before anything is queued: the command must not run later, into memory the
    // caller no longer expects to be written.
    ensure!(
        !(blocking && queue.is_running_here()),
        CL_INVALID_OPERATION,
        "{FROM_OWN_CALLBACK}"
    );
    let how = Submit { barrier, blocking };
    let ev = Queue::enqueue(queue, command_type, wait, command, how);
    // Not refused: the check above ruled that out.
    let status = if blocking {
        ev.wait().unwrap_or(CL_INVALID_OPERATION)
    } else {
        CL_QUEUED
    };
    give_event(event, &ev);
    ensure!(
        status >= 0,
        CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST,
        "The command did not complete (status {status})"
    );
    Ok(())
}

/// A memory-object argument of a command: from the queue's context.
pub(super) fn command_mem(
    queue: &Obj<Queue>,
    handle: cl_mem,
    argument: &str,
) -> ClResult<Obj<MemObject>> {
    let m = get_mem(handle, argument)?;
    ensure!(
        std::sync::Arc::ptr_eq(&m.context, &queue.context),
        CL_INVALID_CONTEXT,
        "'{argument}' and the command queue belong to different contexts"
    );
    Ok(m)
}

/// A buffer argument (not an image).
fn command_buffer(queue: &Obj<Queue>, handle: cl_mem, argument: &str) -> ClResult<Obj<MemObject>> {
    let m = command_mem(queue, handle, argument)?;
    ensure!(
        !m.is_image(),
        CL_INVALID_MEM_OBJECT,
        "For argument '{argument}': an image, not a buffer"
    );
    Ok(m)
}

/// Reads a `size_t[3]` argument.
pub(super) unsafe fn triple(p: *const size_t, argument: &str) -> ClResult<[usize; 3]> {
    ensure!(!p.is_null(), CL_INVALID_VALUE, "{argument} is NULL");
    Ok([*p, *p.add(1), *p.add(2)])
}

/// Checks that bytes `[offset, offset + size)` lie in a buffer.
fn check_range(mem: &MemObject, offset: usize, size: usize, what: &str) -> ClResult<()> {
    ensure!(
        offset.checked_add(size).is_some_and(|end| end <= mem.size),
        CL_INVALID_VALUE,
        "{what} (offset={offset}, size={size}) exceeds the buffer's {} bytes",
        mem.size
    );
    Ok(())
}

/// The layout of a rectangular region of a buffer or of host memory (the `*Rect` commands).
fn rect_layout(
    origin: [usize; 3],
    region: [usize; 3],
    row_pitch: usize,
    slice_pitch: usize,
    what: &str,
) -> ClResult<Layout> {
    let row = if row_pitch == 0 { region[0] } else { row_pitch };
    ensure!(
        row >= region[0],
        CL_INVALID_VALUE,
        "{what}_row_pitch ({row_pitch}) is less than region[0] ({})",
        region[0]
    );
    let min_slice = region[1].saturating_mul(row);
    let slice = if slice_pitch == 0 {
        min_slice
    } else {
        slice_pitch
    };
    ensure!(
        slice >= min_slice && (slice_pitch == 0 || slice % row == 0),
        CL_INVALID_VALUE,
        "{what}_slice_pitch ({slice_pitch}) must be at least region[1] * row pitch ({min_slice}) and a multiple of the row pitch"
    );
    let offset = origin[2]
        .checked_mul(slice)
        .and_then(|z| origin[1].checked_mul(row).and_then(|y| z.checked_add(y)))
        .and_then(|o| o.checked_add(origin[0]));
    let Some(offset) = offset else {
        fail!(CL_INVALID_VALUE, "{what}_origin is out of range");
    };
    Ok(Layout {
        offset,
        row_pitch: row,
        slice_pitch: slice,
    })
}

/// Checks that a rectangular region lies in a buffer.
fn check_rect(mem: &MemObject, layout: &Layout, region: [usize; 3], what: &str) -> ClResult<()> {
    ensure!(
        layout.end(region).is_some_and(|end| end <= mem.size),
        CL_INVALID_VALUE,
        "The {what} region exceeds the buffer's {} bytes",
        mem.size
    );
    Ok(())
}

fn check_region(region: [usize; 3]) -> ClResult<()> {
    ensure!(
        !region.contains(&0),
        CL_INVALID_VALUE,
        "region has a zero extent"
    );
    Ok(())
}

/// Where a buffer's bytes are within its root buffer (sub-buffers share their parent's).
fn root_offset(mem: &MemObject) -> (usize, usize) {
    match &mem.parent {
        Some((p, origin)) => (std::sync::Arc::as_ptr(p) as usize, *origin),
        None => (mem as *const MemObject as usize, 0),
    }
}

/// Whether two regions of the same memory share a byte (row by row).
fn regions_overlap(a: &Layout, b: &Layout, region: [usize; 3]) -> bool {
    let (Some(a_end), Some(b_end)) = (a.end(region), b.end(region)) else {
        return true;
    };
    if a_end <= b.offset || b_end <= a.offset {
        return false;
    }
    let rows = |l: &Layout| -> Vec<(usize, usize)> {
        let mut v: Vec<_> = (0..region[2])
            .flat_map(|z| {
                (0..region[1]).map(move |y| {
                    let s = l.offset + y * l.row_pitch + z * l.slice_pitch;
                    (s, s + region[0])
                })
            })
            .collect();
        v.sort_unstable();
        v
    };
    let b_rows = rows(b);
    rows(a).iter().any(|&(s, e)| {
        let i = b_rows.partition_point(|&(_, be)| be <= s);
        b_rows.get(i).is_some_and(|&(bs, _)| bs < e)
    })
}

/// `CL_MEM_COPY_OVERLAP` if a copy's source and destination share bytes.
fn check_overlap(
    src: &MemObject,
    src_layout: &Layout,
    dst: &MemObject,
    dst_layout: &Layout,
    region: [usize; 3],
) -> ClResult<()> {
    let (src_root, src_base) = root_offset(src);
    let (dst_root, dst_base) = root_offset(dst);
    if src_root != dst_root {
        return Ok(());
    }
    let shift = |l: &Layout, base: usize| Layout {
        offset: l.offset + base,
        ..*l
    };
    ensure!(
        !regions_overlap(
            &shift(src_layout, src_base),
            &shift(dst_layout, dst_base),
            region
        ),
        CL_MEM_COPY_OVERLAP,
        "Source and destination regions overlap"
    );
    Ok(())
}

/// Queues a copy between a memory object and application memory, once its layouts are known.
pub(super) unsafe fn enqueue_host_copy(
    q: &Obj<Queue>,
    mem: Obj<MemObject>,
    direction: Direction,
    dev: Layout,
    (ptr, host_layout): (*const c_void, Layout),
    region: [usize; 3],
    (command_type, blocking): (cl_command_type, cl_bool),
    (num_events, events, event): (cl_uint, *const cl_event, *mut cl_event),
) -> ClResult<()> {
    ensure!(!ptr.is_null(), CL_INVALID_VALUE, "For argument 'ptr'");
    mem.check_host_access(direction == Direction::ToHost)?;
    let wait = wait_list(num_events, events, &q.context)?;
    let command = Command::HostCopy {
        mem,
        dev,
        host: HostPtr::new(ptr),
        host_layout,
        region,
        direction,
    };
    submit(q, command_type, wait, command, blocking != 0, event)
}

/// `clEnqueueReadBuffer` and `clEnqueueWriteBuffer`.
unsafe fn buffer_copy(
    command_queue: cl_command_queue,
    buffer: cl_mem,
    direction: Direction,
    (offset, size, ptr): (size_t, size_t, *const c_void),
    command: (cl_command_type, cl_bool),
    events: (cl_uint, *const cl_event, *mut cl_event),
) -> ClResult<()> {
    let q = get_queue(command_queue)?;
    let mem = command_buffer(&q, buffer, "buffer")?;
    check_range(&mem, offset, size, "Region")?;
    let region = [size, 1, 1];
    let dev = Layout::packed(offset, region);
    let host = (ptr, Layout::packed(0, region));
    enqueue_host_copy(&q, mem, direction, dev, host, region, command, events)
}

pub unsafe extern "C" fn clEnqueueReadBuffer(
    command_queue: cl_command_queue,
    buffer: cl_mem,
    blocking_read: cl_bool,
    offset: size_t,
    size: size_t,
    ptr: *mut c_void,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    api_call("clEnqueueReadBuffer", || {
        buffer_copy(
            command_queue,
            buffer,
            Direction::ToHost,
            (offset, size, ptr),
            (CL_COMMAND_READ_BUFFER, blocking_read),
            (num_events_in_wait_list, event_wait_list, event),
        )
    })
}

pub unsafe extern "C" fn clEnqueueWriteBuffer(
    command_queue: cl_command_queue,
    buffer: cl_mem,
    blocking_write: cl_bool,
    offset: size_t,
    size: size_t,
    ptr: *const c_void,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    api_call("clEnqueueWriteBuffer", || {
        buffer_copy(
            command_queue,
            buffer,
            Direction::ToDevice,
            (offset, size, ptr),
            (CL_COMMAND_WRITE_BUFFER, blocking_write),
            (num_events_in_wait_list, event_wait_list, event),
        )
    })
}

/// Where a rectangle is: origin, row pitch and slice pitch (the `*Rect` arguments).
type RectArgs = (*const size_t, size_t, size_t);

/// `clEnqueueReadBufferRect` and `clEnqueueWriteBufferRect`.
unsafe fn buffer_rect_copy(
    command_queue: cl_command_queue,
    buffer: cl_mem,
    direction: Direction,
    (buffer_rect, host_rect, region, ptr): (RectArgs, RectArgs, *const size_t, *const c_void),
    command: (cl_command_type, cl_bool),
    events: (cl_uint, *const cl_event, *mut cl_event),
) -> ClResult<()> {
    let q = get_queue(command_queue)?;
    let mem = command_buffer(&q, buffer, "buffer")?;
    let region = triple(region, "region")?;
    check_region(region)?;
    let layout = |(origin, row, slice): RectArgs, what: &str| -> ClResult<Layout> {
        rect_layout(
            triple(origin, &format!("{what}_origin"))?,
            region,
            row,
            slice,
            what,
        )
    };
    let dev = layout(buffer_rect, "buffer")?;
    let host_layout = layout(host_rect, "host")?;
    check_rect(&mem, &dev, region, "buffer")?;
    enqueue_host_copy(
        &q,
        mem,
        direction,
        dev,
        (ptr, host_layout),
        region,
        command,
        events,
    )
}

pub unsafe extern "C" fn clEnqueueReadBufferRect(
    command_queue: cl_command_queue,
    buffer: cl_mem,
    blocking_read: cl_bool,
    buffer_origin: *const size_t,
    host_origin: *const size_t,
    region: *const size_t,
    buffer_row_pitch: size_t,
    buffer_slice_pitch: size_t,
    host_row_pitch: size_t,
    host_slice_pitch: size_t,
    ptr: *mut c_void,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    api_call("clEnqueueReadBufferRect", || {
        buffer_rect_copy(
            command_queue,
            buffer,
            Direction::ToHost,
            (
                (buffer_origin, buffer_row_pitch, buffer_slice_pitch),
                (host_origin, host_row_pitch, host_slice_pitch),
                region,
                ptr,
            ),
            (CL_COMMAND_READ_BUFFER_RECT, blocking_read),
            (num_events_in_wait_list, event_wait_list, event),
        )
    })
}

pub unsafe extern "C" fn clEnqueueWriteBufferRect(
    command_queue: cl_command_queue,
    buffer: cl_mem,
    blocking_write: cl_bool,
    buffer_origin: *const size_t,
    host_origin: *const size_t,
    region: *const size_t,
    buffer_row_pitch: size_t,
    buffer_slice_pitch: size_t,
    host_row_pitch: size_t,
    host_slice_pitch: size_t,
    ptr: *const c_void,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    api_call("clEnqueueWriteBufferRect", || {
        buffer_rect_copy(
            command_queue,
            buffer,
            Direction::ToDevice,
            (
                (buffer_origin, buffer_row_pitch, buffer_slice_pitch),
                (host_origin, host_row_pitch, host_slice_pitch),
                region,
                ptr,
            ),
            (CL_COMMAND_WRITE_BUFFER_RECT, blocking_write),
            (num_events_in_wait_list, event_wait_list, event),
        )
    })
}

pub unsafe extern "C" fn clEnqueueCopyBuffer(
    command_queue: cl_command_queue,
    src_buffer: cl_mem,
    dst_buffer: cl_mem,
    src_offset: size_t,
    dst_offset: size_t,
    size: size_t,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    api_call("clEnqueueCopyBuffer", || {
        let q = get_queue(command_queue)?;
        let src = command_buffer(&q, src_buffer, "src_buffer")?;
        let dst = command_buffer(&q, dst_buffer, "dst_buffer")?;
        ensure!(size > 0, CL_INVALID_VALUE, "size is 0");
        check_range(&src, src_offset, size, "Source region")?;
        check_range(&dst, dst_offset, size, "Destination region")?;
        let region = [size, 1, 1];
        let (src_layout, dst_layout) = (
            Layout::packed(src_offset, region),
            Layout::packed(dst_offset, region),
        );
        check_overlap(&src, &src_layout, &dst, &dst_layout, region)?;
        let wait = wait_list(num_events_in_wait_list, event_wait_list, &q.context)?;
        let command = Command::Copy {
            src,
            src_layout,
            dst,
            dst_layout,
            region,
        };
        submit(&q, CL_COMMAND_COPY_BUFFER, wait, command, false, event)
    })
}

pub unsafe extern "C" fn clEnqueueCopyBufferRect(
    command_queue: cl_command_queue,
    src_buffer: cl_mem,
    dst_buffer: cl_mem,
    src_origin: *const size_t,
    dst_origin: *const size_t,
    region: *const size_t,
    src_row_pitch: size_t,
    src_slice_pitch: size_t,
    dst_row_pitch: size_t,
    dst_slice_pitch: size_t,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    api_call("clEnqueueCopyBufferRect", || {
        let q = get_queue(command_queue)?;
        let src = command_buffer(&q, src_buffer, "src_buffer")?;
        let dst = command_buffer(&q, dst_buffer, "dst_buffer")?;
        let region = triple(region, "region")?;
        check_region(region)?;
        let src_layout = rect_layout(
            triple(src_origin, "src_origin")?,
            region,
            src_row_pitch,
            src_slice_pitch,
            "src",
        )?;
        let dst_layout = rect_layout(
            triple(dst_origin, "dst_origin")?,
            region,
            dst_row_pitch,
            dst_slice_pitch,
            "dst",
        )?;
        if std::sync::Arc::ptr_eq(&src, &dst) {
            ensure!(
                src_layout.row_pitch == dst_layout.row_pitch
                    && src_layout.slice_pitch == dst_layout.slice_pitch,
                CL_INVALID_VALUE,
                "Copying within one buffer needs the same pitches for source and destination"
            );
        }
        check_rect(&src, &src_layout, region, "source")?;
        check_rect(&dst, &dst_layout, region, "destination")?;
        check_overlap(&src, &src_layout, &dst, &dst_layout, region)?;
        let wait = wait_list(num_events_in_wait_list, event_wait_list, &q.context)?;
        let command = Command::Copy {
            src,
            src_layout,
            dst,
            dst_layout,
            region,
        };
        submit(&q, CL_COMMAND_COPY_BUFFER_RECT, wait, command, false, event)
    })
}

pub unsafe extern "C" fn clEnqueueFillBuffer(
    command_queue: cl_command_queue,
    buffer: cl_mem,
    pattern: *const c_void,
    pattern_size: size_t,
    offset: size_t,
    size: size_t,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    api_call("clEnqueueFillBuffer", || {
        let q = get_queue(command_queue)?;
        let mem = command_buffer(&q, buffer, "buffer")?;
        check_pattern(pattern, pattern_size)?;
        ensure!(
            offset.is_multiple_of(pattern_size) && size.is_multiple_of(pattern_size),
            CL_INVALID_VALUE,
            "offset ({offset}) and size ({size}) must be multiples of pattern_size ({pattern_size})"
        );
        check_range(&mem, offset, size, "Region")?;
        let wait = wait_list(num_events_in_wait_list, event_wait_list, &q.context)?;
        let region = [size, 1, 1];
        let command = Command::Fill {
            mem,
            dev: Layout::packed(offset, region),
            region,
            pattern: slice(pattern as *const u8, pattern_size).to_vec(),
        };
        submit(&q, CL_COMMAND_FILL_BUFFER, wait, command, false, event)
    })
}

/// Checks a fill's pattern: there, and of 1, 2, 4, ..., or 128 bytes.
pub(super) fn check_pattern(pattern: *const c_void, pattern_size: size_t) -> ClResult<()> {
    ensure!(!pattern.is_null(), CL_INVALID_VALUE, "pattern is NULL");
    ensure!(
        pattern_size.is_power_of_two() && pattern_size <= 128,
        CL_INVALID_VALUE,
        "pattern_size is {pattern_size}: it must be 1, 2, 4, ..., or 128"
    );
    Ok(())
}

/// Checks the bits of map flags (the argument `what`): known ones, and no invalidation mixed
/// with read or write.
pub(super) fn check_map_bits(flags: cl_map_flags, what: &str) -> ClResult<()> {
    let known = CL_MAP_READ | CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION;
    known_flags(flags, known, what)?;
    ensure!(
        flags & CL_MAP_WRITE_INVALIDATE_REGION == 0 || flags & (CL_MAP_READ | CL_MAP_WRITE) == 0,
        CL_INVALID_VALUE,
        "CL_MAP_WRITE_INVALIDATE_REGION cannot be combined with CL_MAP_READ or CL_MAP_WRITE"
    );
    Ok(())
}

/// Checks the flags of a migration (`clEnqueueMigrateMemObjects`, `clEnqueueSVMMigrateMem`).
pub(super) fn check_migration_flags(flags: cl_mem_migration_flags) -> ClResult<()> {
    let known = CL_MIGRATE_MEM_OBJECT_HOST | CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED;
    known_flags(flags, known, "flags")
}

/// Checks map flags: the host access they need, and no invalidation mixed with read or write.
pub(super) fn check_map_flags(mem: &MemObject, flags: cl_map_flags) -> ClResult<()> {
    check_map_bits(flags, "map_flags")?;
    if flags & CL_MAP_READ != 0 {
        mem.check_host_access(true)?;
    }
    if flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION) != 0 {
        mem.check_host_access(false)?;
    }
    Ok(())
}

pub unsafe extern "C" fn clEnqueueMapBuffer(
    command_queue: cl_command_queue,
    buffer: cl_mem,
    blocking_map: cl_bool,
    map_flags: cl_map_flags,
    offset: size_t,
    size: size_t,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
    errcode_ret: *mut cl_int,
) -> *mut c_void {
    api_create("clEnqueueMapBuffer", errcode_ret, || {
        let q = get_queue(command_queue)?;
        let mem = command_buffer(&q, buffer, "buffer")?;
        ensure!(size > 0, CL_INVALID_VALUE, "size is 0");
        check_range(&mem, offset, size, "Region")?;
        check_map_flags(&mem, map_flags)?;
        let wait = wait_list(num_events_in_wait_list, event_wait_list, &q.context)?;
        // Maps point straight into simulated memory: nothing is copied.
        let ptr = mem.host_address(offset, size)?;
        let mapping = mem.add_mapping(ptr as usize, offset, size, map_flags);
        let command = Command::Map {
            mem: mem.clone(),
            mapping,
        };
        let blocking = blocking_map != 0;
        if let Err(e) = submit(&q, CL_COMMAND_MAP_BUFFER, wait, command, blocking, event) {
            mem.drop_mapping(mapping.id);
            return Err(e);
        }
        Ok(ptr as *mut c_void)
    })
}

pub unsafe extern "C" fn clEnqueueUnmapMemObject(
    command_queue: cl_command_queue,
    memobj: cl_mem,
    mapped_ptr: *mut c_void,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    api_call("clEnqueueUnmapMemObject", || {
        let q = get_queue(command_queue)?;
        let mem = command_mem(&q, memobj, "memobj")?;
        let wait = wait_list(num_events_in_wait_list, event_wait_list, &q.context)?;
        let mapping = mem.remove_mapping(mapped_ptr as usize)?;
        let command = Command::Unmap { mem, mapping };
        submit(&q, CL_COMMAND_UNMAP_MEM_OBJECT, wait, command, false, event)
    })
}

pub unsafe extern "C" fn clEnqueueMigrateMemObjects(
    command_queue: cl_command_queue,
    num_mem_objects: cl_uint,
    mem_objects: *const cl_mem,
    flags: cl_mem_migration_flags,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    api_call("clEnqueueMigrateMemObjects", || {
        let q = get_queue(command_queue)?;
        nonempty(
            num_mem_objects,
            mem_objects,
            "num_mem_objects",
            "mem_objects",
        )?;
        check_migration_flags(flags)?;
        for (i, &m) in slice(mem_objects, num_mem_objects as usize)
            .iter()
            .enumerate()
        {
            command_mem(&q, m, &format!("mem_objects[{i}]"))?;
        }
        let wait = wait_list(num_events_in_wait_list, event_wait_list, &q.context)?;
        // There is one memory: migrating is a no-op.
        submit(
            &q,
            CL_COMMAND_MIGRATE_MEM_OBJECTS,
            wait,
            Command::Nothing,
            false,
            event,
        )
    })
}

/// Picks a work-group size when the application leaves it to us: per dimension the largest
/// divisor of the global size that keeps the group within `MAX_AUTO` work-items.
fn auto_local_size(global: [u64; 3], work_dim: usize) -> [u64; 3] {
    const MAX_AUTO: u64 = 64;
    let mut local = [1u64; 3];
    let mut budget = MAX_AUTO.min(settings().max_wg_size);
    for d in 0..work_dim {
        let g = global[d].max(1);
        let best = (1..=budget.min(g))
            .rev()
            .find(|l| g.is_multiple_of(*l))
            .unwrap_or(1);
        local[d] = best;
        budget /= best;
    }
    local
}

/// Checks a launch and turns it into a command (compat §7.5).
unsafe fn kernel_command(
    q: &Obj<Queue>,
    kernel: cl_kernel,
    work_dim: cl_uint,
    global_work_offset: *const size_t,
    global_work_size: *const size_t,
    local_work_size: *const size_t,
) -> ClResult<Command> {
    let k = get_kernel(kernel)?;
    ensure!(
        std::sync::Arc::ptr_eq(&k.program.context, &q.context),
        CL_INVALID_CONTEXT,
        "The kernel and the command queue belong to different contexts"
    );
    ensure!(
        (1..=3).contains(&work_dim),
        CL_INVALID_WORK_DIMENSION,
        "work_dim is {work_dim}: it must be 1, 2 or 3"
    );
    let dims = work_dim as usize;
    let read = |p: *const size_t, default: u64| -> [u64; 3] {
        let mut v = [default; 3];
        if !p.is_null() {
            for (d, x) in v.iter_mut().enumerate().take(dims) {
                *x = *p.add(d) as u64;
            }
        }
        v
    };
    let (args, released) = k.launch_args()?;
    for name in released {
        // Not refused (the specification leaves it undefined, and Oclgrind runs it): reported,
        // and MemCheck reports the accesses.
        let problem = ClError::new(
            CL_INVALID_MEM_OBJECT,
            format!(
                "Argument '{name}' of kernel '{}' is a buffer the application released",
                k.name()
            ),
        );
        report_problem("clEnqueueNDRangeKernel", &problem, Some(&q.context));
    }
    // A NULL or zero global size is an empty launch (allowed since OpenCL 2.1).
    let global = read(global_work_size, 0);
    let offset = read(global_work_offset, 0);
    let mut global_full = [1u64; 3];
    global_full[..dims].copy_from_slice(&global[..dims]);
    for d in 0..dims {
        ensure!(
            offset[d].checked_add(global[d]).is_some(),
            CL_INVALID_GLOBAL_OFFSET,
            "global_work_offset[{d}] + global_work_size[{d}] overflows"
        );
    }
    let attrs = &k.info().attrs;
    let max_wg = settings().max_wg_size;
    let local = if local_work_size.is_null() {
        match attrs.reqd_work_group_size {
            Some(r) => r,
            None => auto_local_size(global_full, dims),
        }
    } else {
        let mut l = read(local_work_size, 1);
        for x in l.iter_mut().skip(dims) {
            *x = 1;
        }
        l
    };
    for (d, &l) in local.iter().enumerate().take(dims) {
        ensure!(
            l > 0,
            CL_INVALID_WORK_GROUP_SIZE,
            "local_work_size[{d}] is 0"
        );
        ensure!(
            l <= max_wg,
            CL_INVALID_WORK_ITEM_SIZE,
            "local_work_size[{d}]={l} exceeds CL_DEVICE_MAX_WORK_ITEM_SIZES[{d}] ({max_wg})"
        );
    }
    let total: u64 = local.iter().product();
    ensure!(
        total <= max_wg,
        CL_INVALID_WORK_GROUP_SIZE,
        "total work-group size {total} exceeds CL_DEVICE_MAX_WORK_GROUP_SIZE ({max_wg})"
    );
    if let Some(r) = attrs.reqd_work_group_size {
        ensure!(
            r == local,
            CL_INVALID_WORK_GROUP_SIZE,
            "local_work_size ({},{},{}) does not match reqd_work_group_size ({},{},{})",
            local[0],
            local[1],
            local[2],
            r[0],
            r[1],
            r[2]
        );
    }
    if attrs.uniform_work_group_size {
        for d in 0..dims {
            ensure!(
                global[d].is_multiple_of(local[d]),
                CL_INVALID_WORK_GROUP_SIZE,
                "local_work_size[{d}]={} does not divide global_work_size[{d}]={}",
                local[d],
                global[d]
            );
        }
    }
    let local_needed = k.local_mem_size();
    let local_limit = settings().local_mem_size;
    ensure!(
        local_needed <= local_limit,
        CL_OUT_OF_RESOURCES,
        "Kernel needs {local_needed} bytes of local memory, device has {local_limit}"
    );
    let mut constant = 0u64;
    for (p, a) in k.info().params.iter().zip(&args) {
        if let (ParamKind::Pointer(AddrSpace::Constant), Some(m)) = (&p.kind, &a.memory) {
            constant += m.size as u64;
        }
    }
    let constant_limit = settings().constant_mem_size;
    ensure!(
        constant <= constant_limit,
        CL_OUT_OF_RESOURCES,
        "__constant arguments total {constant} bytes, device has {constant_limit}"
    );
    if global[..dims].contains(&0) {
        return Ok(Command::Nothing);
    }
    let nd = NDRange {
        work_dim,
        global_offset: offset,
        global_size: global_full,
        local_size: local,
    };
    // The local sizes were checked above, with their own codes.
    nd.check(max_wg, settings().quick).map_err(|e| {
        let code = match e {
            LaunchError::TooLong { .. } => CL_OUT_OF_RESOURCES,
            _ => CL_INVALID_GLOBAL_WORK_SIZE,
        };
        ClError::new(code, e.to_string())
    })?;
    let (values, memory): (Vec<ArgValue>, Vec<_>) =
        args.into_iter().map(|a| (a.value, a.memory)).unzip();
    Ok(Command::Kernel(Box::new(KernelRun {
        name: k.name().to_string(),
        instance: k.instance.clone(),
        args: values,
        nd,
        memory,
        auto_local: local_work_size.is_null(),
        executable: k.executable.clone(),
        program: k.program.clone(),
    })))
}

pub unsafe extern "C" fn clEnqueueNDRangeKernel(
    command_queue: cl_command_queue,
    kernel: cl_kernel,
    work_dim: cl_uint,
    global_work_offset: *const size_t,
    global_work_size: *const size_t,
    local_work_size: *const size_t,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    api_call("clEnqueueNDRangeKernel", || {
        let q = get_queue(command_queue)?;
        let command = kernel_command(
            &q,
            kernel,
            work_dim,
            global_work_offset,
            global_work_size,
            local_work_size,
        )?;
        let wait = wait_list(num_events_in_wait_list, event_wait_list, &q.context)?;
        submit(&q, CL_COMMAND_NDRANGE_KERNEL, wait, command, false, event)
    })
}

pub unsafe extern "C" fn clEnqueueTask(
    command_queue: cl_command_queue,
    kernel: cl_kernel,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    api_call("clEnqueueTask", || {
        let q = get_queue(command_queue)?;
        let one: [size_t; 3] = [1, 1, 1];
        let command = kernel_command(&q, kernel, 1, std::ptr::null(), one.as_ptr(), one.as_ptr())?;
        let wait = wait_list(num_events_in_wait_list, event_wait_list, &q.context)?;
        submit(&q, CL_COMMAND_TASK, wait, command, false, event)
    })
}

pub unsafe extern "C" fn clEnqueueNativeKernel(
    command_queue: cl_command_queue,
    user_func: NativeKernelFn,
    args: *mut c_void,
    cb_args: size_t,
    num_mem_objects: cl_uint,
    mem_list: *const cl_mem,
    args_mem_loc: *mut *const c_void,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    api_call("clEnqueueNativeKernel", || {
        let q = get_queue(command_queue)?;
        let Some(func) = user_func else {
            fail!(CL_INVALID_VALUE, "user_func is NULL");
        };
        ensure!(
            (args.is_null() && cb_args == 0 && num_mem_objects == 0)
                || (!args.is_null() && cb_args > 0),
            CL_INVALID_VALUE,
            "args is {} but cb_args is {cb_args} and num_mem_objects is {num_mem_objects}",
            if args.is_null() { "NULL" } else { "not NULL" }
        );
        ensure!(
            num_mem_objects == 0 || (!mem_list.is_null() && !args_mem_loc.is_null()),
            CL_INVALID_VALUE,
            "num_mem_objects is {num_mem_objects} but mem_list or args_mem_loc is NULL"
        );
        let copy = slice(args as *const u8, cb_args).to_vec();
        let mut memory = Vec::new();
        for i in 0..num_mem_objects as usize {
            let m = command_buffer(&q, *mem_list.add(i), &format!("mem_list[{i}]"))?;
            let at = (*args_mem_loc.add(i) as usize).wrapping_sub(args as usize);
            ensure!(
                at.checked_add(size_of::<usize>())
                    .is_some_and(|end| end <= cb_args),
                CL_INVALID_VALUE,
                "args_mem_loc[{i}] does not point into args"
            );
            memory.push((at, m));
        }
        let wait = wait_list(num_events_in_wait_list, event_wait_list, &q.context)?;
        let command = Command::Native {
            func: func as NativeFn,
            args: copy,
            memory,
        };
        submit(&q, CL_COMMAND_NATIVE_KERNEL, wait, command, false, event)
    })
}

pub unsafe extern "C" fn clEnqueueMarker(
    command_queue: cl_command_queue,
    event: *mut cl_event,
) -> cl_int {
    api_call("clEnqueueMarker", || {
        let q = get_queue(command_queue)?;
        ensure!(!event.is_null(), CL_INVALID_VALUE, "event is NULL");
        submit(
            &q,
            CL_COMMAND_MARKER,
            Vec::new(),
            Command::Nothing,
            false,
            event,
        )
    })
}

pub unsafe extern "C" fn clEnqueueMarkerWithWaitList(
    command_queue: cl_command_queue,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    api_call("clEnqueueMarkerWithWaitList", || {
        let q = get_queue(command_queue)?;
        let wait = wait_list(num_events_in_wait_list, event_wait_list, &q.context)?;
        submit(&q, CL_COMMAND_MARKER, wait, Command::Nothing, false, event)
    })
}

pub unsafe extern "C" fn clEnqueueBarrier(command_queue: cl_command_queue) -> cl_int {
    api_call("clEnqueueBarrier", || {
        let q = get_queue(command_queue)?;
        submit_as(
            &q,
            CL_COMMAND_BARRIER,
            Vec::new(),
            Command::Nothing,
            true,
            false,
            std::ptr::null_mut(),
        )
    })
}

pub unsafe extern "C" fn clEnqueueBarrierWithWaitList(
    command_queue: cl_command_queue,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    api_call("clEnqueueBarrierWithWaitList", || {
        let q = get_queue(command_queue)?;
        let wait = wait_list(num_events_in_wait_list, event_wait_list, &q.context)?;
        submit_as(
            &q,
            CL_COMMAND_BARRIER,
            wait,
            Command::Nothing,
            true,
            false,
            event,
        )
    })
}

pub unsafe extern "C" fn clEnqueueWaitForEvents(
    command_queue: cl_command_queue,
    num_events: cl_uint,
    event_list: *const cl_event,
) -> cl_int {
    api_call("clEnqueueWaitForEvents", || {
        let q = get_queue(command_queue)?;
        ensure!(
            num_events > 0 && !event_list.is_null(),
            CL_INVALID_VALUE,
            "num_events is 0 or event_list is NULL"
        );
        let wait = wait_list(num_events, event_list, &q.context)?;
        submit_as(
            &q,
            CL_COMMAND_BARRIER,
            wait,
            Command::Nothing,
            true,
            false,
            std::ptr::null_mut(),
        )
    })
}
