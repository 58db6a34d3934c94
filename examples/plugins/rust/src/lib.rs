//! An example plugin in Rust: it watches one address of global memory (`OCLGRIND_WATCH`,
//! hexadecimal) and reports every store or atomic that writes to it as a warning in
//! Oclgrind's layout, with the word before (read from simulated memory) and after; at the end of each
//! launch it says how many it saw, and on how many worker threads. It declares itself not
//! thread-safe, so the launches it watches run on one thread.
//!
//!     OCLGRIND_WATCH=0x1000000000004 oclgrind --plugins target/release/liboclgrind_watch.so ./app
//!
//! Every callback runs inside `abi::guard`: a panic (`OCLGRIND_WATCH_PANIC=1` makes one, for
//! the tests) is reported and goes no further.

use std::collections::HashSet;
use std::ffi::{c_int, c_void, CStr, CString};
use std::sync::Mutex;
use std::thread::ThreadId;

use oclgrind_plugin_abi as abi;

struct Watch {
    api: &'static abi::HostApi,
    address: Option<u64>,
    panic: bool,
    state: Mutex<Seen>,
}

#[derive(Default)]
struct Seen {
    writes: u64,
    threads: HashSet<ThreadId>,
}

/// The plugin's state behind its `user` pointer.
///
/// # Safety
/// `user` is the pointer `oclgrind_plugin_init` gave, not yet released.
unsafe fn watch<'a>(user: *mut c_void) -> &'a Watch {
    &*user.cast::<Watch>()
}

/// The entry point.
///
/// # Safety
/// Called by the host as `oclgrind_plugin.h` says: `api` lives as long as the plugin,
/// `plugin` is ours to fill in.
#[no_mangle]
pub unsafe extern "C" fn oclgrind_plugin_init(
    _host_version: u32,
    api: *const abi::HostApi,
    plugin: *mut abi::Plugin,
) -> c_int {
    let address = std::env::var("OCLGRIND_WATCH")
        .ok()
        .and_then(|v| u64::from_str_radix(v.trim_start_matches("0x"), 16).ok());
    let state = Box::new(Watch {
        api: &*api,
        address,
        panic: std::env::var("OCLGRIND_WATCH_PANIC").is_ok_and(|v| v == "1"),
        state: Mutex::default(),
    });
    *plugin = abi::Plugin {
        interests: abi::EVENT_KERNEL | abi::EVENT_MEMORY,
        thread_safe: 0,
        user: Box::into_raw(state).cast(),
        kernel_begin: Some(kernel_begin),
        kernel_end: Some(kernel_end),
        memory_access: Some(memory_access),
        release: Some(release),
        ..abi::Plugin::default()
    };
    0
}

unsafe extern "C" fn kernel_begin(user: *mut c_void, _launch: *const abi::Launch) {
    abi::guard("kernel_begin", || {
        *watch(user).state.lock().unwrap_or_else(|e| e.into_inner()) = Seen::default();
    });
}

unsafe extern "C" fn memory_access(user: *mut c_void, cx: abi::Cx, access: *const abi::Access) {
    abi::guard("memory_access", || {
        let w = watch(user);
        let a = &*access;
        let mut seen = w.state.lock().unwrap_or_else(|e| e.into_inner());
        seen.threads.insert(std::thread::current().id());
        let Some(target) = w.address else { return };
        let writes = a.kind != abi::LOAD && a.space == abi::GLOBAL;
        if !writes || target < a.address || target >= a.address + a.size {
            return;
        }
        if w.panic {
            panic!("asked to (OCLGRIND_WATCH_PANIC)");
        }
        seen.writes += 1;
        drop(seen);
        // Memory still holds the word as it was; the access's bytes are what it writes.
        let mut word = [0u8; 4];
        let read = (w.api.read_memory)(cx, abi::GLOBAL, target, 4, word.as_mut_ptr().cast());
        let before = u32::from_le_bytes(word);
        for (i, byte) in word.iter_mut().enumerate() {
            let at = target + i as u64;
            if !a.data.is_null() && at >= a.address && at < a.address + a.size {
                *byte = *a.data.add((at - a.address) as usize);
            }
        }
        let change = match read {
            0 => format!("0x{before:08x} -> 0x{:08x}", u32::from_le_bytes(word)),
            _ => "(unreadable)".to_string(),
        };
        let headline = format!("Write to watched address 0x{target:x}: {change}");
        if let Ok(text) = CString::new(headline) {
            (w.api.report)(cx, abi::WARNING, text.as_ptr());
        }
    });
}

unsafe extern "C" fn kernel_end(user: *mut c_void, cx: abi::Cx, launch: *const abi::Launch) {
    abi::guard("kernel_end", || {
        let w = watch(user);
        let Some(target) = w.address else { return };
        let kernel = CStr::from_ptr((*launch).kernel).to_string_lossy();
        let seen = w.state.lock().unwrap_or_else(|e| e.into_inner());
        let threads = seen.threads.len();
        let message = format!(
            "Watch: kernel '{kernel}' wrote to 0x{target:x} {} times, on {threads} worker thread{}",
            seen.writes,
            if threads == 1 { "" } else { "s" }
        );
        if let Ok(text) = CString::new(message) {
            (w.api.log)(cx, abi::INFO, text.as_ptr());
        }
    });
}

unsafe extern "C" fn release(user: *mut c_void) {
    abi::guard("release", || drop(Box::from_raw(user.cast::<Watch>())));
}
