//! The OpenCL runtime as an ICD driver: only the two names ICD loaders look up are exported;
//! everything else is reached through the dispatch table at the start of every handle.

use oclgrind_runtime::api;
use oclgrind_runtime::cl::*;

/// # Safety
/// As `clGetPlatformIDs`.
#[no_mangle]
pub unsafe extern "C" fn clIcdGetPlatformIDsKHR(
    num_entries: cl_uint,
    platforms: *mut cl_platform_id,
    num_platforms: *mut cl_uint,
) -> cl_int {
    api::clIcdGetPlatformIDsKHR(num_entries, platforms, num_platforms)
}

/// # Safety
/// `func_name` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn clGetExtensionFunctionAddress(func_name: *const c_char) -> *mut c_void {
    api::clGetExtensionFunctionAddress(func_name)
}
