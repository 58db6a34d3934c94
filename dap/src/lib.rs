//! oclgrind-dap: a Debug Adapter Protocol server, the debugger's third front end (after the
//! line mode and the TUI), for VS Code, Neovim and any IDE that speaks DAP.
//!
//! `oclgrind --dap` and `oclgrind-kernel --dap` read DAP on stdin and write it on stdout. The
//! `launch` request names what to debug; the adapter starts the same command again on it with
//! `--interactive` and the engine's socket (`debuggee`), exactly as the TUI of `oclgrind -i`
//! does, and translates: DAP requests become the protocol's commands, its events become DAP
//! events (`session`, `requests`). Breakpoints are the IDE's, by file, bound at the start of
//! each launch to the program whose text is that file's (`breakpoints`, `sources`). Nothing of
//! the simulator is in this crate.

mod breakpoints;
mod debuggee;
mod handles;
mod requests;
mod session;
mod sources;
mod wire;

use std::io::BufReader;
use std::path::PathBuf;

pub use session::Debugging;

use debuggee::Input;
use session::Session;

/// Serves one DAP session on stdin and stdout; returns the exit status. `options` are those
/// `--dap` was given with: every launch gets them before its own.
pub fn serve(debugging: Debugging, options: Vec<String>) -> i32 {
    let exe = match std::env::current_exe() {
        Ok(exe) => exe,
        Err(e) => {
            eprintln!("oclgrind --dap: cannot find this program's executable ({e})");
            return 1;
        }
    };
    serve_with(debugging, exe, options)
}

fn serve_with(debugging: Debugging, exe: PathBuf, options: Vec<String>) -> i32 {
    let (tx, rx) = std::sync::mpsc::channel();
    let client = tx.clone();
    std::thread::spawn(move || {
        let mut input = BufReader::new(std::io::stdin());
        loop {
            let message = match wire::read_message(&mut input) {
                Ok(Some(m)) => Input::Client(m),
                Ok(None) => Input::ClientGone(None),
                Err(e) => Input::ClientGone(Some(e.to_string())),
            };
            let last = matches!(message, Input::ClientGone(_));
            if client.send(message).is_err() || last {
                return;
            }
        }
    });
    // The application's output is DAP's: stdout is the protocol's alone.
    let out: Box<dyn std::io::Write + Send> = Box::new(std::io::stdout());
    Session::new(out, tx, debugging, exe, options).run(rx)
}
