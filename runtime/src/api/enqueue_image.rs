//! Enqueue entry points for images.

use super::enqueue::{check_map_flags, command_mem, enqueue_host_copy, submit, triple};
use super::*;
use crate::command::{Command, Direction, Layout};
use crate::error::{api_call, api_create, fail};
use crate::image::ImageData;
use crate::memobj::MemObject;
use crate::queue::{get_queue, Queue};

/// An image argument of a command.
fn command_image(queue: &Obj<Queue>, handle: cl_mem, argument: &str) -> ClResult<Obj<MemObject>> {
    let m = command_mem(queue, handle, argument)?;
    ensure!(
        m.is_image(),
        CL_INVALID_MEM_OBJECT,
        "For argument '{argument}': a buffer, not an image"
    );
    Ok(m)
}

fn image_of(m: &MemObject) -> &ImageData {
    m.image.as_ref().expect("checked by command_image")
}

/// Reads and checks an image origin and region.
unsafe fn image_region(
    img: &ImageData,
    origin: *const size_t,
    region: *const size_t,
) -> ClResult<([usize; 3], [usize; 3])> {
    let (o, r) = (triple(origin, "origin")?, triple(region, "region")?);
    img.check_region(o, r)?;
    Ok((o, r))
}

/// `clEnqueueReadImage` and `clEnqueueWriteImage`.
unsafe fn image_copy(
    command_queue: cl_command_queue,
    image: cl_mem,
    direction: Direction,
    (origin, region, row_pitch, slice_pitch, ptr): (
        *const size_t,
        *const size_t,
        size_t,
        size_t,
        *const c_void,
    ),
    command: (cl_command_type, cl_bool),
    events: (cl_uint, *const cl_event, *mut cl_event),
) -> ClResult<()> {
    let q = get_queue(command_queue)?;
    let mem = command_image(&q, image, "image")?;
    let img = image_of(&mem);
    let (o, r) = image_region(img, origin, region)?;
    let dev = img.layout(o);
    let host = (ptr, img.host_layout(r, row_pitch, slice_pitch));
    let bytes = img.region_bytes(r);
    enqueue_host_copy(
        &q,
        mem.clone(),
        direction,
        dev,
        host,
        bytes,
        command,
        events,
    )
}

pub unsafe extern "C" fn clEnqueueReadImage(
    command_queue: cl_command_queue,
    image: cl_mem,
    blocking_read: cl_bool,
    origin: *const size_t,
    region: *const size_t,
    row_pitch: size_t,
    slice_pitch: size_t,
    ptr: *mut c_void,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    api_call("clEnqueueReadImage", || {
        image_copy(
            command_queue,
            image,
            Direction::ToHost,
            (origin, region, row_pitch, slice_pitch, ptr),
            (CL_COMMAND_READ_IMAGE, blocking_read),
            (num_events_in_wait_list, event_wait_list, event),
        )
    })
}

pub unsafe extern "C" fn clEnqueueWriteImage(
    command_queue: cl_command_queue,
    image: cl_mem,
    blocking_write: cl_bool,
    origin: *const size_t,
    region: *const size_t,
    input_row_pitch: size_t,
    input_slice_pitch: size_t,
    ptr: *const c_void,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    api_call("clEnqueueWriteImage", || {
        image_copy(
            command_queue,
            image,
            Direction::ToDevice,
            (origin, region, input_row_pitch, input_slice_pitch, ptr),
            (CL_COMMAND_WRITE_IMAGE, blocking_write),
            (num_events_in_wait_list, event_wait_list, event),
        )
    })
}

pub unsafe extern "C" fn clEnqueueCopyImage(
    command_queue: cl_command_queue,
    src_image: cl_mem,
    dst_image: cl_mem,
    src_origin: *const size_t,
    dst_origin: *const size_t,
    region: *const size_t,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    api_call("clEnqueueCopyImage", || {
        let q = get_queue(command_queue)?;
        let src = command_image(&q, src_image, "src_image")?;
        let dst = command_image(&q, dst_image, "dst_image")?;
        let (si, di) = (image_of(&src), image_of(&dst));
        ensure!(
            si.format.image_channel_order == di.format.image_channel_order
                && si.format.image_channel_data_type == di.format.image_channel_data_type,
            CL_IMAGE_FORMAT_MISMATCH,
            "The images have different formats"
        );
        let r = triple(region, "region")?;
        let (so, do_) = (
            triple(src_origin, "src_origin")?,
            triple(dst_origin, "dst_origin")?,
        );
        si.check_region(so, r)?;
        di.check_region(do_, r)?;
        if std::sync::Arc::ptr_eq(&src, &dst) {
            let overlaps = (0..3).all(|d| so[d] < do_[d] + r[d] && do_[d] < so[d] + r[d]);
            ensure!(
                !overlaps,
                CL_MEM_COPY_OVERLAP,
                "Source and destination regions overlap"
            );
        }
        let wait = wait_list(num_events_in_wait_list, event_wait_list, &q.context)?;
        let command = Command::Copy {
            src_layout: si.layout(so),
            dst_layout: di.layout(do_),
            region: si.region_bytes(r),
            src: src.clone(),
            dst: dst.clone(),
        };
        submit(&q, CL_COMMAND_COPY_IMAGE, wait, command, false, event)
    })
}

pub unsafe extern "C" fn clEnqueueCopyImageToBuffer(
    command_queue: cl_command_queue,
    src_image: cl_mem,
    dst_buffer: cl_mem,
    src_origin: *const size_t,
    region: *const size_t,
    dst_offset: size_t,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    api_call("clEnqueueCopyImageToBuffer", || {
        let q = get_queue(command_queue)?;
        let src = command_image(&q, src_image, "src_image")?;
        let dst = command_mem(&q, dst_buffer, "dst_buffer")?;
        ensure!(
            !dst.is_image(),
            CL_INVALID_MEM_OBJECT,
            "For argument 'dst_buffer': an image, not a buffer"
        );
        let si = image_of(&src);
        let (o, r) = image_region(si, src_origin, region)?;
        let bytes = si.region_bytes(r);
        let dst_layout = Layout::packed(dst_offset, bytes);
        ensure!(
            dst_layout.end(bytes).is_some_and(|e| e <= dst.size),
            CL_INVALID_VALUE,
            "The region does not fit in dst_buffer from dst_offset {dst_offset}"
        );
        let wait = wait_list(num_events_in_wait_list, event_wait_list, &q.context)?;
        let command = Command::Copy {
            src_layout: si.layout(o),
            dst_layout,
            region: bytes,
            src: src.clone(),
            dst,
        };
        submit(
            &q,
            CL_COMMAND_COPY_IMAGE_TO_BUFFER,
            wait,
            command,
            false,
            event,
        )
    })
}

pub unsafe extern "C" fn clEnqueueCopyBufferToImage(
    command_queue: cl_command_queue,
    src_buffer: cl_mem,
    dst_image: cl_mem,
    src_offset: size_t,
    dst_origin: *const size_t,
    region: *const size_t,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    api_call("clEnqueueCopyBufferToImage", || {
        let q = get_queue(command_queue)?;
        let src = command_mem(&q, src_buffer, "src_buffer")?;
        ensure!(
            !src.is_image(),
            CL_INVALID_MEM_OBJECT,
            "For argument 'src_buffer': an image, not a buffer"
        );
        let dst = command_image(&q, dst_image, "dst_image")?;
        let di = image_of(&dst);
        let (o, r) = image_region(di, dst_origin, region)?;
        let bytes = di.region_bytes(r);
        let src_layout = Layout::packed(src_offset, bytes);
        ensure!(
            src_layout.end(bytes).is_some_and(|e| e <= src.size),
            CL_INVALID_VALUE,
            "The region does not fit in src_buffer from src_offset {src_offset}"
        );
        let wait = wait_list(num_events_in_wait_list, event_wait_list, &q.context)?;
        let command = Command::Copy {
            src_layout,
            dst_layout: di.layout(o),
            region: bytes,
            src,
            dst: dst.clone(),
        };
        submit(
            &q,
            CL_COMMAND_COPY_BUFFER_TO_IMAGE,
            wait,
            command,
            false,
            event,
        )
    })
}

pub unsafe extern "C" fn clEnqueueFillImage(
    command_queue: cl_command_queue,
    image: cl_mem,
    fill_color: *const c_void,
    origin: *const size_t,
    region: *const size_t,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    api_call("clEnqueueFillImage", || {
        let q = get_queue(command_queue)?;
        let mem = command_image(&q, image, "image")?;
        let img = image_of(&mem);
        ensure!(
            !fill_color.is_null(),
            CL_INVALID_VALUE,
            "fill_color is NULL"
        );
        let (o, r) = image_region(img, origin, region)?;
        // The colour is four floats, ints or uints, whichever the format's type reads as.
        let lanes = std::ptr::read_unaligned(fill_color as *const [u32; 4]);
        let f = img.format;
        let Some(pixel) = oclgrind_core::builtins::images::encode_pixel(
            f.image_channel_order,
            f.image_channel_data_type,
            lanes,
        ) else {
            fail!(
                CL_IMAGE_FORMAT_NOT_SUPPORTED,
                "The image's format cannot be filled"
            );
        };
        let wait = wait_list(num_events_in_wait_list, event_wait_list, &q.context)?;
        let command = Command::Fill {
            dev: img.layout(o),
            region: img.region_bytes(r),
            pattern: pixel,
            mem: mem.clone(),
        };
        submit(&q, CL_COMMAND_FILL_IMAGE, wait, command, false, event)
    })
}

pub unsafe extern "C" fn clEnqueueMapImage(
    command_queue: cl_command_queue,
    image: cl_mem,
    blocking_map: cl_bool,
    map_flags: cl_map_flags,
    origin: *const size_t,
    region: *const size_t,
    image_row_pitch: *mut size_t,
    image_slice_pitch: *mut size_t,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
    errcode_ret: *mut cl_int,
) -> *mut c_void {
    api_create("clEnqueueMapImage", errcode_ret, || {
        let q = get_queue(command_queue)?;
        let mem = command_image(&q, image, "image")?;
        let img = image_of(&mem);
        let (o, r) = image_region(img, origin, region)?;
        ensure!(
            !image_row_pitch.is_null(),
            CL_INVALID_VALUE,
            "image_row_pitch is NULL"
        );
        let has_slices = img.is_array() || img.image_type == CL_MEM_OBJECT_IMAGE3D;
        ensure!(
            !has_slices || !image_slice_pitch.is_null(),
            CL_INVALID_VALUE,
            "image_slice_pitch is NULL for an image with slices or layers"
        );
        check_map_flags(&mem, map_flags)?;
        let wait = wait_list(num_events_in_wait_list, event_wait_list, &q.context)?;
        let layout = img.layout(o);
        let bytes = img.region_bytes(r);
        let size = layout.end(bytes).unwrap_or(layout.offset) - layout.offset;
        let ptr = mem.host_address(layout.offset, size)?;
        *image_row_pitch = img.row_pitch;
        if !image_slice_pitch.is_null() {
            *image_slice_pitch = img.slice_pitch;
        }
        let mapping = mem.add_mapping(ptr as usize, layout.offset, size, map_flags);
        let command = Command::Map {
            mapping,
            mem: mem.clone(),
        };
        let blocking = blocking_map != 0;
        if let Err(e) = submit(&q, CL_COMMAND_MAP_IMAGE, wait, command, blocking, event) {
            mem.drop_mapping(mapping.id);
            return Err(e);
        }
        Ok(ptr as *mut c_void)
    })
}
