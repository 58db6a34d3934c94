//! The OpenCL ICD loader, opened at run time with `libloading` and never closed.
//!
//! Only the entry points `Device::find` and `Device::run` need are resolved. The library
//! handle lives in a `static` (statics are never dropped), so no driver sees a `dlclose`.

use std::sync::OnceLock;

use libc::{c_char, c_void, size_t};
use libloading::Library;
use opencl_sys::{
    cl_bool, cl_buffer_create_type, cl_command_queue, cl_command_queue_properties, cl_context,
    cl_context_properties, cl_device_id, cl_device_info, cl_device_type, cl_event, cl_int,
    cl_kernel, cl_mem, cl_mem_flags, cl_platform_id, cl_platform_info, cl_program,
    cl_program_build_info, cl_uint,
};

type Notify = Option<unsafe extern "C" fn(*const c_char, *const c_void, size_t, *mut c_void)>;
type BuildNotify = Option<unsafe extern "C" fn(cl_program, *mut c_void)>;
type Release = unsafe extern "C" fn(*mut c_void) -> cl_int;
pub(crate) type CreateProgramWithIl =
    unsafe extern "C" fn(cl_context, *const c_void, size_t, *mut cl_int) -> cl_program;

impl std::fmt::Debug for Api {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("OpenCL ICD loader")
    }
}

/// Typed entry points of the loaded library.
pub(crate) struct Api {
    lib: Library,
    pub get_platform_ids:
        unsafe extern "C" fn(cl_uint, *mut cl_platform_id, *mut cl_uint) -> cl_int,
    pub get_platform_info: unsafe extern "C" fn(
        cl_platform_id,
        cl_platform_info,
        size_t,
        *mut c_void,
        *mut size_t,
    ) -> cl_int,
    pub get_device_ids: unsafe extern "C" fn(
        cl_platform_id,
        cl_device_type,
        cl_uint,
        *mut cl_device_id,
        *mut cl_uint,
    ) -> cl_int,
    pub get_device_info: unsafe extern "C" fn(
        cl_device_id,
        cl_device_info,
        size_t,
        *mut c_void,
        *mut size_t,
    ) -> cl_int,
    pub create_context: unsafe extern "C" fn(
        *const cl_context_properties,
        cl_uint,
        *const cl_device_id,
        Notify,
        *mut c_void,
        *mut cl_int,
    ) -> cl_context,
    pub create_command_queue: unsafe extern "C" fn(
        cl_context,
        cl_device_id,
        cl_command_queue_properties,
        *mut cl_int,
    ) -> cl_command_queue,
    pub create_program_with_source: unsafe extern "C" fn(
        cl_context,
        cl_uint,
        *const *const c_char,
        *const size_t,
        *mut cl_int,
    ) -> cl_program,
    pub build_program: unsafe extern "C" fn(
        cl_program,
        cl_uint,
        *const cl_device_id,
        *const c_char,
        BuildNotify,
        *mut c_void,
    ) -> cl_int,
    pub get_program_build_info: unsafe extern "C" fn(
        cl_program,
        cl_device_id,
        cl_program_build_info,
        size_t,
        *mut c_void,
        *mut size_t,
    ) -> cl_int,
    pub create_kernel: unsafe extern "C" fn(cl_program, *const c_char, *mut cl_int) -> cl_kernel,
    pub create_buffer:
        unsafe extern "C" fn(cl_context, cl_mem_flags, size_t, *mut c_void, *mut cl_int) -> cl_mem,
    pub create_sub_buffer: unsafe extern "C" fn(
        cl_mem,
        cl_mem_flags,
        cl_buffer_create_type,
        *const c_void,
        *mut cl_int,
    ) -> cl_mem,
    pub set_kernel_arg: unsafe extern "C" fn(cl_kernel, cl_uint, size_t, *const c_void) -> cl_int,
    pub enqueue_nd_range_kernel: unsafe extern "C" fn(
        cl_command_queue,
        cl_kernel,
        cl_uint,
        *const size_t,
        *const size_t,
        *const size_t,
        cl_uint,
        *const cl_event,
        *mut cl_event,
    ) -> cl_int,
    pub enqueue_read_buffer: unsafe extern "C" fn(
        cl_command_queue,
        cl_mem,
        cl_bool,
        size_t,
        size_t,
        *mut c_void,
        cl_uint,
        *const cl_event,
        *mut cl_event,
    ) -> cl_int,
    pub finish: unsafe extern "C" fn(cl_command_queue) -> cl_int,
    pub release_mem_object: Release,
    pub release_kernel: Release,
    pub release_program: Release,
    pub release_command_queue: Release,
    pub release_context: Release,
}

/// Why the ICD loader could not be used: the dynamic loader's message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct LoadError(pub String);

static API: OnceLock<Result<Api, LoadError>> = OnceLock::new();

/// The loaded library, opened on first use.
pub(crate) fn api() -> Result<&'static Api, LoadError> {
    API.get_or_init(load).as_ref().map_err(Clone::clone)
}

fn load() -> Result<Api, LoadError> {
    // SAFETY: opening the ICD loader runs its initialisers, which are ordinary C code.
    let lib = unsafe { Library::new("libOpenCL.so.1") }
        .or_else(|first| unsafe { Library::new("libOpenCL.so") }.map_err(|_| first))
        .map_err(|e| LoadError(e.to_string()))?;
    macro_rules! sym {
        ($name:literal) => {
            symbol(&lib, concat!($name, "\0"))?
        };
    }
    Ok(Api {
        get_platform_ids: sym!("clGetPlatformIDs"),
        get_platform_info: sym!("clGetPlatformInfo"),
        get_device_ids: sym!("clGetDeviceIDs"),
        get_device_info: sym!("clGetDeviceInfo"),
        create_context: sym!("clCreateContext"),
        create_command_queue: sym!("clCreateCommandQueue"),
        create_program_with_source: sym!("clCreateProgramWithSource"),
        build_program: sym!("clBuildProgram"),
        get_program_build_info: sym!("clGetProgramBuildInfo"),
        create_kernel: sym!("clCreateKernel"),
        create_buffer: sym!("clCreateBuffer"),
        create_sub_buffer: sym!("clCreateSubBuffer"),
        set_kernel_arg: sym!("clSetKernelArg"),
        enqueue_nd_range_kernel: sym!("clEnqueueNDRangeKernel"),
        enqueue_read_buffer: sym!("clEnqueueReadBuffer"),
        finish: sym!("clFinish"),
        release_mem_object: sym!("clReleaseMemObject"),
        release_kernel: sym!("clReleaseKernel"),
        release_program: sym!("clReleaseProgram"),
        release_command_queue: sym!("clReleaseCommandQueue"),
        release_context: sym!("clReleaseContext"),
        lib,
    })
}

/// One required entry point, copied out of the library (which is never unloaded).
fn symbol<T: Copy>(lib: &Library, name: &str) -> Result<T, LoadError> {
    // SAFETY: every name passed is a standard OpenCL entry point, and the type it is read as
    // (the field it is stored in) matches its C prototype in the Khronos headers.
    unsafe { lib.get::<T>(name.as_bytes()) }
        .map(|s| *s)
        .map_err(|e| LoadError(e.to_string()))
}

impl Api {
    /// `clCreateProgramWithIL` (OpenCL 2.1), looked up only when an IL program is run.
    pub fn create_program_with_il(&self) -> Option<CreateProgramWithIl> {
        // SAFETY: the type matches the OpenCL 2.1 prototype.
        unsafe {
            self.lib
                .get::<CreateProgramWithIl>(b"clCreateProgramWithIL\0")
        }
        .ok()
        .map(|s| *s)
    }

    /// A string-valued query through `get` (size first, then the value), NUL stripped.
    pub fn string(
        &self,
        get: impl Fn(size_t, *mut c_void, *mut size_t) -> cl_int,
    ) -> Result<String, cl_int> {
        let mut size: size_t = 0;
        check(get(0, std::ptr::null_mut(), &mut size))?;
        let mut bytes = vec![0u8; size];
        check(get(size, bytes.as_mut_ptr().cast(), std::ptr::null_mut()))?;
        let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
        bytes.truncate(end);
        Ok(String::from_utf8_lossy(&bytes).trim().to_string())
    }

    pub fn platform_string(
        &self,
        platform: cl_platform_id,
        what: cl_platform_info,
    ) -> Result<String, cl_int> {
        // SAFETY: the pointers come from `string`, sized as it says.
        self.string(|n, p, r| unsafe { (self.get_platform_info)(platform, what, n, p, r) })
    }

    pub fn device_string(
        &self,
        device: cl_device_id,
        what: cl_device_info,
    ) -> Result<String, cl_int> {
        // SAFETY: as above.
        self.string(|n, p, r| unsafe { (self.get_device_info)(device, what, n, p, r) })
    }
}

/// `Err(code)` unless `code` is `CL_SUCCESS`.
pub(crate) fn check(code: cl_int) -> Result<(), cl_int> {
    if code == 0 {
        Ok(())
    } else {
        Err(code)
    }
}

/// Releases one OpenCL object when dropped.
pub(crate) struct Guard {
    handle: *mut c_void,
    release: Release,
}

impl Guard {
    /// Takes ownership of `handle` (one reference), or of nothing when it is NULL.
    pub fn new(handle: *mut c_void, release: Release) -> Guard {
        Guard { handle, release }
    }

    pub fn get(&self) -> *mut c_void {
        self.handle
    }

    /// The address of the handle, as clSetKernelArg takes a buffer argument.
    pub fn handle_ptr(&self) -> *const c_void {
        (&self.handle as *const *mut c_void).cast()
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        if !self.handle.is_null() {
            // SAFETY: the guard owns one reference to a live object of the matching type.
            unsafe { (self.release)(self.handle) };
        }
    }
}

const NAMES: &[(cl_int, &str)] = &[
    (-1, "CL_DEVICE_NOT_FOUND"),
    (-2, "CL_DEVICE_NOT_AVAILABLE"),
    (-3, "CL_COMPILER_NOT_AVAILABLE"),
    (-4, "CL_MEM_OBJECT_ALLOCATION_FAILURE"),
    (-5, "CL_OUT_OF_RESOURCES"),
    (-6, "CL_OUT_OF_HOST_MEMORY"),
    (-7, "CL_PROFILING_INFO_NOT_AVAILABLE"),
    (-8, "CL_MEM_COPY_OVERLAP"),
    (-9, "CL_IMAGE_FORMAT_MISMATCH"),
    (-10, "CL_IMAGE_FORMAT_NOT_SUPPORTED"),
    (-11, "CL_BUILD_PROGRAM_FAILURE"),
    (-12, "CL_MAP_FAILURE"),
    (-13, "CL_MISALIGNED_SUB_BUFFER_OFFSET"),
    (-14, "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST"),
    (-15, "CL_COMPILE_PROGRAM_FAILURE"),
    (-16, "CL_LINKER_NOT_AVAILABLE"),
    (-17, "CL_LINK_PROGRAM_FAILURE"),
    (-18, "CL_DEVICE_PARTITION_FAILED"),
    (-19, "CL_KERNEL_ARG_INFO_NOT_AVAILABLE"),
    (-30, "CL_INVALID_VALUE"),
    (-31, "CL_INVALID_DEVICE_TYPE"),
    (-32, "CL_INVALID_PLATFORM"),
    (-33, "CL_INVALID_DEVICE"),
    (-34, "CL_INVALID_CONTEXT"),
    (-35, "CL_INVALID_QUEUE_PROPERTIES"),
    (-36, "CL_INVALID_COMMAND_QUEUE"),
    (-37, "CL_INVALID_HOST_PTR"),
    (-38, "CL_INVALID_MEM_OBJECT"),
    (-39, "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR"),
    (-40, "CL_INVALID_IMAGE_SIZE"),
    (-41, "CL_INVALID_SAMPLER"),
    (-42, "CL_INVALID_BINARY"),
    (-43, "CL_INVALID_BUILD_OPTIONS"),
    (-44, "CL_INVALID_PROGRAM"),
    (-45, "CL_INVALID_PROGRAM_EXECUTABLE"),
    (-46, "CL_INVALID_KERNEL_NAME"),
    (-47, "CL_INVALID_KERNEL_DEFINITION"),
    (-48, "CL_INVALID_KERNEL"),
    (-49, "CL_INVALID_ARG_INDEX"),
    (-50, "CL_INVALID_ARG_VALUE"),
    (-51, "CL_INVALID_ARG_SIZE"),
    (-52, "CL_INVALID_KERNEL_ARGS"),
    (-53, "CL_INVALID_WORK_DIMENSION"),
    (-54, "CL_INVALID_WORK_GROUP_SIZE"),
    (-55, "CL_INVALID_WORK_ITEM_SIZE"),
    (-56, "CL_INVALID_GLOBAL_OFFSET"),
    (-57, "CL_INVALID_EVENT_WAIT_LIST"),
    (-58, "CL_INVALID_EVENT"),
    (-59, "CL_INVALID_OPERATION"),
    (-60, "CL_INVALID_GL_OBJECT"),
    (-61, "CL_INVALID_BUFFER_SIZE"),
    (-62, "CL_INVALID_MIP_LEVEL"),
    (-63, "CL_INVALID_GLOBAL_WORK_SIZE"),
    (-64, "CL_INVALID_PROPERTY"),
    (-65, "CL_INVALID_IMAGE_DESCRIPTOR"),
    (-66, "CL_INVALID_COMPILER_OPTIONS"),
    (-67, "CL_INVALID_LINKER_OPTIONS"),
    (-68, "CL_INVALID_DEVICE_PARTITION_COUNT"),
    (-69, "CL_INVALID_PIPE_SIZE"),
    (-70, "CL_INVALID_DEVICE_QUEUE"),
    (-71, "CL_INVALID_SPEC_ID"),
    (-72, "CL_MAX_SIZE_RESTRICTION_EXCEEDED"),
    (-1001, "CL_PLATFORM_NOT_FOUND_KHR"),
];

/// `CL_INVALID_WORK_GROUP_SIZE (-54)`, or `error -N` for a code not in the table.
pub fn error_name(code: cl_int) -> String {
    match NAMES.iter().find(|(c, _)| *c == code) {
        Some((_, name)) => format!("{name} ({code})"),
        None => format!("error {code}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert_eq!(error_name(-54), "CL_INVALID_WORK_GROUP_SIZE (-54)");
        assert_eq!(error_name(-13), "CL_MISALIGNED_SUB_BUFFER_OFFSET (-13)");
        assert_eq!(error_name(-72), "CL_MAX_SIZE_RESTRICTION_EXCEEDED (-72)");
        assert_eq!(error_name(-25), "error -25");
        assert_eq!(error_name(-9999), "error -9999");
    }
}
