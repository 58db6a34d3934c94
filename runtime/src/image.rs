//! Images: formats, descriptors and the byte layout of pixels in simulated memory.
//!
//! An image's pixels live in a global buffer (its own, the application's with
//! `CL_MEM_USE_HOST_PTR`, or a buffer's for images made from buffers); kernels receive the address
//! of a descriptor (core `image::ImageDesc`) that says where the pixels are and how they are laid
//! out, pitches included.

use oclgrind_core::image::{self as sim_image, ImageDesc};

use crate::cl::*;
use crate::command::{Direction, HostPtr, Layout};
use crate::context::Context;
use crate::error::{ensure, fail, ClError, ClResult};
use crate::handle::{self, Obj};
use crate::memobj::{check_flags, MemObject, Storage};

/// What an image object knows beyond what every memory object does.
pub struct ImageData {
    pub format: cl_image_format,
    pub image_type: cl_mem_object_type,
    pub width: usize,
    pub height: usize,
    pub depth: usize,
    pub array_size: usize,
    pub row_pitch: usize,
    pub slice_pitch: usize,
    pub elem_size: usize,
    /// The buffer an image was made from.
    pub buffer: Option<Obj<MemObject>>,
    /// Simulated address of the descriptor kernels receive.
    pub descriptor: u64,
}

// CL_Rx and CL_RGx are not offered: the simulator stores them without their padding channel
// (as Oclgrind does), which is not the layout the specification gives them.
const ORDERS_ALL_TYPES: [cl_channel_order; 5] = [CL_R, CL_A, CL_RG, CL_RA, CL_RGBA];
const ALL_TYPES: [cl_channel_type; 12] = [
    CL_SNORM_INT8,
    CL_SNORM_INT16,
    CL_UNORM_INT8,
    CL_UNORM_INT16,
    CL_SIGNED_INT8,
    CL_SIGNED_INT16,
    CL_SIGNED_INT32,
    CL_UNSIGNED_INT8,
    CL_UNSIGNED_INT16,
    CL_UNSIGNED_INT32,
    CL_FLOAT,
    CL_HALF_FLOAT,
];
const LUMINANCE_TYPES: [cl_channel_type; 6] = [
    CL_SNORM_INT8,
    CL_SNORM_INT16,
    CL_UNORM_INT8,
    CL_UNORM_INT16,
    CL_FLOAT,
    CL_HALF_FLOAT,
];
const BYTE_TYPES: [cl_channel_type; 4] = [
    CL_SNORM_INT8,
    CL_UNORM_INT8,
    CL_SIGNED_INT8,
    CL_UNSIGNED_INT8,
];

/// The formats we offer, for every image type and flag.
pub fn supported_formats() -> Vec<cl_image_format> {
    let mut out = Vec::new();
    let mut add = |orders: &[cl_channel_order], types: &[cl_channel_type]| {
        for &o in orders {
            for &t in types {
                out.push(cl_image_format {
                    image_channel_order: o,
                    image_channel_data_type: t,
                });
            }
        }
    };
    add(&ORDERS_ALL_TYPES, &ALL_TYPES);
    add(&[CL_INTENSITY, CL_LUMINANCE], &LUMINANCE_TYPES);
    add(&[CL_ARGB, CL_BGRA], &BYTE_TYPES);
    out
}

fn is_supported(f: &cl_image_format) -> bool {
    supported_formats().iter().any(|s| {
        s.image_channel_order == f.image_channel_order
            && s.image_channel_data_type == f.image_channel_data_type
    })
}

/// Bytes per pixel, or the right error for a format we cannot take.
pub fn element_size(f: &cl_image_format) -> ClResult<usize> {
    let size = sim_image::pixel_size(f.image_channel_order, f.image_channel_data_type).ok_or_else(
        || {
            ClError::new(
                CL_INVALID_IMAGE_FORMAT_DESCRIPTOR,
                format!(
                    "Invalid image format (order {:#x}, type {:#x})",
                    f.image_channel_order, f.image_channel_data_type
                ),
            )
        },
    )?;
    ensure!(
        is_supported(f),
        CL_IMAGE_FORMAT_NOT_SUPPORTED,
        "Unsupported image format (order {:#x}, type {:#x})",
        f.image_channel_order,
        f.image_channel_data_type
    );
    Ok(size as usize)
}

/// Dimension limits of the device (compat §7.4).
const MAX_2D: usize = 8192;
const MAX_3D: usize = 2048;
const MAX_ARRAY: usize = 2048;
const MAX_BUFFER_PIXELS: usize = 65536;

/// Creates an image (`clCreateImage` and the 1.1 entry points).
pub fn create(
    context: Obj<Context>,
    flags: cl_mem_flags,
    format: &cl_image_format,
    desc: &cl_image_desc,
    host_ptr: *mut c_void,
    properties: Vec<cl_mem_properties>,
) -> ClResult<MemObject> {
    let elem = element_size(format)?;
    let t = desc.image_type;
    let w = desc.image_width;
    let (height, depth, array_size) = dimensions(desc)?;
    let buffer = source_buffer(&context, desc, host_ptr)?;
    let tight_row = w * elem;
    let uses_memory_of_others = !host_ptr.is_null() || buffer.is_some();
    let (row_pitch, tight_slice, slice_pitch) =
        pitches(desc, (elem, height), uses_memory_of_others)?;
    let size = match t {
        CL_MEM_OBJECT_IMAGE1D_ARRAY | CL_MEM_OBJECT_IMAGE2D_ARRAY => slice_pitch * array_size,
        CL_MEM_OBJECT_IMAGE3D => slice_pitch * depth,
        _ => row_pitch * height,
    };
    let mut flags = check_flags(flags, host_ptr)?;
    let storage = if let Some(b) = &buffer {
        ensure!(
            size <= b.size,
            CL_INVALID_IMAGE_SIZE,
            "The image needs {size} bytes but the buffer has {}",
            b.size
        );
        // Access flags not given are inherited from the buffer.
        if desc_flags_unset(flags) {
            flags = (flags & !(CL_MEM_READ_WRITE | CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY))
                | (b.flags & (CL_MEM_READ_WRITE | CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY));
        }
        Storage::Within(b.address)
    } else if flags & CL_MEM_USE_HOST_PTR != 0 {
        Storage::HostPtr
    } else {
        Storage::Fresh
    };
    let ours_tight = matches!(storage, Storage::Fresh);
    let (row_pitch, slice_pitch) = if ours_tight {
        (tight_row, tight_slice)
    } else {
        (row_pitch, slice_pitch)
    };
    let alloc_size = match t {
        CL_MEM_OBJECT_IMAGE1D_ARRAY | CL_MEM_OBJECT_IMAGE2D_ARRAY => slice_pitch * array_size,
        CL_MEM_OBJECT_IMAGE3D => slice_pitch * depth,
        _ => row_pitch * height,
    };
    let address = MemObject::allocate(&context, alloc_size, flags, host_ptr, storage)?;

    let mut data = ImageData {
        format: *format,
        image_type: t,
        width: w,
        height,
        depth,
        array_size,
        row_pitch,
        slice_pitch,
        elem_size: elem,
        buffer,
        descriptor: 0,
    };
    if flags & CL_MEM_COPY_HOST_PTR != 0 {
        // The application's pixels may have other pitches than ours.
        let region = data.full_region();
        let src = data.host_layout(region, desc.image_row_pitch, desc.image_slice_pitch);
        crate::command::host_copy(
            &context.sim,
            address,
            &data.layout([0, 0, 0]),
            HostPtr::new(host_ptr),
            &src,
            data.region_bytes(region),
            Direction::ToDevice,
        );
    }
    let descriptor = ImageDesc {
        data: address,
        order: format.image_channel_order,
        channel_type: format.image_channel_data_type,
        kind: t,
        width: w as u64,
        height: height as u64,
        depth: depth as u64,
        array_size: array_size as u64,
        row_pitch: row_pitch as u64,
        slice_pitch: slice_pitch as u64,
    };
    let Some(desc_addr) = context.sim.allocate(ImageDesc::SIZE as u64, 0) else {
        context.sim.free(address);
        fail!(
            CL_MEM_OBJECT_ALLOCATION_FAILURE,
            "Cannot allocate an image descriptor"
        );
    };
    context.sim.global.write(desc_addr, &descriptor.to_bytes());
    data.descriptor = desc_addr;
    let kept_ptr = if flags & CL_MEM_USE_HOST_PTR != 0 {
        host_ptr as usize
    } else {
        0
    };
    let mut m = MemObject::new(context, t, flags, alloc_size, kept_ptr, address, properties);
    m.image = Some(data);
    Ok(m)
}

/// The image's height, depth and number of layers (1 where its type has none), checked
/// against the device's limits.
fn dimensions(desc: &cl_image_desc) -> ClResult<(usize, usize, usize)> {
    let t = desc.image_type;
    let size_error = |what: &str| ClError::new(CL_INVALID_IMAGE_SIZE, what.to_string());
    let (w, h, d, layers) = (
        desc.image_width,
        desc.image_height,
        desc.image_depth,
        desc.image_array_size,
    );
    let within = |v: usize, max: usize| v >= 1 && v <= max;
    let (height, depth, array_size) = match t {
        CL_MEM_OBJECT_IMAGE1D => (1, 1, 1),
        CL_MEM_OBJECT_IMAGE1D_BUFFER => (1, 1, 1),
        CL_MEM_OBJECT_IMAGE1D_ARRAY => (1, 1, layers),
        CL_MEM_OBJECT_IMAGE2D => (h, 1, 1),
        CL_MEM_OBJECT_IMAGE2D_ARRAY => (h, 1, layers),
        CL_MEM_OBJECT_IMAGE3D => (h, d, 1),
        _ => fail!(CL_INVALID_IMAGE_DESCRIPTOR, "Invalid image type {t:#x}"),
    };
    let max_w = match t {
        CL_MEM_OBJECT_IMAGE1D_BUFFER => MAX_BUFFER_PIXELS,
        CL_MEM_OBJECT_IMAGE3D => MAX_3D,
        _ => MAX_2D,
    };
    let max_h = if t == CL_MEM_OBJECT_IMAGE3D {
        MAX_3D
    } else {
        MAX_2D
    };
    if !within(w, max_w) {
        return Err(size_error(&format!("image_width is {w}, limit {max_w}")));
    }
    if !within(height, max_h) {
        return Err(size_error(&format!(
            "image_height is {height}, limit {max_h}"
        )));
    }
    if !within(depth, MAX_3D) {
        return Err(size_error(&format!(
            "image_depth is {depth}, limit {MAX_3D}"
        )));
    }
    if !within(array_size, MAX_ARRAY) {
        return Err(size_error(&format!(
            "image_array_size is {array_size}, limit {MAX_ARRAY}"
        )));
    }
    ensure!(
        desc.num_mip_levels == 0 && desc.num_samples == 0,
        CL_INVALID_IMAGE_DESCRIPTOR,
        "num_mip_levels and num_samples must be 0"
    );
    Ok((height, depth, array_size))
}

/// The buffer an image is made from (`image_desc->buffer`), if any.
fn source_buffer(
    context: &Obj<Context>,
    desc: &cl_image_desc,
    host_ptr: *mut c_void,
) -> ClResult<Option<Obj<MemObject>>> {
    let t = desc.image_type;
    let buffer_handle = desc.buffer;
    let buffer = if buffer_handle.is_null() {
        ensure!(
            t != CL_MEM_OBJECT_IMAGE1D_BUFFER,
            CL_INVALID_IMAGE_DESCRIPTOR,
            "A 1D buffer image needs a buffer"
        );
        None
    } else {
        ensure!(
            matches!(t, CL_MEM_OBJECT_IMAGE1D_BUFFER | CL_MEM_OBJECT_IMAGE2D),
            CL_INVALID_IMAGE_DESCRIPTOR,
            "Only 1D buffer images and 2D images can be made from a buffer"
        );
        let b = handle::get::<MemObject>(buffer_handle, "image_desc->buffer")?;
        ensure!(
            !b.is_image() && std::sync::Arc::ptr_eq(&b.context, context),
            CL_INVALID_IMAGE_DESCRIPTOR,
            "image_desc->buffer is not a buffer of this context"
        );
        ensure!(
            host_ptr.is_null(),
            CL_INVALID_HOST_PTR,
            "host_ptr must be NULL for an image made from a buffer"
        );
        Some(b)
    };
    Ok(buffer)
}

/// The image's row pitch, the slice pitch a tight layout has, and its slice pitch, checked
/// against its width and height (`elem`: bytes of a pixel): the application's own pitches
/// only where the pixels are its memory or a buffer's.
fn pitches(
    desc: &cl_image_desc,
    (elem, height): (usize, usize),
    uses_memory_of_others: bool,
) -> ClResult<(usize, usize, usize)> {
    let t = desc.image_type;
    let tight_row = desc.image_width * elem;
    let row_pitch = match desc.image_row_pitch {
        0 => tight_row,
        p if uses_memory_of_others && p >= tight_row && p % elem == 0 => p,
        p => fail!(
            CL_INVALID_IMAGE_DESCRIPTOR,
            "image_row_pitch is {p}: it must be 0{}",
            if uses_memory_of_others {
                format!(", or a multiple of {elem} no less than {tight_row}")
            } else {
                " when host_ptr is NULL".to_string()
            }
        ),
    };
    let tight_slice = match t {
        CL_MEM_OBJECT_IMAGE1D_ARRAY => row_pitch,
        CL_MEM_OBJECT_IMAGE2D_ARRAY | CL_MEM_OBJECT_IMAGE3D => row_pitch * height,
        _ => 0,
    };
    let slice_pitch = match desc.image_slice_pitch {
        0 => tight_slice,
        p if tight_slice != 0 && uses_memory_of_others && p >= tight_slice => p,
        p if tight_slice == 0 => {
            let _ = p;
            0
        }
        p => fail!(
            CL_INVALID_IMAGE_DESCRIPTOR,
            "image_slice_pitch is {p}: it must be 0, or no less than {tight_slice} when host_ptr is given"
        ),
    };
    Ok((row_pitch, tight_slice, slice_pitch))
}

fn desc_flags_unset(flags: cl_mem_flags) -> bool {
    // check_flags filled in READ_WRITE when no access flag was given; an explicit READ_WRITE
    // cannot be told apart, which only matters for a buffer made read-only or write-only.
    flags & (CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY) == 0
}

impl ImageData {
    /// Whether the image has layers (an array image).
    pub fn is_array(&self) -> bool {
        matches!(
            self.image_type,
            CL_MEM_OBJECT_IMAGE1D_ARRAY | CL_MEM_OBJECT_IMAGE2D_ARRAY
        )
    }

    /// Size of the whole image in (pixels, rows or layers, slices or layers).
    pub fn full_region(&self) -> [usize; 3] {
        match self.image_type {
            CL_MEM_OBJECT_IMAGE1D_ARRAY => [self.width, self.array_size, 1],
            CL_MEM_OBJECT_IMAGE2D_ARRAY => [self.width, self.height, self.array_size],
            _ => [self.width, self.height, self.depth],
        }
    }

    /// Checks an origin and region against the image (`CL_INVALID_VALUE` if they do not fit).
    pub fn check_region(&self, origin: [usize; 3], region: [usize; 3]) -> ClResult<()> {
        let full = self.full_region();
        ensure!(
            region.iter().all(|&r| r > 0),
            CL_INVALID_VALUE,
            "region has a zero extent"
        );
        for d in 0..3 {
            ensure!(
                origin[d]
                    .checked_add(region[d])
                    .is_some_and(|end| end <= full[d]),
                CL_INVALID_VALUE,
                "origin[{d}] + region[{d}] = {} exceeds the image's {} in that dimension",
                origin[d].saturating_add(region[d]),
                full[d]
            );
        }
        Ok(())
    }

    /// Byte distances between rows and between slices, as a region's dimensions 1 and 2 step.
    fn strides(&self) -> (usize, usize) {
        match self.image_type {
            // The second coordinate of a 1D array is the layer.
            CL_MEM_OBJECT_IMAGE1D_ARRAY => (self.slice_pitch, self.slice_pitch),
            _ => (self.row_pitch, self.slice_pitch),
        }
    }

    /// The layout of the image's pixels from `origin`.
    pub fn layout(&self, origin: [usize; 3]) -> Layout {
        let (row, slice) = self.strides();
        Layout {
            offset: origin[0] * self.elem_size + origin[1] * row + origin[2] * slice,
            row_pitch: row,
            slice_pitch: slice,
        }
    }

    /// A region in bytes (the first extent times the pixel size).
    pub fn region_bytes(&self, region: [usize; 3]) -> [usize; 3] {
        [region[0] * self.elem_size, region[1], region[2]]
    }

    /// The application's layout for a region it reads or writes with the given pitches (0
    /// meaning tightly packed).
    pub fn host_layout(&self, region: [usize; 3], row_pitch: usize, slice_pitch: usize) -> Layout {
        let row = if row_pitch == 0 {
            region[0] * self.elem_size
        } else {
            row_pitch
        };
        let slice = if slice_pitch != 0 {
            slice_pitch
        } else if self.image_type == CL_MEM_OBJECT_IMAGE1D_ARRAY {
            row
        } else {
            row * region[1]
        };
        if self.image_type == CL_MEM_OBJECT_IMAGE1D_ARRAY {
            // Layers are the second coordinate: they step by the slice pitch.
            Layout {
                offset: 0,
                row_pitch: slice,
                slice_pitch: slice,
            }
        } else {
            Layout {
                offset: 0,
                row_pitch: row,
                slice_pitch: slice,
            }
        }
    }
}
