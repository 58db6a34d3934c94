//! The fuzz targets' bodies: each takes the bytes AFL++ gives and feeds them to one parser the
//! way the simulator does. A panic, an abort or a hang is a finding; an error is the right
//! answer to bad input. The binaries in `src/bin` wrap these in `afl::fuzz!`; built without
//! AFL++ they read one input from standard input, which reproduces a finding.

use std::path::Path;
use std::sync::Arc;

use oclgrind_cli::sim_launch::{ReadError, SimFiles};
use oclgrind_core::compile::{tokenize, translate_options};
use oclgrind_core::llvm::{lower_program, LowerOptions, ModuleInput};
use oclgrind_core::{Config, Context, Program};
use oclgrind_debug_protocol::protocol::{self, Event, ToFrontend};
use oclgrind_debug_protocol::{commands, render};
use oclgrind_debugger::expr::{self, fake};
use oclgrind_debugger::format::{self as fmt, Format};

/// `OCLGRIND_FUZZ_VERBOSE=1`: print what each input gave (for reproducing and seeding).
fn verbose() -> bool {
    static VERBOSE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *VERBOSE.get_or_init(|| std::env::var_os("OCLGRIND_FUZZ_VERBOSE").is_some())
}

/// Global memory of the contexts the targets read `.sim` files in: small, so that the
/// largest buffer a file may ask for is filled quickly.
const FUZZ_GLOBAL_MEM: u64 = 1 << 22;

fn config() -> Config {
    Config {
        global_mem_size: FUZZ_GLOBAL_MEM,
        ..Config::default()
    }
}

/// The program every `.sim` input runs against, whatever file it names: the kernels of
/// `kernels/sim_kernels.cl`, built once.
pub fn sim_program() -> Arc<Program> {
    let ctx = Context::new(config());
    let program = ctx
        .build_program(include_str!("../kernels/sim_kernels.cl"), "")
        .unwrap_or_else(|f| panic!("the fuzz kernels build: {}", f.log));
    Arc::new(program)
}

/// `.sim` files: the whole reader (values, headers, ranges, fills, buffers), up to the
/// launch, which it does not run.
pub fn sim(data: &[u8], program: &Arc<Program>) {
    let text = oclgrind_cli::sim::decode_text(data.to_vec());
    let ctx = Context::new(config());
    let files = FuzzFiles(program.clone());
    match oclgrind_cli::sim_launch::read_sim(&ctx, &text, &files) {
        Ok(launch) => {
            assert_eq!(launch.args.len(), launch.kernel.code.info.params.len());
            if verbose() {
                eprintln!("read: {} {:?}", launch.kernel_name, launch.nd);
            }
        }
        Err(e) if verbose() => eprintln!("error: {e}"),
        Err(_) => {}
    }
}

/// Every program a fuzzed `.sim` file names is the fuzz kernels; side files are not read.
struct FuzzFiles(Arc<Program>);

impl SimFiles for FuzzFiles {
    fn program(&self, _: &str, _: &str) -> Result<Arc<Program>, ReadError> {
        Ok(self.0.clone())
    }

    fn side_file(&self, file: &str) -> Result<Vec<u8>, ReadError> {
        Err(ReadError::SideFile(file.to_string()))
    }
}

/// Build options (`clBuildProgram`, `--build-options`, `OCLGRIND_BUILD_OPTIONS`): split into
/// tokens and translated into clang's arguments.
pub fn build_options(data: &[u8]) {
    let options = String::from_utf8_lossy(data);
    let tokens = tokenize(&options);
    assert!(tokens.len() <= options.len(), "more tokens than characters");
    let clang = translate_options(&tokens, Path::new("/work/dir"));
    assert!(clang.std.starts_with("-cl-std="));
    assert!(clang.args.len() <= tokens.len());
}

/// Debugger command lines, as typed (one a line): parsed, and each command sent over the wire
/// format and read back unchanged.
pub fn debugger_command(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    for line in text.split('\n') {
        if let commands::Parsed::Command(c) = commands::parse(line) {
            let wire = protocol::encode_line(&Some(c.clone())).expect("a command encodes");
            assert_eq!(protocol::decode_command_line(&wire), Some(c), "{wire}");
        }
    }
}

const FORMATS: [Format; 8] = [
    Format::Natural,
    Format::Hex,
    Format::Decimal,
    Format::Unsigned,
    Format::Binary,
    Format::Char,
    Format::Float,
    Format::Octal,
];

/// Debugger expressions (`print`, `display`, `watch`, breakpoint conditions): parsed, then
/// evaluated against the unit tests' fake work-item and printed in every format.
pub fn debugger_expr(data: &[u8], target: &fake::Fake) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(e) = expr::parse(text) else {
        return;
    };
    let _ = expr::truth(&e, target);
    let Ok(v) = expr::evaluate(&e, target) else {
        return;
    };
    for f in FORMATS {
        fmt::value(&v, f, target);
    }
    let _ = expr::type_name(&v, &target.debug);
    let _ = expr::address_of(&v, target);
    if let Ok((space, addr)) = expr::pointer_target(&v, target) {
        let space = space.unwrap_or(oclgrind_core::memory::AddrSpace::Global);
        for unit in [1, 2, 4, 8] {
            let _ = fmt::examine(target, space, addr, 4, Format::Hex, unit);
        }
    }
}

/// The debug protocol as it arrives over the socket, one JSON line: as the engine reads it
/// (a command) and as a front-end reads it (an event or a prompt); what decodes is encoded
/// again unchanged, and events are rendered as the line mode prints them.
pub fn protocol(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for line in text.lines() {
        if let Some(c) = protocol::decode_command_line(line) {
            let wire = protocol::encode_line(&Some(c.clone())).expect("a command encodes");
            assert_eq!(protocol::decode_command_line(&wire), Some(c), "{wire}");
        }
        if let Some(message) = protocol::decode_frontend_line(line) {
            let wire = protocol::encode_line(&message).expect("a message encodes");
            assert_eq!(
                protocol::decode_frontend_line(&wire).as_ref(),
                Some(&message),
                "{wire}"
            );
            if let ToFrontend::Event(e) = message {
                render_event(&e);
            }
        }
    }
}

fn render_event(e: &Event) {
    render::render(e, false);
    render::render(e, true);
}

/// Textual LLVM IR, lowered as a program build lowers it (with debug information and
/// instruction counts, which read the most of it), then placed in a context and each of its
/// kernels created.
///
/// LLVM's own readers crash on some malformed input before the simulator sees a module (the
/// IR parser in `UpgradeTBAANode` on a `!tbaa` that is no TBAA node; the bitcode reader on
/// many one-bit changes to valid bitcode, as `llvm-dis-19` does), which no caller of them can
/// prevent. So each input is first read, and checked, in a child process: one that LLVM
/// cannot read without crashing is skipped, and what crashes after it is ours. Bitcode is
/// left out (its reader crashes too often to find anything else); the lowering after the
/// read is the same for both, and core/tests/llvm_stress.rs lowers bitcode of random valid IR.
pub fn lower(data: &[u8]) {
    if oclgrind_core::compile::is_bitcode(data) {
        return;
    }
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let input = ModuleInput::Text(text);
    if !llvm_reads_without_crashing(input) {
        if verbose() {
            eprintln!("skipped: LLVM's reader crashes on it");
        }
        return;
    }
    let options = LowerOptions {
        debug: true,
        count_instructions: true,
    };
    let code = match lower_program(input, options) {
        Ok(code) => code,
        Err(e) => {
            if verbose() {
                eprintln!("error: {e}");
            }
            return;
        }
    };
    let names: Vec<String> = code.kernels.iter().map(|k| k.info.name.clone()).collect();
    let program = Arc::new(Program::from_code(code));
    let ctx = Context::new(config());
    match ctx.place_program(program) {
        Ok(placed) => {
            for name in names {
                let kernel = placed.kernel(&name);
                if verbose() {
                    eprintln!(
                        "kernel {name}: {}",
                        if kernel.is_ok() { "created" } else { "refused" }
                    );
                }
            }
        }
        Err(e) if verbose() => eprintln!("not placed: {e}"),
        Err(_) => {}
    }
}

/// Whether LLVM parses (and `with_module` checks) `input` in a child process without dying of
/// a signal.
fn llvm_reads_without_crashing(input: ModuleInput) -> bool {
    // SAFETY: the child only parses and then leaves with _exit, running no destructors and no
    // atexit handlers of the parent's state.
    unsafe {
        match libc::fork() {
            0 => {
                let _ = oclgrind_core::llvm::ir::with_module(input, |_| ());
                libc::_exit(0)
            }
            -1 => true,
            child => {
                let mut status = 0;
                while libc::waitpid(child, &mut status, 0) == -1 {
                    if std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
                        return true;
                    }
                }
                !libc::WIFSIGNALED(status)
            }
        }
    }
}
