//! The OpenCL C types and constants we use, and names for the callback types of the API.

pub use libc::{c_char, c_void, size_t};
pub use opencl_sys::cl_icd::cl_icd_dispatch;
pub use opencl_sys::*;

/// `clCreateContext`'s error callback.
pub type ContextNotify = Option<
    unsafe extern "C" fn(
        errinfo: *const c_char,
        private_info: *const c_void,
        cb: size_t,
        user_data: *mut c_void,
    ),
>;
/// `clSetContextDestructorCallback`.
pub type ContextNotifyDestroyed =
    Option<unsafe extern "C" fn(context: cl_context, user_data: *mut c_void)>;
/// Build, compile and link callbacks, and `clSetProgramReleaseCallback`.
pub type ProgramNotify = Option<unsafe extern "C" fn(program: cl_program, user_data: *mut c_void)>;
/// `clSetMemObjectDestructorCallback`.
pub type MemObjectNotify = Option<unsafe extern "C" fn(memobj: cl_mem, user_data: *mut c_void)>;
/// `clSetEventCallback`.
pub type EventNotify = Option<
    unsafe extern "C" fn(event: cl_event, event_command_status: cl_int, user_data: *mut c_void),
>;
/// The host function of `clEnqueueNativeKernel`.
pub type NativeKernelFn = Option<unsafe extern "C" fn(args: *mut c_void)>;
/// `clEnqueueSVMFree`'s callback.
pub type SvmFreeFn = Option<
    unsafe extern "C" fn(
        queue: cl_command_queue,
        num_svm_pointers: cl_uint,
        svm_pointers: *mut *mut c_void,
        user_data: *mut c_void,
    ),
>;
