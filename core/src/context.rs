//! A simulator context: global memory, plugins and output, shared by everything run in it
//! (one per `cl_context`, one for `oclgrind-kernel`).

use std::ops::{Deref, DerefMut};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::compile::{compile, BuildFailure, CompileJob};
use crate::config::Config;
use crate::config::{InstCounts, PerfLints};
use crate::diagnostics::{Diagnostic, Level, Source};
pub use crate::exec::machine::{Output, StdOutput};
use crate::exec::{KernelInstance, Machine};
use crate::llvm::{self, LowerOptions, ModuleInput};
use crate::plugins::{
    InstructionCounter, Interest, Logger, MemCheck, PerfLints as PerfLintsPlugin, PluginSet,
    RaceDetector, RaceSuppressions, Uninitialized,
};
use crate::program::{ProgramCode, ProgramError};

/// The simulator for the programs of one context: the machine they run on (memory, plugins,
/// output, a debugger: `exec::Machine`, which a `Context` derefs to) and the building of
/// programs for it.
pub struct Context {
    machine: Machine,
    /// Whether the plugins' closing lines were logged (`end_run`).
    ended: AtomicBool,
}

impl Deref for Context {
    type Target = Machine;

    fn deref(&self) -> &Machine {
        &self.machine
    }
}

impl DerefMut for Context {
    fn deref_mut(&mut self) -> &mut Machine {
        &mut self.machine
    }
}

impl Drop for Context {
    fn drop(&mut self) {
        self.end_run();
    }
}

impl Context {
    /// The run is over for this context: the plugins' closing lines, once (when it goes away,
    /// or earlier when the process ends while something still holds it).
    pub fn end_run(&self) {
        if self.ended.swap(true, Ordering::AcqRel) {
            return;
        }
        let lines: Vec<String> = self.plugins().all().filter_map(|p| p.summary()).collect();
        for line in lines {
            self.log(&Diagnostic::text(Level::Info, line));
        }
    }

    /// A context with the always-loaded plugins (Logger, MemCheck) and those the config asks
    /// for (InstructionCounter, RaceDetector, Uninitialized), in Oclgrind's order, then ours
    /// (PerfLints).
    pub fn new(config: Config) -> Context {
        // Before any build: clang's handlers must go in front of ours, not ours be left out.
        crate::interrupt::install();
        let mut plugins = PluginSet::default();
        plugins.add(Arc::new(Logger::new(
            config.log_file.as_deref(),
            config.max_errors,
        )));
        plugins.add(Arc::new(MemCheck::default()));
        if config.inst_counts != InstCounts::Off {
            plugins.add(Arc::new(InstructionCounter {
                lines: config.inst_counts == InstCounts::Lines,
            }));
        }
        if config.data_races {
            let (suppressions, errors) =
                RaceSuppressions::new(&config.race_ignore, config.race_suppressions.as_deref());
            for e in errors {
                eprintln!("Oclgrind: {e}");
            }
            plugins.add(Arc::new(RaceDetector::new(
                config.uniform_writes,
                suppressions,
            )));
        }
        if config.uninitialized {
            plugins.add(Arc::new(Uninitialized));
        }
        if config.perf_lints != PerfLints::Off {
            plugins.add(Arc::new(PerfLintsPlugin::new(
                config.perf_lints == PerfLints::All,
            )));
        }
        Context {
            machine: Machine::new(config, plugins),
            ended: AtomicBool::new(false),
        }
    }

    /// What programs are lowered for: their source-level debug information for the debugger
    /// and for the Uninitialized checker's origins (variable names); counting instructions
    /// when a plugin (the InstructionCounter, the debugger) wants the counts.
    fn lower_options(&self) -> LowerOptions {
        LowerOptions {
            debug: self.config.interactive || self.config.uninitialized,
            count_instructions: self.plugins().wants(Interest::INSTRUCTION_COUNTS),
        }
    }

    /// Builds OpenCL C source with the program's options plus `OCLGRIND_BUILD_OPTIONS`.
    pub fn build_program(&self, source: &str, options: &str) -> Result<Program, BuildFailure> {
        let compiled = self.compile_object(source, options, &[]);
        if self.config.dump_spir {
            dump_spir(source, compiled.as_ref().ok().map(|c| c.bitcode.as_slice()));
        }
        let compiled = compiled?;
        let source = Arc::new(Source::new(source));
        let code = llvm::lower_program(
            ModuleInput::Bitcode(&compiled.bitcode),
            self.lower_options(),
        )
        .map_err(|e| BuildFailure {
            log: format!("{}{}", compiled.log, e.build_log(Some(&source))),
            summary: None,
            bad_options: false,
        })?;
        Ok(Program {
            source: Some(source),
            bitcode: compiled.bitcode,
            code,
            build_log: compiled.log,
            warnings: compiled.summary,
        })
    }

    /// Compiles OpenCL C to bitcode without building a program from it (`clCompileProgram`).
    pub fn compile_object(
        &self,
        source: &str,
        options: &str,
        headers: &[(String, String)],
    ) -> Result<crate::compile::Compiled, BuildFailure> {
        let all = match &self.config.build_options {
            Some(extra) => format!("{options} {extra}"),
            None => options.to_string(),
        };
        compile(&CompileJob {
            source,
            headers,
            options: &all,
            interactive: self.config.interactive,
        })
    }

    /// Loads a program from LLVM bitcode (no source: messages say so).
    pub fn program_from_bitcode(&self, bitcode: Vec<u8>) -> Result<Program, ProgramError> {
        let code = llvm::lower_program(ModuleInput::Bitcode(&bitcode), self.lower_options())?;
        Ok(Program {
            source: None,
            bitcode,
            code,
            build_log: String::new(),
            warnings: None,
        })
    }

    /// Loads a program from textual LLVM IR (hand-written kernels and tests).
    pub fn program_from_ir(&self, text: &str) -> Result<Program, ProgramError> {
        let code = llvm::lower_program(ModuleInput::Text(text), self.lower_options())?;
        Ok(Program::from_code(code))
    }

    /// Allocates and initialises the program's global variables in this context.
    pub fn place_program(&self, program: Arc<Program>) -> Result<PlacedProgram, PlaceError> {
        let mut addresses = Vec::new();
        for g in &program.code.globals {
            let addr = (self.allocate(g.size, 0))
                .ok_or_else(|| PlaceError::OutOfMemory(g.name.clone()))?;
            addresses.push(addr);
        }
        for (g, &addr) in program.code.globals.iter().zip(&addresses) {
            if g.relocs.is_empty() {
                if !g.init.is_empty() {
                    self.host_write(addr, &g.init);
                }
                continue;
            }
            let mut data = g.init.clone();
            for &(offset, var, addend) in &g.relocs {
                let target = addresses[var as usize].wrapping_add(addend as u64);
                let at = offset as usize;
                data[at..at + 8].copy_from_slice(&target.to_le_bytes());
            }
            self.host_write(addr, &data);
        }
        Ok(PlacedProgram { program, addresses })
    }
}

/// Writes `/tmp/oclgrind_<id>.{cl,ll,bc}` for `--dump-spir`.
fn dump_spir(source: &str, bitcode: Option<&[u8]>) {
    let id = format!(
        "{:x}",
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
            ^ std::process::id() as u64
    );
    let base = std::env::temp_dir().join(format!("oclgrind_{id}"));
    let _ = std::fs::write(base.with_extension("cl"), source);
    if let Some(bc) = bitcode {
        let _ = std::fs::write(base.with_extension("bc"), bc);
        if let Ok(text) = llvm::bitcode_to_text(bc) {
            let _ = std::fs::write(base.with_extension("ll"), text);
        }
    }
}

/// A built program, independent of any context.
pub struct Program {
    pub source: Option<Arc<Source>>,
    pub bitcode: Vec<u8>,
    pub code: ProgramCode,
    pub build_log: String,
    /// The compiler's `N warnings generated.` line, when there were warnings.
    pub warnings: Option<String>,
}

impl Program {
    /// A program of lowered code alone: no source, bitcode or build log (IR, tests).
    pub fn from_code(code: ProgramCode) -> Program {
        Program {
            source: None,
            bitcode: Vec::new(),
            code,
            build_log: String::new(),
            warnings: None,
        }
    }
}

/// Why a kernel cannot be created.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KernelError {
    NotFound,
    /// The kernel's code does not fit this context (the text says why). What the simulator
    /// cannot run at all already failed the program's build.
    Unsupported(String),
}

/// Why a program's variables could not be placed in a context.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlaceError {
    #[error("out of memory for program variable {0}")]
    OutOfMemory(String),
}

/// A program whose global variables live in a context's memory.
pub struct PlacedProgram {
    pub program: Arc<Program>,
    /// Address of each program-scope variable.
    pub addresses: Vec<u64>,
}

impl PlacedProgram {
    pub fn kernel(&self, name: &str) -> Result<KernelInstance, KernelError> {
        let code = self
            .program
            .code
            .kernel(name)
            .ok_or(KernelError::NotFound)?;
        KernelInstance::new(code.clone(), &self.addresses, self.program.source.clone()).map_err(
            |message| KernelError::Unsupported(format!("{message}\nWhen creating kernel '{name}'")),
        )
    }
}
