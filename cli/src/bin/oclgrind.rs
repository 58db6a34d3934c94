//! `oclgrind [OPTIONS] COMMAND`

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    std::process::exit(oclgrind_cli::launcher::main(&args));
}
