//! The OpenCL entry points, each under its OpenCL name (see `entry_points.rs`). They are not
//! exported from here: the preload library exports forwarding wrappers, and the ICD driver
//! hands out their addresses in the dispatch table.
//!
//! Each entry point is thin: it runs its body in `api_call`/`api_create` (which report errors
//! and contain panics), turns raw arguments into checked Rust values and calls the objects.
//! The safety contract of every function here is the OpenCL specification's: pointers the
//! application passes must be valid for what the specification says they point to.

#![allow(non_snake_case, clippy::missing_safety_doc, clippy::too_many_arguments)]

mod context;
mod enqueue;
mod enqueue_image;
mod event;
mod kernel;
mod memory;
mod platform;
mod program;
mod queue;
mod svm;
mod unsupported;

pub use context::*;
pub use enqueue::*;
pub use enqueue_image::*;
pub use event::*;
pub use kernel::*;
pub use memory::*;
pub use platform::*;
pub use program::*;
pub use queue::*;
pub use svm::*;
pub use unsupported::*;

use std::sync::Arc;

use crate::cl::*;
use crate::context::Context;
use crate::error::{ensure, ClResult};
use crate::event::Event;
use crate::handle::{self, Obj};
use crate::info::InfoOut;

/// Answers an info query: `answer` gives the bytes, `InfoOut` copies them out.
fn info_call(
    function: &'static str,
    size: size_t,
    value: *mut c_void,
    size_ret: *mut size_t,
    answer: impl FnOnce() -> ClResult<Vec<u8>>,
) -> cl_int {
    crate::error::api_call(function, || {
        InfoOut::new(size, value, size_ret).write(&answer()?)
    })
}

/// Reads an array the application passes as (count, pointer).
unsafe fn slice<'a, T>(ptr: *const T, len: usize) -> &'a [T] {
    if ptr.is_null() || len == 0 {
        &[]
    } else {
        std::slice::from_raw_parts(ptr, len)
    }
}

/// Reads a zero-terminated property list (name, value pairs), keeping the terminator.
unsafe fn property_list<T: Copy + Default + PartialEq>(ptr: *const T) -> Vec<T> {
    let mut out = Vec::new();
    if ptr.is_null() {
        return out;
    }
    let mut i = 0;
    loop {
        let name = *ptr.add(i);
        out.push(name);
        if name == T::default() {
            return out;
        }
        out.push(*ptr.add(i + 1));
        i += 2;
    }
}

/// Checks a wait list: every event valid and, when `context` is given, from that context.
unsafe fn wait_list(
    num: cl_uint,
    list: *const cl_event,
    context: &Obj<Context>,
) -> ClResult<Vec<Obj<Event>>> {
    ensure!(
        (num == 0) == list.is_null(),
        CL_INVALID_EVENT_WAIT_LIST,
        "num_events_in_wait_list is {num} but event_wait_list is {}",
        if list.is_null() { "NULL" } else { "not NULL" }
    );
    let mut out = Vec::with_capacity(num as usize);
    for (i, &e) in slice(list, num as usize).iter().enumerate() {
        let ev = handle::lookup::<Event>(e).ok_or_else(|| {
            crate::error::ClError::new(
                CL_INVALID_EVENT_WAIT_LIST,
                format!("event_wait_list[{i}] is not a valid event"),
            )
        })?;
        ensure!(
            Arc::ptr_eq(&ev.context, context),
            CL_INVALID_CONTEXT,
            "event_wait_list[{i}] belongs to another context"
        );
        out.push(ev);
    }
    Ok(out)
}

/// Hands a command's event to the application if it asked for it (it then owns the one
/// reference `create` made); otherwise the handle is dropped from the registry at once.
unsafe fn give_event(out: *mut cl_event, event: &Obj<Event>) {
    if out.is_null() {
        let _ = handle::release::<Event>(handle::raw(event), "event");
    } else {
        *out = handle::raw(event);
    }
}

/// Why a wait is refused on a queue's own worker thread (an event callback): the queue runs
/// nothing until the callback returns.
pub(crate) const FROM_OWN_CALLBACK: &str = "Called from a callback of a command of the same \
    queue, which runs nothing more until the callback returns: the wait would never end";

/// Stores a freshly created object's handle for the application.
fn hand_out<T: handle::ClObject>(obj: Obj<T>) -> *mut c_void {
    handle::raw(&obj)
}

/// Copies a NUL-terminated C string, or `None` for NULL.
unsafe fn c_string(p: *const c_char) -> Option<String> {
    (!p.is_null()).then(|| std::ffi::CStr::from_ptr(p).to_string_lossy().into_owned())
}
