//! API errors: the error type of the runtime, how entry points report errors (compat §7.3), and
//! the guard that keeps panics from crossing the C boundary.

use std::cell::Cell;
use std::ffi::CString;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use oclgrind_core::diagnostics::Diagnostic;

use crate::cl::*;
use crate::context::Context;
use crate::handle::{Handle, Obj};

/// A failed API call: the code to return and a detail for the report.
#[derive(Debug)]
pub struct ClError {
    pub code: cl_int,
    pub info: String,
}

impl ClError {
    pub fn new(code: cl_int, info: impl Into<String>) -> ClError {
        ClError {
            code,
            info: info.into(),
        }
    }
}

pub type ClResult<T> = Result<T, ClError>;

/// Returns early with an error: `fail!(CL_INVALID_VALUE, "format", args...)`.
macro_rules! fail {
    ($code:expr) => {
        return Err($crate::error::ClError::new($code, String::new()))
    };
    ($code:expr, $($fmt:tt)+) => {
        return Err($crate::error::ClError::new($code, format!($($fmt)+)))
    };
}
pub(crate) use fail;

/// `Err` unless `cond`: `ensure!(cond, CODE, "format", args...)`.
macro_rules! ensure {
    ($cond:expr, $code:expr) => {
        if !$cond {
            $crate::error::fail!($code);
        }
    };
    ($cond:expr, $code:expr, $($fmt:tt)+) => {
        if !$cond {
            $crate::error::fail!($code, $($fmt)+);
        }
    };
}
pub(crate) use ensure;

thread_local! {
    /// The context an error in the current call belongs to (its callback hears about it), as
    /// a pointer from `Arc::into_raw`. A thread-local of a type without a destructor stays
    /// usable while its thread is torn down: C++ `thread_local` destructors, exit handlers and
    /// static destructors call OpenCL after the thread's destructible thread-locals are gone.
    static BLAME: Cell<*const Handle<Context>> = const { Cell::new(std::ptr::null()) };
    /// The entry point the current call went through (`clCreateBuffer`): a leak report names
    /// what created an object.
    static CALL: Cell<&'static str> = const { Cell::new("") };
}

/// The entry point this thread is in (the innermost, for calls from callbacks).
pub fn current_call() -> &'static str {
    CALL.try_with(Cell::get).unwrap_or("")
}

/// Puts `context` in BLAME and returns what was there.
fn swap_blame(context: Option<Obj<Context>>) -> Option<Obj<Context>> {
    let new = context.map_or(std::ptr::null(), Arc::into_raw);
    match BLAME.try_with(|b| b.replace(new)) {
        // SAFETY: BLAME only ever holds null or a pointer from `Arc::into_raw`, whose
        // reference it owns; replacing it hands that reference to us.
        Ok(old) if !old.is_null() => Some(unsafe { Arc::from_raw(old) }),
        Ok(_) => None,
        Err(_) => {
            // Unreachable for a destructor-less thread-local; never leak the reference.
            if !new.is_null() {
                // SAFETY: `new` came from `Arc::into_raw` above and was not stored.
                drop(unsafe { Arc::from_raw(new) });
            }
            None
        }
    }
}

/// Refuses the bits of the flags argument `what` that are not in `known` (`CL_INVALID_VALUE`).
pub fn known_flags(flags: cl_bitfield, known: cl_bitfield, what: &str) -> ClResult<()> {
    ensure!(
        flags & !known == 0,
        CL_INVALID_VALUE,
        "For argument '{what}': unknown flags {:#x}",
        flags & !known
    );
    Ok(())
}

/// Refuses an empty list argument: `count` (named `count_name`) is 0 or the list
/// (`list_name`) is NULL (`CL_INVALID_VALUE`).
pub fn nonempty<T>(
    count: cl_uint,
    list: *const T,
    count_name: &str,
    list_name: &str,
) -> ClResult<()> {
    ensure!(
        count > 0 && !list.is_null(),
        CL_INVALID_VALUE,
        "{count_name} is 0 or {list_name} is NULL"
    );
    Ok(())
}

/// Records the context the current call works in (called when an object is looked up).
pub fn blame(context: &Obj<Context>) {
    drop(swap_blame(Some(context.clone())));
}

/// Runs the body of an entry point that returns an error code.
///
/// Nothing here may unwind into C (that aborts the process): the body's panics become
/// `CL_OUT_OF_HOST_MEMORY` with a report, and so does a panic in the bookkeeping around it.
pub fn api_call(function: &'static str, body: impl FnOnce() -> ClResult<()>) -> cl_int {
    let call = || {
        // An entry point re-entered from a callback keeps its caller's context.
        let saved = swap_blame(None);
        let outer = CALL.try_with(|c| c.replace(function)).unwrap_or("");
        let result = guard(function, body);
        let _ = CALL.try_with(|c| c.set(outer));
        let context = swap_blame(saved);
        match result {
            Ok(()) => CL_SUCCESS,
            Err(e) => {
                report_problem(function, &e, context.as_ref());
                e.code
            }
        }
    };
    catch_unwind(AssertUnwindSafe(call)).unwrap_or_else(|_| {
        stderr_line(&format!("Oclgrind: internal error in {function}"));
        CL_OUT_OF_HOST_MEMORY
    })
}

/// Runs the body of an entry point that returns an object and stores its code in `errcode_ret`.
pub fn api_create<T>(
    function: &'static str,
    errcode_ret: *mut cl_int,
    body: impl FnOnce() -> ClResult<*mut T>,
) -> *mut T {
    let mut out = std::ptr::null_mut();
    let code = api_call(function, || {
        out = body()?;
        Ok(())
    });
    if !errcode_ret.is_null() {
        // SAFETY: the caller passes NULL or a pointer to a cl_int.
        unsafe { *errcode_ret = code };
    }
    out
}

/// Runs `body`, turning a panic into an error (it must never unwind into C).
fn guard<R>(function: &str, body: impl FnOnce() -> ClResult<R>) -> ClResult<R> {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(r) => r,
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".into());
            Err(ClError::new(
                CL_OUT_OF_HOST_MEMORY,
                format!("Internal error in {function}: {what}"),
            ))
        }
    }
}

/// Runs a callback into the application; a panic in our part of it is contained.
pub fn contained(what: &str, f: impl FnOnce()) {
    if catch_unwind(AssertUnwindSafe(f)).is_err() {
        stderr_line(&format!("Oclgrind: internal error while running {what}"));
    }
}

/// Writes a line to stderr. A failed write (stderr closed or full) is ignored: `eprintln!`
/// would panic, and panics must not reach the application.
pub fn stderr_line(text: &str) {
    use std::io::Write;
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(text.as_bytes());
    let _ = err.write_all(b"\n");
}

/// The report of an API error (compat §7.3).
pub fn diagnostic(function: &str, e: &ClError) -> Diagnostic {
    Diagnostic::api_error(function, error_name(e.code), Some(e.info.clone()))
}

/// Prints an error with `--check-api` and tells the context's callback, if any: for a
/// failed call, or a problem with a call that goes on.
pub fn report_problem(function: &str, e: &ClError, context: Option<&Obj<Context>>) {
    let d = diagnostic(function, e);
    let text = format!("\n{d}");
    let settings = crate::platform::settings();
    if settings.check_api {
        stderr_line(&text);
        // A diagnostics file for CI has it too, and it counts for --error-exitcode.
        oclgrind_reports::report(settings, &d);
        // The debugger's interface lists it with the kernels' diagnostics.
        if let Some(engine) = crate::context::attached_debugger() {
            engine.report_api_error(&d);
        }
    }
    if let Some(ctx) = context {
        if let Ok(c) = CString::new(text) {
            ctx.notify_error(&c);
        }
    }
}

/// The name of an error code (`Unknown` for codes OpenCL does not define).
pub fn error_name(code: cl_int) -> &'static str {
    match code {
        CL_SUCCESS => "CL_SUCCESS",
        CL_DEVICE_NOT_FOUND => "CL_DEVICE_NOT_FOUND",
        CL_DEVICE_NOT_AVAILABLE => "CL_DEVICE_NOT_AVAILABLE",
        CL_COMPILER_NOT_AVAILABLE => "CL_COMPILER_NOT_AVAILABLE",
        CL_MEM_OBJECT_ALLOCATION_FAILURE => "CL_MEM_OBJECT_ALLOCATION_FAILURE",
        CL_OUT_OF_RESOURCES => "CL_OUT_OF_RESOURCES",
        CL_OUT_OF_HOST_MEMORY => "CL_OUT_OF_HOST_MEMORY",
        CL_PROFILING_INFO_NOT_AVAILABLE => "CL_PROFILING_INFO_NOT_AVAILABLE",
        CL_MEM_COPY_OVERLAP => "CL_MEM_COPY_OVERLAP",
        CL_IMAGE_FORMAT_MISMATCH => "CL_IMAGE_FORMAT_MISMATCH",
        CL_IMAGE_FORMAT_NOT_SUPPORTED => "CL_IMAGE_FORMAT_NOT_SUPPORTED",
        CL_BUILD_PROGRAM_FAILURE => "CL_BUILD_PROGRAM_FAILURE",
        CL_MAP_FAILURE => "CL_MAP_FAILURE",
        CL_MISALIGNED_SUB_BUFFER_OFFSET => "CL_MISALIGNED_SUB_BUFFER_OFFSET",
        CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST => {
            "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST"
        }
        CL_COMPILE_PROGRAM_FAILURE => "CL_COMPILE_PROGRAM_FAILURE",
        CL_LINKER_NOT_AVAILABLE => "CL_LINKER_NOT_AVAILABLE",
        CL_LINK_PROGRAM_FAILURE => "CL_LINK_PROGRAM_FAILURE",
        CL_DEVICE_PARTITION_FAILED => "CL_DEVICE_PARTITION_FAILED",
        CL_KERNEL_ARG_INFO_NOT_AVAILABLE => "CL_KERNEL_ARG_INFO_NOT_AVAILABLE",
        CL_INVALID_VALUE => "CL_INVALID_VALUE",
        CL_INVALID_DEVICE_TYPE => "CL_INVALID_DEVICE_TYPE",
        CL_INVALID_PLATFORM => "CL_INVALID_PLATFORM",
        CL_INVALID_DEVICE => "CL_INVALID_DEVICE",
        CL_INVALID_CONTEXT => "CL_INVALID_CONTEXT",
        CL_INVALID_QUEUE_PROPERTIES => "CL_INVALID_QUEUE_PROPERTIES",
        CL_INVALID_COMMAND_QUEUE => "CL_INVALID_COMMAND_QUEUE",
        CL_INVALID_HOST_PTR => "CL_INVALID_HOST_PTR",
        CL_INVALID_MEM_OBJECT => "CL_INVALID_MEM_OBJECT",
        CL_INVALID_IMAGE_FORMAT_DESCRIPTOR => "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR",
        CL_INVALID_IMAGE_SIZE => "CL_INVALID_IMAGE_SIZE",
        CL_INVALID_SAMPLER => "CL_INVALID_SAMPLER",
        CL_INVALID_BINARY => "CL_INVALID_BINARY",
        CL_INVALID_BUILD_OPTIONS => "CL_INVALID_BUILD_OPTIONS",
        CL_INVALID_PROGRAM => "CL_INVALID_PROGRAM",
        CL_INVALID_PROGRAM_EXECUTABLE => "CL_INVALID_PROGRAM_EXECUTABLE",
        CL_INVALID_KERNEL_NAME => "CL_INVALID_KERNEL_NAME",
        CL_INVALID_KERNEL_DEFINITION => "CL_INVALID_KERNEL_DEFINITION",
        CL_INVALID_KERNEL => "CL_INVALID_KERNEL",
        CL_INVALID_ARG_INDEX => "CL_INVALID_ARG_INDEX",
        CL_INVALID_ARG_VALUE => "CL_INVALID_ARG_VALUE",
        CL_INVALID_ARG_SIZE => "CL_INVALID_ARG_SIZE",
        CL_INVALID_KERNEL_ARGS => "CL_INVALID_KERNEL_ARGS",
        CL_INVALID_WORK_DIMENSION => "CL_INVALID_WORK_DIMENSION",
        CL_INVALID_WORK_GROUP_SIZE => "CL_INVALID_WORK_GROUP_SIZE",
        CL_INVALID_WORK_ITEM_SIZE => "CL_INVALID_WORK_ITEM_SIZE",
        CL_INVALID_GLOBAL_OFFSET => "CL_INVALID_GLOBAL_OFFSET",
        CL_INVALID_EVENT_WAIT_LIST => "CL_INVALID_EVENT_WAIT_LIST",
        CL_INVALID_EVENT => "CL_INVALID_EVENT",
        CL_INVALID_OPERATION => "CL_INVALID_OPERATION",
        CL_INVALID_GL_OBJECT => "CL_INVALID_GL_OBJECT",
        CL_INVALID_BUFFER_SIZE => "CL_INVALID_BUFFER_SIZE",
        CL_INVALID_MIP_LEVEL => "CL_INVALID_MIP_LEVEL",
        CL_INVALID_GLOBAL_WORK_SIZE => "CL_INVALID_GLOBAL_WORK_SIZE",
        CL_INVALID_PROPERTY => "CL_INVALID_PROPERTY",
        CL_INVALID_IMAGE_DESCRIPTOR => "CL_INVALID_IMAGE_DESCRIPTOR",
        CL_INVALID_COMPILER_OPTIONS => "CL_INVALID_COMPILER_OPTIONS",
        CL_INVALID_LINKER_OPTIONS => "CL_INVALID_LINKER_OPTIONS",
        CL_INVALID_DEVICE_PARTITION_COUNT => "CL_INVALID_DEVICE_PARTITION_COUNT",
        CL_INVALID_PIPE_SIZE => "CL_INVALID_PIPE_SIZE",
        CL_INVALID_DEVICE_QUEUE => "CL_INVALID_DEVICE_QUEUE",
        CL_INVALID_SPEC_ID => "CL_INVALID_SPEC_ID",
        CL_MAX_SIZE_RESTRICTION_EXCEEDED => "CL_MAX_SIZE_RESTRICTION_EXCEEDED",
        CL_PLATFORM_NOT_FOUND_KHR => "CL_PLATFORM_NOT_FOUND_KHR",
        _ => "Unknown",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_have_oclgrinds_layout() {
        let e = ClError::new(CL_INVALID_VALUE, "For argument 'size'");
        assert_eq!(
            diagnostic("clCreateBuffer", &e).to_string(),
            "Oclgrind - OpenCL runtime error detected\n\tFunction: clCreateBuffer\n\
             \tError:    CL_INVALID_VALUE\n\tFor argument 'size'\n"
        );
        assert_eq!(error_name(-9999), "Unknown");
        assert_eq!(error_name(CL_INVALID_KERNEL_ARGS), "CL_INVALID_KERNEL_ARGS");
    }

    #[test]
    fn panics_become_errors() {
        let code = api_call("clTest", || panic!("boom"));
        assert_eq!(code, CL_OUT_OF_HOST_MEMORY);
        let mut err = 0;
        let p: *mut u8 = api_create("clTest", &mut err, || fail!(CL_INVALID_VALUE));
        assert!(p.is_null());
        assert_eq!(err, CL_INVALID_VALUE);
    }
}
