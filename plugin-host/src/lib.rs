//! oclgrind-plugin-host: dynamic plugins. `--plugins A.so:B.so` (`OCLGRIND_PLUGINS`) names
//! shared libraries with the C interface of `plugin-abi/include/oclgrind_plugin.h`; each is
//! opened (`RTLD_NOW`), its `oclgrind_plugin_init` called once per simulator context, and the
//! callbacks it gives become a [`Plugin`] like the built-in ones: the events it asks for,
//! with an event context through which it reaches the host's functions.
//!
//! A library that cannot be loaded is reported as Oclgrind reports it and the run goes on
//! without it. No panic of ours reaches a plugin: the host functions it calls catch them.

mod api;

use std::ffi::{c_void, CString};
use std::sync::Arc;

use libloading::os::unix::{Library, Symbol, RTLD_NOW};
use oclgrind_core::diagnostics::{Diagnostic, Level};
use oclgrind_core::memory::AddrSpace;
use oclgrind_core::plugins::{
    Access, AccessKind, ExecContext, GroupContext, Interest, KernelContext, LaunchInfo, Plugin,
    Worker,
};
use oclgrind_plugin_abi as abi;
use std::mem::ManuallyDrop;

pub use api::Event;

/// Why a plugin library was not loaded; the text is what the user reads (Oclgrind's for the
/// failures Oclgrind has).
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("Loading Oclgrind plugin failed (dlopen): {0}")]
    Open(String),
    #[error("Loading Oclgrind plugin failed (dlsym): {0}")]
    Symbol(String),
    #[error(
        "Loading Oclgrind plugin failed: {path} was built for plugin API version {theirs}, \
         and this Oclgrind has version {ours} (rebuild it with this oclgrind_plugin.h)"
    )]
    Version {
        path: String,
        theirs: u32,
        ours: u32,
    },
    #[error("Loading Oclgrind plugin failed: {path}: oclgrind_plugin_init returned {code}")]
    Declined { path: String, code: i32 },
}

/// Loads every library of `paths` (empty names are skipped); the failures are printed on
/// standard error and left out.
pub fn load_all(paths: &[String]) -> Vec<Arc<dyn Plugin>> {
    paths
        .iter()
        .filter(|p| !p.is_empty())
        .filter_map(|path| match DynamicPlugin::load(path) {
            Ok(p) => Some(Arc::new(p) as Arc<dyn Plugin>),
            Err(e) => {
                eprintln!("{e}");
                None
            }
        })
        .collect()
}

/// A loaded plugin: its callbacks, and the library that holds them.
pub struct DynamicPlugin {
    path: String,
    callbacks: Arc<Callbacks>,
    interests: Interest,
    /// Never unloaded (see `load`).
    _library: ManuallyDrop<Library>,
}

/// What `oclgrind_plugin_init` filled in.
struct Callbacks(abi::Plugin);

// SAFETY: the plugin's `user` pointer is the plugin's; a plugin that says it is thread-safe
// takes calls from any thread, and one that does not is run on one worker thread (Oclgrind's
// rule; host events come from the threads the application calls OpenCL on).
unsafe impl Send for Callbacks {}
unsafe impl Sync for Callbacks {}

impl DynamicPlugin {
    pub fn load(path: &str) -> Result<DynamicPlugin, LoadError> {
        // SAFETY: loading a library runs its initialisers: the user asked for this one.
        let library = unsafe { Library::open(Some(path), RTLD_NOW) }
            .map_err(|e| LoadError::Open(error_text(&e)))?;
        // Kept loaded to the end of the process, even when the plugin is released or declines:
        // a thread that ran its code may run its thread-local destructors (a Rust plugin's
        // standard library registers some) after that, and unloading the code under them made
        // the process crash at exit (a queue's worker thread ending after the context).
        let library = ManuallyDrop::new(library);
        // SAFETY: the symbol has the entry point's type (the header's declaration).
        let init: Symbol<abi::InitFn> = unsafe { library.get(abi::INIT_SYMBOL) }
            .map_err(|e| LoadError::Symbol(error_text(&e)))?;
        let mut plugin = abi::Plugin {
            api_version: 0,
            ..abi::Plugin::default()
        };
        // SAFETY: the entry point fills in the struct we own; the host API is static.
        let code = unsafe { init(abi::API_VERSION, &api::HOST_API, &mut plugin) };
        // A plugin that declines says so first; one that accepts must speak our version.
        if code != 0 {
            return Err(LoadError::Declined {
                path: path.to_string(),
                code,
            });
        }
        if plugin.api_version != abi::API_VERSION {
            return Err(LoadError::Version {
                path: path.to_string(),
                theirs: plugin.api_version,
                ours: abi::API_VERSION,
            });
        }
        Ok(DynamicPlugin {
            path: path.to_string(),
            interests: interests(plugin.interests),
            callbacks: Arc::new(Callbacks(plugin)),
            _library: library,
        })
    }
}

/// libloading's error, as `dlerror` said it.
fn error_text(e: &libloading::Error) -> String {
    match e {
        libloading::Error::DlOpen { desc } | libloading::Error::DlSym { desc } => {
            format!("{desc:?}").trim_matches('"').to_string()
        }
        other => other.to_string(),
    }
}

/// The simulator's interests for the plugin's event bits.
fn interests(bits: u32) -> Interest {
    [
        (abi::EVENT_KERNEL, Interest::KERNEL),
        (abi::EVENT_WORK_GROUP, Interest::WORK_GROUP),
        (abi::EVENT_WORK_ITEM, Interest::WORK_ITEM),
        (abi::EVENT_BARRIER, Interest::BARRIER),
        (abi::EVENT_MEMORY, Interest::MEMORY),
        (abi::EVENT_ALLOCATION, Interest::ALLOCATION),
        (abi::EVENT_HOST_MEMORY, Interest::HOST_MEMORY),
        (abi::EVENT_INSTRUCTION, Interest::INSTRUCTION),
        (abi::EVENT_LOG, Interest::LOG),
    ]
    .into_iter()
    .filter(|(bit, _)| bits & bit != 0)
    .fold(Interest::NONE, |all, (_, i)| all | i)
}

fn level(l: Level) -> abi::Level {
    match l {
        Level::Debug | Level::Info => abi::INFO,
        Level::Warning => abi::WARNING,
        Level::Error => abi::ERROR,
    }
}

fn space(s: AddrSpace) -> abi::AddressSpace {
    s.llvm_number()
}

/// A launch as the C interface describes it; the kernel's name lives as long as it.
struct CLaunch {
    _name: CString,
    launch: abi::Launch,
}

impl CLaunch {
    fn new(info: &LaunchInfo) -> CLaunch {
        let name = CString::new(info.kernel.replace('\0', "")).unwrap_or_default();
        let launch = abi::Launch {
            kernel: name.as_ptr(),
            work_dim: info.work_dim,
            global_offset: info.global_offset,
            global_size: info.global_size,
            local_size: info.local_size,
            num_groups: info.num_groups,
        };
        CLaunch {
            _name: name,
            launch,
        }
    }
}

impl Callbacks {
    fn user(&self) -> *mut c_void {
        self.0.user
    }
}

impl Plugin for DynamicPlugin {
    fn name(&self) -> &str {
        &self.path
    }

    fn interests(&self) -> Interest {
        self.interests
    }

    fn is_thread_safe(&self) -> bool {
        self.callbacks.0.thread_safe != 0
    }

    fn log(&self, diagnostic: &Diagnostic) {
        if let Some(f) = self.callbacks.0.log {
            // C plugins get the text Oclgrind would print.
            let message = diagnostic.to_string();
            let text = CString::new(message.replace('\0', "")).unwrap_or_default();
            // SAFETY: a callback the plugin gave, with its own pointer and a live string.
            unsafe {
                f(
                    self.callbacks.user(),
                    level(diagnostic.level),
                    text.as_ptr(),
                )
            };
        }
    }

    fn kernel_begin(&self, info: &LaunchInfo) {
        if let Some(f) = self.callbacks.0.kernel_begin {
            let launch = CLaunch::new(info);
            // SAFETY: as in `log`.
            unsafe { f(self.callbacks.user(), &launch.launch) };
        }
    }

    fn worker(&self, _launch: &LaunchInfo) -> Option<Box<dyn Worker>> {
        let kernel_events = Interest::WORK_GROUP
            | Interest::WORK_ITEM
            | Interest::BARRIER
            | Interest::MEMORY
            | Interest::ALLOCATION
            | Interest::INSTRUCTION;
        (self.interests.0 & kernel_events.0 != 0).then(|| {
            Box::new(DynamicWorker {
                callbacks: self.callbacks.clone(),
            }) as Box<dyn Worker>
        })
    }

    fn kernel_end(&self, cx: &KernelContext) {
        if let Some(f) = self.callbacks.0.kernel_end {
            let launch = CLaunch::new(cx.launch);
            let event = Event::Kernel(cx);
            // SAFETY: as in `log`; the event lives through the call.
            unsafe { f(self.callbacks.user(), event.as_ptr(), &launch.launch) };
        }
    }

    fn memory_allocated(&self, s: AddrSpace, address: u64, size: u64, _flags: u32) {
        if let Some(f) = self.callbacks.0.memory_allocated {
            // SAFETY: as in `log`; no event context for the host's allocations.
            unsafe {
                f(
                    self.callbacks.user(),
                    std::ptr::null(),
                    space(s),
                    address,
                    size,
                )
            };
        }
    }

    fn memory_deallocated(&self, s: AddrSpace, address: u64) {
        if let Some(f) = self.callbacks.0.memory_deallocated {
            // SAFETY: as in `log`.
            unsafe { f(self.callbacks.user(), space(s), address) };
        }
    }

    fn host_memory_load(&self, address: u64, size: u64) {
        if let Some(f) = self.callbacks.0.host_memory_load {
            // SAFETY: as in `log`.
            unsafe { f(self.callbacks.user(), address, size) };
        }
    }

    fn host_memory_store(&self, address: u64, data: &[u8]) {
        if let Some(f) = self.callbacks.0.host_memory_store {
            // SAFETY: as in `log`; `data` lives through the call.
            unsafe {
                f(
                    self.callbacks.user(),
                    address,
                    data.len() as u64,
                    data.as_ptr(),
                )
            };
        }
    }
}

impl Drop for DynamicPlugin {
    fn drop(&mut self) {
        if let Some(f) = self.callbacks.0.release {
            // SAFETY: the last call the plugin gets, before its library is closed.
            unsafe { f(self.callbacks.user()) };
        }
    }
}

/// The plugin's events of running kernels, on one worker thread.
struct DynamicWorker {
    callbacks: Arc<Callbacks>,
}

impl DynamicWorker {
    fn exec(&self, f: Option<unsafe extern "C" fn(*mut c_void, abi::Cx)>, cx: &ExecContext) {
        if let Some(f) = f {
            let event = Event::Exec(cx);
            // SAFETY: a callback the plugin gave; the event lives through the call.
            unsafe { f(self.callbacks.user(), event.as_ptr()) };
        }
    }

    fn group(
        &self,
        f: Option<unsafe extern "C" fn(*mut c_void, abi::Cx, *const u64)>,
        cx: &GroupContext,
    ) {
        if let Some(f) = f {
            let event = Event::Group(cx);
            // SAFETY: as in `exec`; the group's ids live through the call.
            unsafe { f(self.callbacks.user(), event.as_ptr(), cx.group.as_ptr()) };
        }
    }
}

impl Worker for DynamicWorker {
    fn work_group_begin(&mut self, cx: &GroupContext) {
        self.group(self.callbacks.0.work_group_begin, cx);
    }

    fn work_group_complete(&mut self, cx: &GroupContext) {
        self.group(self.callbacks.0.work_group_complete, cx);
    }

    fn work_group_barrier(&mut self, cx: &ExecContext, fence: u32) {
        if let Some(f) = self.callbacks.0.work_group_barrier {
            let event = Event::Exec(cx);
            // SAFETY: as in `exec`.
            unsafe { f(self.callbacks.user(), event.as_ptr(), fence) };
        }
    }

    fn work_item_begin(&mut self, cx: &ExecContext) {
        self.exec(self.callbacks.0.work_item_begin, cx);
    }

    fn work_item_complete(&mut self, cx: &ExecContext) {
        self.exec(self.callbacks.0.work_item_complete, cx);
    }

    fn instruction_executed(&mut self, cx: &ExecContext) {
        self.exec(self.callbacks.0.instruction_executed, cx);
    }

    fn memory_access(&mut self, cx: &ExecContext, a: &Access) {
        if let Some(f) = self.callbacks.0.memory_access {
            let access = abi::Access {
                space: space(a.space),
                kind: match a.kind {
                    AccessKind::Load => abi::LOAD,
                    AccessKind::Store => abi::STORE,
                    AccessKind::Atomic | AccessKind::AtomicLoad => abi::ATOMIC,
                },
                address: a.address,
                size: a.size,
                data: if a.data.is_empty() {
                    std::ptr::null()
                } else {
                    a.data.as_ptr()
                },
            };
            let event = Event::Exec(cx);
            // SAFETY: as in `exec`; the access and its bytes live through the call.
            unsafe { f(self.callbacks.user(), event.as_ptr(), &access) };
        }
    }

    fn memory_allocated(&mut self, cx: &ExecContext, s: AddrSpace, address: u64, size: u64) {
        if let Some(f) = self.callbacks.0.memory_allocated {
            let event = Event::Exec(cx);
            // SAFETY: as in `exec`.
            unsafe {
                f(
                    self.callbacks.user(),
                    event.as_ptr(),
                    space(s),
                    address,
                    size,
                )
            };
        }
    }
}
