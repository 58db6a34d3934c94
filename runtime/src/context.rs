//! Contexts: each has its own simulator context (global memory, plugins) and the
//! application's callbacks.

use std::ffi::CStr;
use std::sync::{Arc, Mutex, Once, Weak};

use oclgrind_core::Config;

use crate::cl::*;
use crate::error::{contained, ensure, fail, ClResult};
use crate::handle::{self, ClObject, Kind};
use crate::platform::{self, settings};
use crate::stdio::CStdout;

/// The simulator contexts made so far, for `end_runs`.
static CONTEXTS: Mutex<Vec<Weak<oclgrind_core::Context>>> = Mutex::new(Vec::new());

/// Makes sure the run of `sim` ends with its plugins' closing lines, even when the process
/// exits while the context still lives: the application never released it, or a queue's
/// thread still holds it (whose release would otherwise race with the exit).
fn end_at_exit(sim: &Arc<oclgrind_core::Context>) {
    static REGISTER: Once = Once::new();
    REGISTER.call_once(|| {
        // SAFETY: `end_runs` is a plain function that never unwinds out.
        unsafe { libc::atexit(end_runs) };
    });
    let mut contexts = CONTEXTS.lock().unwrap_or_else(|e| e.into_inner());
    contexts.retain(|c| c.strong_count() > 0);
    contexts.push(Arc::downgrade(sim));
}

extern "C" fn end_runs() {
    contained("the end of the run", || {
        // Nothing here may wait: the process is exiting, and another thread may hold what it
        // would wait for. Kernels still running first let out what they held back.
        oclgrind_core::interrupt::drain_at_exit();
        let Ok(mut contexts) = CONTEXTS.try_lock() else {
            return;
        };
        for sim in std::mem::take(&mut *contexts)
            .iter()
            .filter_map(Weak::upgrade)
        {
            sim.end_run();
            // Not dropped here: a context's last reference going would tear it down while
            // the process exits.
            std::mem::forget(sim);
        }
    });
}

/// An application callback and the `user_data` it was registered with.
#[derive(Clone, Copy)]
pub struct Callback<F> {
    pub func: F,
    pub user_data: usize,
}

// SAFETY: `user_data` is only handed back to the application's callback, on whichever thread
// the specification allows; we never dereference it.
unsafe impl<F: Send> Send for Callback<F> {}

impl<F> Callback<F> {
    pub fn new(func: F, user_data: *mut c_void) -> Callback<F> {
        Callback {
            func,
            user_data: user_data as usize,
        }
    }

    pub fn data(&self) -> *mut c_void {
        self.user_data as *mut c_void
    }
}

pub type ContextNotifyFn = unsafe extern "C" fn(*const c_char, *const c_void, size_t, *mut c_void);
pub type ContextDestroyedFn = unsafe extern "C" fn(cl_context, *mut c_void);

pub struct Context {
    pub sim: Arc<oclgrind_core::Context>,
    /// The properties as given, with their terminating zero (empty when none were given).
    pub properties: Vec<cl_context_properties>,
    notify: Option<Callback<ContextNotifyFn>>,
    destructors: Mutex<Vec<Callback<ContextDestroyedFn>>>,
}

impl ClObject for Context {
    const KIND: Kind = Kind::Context;
    const INVALID: cl_int = CL_INVALID_CONTEXT;

    fn destroyed(&self, handle: *mut c_void) {
        let callbacks =
            std::mem::take(&mut *self.destructors.lock().unwrap_or_else(|e| e.into_inner()));
        for cb in callbacks.into_iter().rev() {
            // SAFETY: the application registered this function for this purpose.
            contained("a context destructor callback", || unsafe {
                (cb.func)(handle, cb.data())
            });
        }
    }
}

impl Context {
    pub fn new(
        properties: *const cl_context_properties,
        notify: ContextNotify,
        user_data: *mut c_void,
    ) -> ClResult<Context> {
        ensure!(
            notify.is_some() || user_data.is_null(),
            CL_INVALID_VALUE,
            "pfn_notify is NULL but user_data is not"
        );
        let properties = read_properties(properties)?;
        // Plugin and logging variables are read for each context, as Oclgrind does.
        let config = Config::from_env().unwrap_or_else(|_| settings().clone());
        let interactive = config.interactive;
        let mut sim = oclgrind_core::Context::new(config);
        sim.set_output(Arc::new(CStdout));
        if interactive {
            let engine = debugger();
            sim.set_debugger(engine.clone());
            sim.add_plugin(engine);
        }
        // Dynamic plugins come last, as in Oclgrind; each context loads them anew.
        let plugins = sim.config.plugins.clone();
        for plugin in oclgrind_plugin_host::load_all(&plugins) {
            sim.add_plugin(plugin);
        }
        if let Some(reports) = oclgrind_reports::plugin(&sim.config) {
            sim.add_plugin(reports);
        }
        let sim = Arc::new(sim);
        end_at_exit(&sim);
        Ok(Context {
            sim,
            properties,
            notify: notify.map(|f| Callback::new(f, user_data)),
            destructors: Mutex::new(Vec::new()),
        })
    }

    /// Passes an API error report to the application's callback.
    pub fn notify_error(&self, text: &CStr) {
        if let Some(cb) = self.notify {
            // SAFETY: the application registered this function for this purpose.
            contained("a context error callback", || unsafe {
                (cb.func)(text.as_ptr(), std::ptr::null(), 0, cb.data())
            });
        }
    }

    pub fn add_destructor(&self, cb: Callback<ContextDestroyedFn>) {
        self.destructors
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(cb);
    }
}

static ENGINE: std::sync::OnceLock<Arc<oclgrind_debugger::Engine>> = std::sync::OnceLock::new();

/// The debugger, if a context of this process made one.
pub fn attached_debugger() -> Option<Arc<oclgrind_debugger::Engine>> {
    ENGINE.get().cloned()
}

/// The interactive debugger of the process (`oclgrind -i`): one for all contexts. It talks to
/// the launcher's TUI over the socket the launcher names, or else line mode on the
/// application's stdin and stdout, as Oclgrind does.
fn debugger() -> Arc<oclgrind_debugger::Engine> {
    ENGINE
        .get_or_init(|| {
            let remote = std::env::var_os(DEBUG_SOCKET).and_then(|path| {
                oclgrind_debugger::remote::SocketFrontend::connect(path.as_ref())
                    .map_err(|e| {
                        eprintln!("Oclgrind: cannot reach the debugger's interface ({e}); line mode instead")
                    })
                    .ok()
            });
            let frontend: Box<dyn oclgrind_debugger::Frontend> = match remote {
                Some(f) => Box::new(f),
                None => Box::new(oclgrind_debugger::LineFrontend::stdio(Arc::new(CStdout))),
            };
            oclgrind_debugger::Engine::new(frontend)
        })
        .clone()
}

/// Where the launcher's TUI listens (set by `oclgrind -i` at a terminal).
const DEBUG_SOCKET: &str = "OCLGRIND_DEBUG_SOCKET";

/// Checks a zero-terminated property list: only our platform and interop sync are known.
fn read_properties(list: *const cl_context_properties) -> ClResult<Vec<cl_context_properties>> {
    let mut out = Vec::new();
    if list.is_null() {
        return Ok(out);
    }
    let mut seen = Vec::new();
    let mut i = 0;
    loop {
        // SAFETY: the application passes a zero-terminated list.
        let name = unsafe { *list.add(i) };
        out.push(name);
        if name == 0 {
            break;
        }
        let value = unsafe { *list.add(i + 1) };
        out.push(value);
        ensure!(
            !seen.contains(&name),
            CL_INVALID_PROPERTY,
            "Property {name:#x} is given twice"
        );
        seen.push(name);
        match name {
            CL_CONTEXT_PLATFORM => ensure!(
                value as cl_platform_id == handle::raw(platform::platform()),
                CL_INVALID_PLATFORM,
                "CL_CONTEXT_PLATFORM is not the Oclgrind platform"
            ),
            CL_CONTEXT_INTEROP_USER_SYNC => ensure!(
                value == CL_TRUE as cl_context_properties
                    || value == CL_FALSE as cl_context_properties,
                CL_INVALID_PROPERTY,
                "CL_CONTEXT_INTEROP_USER_SYNC is {value}, neither CL_TRUE nor CL_FALSE"
            ),
            _ => fail!(
                CL_INVALID_PROPERTY,
                "Unsupported context property {name:#x}"
            ),
        }
        i += 2;
    }
    Ok(out)
}
