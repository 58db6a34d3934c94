//! Programs: made from OpenCL C source, from our binaries (LLVM bitcode) or from SPIR-V, then
//! built, or compiled and linked, into something kernels can be made from.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use oclgrind_core::llvm::binary::{self, BinaryError};
use oclgrind_core::program::ProgramError;
use oclgrind_core::PlacedProgram;

use crate::cl::*;
use crate::context::Context;
use crate::error::{blame, ensure, fail, ClResult};
use crate::handle::{self, ClObject, Kind, Obj};

/// Binary kinds as tagged inside our bitcode.
const TAG_OBJECT: &str = "compiled-object";
const TAG_LIBRARY: &str = "library";
const TAG_EXECUTABLE: &str = "executable";

/// Where a program came from.
pub enum Origin {
    Source(String),
    Binary,
    /// SPIR-V as given; `Program::state.binary` holds its translation.
    Il(Vec<u8>),
    Linked,
}

/// The result of a successful build.
/// The result of a successful build. Its program-scope variables live until it goes (kernels
/// and queued launches hold it).
pub struct Executable {
    pub placed: PlacedProgram,
    pub kernel_names: Vec<String>,
    /// This build's number in the process (a capture writes each program once).
    pub id: u64,
    /// What it was built from.
    pub built: Built,
    sim: Arc<oclgrind_core::Context>,
}

/// What an executable was built from, as a capture writes it.
pub enum Built {
    /// OpenCL C, with the options the application gave.
    Source { text: String, options: String },
    /// Binaries, SPIR-V or linked objects: its bitcode is all there is.
    Bitcode,
}

impl Drop for Executable {
    fn drop(&mut self) {
        for &addr in &self.placed.addresses {
            self.sim.free(addr);
        }
    }
}

pub struct State {
    pub status: cl_build_status,
    pub options: String,
    pub log: String,
    pub binary_type: cl_program_binary_type,
    /// The current binary: compiled object, library or executable bitcode.
    pub binary: Vec<u8>,
    /// `binary` with its type tagged inside, made when the application first asks for it.
    tagged: Option<Arc<Vec<u8>>>,
    pub executable: Option<Arc<Executable>>,
}

/// What a build produces: the binary's type, the binary, and the executable if it is one.
type BuildResult = Result<(cl_program_binary_type, Vec<u8>, Option<Executable>), BuildError>;

/// Why a build, compilation or link failed: its text ends the build log.
#[derive(Debug, thiserror::Error)]
enum BuildError {
    /// The compiler's log, already in the build log, says why.
    #[error("")]
    Logged,
    #[error(transparent)]
    Binary(#[from] BinaryError),
    /// Functions that modules call and none defines.
    #[error("undefined reference to {}", quoted(.0))]
    Undefined(Vec<String>),
    /// The module cannot be read, or kernels use what the simulator cannot run.
    #[error("{}", .0.build_log(None))]
    Lower(ProgramError),
    /// The program's variables do not fit in the context's memory.
    #[error("{0}")]
    Place(oclgrind_core::context::PlaceError),
}

/// `'a', 'b'`.
fn quoted(names: &[String]) -> String {
    names
        .iter()
        .map(|n| format!("'{n}'"))
        .collect::<Vec<_>>()
        .join(", ")
}

pub struct Program {
    pub context: Obj<Context>,
    pub origin: Origin,
    state: Mutex<State>,
    /// Kernel objects made from the program: it cannot be rebuilt while there are any.
    pub kernels: AtomicUsize,
}

impl ClObject for Program {
    const KIND: Kind = Kind::Program;
    const INVALID: cl_int = CL_INVALID_PROGRAM;
}

/// A program argument: looked up, and its context noted for error reports.
pub fn get_program(handle: cl_program) -> ClResult<Obj<Program>> {
    let p = handle::get::<Program>(handle, "program")?;
    blame(&p.context);
    Ok(p)
}

impl Program {
    fn new(
        context: Obj<Context>,
        origin: Origin,
        binary_type: cl_program_binary_type,
        binary: Vec<u8>,
    ) -> Program {
        Program {
            context,
            origin,
            state: Mutex::new(State {
                status: CL_BUILD_NONE,
                options: String::new(),
                log: String::new(),
                binary_type,
                binary,
                tagged: None,
                executable: None,
            }),
            kernels: AtomicUsize::new(0),
        }
    }

    pub fn from_source(context: Obj<Context>, source: String) -> Program {
        Program::new(
            context,
            Origin::Source(source),
            CL_PROGRAM_BINARY_TYPE_NONE,
            Vec::new(),
        )
    }

    /// A program from one of our binaries; `Err` (for `binary_status`) if it is not one.
    pub fn from_binary(context: Obj<Context>, binary: &[u8]) -> Result<Program, BinaryError> {
        let kind = binary::tag_of(binary)?;
        let binary_type = match kind.as_deref() {
            Some(TAG_LIBRARY) => CL_PROGRAM_BINARY_TYPE_LIBRARY,
            Some(TAG_EXECUTABLE) => CL_PROGRAM_BINARY_TYPE_EXECUTABLE,
            // Plain bitcode from elsewhere is treated as a compiled object.
            _ => CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT,
        };
        Ok(Program::new(
            context,
            Origin::Binary,
            binary_type,
            binary.to_vec(),
        ))
    }

    /// A program from SPIR-V, translated now so that bad IL is refused at creation.
    pub fn from_il(context: Obj<Context>, il: &[u8]) -> ClResult<Program> {
        let bitcode = oclgrind_core::compile::translate_spirv(il)
            .map_err(|e| crate::error::ClError::new(CL_INVALID_VALUE, e.to_string()))?;
        Ok(Program::new(
            context,
            Origin::Il(il.to_vec()),
            CL_PROGRAM_BINARY_TYPE_NONE,
            bitcode,
        ))
    }

    pub fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The binary as the application receives it (`CL_PROGRAM_BINARIES`): our bitcode, with
    /// its type tagged inside so that it says what it is when it comes back.
    pub fn binary_for_application(&self) -> Arc<Vec<u8>> {
        let mut st = self.lock();
        if let Some(t) = &st.tagged {
            return t.clone();
        }
        let kind = match st.binary_type {
            CL_PROGRAM_BINARY_TYPE_LIBRARY => TAG_LIBRARY,
            CL_PROGRAM_BINARY_TYPE_EXECUTABLE => TAG_EXECUTABLE,
            _ => TAG_OBJECT,
        };
        let tagged = if st.binary.is_empty() {
            Vec::new()
        } else {
            // Our own bitcode always parses; should it not, the untagged bitcode still works.
            binary::tag(&st.binary, kind).unwrap_or_else(|_| st.binary.clone())
        };
        let tagged = Arc::new(tagged);
        st.tagged = Some(tagged.clone());
        tagged
    }

    pub fn executable(&self) -> Option<Arc<Executable>> {
        self.lock().executable.clone()
    }

    pub fn source(&self) -> Option<&str> {
        match &self.origin {
            Origin::Source(s) => Some(s),
            _ => None,
        }
    }

    /// Refuses to (re)build while kernels exist or another build runs.
    fn start_build(&self, options: &str) -> ClResult<()> {
        ensure!(
            self.kernels.load(Ordering::Acquire) == 0,
            CL_INVALID_OPERATION,
            "The program has kernel objects attached"
        );
        let mut st = self.lock();
        ensure!(
            st.status != CL_BUILD_IN_PROGRESS,
            CL_INVALID_OPERATION,
            "The program is being built"
        );
        st.status = CL_BUILD_IN_PROGRESS;
        st.options = options.to_string();
        st.log.clear();
        Ok(())
    }

    /// Records the outcome of a build; true if it succeeded.
    fn finish_build(&self, result: BuildResult, log: String) -> bool {
        let mut st = self.lock();
        st.log = log;
        match result {
            Ok((binary_type, binary, executable)) => {
                st.status = CL_BUILD_SUCCESS;
                st.binary_type = binary_type;
                st.binary = binary;
                st.tagged = None;
                st.executable = executable.map(Arc::new);
                true
            }
            Err(e) => {
                st.status = CL_BUILD_ERROR;
                let e = e.to_string();
                if !e.is_empty() {
                    st.log.push_str(&e);
                    if !e.ends_with('\n') {
                        st.log.push('\n');
                    }
                }
                st.executable = None;
                false
            }
        }
    }

    /// `clBuildProgram`: source is compiled and lowered; binaries and IL are linked and lowered.
    pub fn build(&self, options: &str) -> ClResult<()> {
        self.start_build(options)?;
        let sim = &self.context.sim;
        let (result, log) = match &self.origin {
            Origin::Source(source) => match sim.build_program(source, options) {
                Err(failure) if failure.bad_options => {
                    self.finish_build(Err(BuildError::Logged), failure.log.clone());
                    fail!(CL_INVALID_BUILD_OPTIONS, "{}", failure.log.trim_end());
                }
                Err(failure) => {
                    if let Some(summary) = &failure.summary {
                        // "N errors generated." goes to stderr, as Oclgrind's compiler prints it.
                        crate::error::stderr_line(summary);
                    }
                    (Err(BuildError::Logged), failure.log)
                }
                Ok(program) => {
                    if let Some(w) = &program.warnings {
                        // clang's "N warnings generated." goes to stderr, as Oclgrind's does.
                        crate::error::stderr_line(w);
                    }
                    let log = program.build_log.clone();
                    let built = Built::Source {
                        text: source.clone(),
                        options: options.to_string(),
                    };
                    (place_built(&self.context, program, built), log)
                }
            },
            _ => {
                let (binary_type, bitcode) = {
                    let st = self.lock();
                    (st.binary_type, st.binary.clone())
                };
                let result = if binary_type == CL_PROGRAM_BINARY_TYPE_EXECUTABLE {
                    Ok(bitcode)
                } else {
                    link_executable(&[&bitcode])
                };
                (
                    result.and_then(|b| make_executable(&self.context, b)),
                    String::new(),
                )
            }
        };
        ensure!(
            self.finish_build(result, log),
            CL_BUILD_PROGRAM_FAILURE,
            "Build failed (see the build log)"
        );
        Ok(())
    }

    /// `clCompileProgram`: source (with the given headers) to a compiled object.
    pub fn compile(&self, options: &str, headers: &[(String, String)]) -> ClResult<()> {
        let source = match &self.origin {
            Origin::Source(source) => source,
            Origin::Il(_) => {
                // The translated module is the compiled object (headers do not apply to IL).
                self.start_build(options)?;
                let bitcode = self.lock().binary.clone();
                let object = Ok((CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT, bitcode, None));
                self.finish_build(object, String::new());
                return Ok(());
            }
            _ => fail!(
                CL_INVALID_OPERATION,
                "Only programs created from source or IL can be compiled"
            ),
        };
        self.start_build(options)?;
        let (result, log) = match self.context.sim.compile_object(source, options, headers) {
            Ok(c) => (
                Ok((CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT, c.bitcode, None)),
                c.log,
            ),
            Err(f) if f.bad_options => {
                self.finish_build(Err(BuildError::Logged), f.log.clone());
                fail!(CL_INVALID_COMPILER_OPTIONS, "{}", f.log.trim_end());
            }
            Err(f) => (Err(BuildError::Logged), f.log),
        };
        ensure!(
            self.finish_build(result, log),
            CL_COMPILE_PROGRAM_FAILURE,
            "Compilation failed (see the build log)"
        );
        Ok(())
    }

    /// `clLinkProgram`: the new program (returned even when linking failed, with its log).
    pub fn link(
        context: Obj<Context>,
        inputs: &[Obj<Program>],
        options: &str,
    ) -> ClResult<(Program, bool)> {
        let mut library = false;
        for o in oclgrind_core::compile::tokenize(options) {
            match o.as_str() {
                "-create-library" => library = true,
                "-enable-link-options"
                | "-cl-denorms-are-zero"
                | "-cl-no-signed-zeros"
                | "-cl-unsafe-math-optimizations"
                | "-cl-finite-math-only"
                | "-cl-fast-relaxed-math"
                | "-cl-no-subgroup-ifp" => {}
                other => fail!(CL_INVALID_LINKER_OPTIONS, "Unknown link option '{other}'"),
            }
        }
        let mut modules = Vec::new();
        for p in inputs {
            let st = p.lock();
            ensure!(
                st.status == CL_BUILD_SUCCESS
                    && matches!(
                        st.binary_type,
                        CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT | CL_PROGRAM_BINARY_TYPE_LIBRARY
                    )
                    || matches!(p.origin, Origin::Binary)
                        && st.binary_type != CL_PROGRAM_BINARY_TYPE_EXECUTABLE,
                CL_INVALID_OPERATION,
                "An input program is not a compiled object or library"
            );
            modules.push(st.binary.clone());
        }
        let program = Program::new(
            context.clone(),
            Origin::Linked,
            CL_PROGRAM_BINARY_TYPE_NONE,
            Vec::new(),
        );
        program.start_build(options)?;
        let refs: Vec<&[u8]> = modules.iter().map(|m| m.as_slice()).collect();
        let result = if library {
            binary::link(&refs, TAG_LIBRARY)
                .map(|l| (CL_PROGRAM_BINARY_TYPE_LIBRARY, l.bitcode, None))
                .map_err(BuildError::from)
        } else {
            link_executable(&refs).and_then(|b| make_executable(&context, b))
        };
        let ok = program.finish_build(result, String::new());
        Ok((program, ok))
    }
}

/// Places a program built from source in the context.
fn place_built(
    context: &Obj<Context>,
    program: oclgrind_core::Program,
    built: Built,
) -> BuildResult {
    let binary = program.bitcode.clone();
    let placed = context
        .sim
        .place_program(Arc::new(program))
        .map_err(BuildError::Place)?;
    Ok((
        CL_PROGRAM_BINARY_TYPE_EXECUTABLE,
        binary,
        Some(executable(context, placed, built)),
    ))
}

fn executable(context: &Obj<Context>, placed: PlacedProgram, built: Built) -> Executable {
    static BUILDS: AtomicU64 = AtomicU64::new(0);
    let kernel_names = placed
        .program
        .code
        .kernels
        .iter()
        .map(|k| k.info.name.clone())
        .collect();
    Executable {
        placed,
        kernel_names,
        id: BUILDS.fetch_add(1, Ordering::Relaxed),
        built,
        sim: context.sim.clone(),
    }
}

/// Links modules into an executable, refusing calls to functions nobody defines.
fn link_executable(modules: &[&[u8]]) -> Result<Vec<u8>, BuildError> {
    let linked = binary::link(modules, TAG_EXECUTABLE)?;
    if !linked.undefined.is_empty() {
        return Err(BuildError::Undefined(linked.undefined));
    }
    Ok(linked.bitcode)
}

/// Lowers executable bitcode and places its variables in the context.
fn make_executable(context: &Obj<Context>, bitcode: Vec<u8>) -> BuildResult {
    let sim = &context.sim;
    let program = sim
        .program_from_bitcode(bitcode.clone())
        .map_err(BuildError::Lower)?;
    let placed = sim
        .place_program(Arc::new(program))
        .map_err(BuildError::Place)?;
    Ok((
        CL_PROGRAM_BINARY_TYPE_EXECUTABLE,
        bitcode,
        Some(executable(context, placed, Built::Bitcode)),
    ))
}
