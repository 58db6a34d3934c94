//! Memory-object entry points: buffers, sub-buffers, images, samplers.

use super::context::get_context;
use super::*;
use crate::context::Callback;
use crate::error::{api_call, api_create, blame, fail};
use crate::image::{self, supported_formats};
use crate::info::val;
use crate::memobj::MemObject;
use crate::sampler::Sampler;

/// A memory-object argument: looked up, and its context noted for error reports.
pub fn get_mem(handle: cl_mem, argument: &str) -> ClResult<Obj<MemObject>> {
    let m = handle::get::<MemObject>(handle, argument)?;
    blame(&m.context);
    Ok(m)
}

/// Memory properties: none are supported, so any non-empty list is refused.
unsafe fn mem_properties(list: *const cl_mem_properties) -> ClResult<Vec<cl_mem_properties>> {
    let props = property_list(list);
    if let Some(&name) = props.first().filter(|&&n| n != 0) {
        fail!(CL_INVALID_PROPERTY, "Unsupported memory property {name:#x}");
    }
    Ok(props)
}

pub unsafe extern "C" fn clCreateBuffer(
    context: cl_context,
    flags: cl_mem_flags,
    size: size_t,
    host_ptr: *mut c_void,
    errcode_ret: *mut cl_int,
) -> cl_mem {
    api_create("clCreateBuffer", errcode_ret, || {
        let c = get_context(context)?;
        Ok(hand_out(handle::create(MemObject::buffer(
            c,
            flags,
            size,
            host_ptr,
            Vec::new(),
        )?)))
    })
}

pub unsafe extern "C" fn clCreateBufferWithProperties(
    context: cl_context,
    properties: *const cl_mem_properties,
    flags: cl_mem_flags,
    size: size_t,
    host_ptr: *mut c_void,
    errcode_ret: *mut cl_int,
) -> cl_mem {
    api_create("clCreateBufferWithProperties", errcode_ret, || {
        let c = get_context(context)?;
        let props = mem_properties(properties)?;
        Ok(hand_out(handle::create(MemObject::buffer(
            c, flags, size, host_ptr, props,
        )?)))
    })
}

pub unsafe extern "C" fn clCreateSubBuffer(
    buffer: cl_mem,
    flags: cl_mem_flags,
    buffer_create_type: cl_buffer_create_type,
    buffer_create_info: *const c_void,
    errcode_ret: *mut cl_int,
) -> cl_mem {
    api_create("clCreateSubBuffer", errcode_ret, || {
        let parent = get_mem(buffer, "buffer")?;
        ensure!(
            buffer_create_type == CL_BUFFER_CREATE_TYPE_REGION,
            CL_INVALID_VALUE,
            "For argument 'buffer_create_type': {buffer_create_type:#x}"
        );
        ensure!(
            !buffer_create_info.is_null(),
            CL_INVALID_VALUE,
            "For argument 'buffer_create_info'"
        );
        let region = &*(buffer_create_info as *const cl_buffer_region);
        let sub = MemObject::sub_buffer(&parent, flags, region.origin, region.size)?;
        Ok(hand_out(handle::create(sub)))
    })
}

pub unsafe extern "C" fn clCreateImage(
    context: cl_context,
    flags: cl_mem_flags,
    image_format: *const cl_image_format,
    image_desc: *const cl_image_desc,
    host_ptr: *mut c_void,
    errcode_ret: *mut cl_int,
) -> cl_mem {
    api_create("clCreateImage", errcode_ret, || {
        create_image(
            context,
            flags,
            image_format,
            image_desc,
            host_ptr,
            Vec::new(),
        )
    })
}

pub unsafe extern "C" fn clCreateImageWithProperties(
    context: cl_context,
    properties: *const cl_mem_properties,
    flags: cl_mem_flags,
    image_format: *const cl_image_format,
    image_desc: *const cl_image_desc,
    host_ptr: *mut c_void,
    errcode_ret: *mut cl_int,
) -> cl_mem {
    api_create("clCreateImageWithProperties", errcode_ret, || {
        let props = mem_properties(properties)?;
        create_image(context, flags, image_format, image_desc, host_ptr, props)
    })
}

unsafe fn create_image(
    context: cl_context,
    flags: cl_mem_flags,
    format: *const cl_image_format,
    desc: *const cl_image_desc,
    host_ptr: *mut c_void,
    props: Vec<cl_mem_properties>,
) -> ClResult<*mut c_void> {
    let c = get_context(context)?;
    ensure!(
        !format.is_null(),
        CL_INVALID_IMAGE_FORMAT_DESCRIPTOR,
        "image_format is NULL"
    );
    ensure!(
        !desc.is_null(),
        CL_INVALID_IMAGE_DESCRIPTOR,
        "image_desc is NULL"
    );
    let m = image::create(c, flags, &*format, &*desc, host_ptr, props)?;
    Ok(hand_out(handle::create(m)))
}

/// An OpenCL 1.1 image description in the 1.2 form.
fn legacy_desc(
    image_type: cl_mem_object_type,
    size: [usize; 3],
    row_pitch: usize,
    slice_pitch: usize,
) -> cl_image_desc {
    // SAFETY: cl_image_desc is plain data; all-zero is a valid value.
    let mut d: cl_image_desc = unsafe { std::mem::zeroed() };
    d.image_type = image_type;
    d.image_width = size[0];
    d.image_height = size[1];
    d.image_depth = size[2];
    d.image_row_pitch = row_pitch;
    d.image_slice_pitch = slice_pitch;
    d
}

pub unsafe extern "C" fn clCreateImage2D(
    context: cl_context,
    flags: cl_mem_flags,
    image_format: *const cl_image_format,
    image_width: size_t,
    image_height: size_t,
    image_row_pitch: size_t,
    host_ptr: *mut c_void,
    errcode_ret: *mut cl_int,
) -> cl_mem {
    api_create("clCreateImage2D", errcode_ret, || {
        let d = legacy_desc(
            CL_MEM_OBJECT_IMAGE2D,
            [image_width, image_height, 1],
            image_row_pitch,
            0,
        );
        create_image(context, flags, image_format, &d, host_ptr, Vec::new())
    })
}

pub unsafe extern "C" fn clCreateImage3D(
    context: cl_context,
    flags: cl_mem_flags,
    image_format: *const cl_image_format,
    image_width: size_t,
    image_height: size_t,
    image_depth: size_t,
    image_row_pitch: size_t,
    image_slice_pitch: size_t,
    host_ptr: *mut c_void,
    errcode_ret: *mut cl_int,
) -> cl_mem {
    api_create("clCreateImage3D", errcode_ret, || {
        let d = legacy_desc(
            CL_MEM_OBJECT_IMAGE3D,
            [image_width, image_height, image_depth],
            image_row_pitch,
            image_slice_pitch,
        );
        create_image(context, flags, image_format, &d, host_ptr, Vec::new())
    })
}

pub unsafe extern "C" fn clRetainMemObject(memobj: cl_mem) -> cl_int {
    api_call("clRetainMemObject", || {
        handle::retain::<MemObject>(memobj, "memobj")
    })
}

pub unsafe extern "C" fn clReleaseMemObject(memobj: cl_mem) -> cl_int {
    api_call("clReleaseMemObject", || {
        handle::release::<MemObject>(memobj, "memobj").map(drop)
    })
}

pub unsafe extern "C" fn clSetMemObjectDestructorCallback(
    memobj: cl_mem,
    pfn_notify: MemObjectNotify,
    user_data: *mut c_void,
) -> cl_int {
    api_call("clSetMemObjectDestructorCallback", || {
        let m = get_mem(memobj, "memobj")?;
        let Some(f) = pfn_notify else {
            fail!(CL_INVALID_VALUE, "For argument 'pfn_notify'");
        };
        m.add_destructor(Callback::new(f, user_data));
        Ok(())
    })
}

pub unsafe extern "C" fn clGetSupportedImageFormats(
    context: cl_context,
    flags: cl_mem_flags,
    image_type: cl_mem_object_type,
    num_entries: cl_uint,
    image_formats: *mut cl_image_format,
    num_image_formats: *mut cl_uint,
) -> cl_int {
    api_call("clGetSupportedImageFormats", || {
        get_context(context)?;
        // CL_MEM_KERNEL_READ_AND_WRITE is only meaningful here; the host pointer flags
        // need no pointer for the question.
        let asked =
            flags & !(CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR | CL_MEM_KERNEL_READ_AND_WRITE);
        crate::memobj::check_flags(asked, std::ptr::null_mut())?;
        ensure!(
            matches!(
                image_type,
                CL_MEM_OBJECT_IMAGE1D
                    | CL_MEM_OBJECT_IMAGE1D_BUFFER
                    | CL_MEM_OBJECT_IMAGE1D_ARRAY
                    | CL_MEM_OBJECT_IMAGE2D
                    | CL_MEM_OBJECT_IMAGE2D_ARRAY
                    | CL_MEM_OBJECT_IMAGE3D
            ),
            CL_INVALID_VALUE,
            "For argument 'image_type': {image_type:#x}"
        );
        ensure!(
            num_entries != 0 || image_formats.is_null(),
            CL_INVALID_VALUE,
            "num_entries is 0 but image_formats is not NULL"
        );
        let formats = supported_formats();
        if !image_formats.is_null() {
            for (i, f) in formats.iter().take(num_entries as usize).enumerate() {
                *image_formats.add(i) = *f;
            }
        }
        if !num_image_formats.is_null() {
            *num_image_formats = formats.len() as cl_uint;
        }
        Ok(())
    })
}

pub unsafe extern "C" fn clGetMemObjectInfo(
    memobj: cl_mem,
    param_name: cl_mem_info,
    param_value_size: size_t,
    param_value: *mut c_void,
    param_value_size_ret: *mut size_t,
) -> cl_int {
    info_call(
        "clGetMemObjectInfo",
        param_value_size,
        param_value,
        param_value_size_ret,
        || {
            let m = get_mem(memobj, "memobj")?;
            Ok(match param_name {
                CL_MEM_TYPE => val(&m.mem_type),
                CL_MEM_FLAGS => val(&m.flags),
                CL_MEM_SIZE => val(&m.size),
                CL_MEM_HOST_PTR => val(&(m.host_ptr as *mut c_void)),
                CL_MEM_MAP_COUNT => val(&m.map_count()),
                CL_MEM_REFERENCE_COUNT => val(&m.ref_count()),
                CL_MEM_CONTEXT => val(&handle::raw(&m.context)),
                CL_MEM_ASSOCIATED_MEMOBJECT => {
                    let assoc = match (&m.parent, m.image.as_ref().and_then(|i| i.buffer.as_ref()))
                    {
                        (Some((p, _)), _) => handle::raw(p),
                        (None, Some(b)) => handle::raw(b),
                        (None, None) => std::ptr::null_mut(),
                    };
                    val(&assoc)
                }
                CL_MEM_OFFSET => val(&m.parent.as_ref().map_or(0, |(_, o)| *o)),
                CL_MEM_USES_SVM_POINTER => {
                    let svm = m.host_ptr != 0
                        && (m.context.sim.global)
                            .svm_buffer(m.host_ptr as u64, m.size as u64)
                            .is_some();
                    val(&cl_bool::from(svm))
                }
                CL_MEM_PROPERTIES => val(&m.properties),
                _ => fail!(
                    CL_INVALID_VALUE,
                    "For argument 'param_name': {param_name:#x} is not a memory object query"
                ),
            })
        },
    )
}

pub unsafe extern "C" fn clGetImageInfo(
    image: cl_mem,
    param_name: cl_image_info,
    param_value_size: size_t,
    param_value: *mut c_void,
    param_value_size_ret: *mut size_t,
) -> cl_int {
    info_call(
        "clGetImageInfo",
        param_value_size,
        param_value,
        param_value_size_ret,
        || {
            let m = get_mem(image, "image")?;
            let Some(img) = &m.image else {
                fail!(CL_INVALID_MEM_OBJECT, "For argument 'image': not an image");
            };
            let t = img.image_type;
            let zero_unless = |yes: bool, v: usize| if yes { v } else { 0 };
            Ok(match param_name {
                CL_IMAGE_FORMAT => {
                    let f = img.format;
                    val(&[f.image_channel_order, f.image_channel_data_type])
                }
                CL_IMAGE_ELEMENT_SIZE => val(&img.elem_size),
                CL_IMAGE_ROW_PITCH => val(&img.row_pitch),
                CL_IMAGE_SLICE_PITCH => val(&img.slice_pitch),
                CL_IMAGE_WIDTH => val(&img.width),
                CL_IMAGE_HEIGHT => val(&zero_unless(
                    matches!(
                        t,
                        CL_MEM_OBJECT_IMAGE2D | CL_MEM_OBJECT_IMAGE2D_ARRAY | CL_MEM_OBJECT_IMAGE3D
                    ),
                    img.height,
                )),
                CL_IMAGE_DEPTH => val(&zero_unless(t == CL_MEM_OBJECT_IMAGE3D, img.depth)),
                CL_IMAGE_ARRAY_SIZE => val(&zero_unless(img.is_array(), img.array_size)),
                CL_IMAGE_BUFFER => val(&img
                    .buffer
                    .as_ref()
                    .map_or(std::ptr::null_mut(), handle::raw)),
                CL_IMAGE_NUM_MIP_LEVELS | CL_IMAGE_NUM_SAMPLES => val(&0u32),
                _ => fail!(
                    CL_INVALID_VALUE,
                    "For argument 'param_name': {param_name:#x} is not an image query"
                ),
            })
        },
    )
}

// Samplers

pub unsafe extern "C" fn clCreateSampler(
    context: cl_context,
    normalized_coords: cl_bool,
    addressing_mode: cl_addressing_mode,
    filter_mode: cl_filter_mode,
    errcode_ret: *mut cl_int,
) -> cl_sampler {
    api_create("clCreateSampler", errcode_ret, || {
        let c = get_context(context)?;
        let s = Sampler::new(
            c,
            normalized_coords != CL_FALSE,
            addressing_mode,
            filter_mode,
            Vec::new(),
        )?;
        Ok(hand_out(handle::create(s)))
    })
}

pub unsafe extern "C" fn clCreateSamplerWithProperties(
    context: cl_context,
    sampler_properties: *const cl_sampler_properties,
    errcode_ret: *mut cl_int,
) -> cl_sampler {
    api_create("clCreateSamplerWithProperties", errcode_ret, || {
        let c = get_context(context)?;
        let props = property_list(sampler_properties);
        let (mut normalized, mut addressing, mut filter) =
            (true, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST);
        let mut seen = Vec::new();
        for pair in props.chunks_exact(2) {
            let (name, value) = (pair[0] as cl_uint, pair[1]);
            ensure!(
                !seen.contains(&name),
                CL_INVALID_VALUE,
                "Sampler property {name:#x} is given twice"
            );
            seen.push(name);
            match name {
                CL_SAMPLER_NORMALIZED_COORDS => normalized = value != 0,
                CL_SAMPLER_ADDRESSING_MODE => addressing = value as cl_addressing_mode,
                CL_SAMPLER_FILTER_MODE => filter = value as cl_filter_mode,
                other => fail!(CL_INVALID_VALUE, "Unknown sampler property {other:#x}"),
            }
        }
        let s = Sampler::new(c, normalized, addressing, filter, props)?;
        Ok(hand_out(handle::create(s)))
    })
}

pub unsafe extern "C" fn clRetainSampler(sampler: cl_sampler) -> cl_int {
    api_call("clRetainSampler", || {
        handle::retain::<Sampler>(sampler, "sampler")
    })
}

pub unsafe extern "C" fn clReleaseSampler(sampler: cl_sampler) -> cl_int {
    api_call("clReleaseSampler", || {
        handle::release::<Sampler>(sampler, "sampler").map(drop)
    })
}

pub unsafe extern "C" fn clGetSamplerInfo(
    sampler: cl_sampler,
    param_name: cl_sampler_info,
    param_value_size: size_t,
    param_value: *mut c_void,
    param_value_size_ret: *mut size_t,
) -> cl_int {
    info_call(
        "clGetSamplerInfo",
        param_value_size,
        param_value,
        param_value_size_ret,
        || {
            let s = handle::get::<Sampler>(sampler, "sampler")?;
            blame(&s.context);
            Ok(match param_name {
                CL_SAMPLER_REFERENCE_COUNT => val(&s.ref_count()),
                CL_SAMPLER_CONTEXT => val(&handle::raw(&s.context)),
                CL_SAMPLER_NORMALIZED_COORDS => val(&(s.normalized as cl_bool)),
                CL_SAMPLER_ADDRESSING_MODE => val(&s.addressing),
                CL_SAMPLER_FILTER_MODE => val(&s.filter),
                CL_SAMPLER_PROPERTIES => val(&s.properties),
                _ => fail!(
                    CL_INVALID_VALUE,
                    "For argument 'param_name': {param_name:#x} is not a sampler query"
                ),
            })
        },
    )
}
