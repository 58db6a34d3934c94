//! The host's functions a plugin calls (`oclgrind_host_api`), and the event context they
//! take: a pointer to an [`Event`], which lives while the plugin's callback runs.

use std::cell::RefCell;
use std::ffi::{c_char, c_int, c_void, CStr, CString};

use oclgrind_core::diagnostics::{At, Body, Diagnostic, Entity, Level, Rule};
use oclgrind_core::memory::AddrSpace;
use oclgrind_core::plugins::{ExecContext, GroupContext, KernelContext};
use oclgrind_plugin_abi as abi;

/// What a plugin's event context points to.
pub enum Event<'a> {
    /// A work-item's (or, for async copies and barriers, a work-group's) event.
    Exec(&'a ExecContext<'a>),
    Group(&'a GroupContext<'a>),
    /// The end of a launch.
    Kernel(&'a KernelContext<'a>),
}

impl Event<'_> {
    pub fn as_ptr(&self) -> abi::Cx {
        (self as *const Event).cast()
    }
}

pub(crate) static HOST_API: abi::HostApi = abi::HostApi {
    api_version: abi::API_VERSION,
    report,
    log,
    work_item,
    location,
    read_memory,
};

const OK: c_int = 0;
const FAILED: c_int = -1;

/// Runs a host function for a plugin: its event (none for a null pointer), and no panic
/// out of it.
fn with_event(cx: abi::Cx, f: impl FnOnce(&Event) -> c_int) -> c_int {
    if cx.is_null() {
        return FAILED;
    }
    // SAFETY: every event context we hand out points to an `Event` that lives through the
    // callback that received it, which is when plugins may use it.
    let event = unsafe { &*cx.cast::<Event>() };
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(event))).unwrap_or(FAILED)
}

fn text(s: *const c_char) -> Option<String> {
    // SAFETY: the plugin passes a NUL-terminated string (checked for null).
    (!s.is_null()).then(|| unsafe { CStr::from_ptr(s) }.to_string_lossy().into_owned())
}

fn level(l: abi::Level) -> Level {
    match l {
        abi::ERROR => Level::Error,
        abi::WARNING => Level::Warning,
        _ => Level::Info,
    }
}

unsafe extern "C" fn report(cx: abi::Cx, l: abi::Level, headline: *const c_char) -> c_int {
    let Some(headline) = text(headline) else {
        return FAILED;
    };
    // A plugin's own diagnostic, in the standard layout: at the op of an instruction's
    // event, or naming the group (or nobody) with no location at the others.
    let standard = |entity| Body::Standard {
        message: Vec::new(),
        entity,
        at: At::Unknown,
        origin: None,
        notes: Vec::new(),
    };
    with_event(cx, |event| {
        match event {
            Event::Exec(cx) => cx.report(Rule::Other, level(l), headline),
            Event::Group(cx) => cx.log(cx.launch.diagnostic(
                Rule::Other,
                level(l),
                headline,
                standard(Entity::Group(cx.group)),
            )),
            Event::Kernel(cx) => cx.log(cx.launch.diagnostic(
                Rule::Other,
                level(l),
                headline,
                standard(Entity::Unknown),
            )),
        }
        OK
    })
}

unsafe extern "C" fn log(cx: abi::Cx, l: abi::Level, message: *const c_char) -> c_int {
    let Some(message) = text(message) else {
        return FAILED;
    };
    with_event(cx, |event| {
        match event {
            Event::Exec(cx) => cx.log(Diagnostic::text(level(l), message)),
            Event::Group(cx) => cx.log(Diagnostic::text(level(l), message)),
            Event::Kernel(cx) => cx.log(Diagnostic::text(level(l), message)),
        }
        OK
    })
}

unsafe extern "C" fn work_item(cx: abi::Cx, out: *mut abi::WorkItem) -> c_int {
    if out.is_null() {
        return FAILED;
    }
    with_event(cx, |event| match event {
        Event::Exec(ExecContext {
            entity:
                Entity::WorkItem {
                    global,
                    local,
                    group,
                },
            ..
        }) => {
            // SAFETY: the plugin gave room for one (checked for null).
            unsafe {
                *out = abi::WorkItem {
                    global: *global,
                    local: *local,
                    group: *group,
                }
            };
            OK
        }
        _ => FAILED,
    })
}

thread_local! {
    /// The strings of the last location asked for on this thread: valid until the next one.
    static LOCATION: RefCell<(CString, CString)> = RefCell::default();
}

unsafe extern "C" fn location(cx: abi::Cx, out: *mut abi::Location) -> c_int {
    if out.is_null() {
        return FAILED;
    }
    with_event(cx, |event| {
        let Event::Exec(cx) = event else {
            return FAILED;
        };
        let Some(site) = cx.site else {
            return FAILED;
        };
        let f = cx.kernel.function(site);
        let info = f.op_info(site.pc);
        let instruction = cx.kernel.inst(site).map_or("", |i| i.text.trim());
        let file = if info.line == 0 { "" } else { f.file(&info) };
        let c = |s: &str| CString::new(s.replace('\0', "")).unwrap_or_default();
        LOCATION.with(|keep| {
            let mut keep = keep.borrow_mut();
            *keep = (c(file), c(instruction));
            let (file, instruction) = &*keep;
            // SAFETY: the plugin gave room for one; the strings stay until the next call.
            unsafe {
                *out = abi::Location {
                    file: if info.line == 0 {
                        std::ptr::null()
                    } else {
                        file.as_ptr()
                    },
                    line: info.line,
                    column: info.col,
                    instruction: if instruction.is_empty() {
                        std::ptr::null()
                    } else {
                        instruction.as_ptr()
                    },
                }
            };
        });
        OK
    })
}

unsafe extern "C" fn read_memory(
    cx: abi::Cx,
    space: abi::AddressSpace,
    address: u64,
    size: u64,
    out: *mut c_void,
) -> c_int {
    let (Some(space), Ok(size)) = (AddrSpace::from_llvm(space), usize::try_from(size)) else {
        return FAILED;
    };
    if out.is_null() || size > isize::MAX as usize {
        return FAILED;
    }
    with_event(cx, |event| {
        let memory = match event {
            Event::Exec(cx) => cx.memory,
            Event::Group(cx) => cx.memory,
            Event::Kernel(cx) => cx.memory,
        };
        // SAFETY: the plugin gave `size` bytes of room (checked for null).
        let out = unsafe { std::slice::from_raw_parts_mut(out.cast::<u8>(), size) };
        if memory.read(space, address, out) {
            OK
        } else {
            FAILED
        }
    })
}
