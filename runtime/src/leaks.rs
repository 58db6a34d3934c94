//! `--leak-check`: the OpenCL objects the application created and never released, listed at
//! exit, each with the call that created it and, where the caller has debug information, the
//! line of its source that made that call.
//!
//! The report runs from the runtime libraries' ELF finaliser (`report_at_exit`), which the C
//! library runs after every exit handler and static destructor: what an application or a
//! library releases from those is not a leak.

use std::collections::HashMap;
use std::ffi::CStr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, LazyLock, Mutex};

use oclgrind_core::config::LeakCheck;
use oclgrind_core::diagnostics::{Diagnostic, Level, Rule};

use crate::cl::*;
use crate::error::{current_call, stderr_line};
use crate::handle::{self, Kind};
use crate::kernel::Kernel;
use crate::memobj::MemObject;
use crate::platform::settings;

/// Where an object was made.
struct Made {
    /// Its place in creation order.
    order: u64,
    /// The entry point (`clCreateBuffer`).
    call: &'static str,
    /// The application's (or a library's) code that called it.
    caller: Option<Caller>,
}

/// A return address in a loaded object: the file, and the offset from its load address.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Caller {
    object: PathBuf,
    offset: usize,
}

/// The objects made, by handle.
static MADE: LazyLock<Mutex<HashMap<usize, Made>>> = LazyLock::new(Default::default);

/// The SVM allocations not freed, by address: who made each, and its size.
static SVM: LazyLock<Mutex<HashMap<u64, (Made, u64)>>> = LazyLock::new(Default::default);

fn made() -> std::sync::MutexGuard<'static, HashMap<usize, Made>> {
    MADE.lock().unwrap_or_else(|e| e.into_inner())
}

fn svm() -> std::sync::MutexGuard<'static, HashMap<u64, (Made, u64)>> {
    SVM.lock().unwrap_or_else(|e| e.into_inner())
}

/// Whether objects are being tracked.
pub fn enabled() -> bool {
    settings().leak_check != LeakCheck::Off
}

/// Notes who made the object behind `handle` (with `--leak-check` only).
pub fn created(handle: usize) {
    if enabled() {
        made().insert(handle, made_now());
    }
}

/// The application released the object behind `handle` for good.
pub fn released(handle: usize) {
    if enabled() {
        made().remove(&handle);
    }
}

/// Notes who allocated `size` bytes of SVM at `address` (with `--leak-check` only).
pub fn allocated_svm(address: u64, size: u64) {
    if enabled() {
        svm().insert(address, (made_now(), size));
    }
}

/// The SVM allocation at `address` was freed.
pub fn freed_svm(address: u64) {
    if enabled() {
        svm().remove(&address);
    }
}

/// What is making an object now, and its place in creation order.
fn made_now() -> Made {
    static ORDER: AtomicU64 = AtomicU64::new(0);
    Made {
        order: ORDER.fetch_add(1, Ordering::Relaxed),
        call: current_call(),
        caller: caller(),
    }
}

extern "C" {
    /// glibc's `backtrace` (execinfo.h): the return addresses of the calling frames.
    fn backtrace(buffer: *mut *mut c_void, size: libc::c_int) -> libc::c_int;
}

/// The first frame outside this library and the ICD loader: the code that called OpenCL.
fn caller() -> Option<Caller> {
    let mut frames = [std::ptr::null_mut(); 64];
    // SAFETY: room for 64 frames.
    let n = unsafe { backtrace(frames.as_mut_ptr(), frames.len() as libc::c_int) };
    // This library's file, found once.
    static OURS: LazyLock<Option<PathBuf>> =
        LazyLock::new(|| object_of(caller as *const c_void).map(|(path, _)| path));
    let ours = OURS.as_ref()?;
    frames[..n.max(0) as usize].iter().find_map(|&address| {
        let (object, base) = object_of(address)?;
        let name = object.file_name()?.to_string_lossy();
        let outside = object != *ours && !name.starts_with("libOpenCL");
        // The return address is past the call: the call's line is a byte before.
        let offset = (address as usize).checked_sub(base + 1)?;
        outside.then_some(Caller { object, offset })
    })
}

/// The object file holding `address`, and its load address.
fn object_of(address: *const c_void) -> Option<(PathBuf, usize)> {
    // SAFETY: dladdr fills `info` for any address; an all-zero Dl_info is a valid start.
    let mut info: libc::Dl_info = unsafe { std::mem::zeroed() };
    // SAFETY: as above.
    if unsafe { libc::dladdr(address, &mut info) } == 0 || info.dli_fname.is_null() {
        return None;
    }
    // SAFETY: dladdr gives a NUL-terminated name.
    let name = unsafe { CStr::from_ptr(info.dli_fname) }
        .to_string_lossy()
        .into_owned();
    let path = match name.as_str() {
        // The main program is named as it was run; /proc knows its file.
        "" => std::fs::read_link("/proc/self/exe").ok()?,
        _ => PathBuf::from(name),
    };
    Some((path, info.dli_fbase as usize))
}

/// A leaked object's noun, as the report names it, and its bytes (memory objects).
fn describe(kind: Kind, obj: &Arc<dyn std::any::Any + Send + Sync>) -> (&'static str, String, u64) {
    match kind {
        Kind::Mem => match obj.clone().downcast::<handle::Handle<MemObject>>() {
            Ok(m) => {
                let noun = match (m.mem_type, &m.parent) {
                    (CL_MEM_OBJECT_BUFFER, Some(_)) => "sub-buffer",
                    (CL_MEM_OBJECT_BUFFER, None) => "buffer",
                    (CL_MEM_OBJECT_PIPE, _) => "pipe",
                    _ => "image",
                };
                (noun, format!("{noun} of {} bytes", m.size), m.size as u64)
            }
            Err(_) => ("memory object", "memory object".into(), 0),
        },
        Kind::Kernel => match obj.clone().downcast::<handle::Handle<Kernel>>() {
            Ok(k) => ("kernel", format!("kernel '{}'", k.name()), 0),
            Err(_) => ("kernel", "kernel".into(), 0),
        },
        other => (noun(other), noun(other).into(), 0),
    }
}

/// The kind's name in a report.
fn noun(kind: Kind) -> &'static str {
    match kind {
        Kind::Platform => "platform",
        Kind::Device => "device",
        Kind::Context => "context",
        Kind::Queue => "command queue",
        Kind::Mem => "memory object",
        Kind::Sampler => "sampler",
        Kind::Program => "program",
        Kind::Kernel => "kernel",
        Kind::Event => "event",
    }
}

/// A leak found at exit.
struct Leak {
    order: u64,
    /// `buffer`, `kernel`: what the summary counts.
    noun: &'static str,
    what: String,
    bytes: u64,
    call: &'static str,
    caller: Option<Caller>,
}

extern "C" {
    /// The C++ ABI's exit-handler registration, which takes the handler's library: none here.
    fn __cxa_atexit(
        func: extern "C" fn(*mut c_void),
        arg: *mut c_void,
        dso: *mut c_void,
    ) -> libc::c_int;
}

/// For a library loaded with the program (the preloaded runtime): registers the report as an
/// exit handler now, from the library's constructor. The C library registers its own handler
/// that runs the libraries' finalisers only later, when the program starts, so ours runs
/// after all of them: after the application's exit handlers and static destructors, and
/// after libraries release what they cache from their finalisers (CLBlast does).
pub fn report_after_finalisers() {
    extern "C" fn report_last(_: *mut c_void) {
        report_now();
    }
    if enabled() {
        // SAFETY: a plain function that never unwinds out; no library owns it (a library's
        // own handlers would run with its finaliser, too early).
        unsafe { __cxa_atexit(report_last, std::ptr::null_mut(), std::ptr::null_mut()) };
    }
}

/// Lists the objects still held, as diagnostics, then a summary line (with `--leak-check`).
/// For a library loaded at run time (the ICD driver, by the ICD loader), from its finaliser,
/// which the C library runs after those of the libraries loaded before it.
pub fn report_now() {
    if enabled() {
        crate::error::contained("the leak report", report);
    }
}

fn report() {
    let made = std::mem::take(&mut *made());
    let mut leaks: Vec<Leak> = handle::live()
        .into_iter()
        .filter(|(_, kind, _)| !matches!(kind, Kind::Platform | Kind::Device))
        .map(|(h, kind, obj)| {
            let (noun, what, bytes) = describe(kind, &obj);
            let m = made.get(&h);
            Leak {
                order: m.map_or(u64::MAX, |m| m.order),
                noun,
                what,
                bytes,
                call: m.map_or("", |m| m.call),
                caller: m.and_then(|m| m.caller.clone()),
            }
        })
        .collect();
    leaks.extend(
        std::mem::take(&mut *svm())
            .into_values()
            .map(|(m, size)| Leak {
                order: m.order,
                noun: "SVM allocation",
                what: format!("SVM allocation of {size} bytes"),
                bytes: size,
                call: m.call,
                caller: m.caller,
            }),
    );
    if leaks.is_empty() {
        return;
    }
    leaks.sort_by_key(|l| l.order);
    let places = source_places(leaks.iter().filter_map(|l| l.caller.clone()).collect());
    let level = match settings().leak_check {
        LeakCheck::Error => Level::Error,
        _ => Level::Warning,
    };
    for leak in &leaks {
        let d = diagnostic(leak, level, &places);
        stderr_line(&format!("\n{d}"));
        oclgrind_reports::report(settings(), &d);
    }
    stderr_line(&summary(&leaks));
}

/// One leak's report: the object, then what made it and from where.
fn diagnostic(leak: &Leak, level: Level, places: &HashMap<Caller, String>) -> Diagnostic {
    let call = match leak.call {
        "" => "the runtime".to_string(),
        call => call.to_string(),
    };
    let from = match &leak.caller {
        Some(c) => match places.get(c) {
            Some(place) => format!(" at {place}"),
            None => {
                let file = c.object.file_name().unwrap_or_default().to_string_lossy();
                format!(" in {file} (+{:#x})", c.offset)
            }
        },
        None => String::new(),
    };
    let mut d = Diagnostic::text(
        level,
        format!(
            "Leaked OpenCL object: {}\n\tCreated by {call}{from}",
            leak.what
        ),
    );
    d.rule = Rule::LeakedObject;
    d
}

/// `Oclgrind: 3 OpenCL objects were never released: 2 buffers (5120 bytes), 1 kernel`.
fn summary(leaks: &[Leak]) -> String {
    let mut counts: Vec<(&str, u64, u64)> = Vec::new();
    for l in leaks {
        match counts.iter_mut().find(|(noun, _, _)| *noun == l.noun) {
            Some((_, n, bytes)) => {
                *n += 1;
                *bytes += l.bytes;
            }
            None => counts.push((l.noun, 1, l.bytes)),
        }
    }
    let parts: Vec<String> = counts
        .iter()
        .map(|&(noun, n, bytes)| {
            let noun = match n {
                1 => noun.to_string(),
                _ => format!("{noun}s"),
            };
            match bytes {
                0 => format!("{n} {noun}"),
                b => format!("{n} {noun} ({b} bytes)"),
            }
        })
        .collect();
    let objects = match leaks.len() {
        1 => "1 OpenCL object was".to_string(),
        n => format!("{n} OpenCL objects were"),
    };
    format!("Oclgrind: {objects} never released: {}", parts.join(", "))
}

/// The source lines of callers, where their objects have debug information: one
/// `addr2line` (binutils) for each object file.
fn source_places(callers: Vec<Caller>) -> HashMap<Caller, String> {
    let mut by_object: HashMap<PathBuf, Vec<usize>> = HashMap::new();
    for c in callers {
        by_object.entry(c.object).or_default().push(c.offset);
    }
    let mut places = HashMap::new();
    for (object, mut offsets) in by_object {
        offsets.sort_unstable();
        offsets.dedup();
        let out = std::process::Command::new("addr2line")
            .arg("-e")
            .arg(&object)
            .args(offsets.iter().map(|o| format!("{o:#x}")))
            .stderr(std::process::Stdio::null())
            .output();
        let Ok(out) = out else { continue };
        let text = String::from_utf8_lossy(&out.stdout);
        for (offset, line) in offsets.iter().zip(text.lines()) {
            // `file:line`, or `??:0` / `file:?` without debug information.
            let line = line.split(" (discriminator").next().unwrap_or(line);
            if !line.starts_with("??") && !line.ends_with(":?") && !line.ends_with(":0") {
                let caller = Caller {
                    object: object.clone(),
                    offset: *offset,
                };
                places.insert(caller, line.to_string());
            }
        }
    }
    places
}
