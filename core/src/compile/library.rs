//! clang-19 in this process: the shim `core/build.rs` builds with clang and LLVM linked in,
//! loaded from where the build left it the first time a program is built. Starting a clang-19
//! process takes longer (its libraries' loading and relocation, 20–30 ms here) than compiling
//! a small kernel (about 5 ms), and the shim loads only once this way (about 6 ms), at the
//! first build that the build cache cannot answer: a run whose programs are all in the cache
//! never loads it. Where the shim was not built or cannot load (its file removed with the
//! build's directory), `run` answers `None` and the caller starts a process instead.

/// What clang said and whether it made the output.
pub struct Run {
    pub succeeded: bool,
    pub stderr: String,
}

/// The library whose code decides the bitcode, for the build cache's key; `None` when the
/// crate was built without the shim, or its file is gone.
pub fn identity() -> Option<&'static str> {
    shim::IDENTITY.filter(|path| std::path::Path::new(path).is_file())
}

/// Runs `clang-19 args...` in this process; `None` if the shim is not available here or the
/// arguments are not one compilation.
pub fn run(args: &[String]) -> Option<Run> {
    shim::run(args)
}

#[cfg(clang_shim)]
mod shim {
    use super::Run;
    use std::ffi::{c_char, c_int, CStr, CString};
    use std::sync::{Mutex, OnceLock};

    /// The shared library, as built for this crate (83 MB: too big to embed).
    pub const IDENTITY: Option<&str> = Some(env!("OCLGRIND_CLANG_SHIM"));

    /// The program name the driver's messages start with, as the clang-19 process prints them.
    const PROGRAM: &CStr = c"clang-19";

    type CompileFn =
        unsafe extern "C" fn(*const c_char, *const *const c_char, c_int, *mut *mut c_char) -> c_int;
    type FreeFn = unsafe extern "C" fn(*mut c_char);

    struct Shim {
        compile: CompileFn,
        free: FreeFn,
    }

    /// Loaded once; one compilation at a time (clang keeps process-wide state, such as its
    /// `-mllvm` options).
    static SHIM: OnceLock<Option<Mutex<Shim>>> = OnceLock::new();

    fn shim() -> Option<&'static Mutex<Shim>> {
        SHIM.get_or_init(|| load().map(Mutex::new)).as_ref()
    }

    pub fn run(args: &[String]) -> Option<Run> {
        let shim = shim()?;
        let args: Vec<CString> = args
            .iter()
            .map(|a| CString::new(a.as_str()))
            .collect::<Result<_, _>>()
            .ok()?;
        let argv: Vec<*const c_char> = args.iter().map(|a| a.as_ptr()).collect();
        let shim = shim.lock().unwrap_or_else(|e| e.into_inner());
        let mut log: *mut c_char = std::ptr::null_mut();
        // SAFETY: the strings live until the call returns; the shim fills `log` with a string
        // of its own allocation or null.
        let status = unsafe {
            (shim.compile)(
                PROGRAM.as_ptr(),
                argv.as_ptr(),
                argv.len() as c_int,
                &mut log,
            )
        };
        let stderr = if log.is_null() {
            String::new()
        } else {
            // SAFETY: a NUL-terminated string from the shim, released by the shim.
            unsafe {
                let text = CStr::from_ptr(log).to_string_lossy().into_owned();
                (shim.free)(log);
                text
            }
        };
        match status {
            0 => Some(Run {
                succeeded: true,
                stderr,
            }),
            1 => Some(Run {
                succeeded: false,
                stderr,
            }),
            _ => None,
        }
    }

    /// Loads the library from where the build left it.
    fn load() -> Option<Shim> {
        let path = CString::new(env!("OCLGRIND_CLANG_SHIM")).ok()?;
        // SAFETY: the library's initialisers are clang's and LLVM's own; its symbols stay
        // local, so they cannot displace any the application uses.
        let handle = unsafe { libc::dlopen(path.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
        if handle.is_null() {
            return None;
        }
        let symbol = |name: &CStr| {
            // SAFETY: looking a name up in a library we keep loaded for good.
            let p = unsafe { libc::dlsym(handle, name.as_ptr()) };
            (!p.is_null()).then_some(p)
        };
        let compile = symbol(c"oclgrind_clang_compile")?;
        let free = symbol(c"oclgrind_clang_free")?;
        // SAFETY: the shim defines both with these signatures (clang-shim/clang_shim.cpp).
        unsafe {
            Some(Shim {
                compile: std::mem::transmute::<*mut libc::c_void, CompileFn>(compile),
                free: std::mem::transmute::<*mut libc::c_void, FreeFn>(free),
            })
        }
    }
}

#[cfg(not(clang_shim))]
mod shim {
    use super::Run;

    pub const IDENTITY: Option<&str> = None;

    pub fn run(_args: &[String]) -> Option<Run> {
        None
    }
}

#[cfg(test)]
mod tests {
    /// Where `install-deps.sh` installs libclang-19-dev, the shim must be there and load: a
    /// build that silently fell back to clang processes (it only warns) fails here instead.
    #[test]
    fn in_process_compiler_is_built_where_its_headers_are() {
        let headers = std::path::Path::new("/usr/lib/llvm-19/include/clang/FrontendTool/Utils.h");
        if !headers.exists() || option_env!("OCLGRIND_NO_CLANG_SHIM").is_some() {
            return;
        }
        assert!(
            super::identity().is_some(),
            "libclang-19-dev is installed but the in-process compiler was not built (see the \
             warnings of core/build.rs)"
        );
        let dir = std::env::temp_dir().join(format!("oclgrind-shim-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("scratch directory");
        let source = dir.join("k.cl");
        std::fs::write(&source, "kernel void k(global int *p) { *p = 1; }\n").expect("source");
        let args: Vec<String> = ["-x", "cl", "-cl-std=CL1.2", "-fsyntax-only"]
            .iter()
            .map(|a| a.to_string())
            .chain([source.display().to_string()])
            .collect();
        let run = super::run(&args);
        let _ = std::fs::remove_dir_all(&dir);
        let run = run.expect("the in-process compiler loads and takes one compilation");
        assert!(
            run.succeeded,
            "the in-process compiler failed: {}",
            run.stderr
        );
    }
}
