//! `oclgrind-kernel`: runs one kernel described by a `.sim` file, with no host program.

use std::io::Write;
use std::sync::Arc;

use oclgrind_core::context::StdOutput;
use oclgrind_core::diagnostics::memory_dump;
use oclgrind_core::{launch, Config, Context, LaunchError};
use oclgrind_debugger::remote::SocketFrontend;
use oclgrind_debugger::{Engine, Frontend, LineFrontend};
use oclgrind_simfile::dump::write_argument_dump;
use oclgrind_tui::{Tui, TuiFrontend};

use crate::options::{self, Command};
use crate::sim;
use crate::sim_launch::{read_sim, Beside, ReadError, SimLaunch};

/// Entry point; returns the exit status.
pub fn main(args: &[String]) -> i32 {
    let options = match options::parse_or_exit(Command::Kernel, args) {
        Ok(o) => o,
        Err(status) => return status,
    };
    if options.dap {
        return options::serve_dap(&options, args, oclgrind_dap::Debugging::Kernel);
    }
    if let Some(extra) = options.rest.get(1) {
        eprintln!("Unexpected positional argument '{extra}'");
        return 1;
    }
    let Some(simfile) = options.rest.first() else {
        print!("{}", options::usage(Command::Kernel));
        return 1;
    };
    let config = match options::config_or_exit(&options) {
        Ok(c) => c,
        Err(status) => return status,
    };
    if !oclgrind_reports::open(&config) {
        return 1;
    }
    let mut ctx = Context::new(config);
    let mut tui = None;
    if ctx.config.interactive {
        // A front-end in another process (a Debug Adapter Protocol server, a test) names
        // its socket as the launcher's TUI does for `oclgrind -i ./app`.
        let remote = std::env::var_os("OCLGRIND_DEBUG_SOCKET").and_then(|path| {
            SocketFrontend::connect(path.as_ref())
                .map_err(|e| eprintln!("Oclgrind: cannot reach the debugger's interface ({e})"))
                .ok()
        });
        let frontend: Box<dyn Frontend> = match remote {
            Some(f) => Box::new(f),
            None => match start_tui(&ctx.config) {
                Some((t, frontend)) => {
                    tui = Some(t);
                    Box::new(frontend)
                }
                None => Box::new(LineFrontend::stdio(Arc::new(StdOutput))),
            },
        };
        let engine = Engine::new(frontend);
        ctx.set_debugger(engine.clone());
        ctx.add_plugin(engine);
    }
    // Dynamic plugins come last, as in Oclgrind.
    for plugin in oclgrind_plugin_host::load_all(&ctx.config.plugins) {
        ctx.add_plugin(plugin);
    }
    if let Some(reports) = oclgrind_reports::plugin(&ctx.config) {
        ctx.add_plugin(reports);
    }
    // The other platform is found before anything runs, so that a wrong name stops at once.
    let compare = match &options.compare_with {
        Some(name) => match oclgrind_compare::Device::find(name) {
            Ok(device) => {
                let reported = Arc::new(crate::compare::Reported::default());
                ctx.add_plugin(reported.clone());
                Some(Comparing {
                    device,
                    ulps: options.compare_ulps,
                    reported,
                })
            }
            Err(e) => {
                eprintln!("{e}");
                return 1;
            }
        },
        None => None,
    };
    let result = run(&ctx, simfile, options.global_mem, compare.as_ref());
    // The dumps and any error are printed on the restored terminal.
    if let Some(t) = tui {
        t.wait_for_exit("The program has ended");
    }
    let status = match result {
        Ok((dumps, identical)) => {
            let _ = std::io::stdout().lock().write_all(dumps.as_bytes());
            match identical {
                true => 0,
                false => 1,
            }
        }
        Err(msg) => {
            let _ = std::io::stdout().flush();
            eprintln!("{msg}");
            1
        }
    };
    let _ = std::io::stdout().flush();
    match ctx.config.error_exitcode {
        Some(code) if oclgrind_reports::errors_reported() > 0 => code,
        // The diagnostics file CI reads lacks something: said on stderr, and no success.
        _ if status == 0 && oclgrind_reports::diagnostics_unwritten() => 1,
        _ => status,
    }
}

/// `--compare-with`: the other platform, the tolerance, and what our run reports.
struct Comparing {
    device: oclgrind_compare::Device,
    ulps: u64,
    reported: Arc<crate::compare::Reported>,
}
/// Why a `.sim` file's kernel did not run; the text is what the user reads, as Oclgrind's
/// `oclgrind-kernel` words it.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error("Unable to open simulator file.")]
    SimFile,
    #[error(transparent)]
    Read(#[from] ReadError),
    #[error("{}", sentence(.0))]
    Launch(#[from] LaunchError),
    #[error("Work group size must divide NDRange exactly.")]
    NonUniform,
    #[error(transparent)]
    Compare(#[from] crate::compare::CompareFailure),
}

/// Runs the simfile, and on another platform too when `compare` names one; returns the dumps
/// to print (with the comparison), and whether the other platform's results were the same.
fn run(
    ctx: &Context,
    simfile: &str,
    global_mem: bool,
    compare: Option<&Comparing>,
) -> Result<(String, bool), RunError> {
    let bytes = std::fs::read(simfile).map_err(|_| RunError::SimFile)?;
    let text = sim::decode_text(bytes);
    let dir = std::path::Path::new(simfile)
        .parent()
        .unwrap_or(std::path::Path::new(""))
        .to_path_buf();
    let files = Beside { ctx, dir };
    let sim = read_sim(ctx, &text, &files)?;
    // The other platform runs first, from the arguments' bytes before our launch.
    let theirs = match compare {
        Some(c) => {
            let program = files.program_path(&sim.program_file);
            let foreign = crate::compare::foreign_launch(ctx, &sim, &program)?;
            let theirs = c.device.run(&foreign);
            Some(theirs.map_err(crate::compare::CompareFailure::from)?)
        }
        None => None,
    };
    let SimLaunch {
        kernel_name,
        kernel,
        args,
        nd,
        dumps,
        ..
    } = &sim;

    nd.check(ctx.config.max_wg_size, ctx.config.quick)?;
    let attrs = &kernel.code.info.attrs;
    if attrs.uniform_work_group_size
        && (0..3).any(|d| !nd.global_size[d].is_multiple_of(nd.local_size[d]))
    {
        return Err(RunError::NonUniform);
    }
    let stats = launch(ctx, kernel, args, nd)?;
    if ctx.config.timing {
        eprintln!("{}", stats.timing_line(kernel_name));
    }

    let mut out = String::new();
    for d in dumps {
        let mut bytes = vec![0u8; d.size as usize];
        ctx.host_read(d.address, &mut bytes);
        let threads = ctx.config.num_threads;
        write_argument_dump(&mut out, (&d.name, &bytes), d.elem, d.hex, threads);
    }
    if global_mem {
        out += "\nGlobal Memory:\n";
        let buffers: Vec<(u64, Vec<u8>)> = ctx
            .global
            .live_buffers()
            .into_iter()
            .map(|(addr, size)| {
                let mut b = vec![0u8; size as usize];
                ctx.host_read(addr, &mut b);
                (addr, b)
            })
            .collect();
        out += &memory_dump(&buffers);
    }
    let identical = match (compare, theirs) {
        (Some(c), Some(theirs)) => {
            let (text, identical) =
                crate::compare::report(ctx, &sim, &c.device, &theirs, c.ulps, &c.reported);
            out += &text;
            identical
        }
        _ => true,
    };
    Ok((out, identical))
}

/// A launch error as the line the user reads: capitalised and closed, as this tool's other
/// messages are.
fn sentence(e: &LaunchError) -> String {
    let text = e.to_string();
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => format!("{}{}.", first.to_uppercase(), chars.as_str()),
        None => text,
    }
}

/// The TUI, when debugging at a terminal without `--no-tui`.
fn start_tui(config: &Config) -> Option<(Tui, TuiFrontend)> {
    use std::io::IsTerminal;
    if config.no_tui || !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return None;
    }
    match Tui::start(Box::new(oclgrind_debugger::engine::interrupt)) {
        Ok(t) => Some(t),
        Err(e) => {
            eprintln!(
                "Oclgrind: cannot open the debugger's terminal interface ({e}); line mode instead"
            );
            None
        }
    }
}
