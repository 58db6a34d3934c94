//! The machine a launch runs on: the context's global memory, its plugins, where kernel
//! output goes, the debugger if one is attached, and what launches hand on to the next (where
//! uninitialised bits came from, work-item states). The executor reads nothing else of its
//! context (`crate::Context` builds programs and owns a machine).

use std::io::Write;
use std::sync::Arc;

use super::debug::DebugHook;
use super::items::StatePool;
use super::shadow_values::WrittenOrigins;
use crate::config::Config;
use crate::diagnostics::Diagnostic;
use crate::memory::{AddrSpace, GlobalMemory};
use crate::plugins::{Interest, Plugin, PluginSet};

/// Where kernel output (printf) goes.
pub trait Output: Send + Sync {
    fn stdout(&self, bytes: &[u8]);
    /// Pushes out buffered output (before a diagnostic, so that the two stay in order).
    fn flush(&self) {}
}

/// Kernel output to the process's standard output.
pub struct StdOutput;

impl Output for StdOutput {
    fn stdout(&self, bytes: &[u8]) {
        let mut out = std::io::stdout().lock();
        let _ = out.write_all(bytes);
    }

    fn flush(&self) {
        let _ = std::io::stdout().flush();
    }
}

pub struct Machine {
    pub config: Config,
    pub global: GlobalMemory,
    plugins: PluginSet,
    output: Arc<dyn Output>,
    /// The interactive debugger, when one is attached.
    debugger: Option<Arc<dyn DebugHook>>,
    /// Where uninitialised bits in global memory came from, for the kernels after the one
    /// that wrote them.
    pub(crate) written_origins: WrittenOrigins,
    /// Work-item states for the next launch's workers.
    pub(crate) states: StatePool,
}

impl Machine {
    /// A machine with empty memory and these plugins, its output on standard output.
    pub fn new(config: Config, plugins: PluginSet) -> Machine {
        Machine {
            config,
            global: GlobalMemory::new(),
            plugins,
            output: Arc::new(StdOutput),
            debugger: None,
            written_origins: WrittenOrigins::default(),
            states: StatePool::default(),
        }
    }

    /// Attaches a debugger: launches then run in debug mode (exec::debug).
    pub fn set_debugger(&mut self, debugger: Arc<dyn DebugHook>) {
        self.debugger = Some(debugger);
    }

    pub fn debugger(&self) -> Option<&dyn DebugHook> {
        self.debugger.as_deref()
    }

    pub fn add_plugin(&mut self, p: Arc<dyn Plugin>) {
        self.plugins.add(p);
    }

    pub fn plugins(&self) -> &PluginSet {
        &self.plugins
    }

    pub fn set_output(&mut self, output: Arc<dyn Output>) {
        self.output = output;
    }

    pub fn write_stdout(&self, bytes: &[u8]) {
        self.output.stdout(bytes);
    }

    /// Allocates a zero-filled global buffer and tells the plugins.
    pub fn allocate(&self, size: u64, flags: u32) -> Option<u64> {
        let addr = self.global.allocate(size, flags)?;
        for p in self.plugins.each(Interest::ALLOCATION) {
            p.memory_allocated(AddrSpace::Global, addr, size, flags);
        }
        Some(addr)
    }

    /// Makes memory we do not own a global buffer and tells the plugins.
    ///
    /// # Safety
    /// As `GlobalMemory::allocate_aliased`.
    pub unsafe fn allocate_aliased(&self, ptr: *mut u8, size: u64, flags: u32) -> Option<u64> {
        let addr = self.global.allocate_aliased(ptr, size, flags)?;
        for p in self.plugins.each(Interest::ALLOCATION) {
            p.memory_allocated(AddrSpace::Global, addr, size, flags);
        }
        Some(addr)
    }

    /// Allocates shared virtual memory (`GlobalMemory::allocate_svm`) and tells the plugins
    /// (of the buffer's address in the table's terms). Returns its host address.
    pub fn allocate_svm(&self, size: u64, flags: u32, align: usize) -> Option<u64> {
        let (host, addr) = self.global.allocate_svm(size, flags, align)?;
        for p in self.plugins.each(Interest::ALLOCATION) {
            p.memory_allocated(AddrSpace::Global, addr, size, flags);
        }
        Some(host)
    }

    /// Frees the SVM buffer that starts at host address `host` and tells the plugins; false
    /// if no SVM buffer starts there.
    pub fn free_svm(&self, host: u64) -> bool {
        if self
            .global
            .svm_buffer(host, 1)
            .is_none_or(|(start, _)| start != host)
        {
            return false;
        }
        self.free(self.global.canonical(host))
    }

    /// Frees a global buffer and tells the plugins.
    pub fn free(&self, addr: u64) -> bool {
        for p in self.plugins.each(Interest::ALLOCATION) {
            p.memory_deallocated(AddrSpace::Global, addr);
        }
        self.global.free(addr)
    }

    /// A write by the host (buffer initialisation, `clEnqueueWriteBuffer`), seen by plugins.
    pub fn host_write(&self, addr: u64, data: &[u8]) -> bool {
        for p in self.plugins.each(Interest::HOST_MEMORY) {
            p.host_memory_store(addr, data);
        }
        self.global.write(addr, data)
    }

    /// A read by the host, seen by plugins.
    pub fn host_read(&self, addr: u64, out: &mut [u8]) -> bool {
        for p in self.plugins.each(Interest::HOST_MEMORY) {
            p.host_memory_load(addr, out.len() as u64);
        }
        self.global.read(addr, out)
    }

    /// Sends a message to every plugin that listens to the log (the Logger prints it).
    pub fn log(&self, diagnostic: &Diagnostic) {
        // Kernel output that precedes the message stays before it.
        self.output.flush();
        for p in self.plugins.each(Interest::LOG) {
            p.log(diagnostic);
        }
    }
}
