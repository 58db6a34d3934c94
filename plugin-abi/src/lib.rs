//! oclgrind-plugin-abi: the C interface of dynamic plugins, `include/oclgrind_plugin.h`, as
//! Rust types with the same layout (a test compiles the header and compares). The simulator
//! uses them to call plugins; a plugin written in Rust (a `cdylib`) uses them to be one.
//!
//! Everything here is plain data and `extern "C"` function pointers. C enums are `u32`
//! values with constants, since a plugin may hand over any number.
//!
//! A Rust plugin must not let a panic out of its callbacks (it would abort the process):
//! [`guard`] catches one and says where.

use std::ffi::{c_char, c_int, c_void};

pub const API_VERSION: u32 = 1;

pub type AddressSpace = u32;
pub const PRIVATE: AddressSpace = 0;
pub const GLOBAL: AddressSpace = 1;
pub const CONSTANT: AddressSpace = 2;
pub const LOCAL: AddressSpace = 3;
pub const GENERIC: AddressSpace = 4;

pub type AccessKind = u32;
pub const LOAD: AccessKind = 0;
pub const STORE: AccessKind = 1;
pub const ATOMIC: AccessKind = 2;

pub type Level = u32;
pub const INFO: Level = 0;
pub const WARNING: Level = 1;
pub const ERROR: Level = 2;

pub const EVENT_KERNEL: u32 = 1 << 0;
pub const EVENT_WORK_GROUP: u32 = 1 << 1;
pub const EVENT_WORK_ITEM: u32 = 1 << 2;
pub const EVENT_BARRIER: u32 = 1 << 3;
pub const EVENT_MEMORY: u32 = 1 << 4;
pub const EVENT_ALLOCATION: u32 = 1 << 5;
pub const EVENT_HOST_MEMORY: u32 = 1 << 6;
pub const EVENT_INSTRUCTION: u32 = 1 << 7;
pub const EVENT_LOG: u32 = 1 << 8;

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct Launch {
    pub kernel: *const c_char,
    pub work_dim: u32,
    pub global_offset: [u64; 3],
    pub global_size: [u64; 3],
    pub local_size: [u64; 3],
    pub num_groups: [u64; 3],
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WorkItem {
    pub global: [u64; 3],
    pub local: [u64; 3],
    pub group: [u64; 3],
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct Access {
    pub space: AddressSpace,
    pub kind: AccessKind,
    pub address: u64,
    pub size: u64,
    pub data: *const u8,
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct Location {
    pub file: *const c_char,
    pub line: u32,
    pub column: u32,
    pub instruction: *const c_char,
}

impl Default for Location {
    fn default() -> Location {
        Location {
            file: std::ptr::null(),
            line: 0,
            column: 0,
            instruction: std::ptr::null(),
        }
    }
}

/// An event of a running kernel, as the host hands it to a plugin: opaque.
#[repr(C)]
pub struct EventContext {
    _private: [u8; 0],
}

#[repr(C)]
pub struct HostApi {
    pub api_version: u32,
    pub report: unsafe extern "C" fn(*const EventContext, Level, *const c_char) -> c_int,
    pub log: unsafe extern "C" fn(*const EventContext, Level, *const c_char) -> c_int,
    pub work_item: unsafe extern "C" fn(*const EventContext, *mut WorkItem) -> c_int,
    pub location: unsafe extern "C" fn(*const EventContext, *mut Location) -> c_int,
    pub read_memory:
        unsafe extern "C" fn(*const EventContext, AddressSpace, u64, u64, *mut c_void) -> c_int,
}

pub type Cx = *const EventContext;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct Plugin {
    pub api_version: u32,
    pub interests: u32,
    pub thread_safe: i32,
    pub user: *mut c_void,
    pub kernel_begin: Option<unsafe extern "C" fn(*mut c_void, *const Launch)>,
    pub kernel_end: Option<unsafe extern "C" fn(*mut c_void, Cx, *const Launch)>,
    pub work_group_begin: Option<unsafe extern "C" fn(*mut c_void, Cx, *const u64)>,
    pub work_group_complete: Option<unsafe extern "C" fn(*mut c_void, Cx, *const u64)>,
    pub work_group_barrier: Option<unsafe extern "C" fn(*mut c_void, Cx, u32)>,
    pub work_item_begin: Option<unsafe extern "C" fn(*mut c_void, Cx)>,
    pub work_item_complete: Option<unsafe extern "C" fn(*mut c_void, Cx)>,
    pub instruction_executed: Option<unsafe extern "C" fn(*mut c_void, Cx)>,
    pub memory_access: Option<unsafe extern "C" fn(*mut c_void, Cx, *const Access)>,
    pub memory_allocated: Option<unsafe extern "C" fn(*mut c_void, Cx, AddressSpace, u64, u64)>,
    pub memory_deallocated: Option<unsafe extern "C" fn(*mut c_void, AddressSpace, u64)>,
    pub host_memory_load: Option<unsafe extern "C" fn(*mut c_void, u64, u64)>,
    pub host_memory_store: Option<unsafe extern "C" fn(*mut c_void, u64, u64, *const u8)>,
    pub log: Option<unsafe extern "C" fn(*mut c_void, Level, *const c_char)>,
    pub release: Option<unsafe extern "C" fn(*mut c_void)>,
}

impl Default for Plugin {
    /// No events, not thread-safe, no callbacks: what a plugin starts from.
    fn default() -> Plugin {
        Plugin {
            api_version: API_VERSION,
            interests: 0,
            thread_safe: 0,
            user: std::ptr::null_mut(),
            kernel_begin: None,
            kernel_end: None,
            work_group_begin: None,
            work_group_complete: None,
            work_group_barrier: None,
            work_item_begin: None,
            work_item_complete: None,
            instruction_executed: None,
            memory_access: None,
            memory_allocated: None,
            memory_deallocated: None,
            host_memory_load: None,
            host_memory_store: None,
            log: None,
            release: None,
        }
    }
}

/// The entry point every plugin exports.
pub type InitFn = unsafe extern "C" fn(u32, *const HostApi, *mut Plugin) -> c_int;

/// The entry point's name, as the host looks it up.
pub const INIT_SYMBOL: &[u8] = b"oclgrind_plugin_init\0";

/// Runs a callback's body, catching a panic (which must not unwind into the host): it is
/// reported on standard error with `what`, and `None` comes back.
pub fn guard<R>(what: &str, f: impl FnOnce() -> R) -> Option<R> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {
        Ok(r) => Some(r),
        Err(e) => {
            let why = e
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| e.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            eprintln!("Oclgrind plugin: {what} panicked: {why}");
            None
        }
    }
}
