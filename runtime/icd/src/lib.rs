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

/// The leak report (`--leak-check`) runs from this library's finaliser: the ICD loader loads
/// it after the program's libraries, so the C library finalises it after them, when the
/// application's exit handlers and static destructors have run too.
#[used]
#[link_section = ".fini_array"]
static REPORT_LEAKS: extern "C" fn() = report_leaks;

extern "C" fn report_leaks() {
    oclgrind_runtime::leaks::report_now();
}
