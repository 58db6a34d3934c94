//! `oclgrind-kernel --compare-with`: launches of `tests/compare/*.sim`, and a launch captured
//! from the example app, run on PoCL too (Debian's `pocl-opencl-icd`, which the setup
//! installs). The ICD loader sees a vendors directory holding PoCL and our own driver, which
//! the comparison must skip. Expected results, each derived from the kernel:
//!
//! * `vecadd` adds integers: identical on any conforming device.
//! * `sines` is `sin` over 4096 inputs: OpenCL allows each device 4 ulps, so within 8 the two
//!   agree; bit for bit they may not, and then the line must say how many ulps accept them.
//! * `past_view` reads past a 64-byte view of a 128-byte store of `0x55` bytes: the
//!   simulator refuses the 16 reads (each an invalid read; a refused read gives 0), while
//!   PoCL's sub-buffer reads the store's next bytes (`0x55555555` = 1431655765).
//! * `race`: 64 groups write their number to `out[0]`, a race whose last writer is up to each
//!   device. With `--data-races` it is identical, or `out[0]` differs and the comparison
//!   says that a reported data race wrote it.
//! * The example app's `block_sums` (one work-item of each group adds 64 floats in order):
//!   identical once captured.
//!
//! Run after `cargo build`. Arguments are substring filters on the test name.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use oclgrind_tests::{
    bin_dir, capture, compile_host, kernel_binary, require_built, run_cases, workspace, Case,
    Loader, Runtime,
};

const POCL: &str = "Portable Computing Language";

/// What a comparison printed, and its exit status.
struct Compared {
    stdout: String,
    stderr: String,
    status: Option<i32>,
}

fn compare(vendors: &Path, dir: &Path, args: &[&str]) -> Result<Compared, String> {
    let mut cmd = Command::new(kernel_binary());
    cmd.args(args)
        .current_dir(dir)
        .env("OCL_ICD_VENDORS", vendors);
    oclgrind_tests::without_settings(&mut cmd);
    let Output {
        stdout,
        stderr,
        status,
    } = cmd.output().map_err(|e| format!("cannot run: {e}"))?;
    Ok(Compared {
        stdout: String::from_utf8_lossy(&stdout).into_owned(),
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
        status: status.code(),
    })
}

impl Compared {
    fn last_lines(&self, n: usize) -> Vec<&str> {
        let lines: Vec<&str> = self.stdout.lines().collect();
        lines[lines.len().saturating_sub(n)..].to_vec()
    }

    fn fail(&self, why: &str) -> String {
        format!(
            "{why}\nexit {:?}\nstdout (end): {:?}\nstderr:\n{}",
            self.status,
            self.last_lines(4),
            self.stderr
        )
    }

    fn identical(&self) -> Result<(), String> {
        let last = self.last_lines(1);
        let ok = last
            .first()
            .is_some_and(|l| l.starts_with(&format!("Identical on {POCL} (")));
        match ok && self.status == Some(0) {
            true => Ok(()),
            false => Err(self.fail("not identical on PoCL")),
        }
    }
}

/// A vendors directory with PoCL's driver and ours.
fn vendors(out: &Path) -> Result<PathBuf, String> {
    let dir = out.join("compare-vendors");
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let pocl = "/etc/OpenCL/vendors/pocl.icd";
    std::fs::copy(pocl, dir.join("pocl.icd"))
        .map_err(|e| format!("{pocl}: {e} (is pocl-opencl-icd installed?)"))?;
    let ours = bin_dir().join("liboclgrind_rt_icd.so");
    std::fs::write(dir.join("oclgrind.icd"), format!("{}\n", ours.display()))
        .map_err(|e| e.to_string())?;
    Ok(dir)
}

fn main() {
    require_built(&["oclgrind", "oclgrind-kernel", "liboclgrind_rt_icd.so"]);
    let out = bin_dir().join("compare-tests");
    std::fs::create_dir_all(&out).expect("test output directory");
    let vendors = match vendors(&out) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let sims = workspace().join("tests/compare");
    let (v, d) = (vendors.as_path(), sims.as_path());
    let cases: Vec<Case> = vec![
        (
            "vecadd identical",
            Box::new(|| compare(v, d, &["--compare-with", "pocl", "vecadd.sim"])?.identical()),
        ),
        (
            "sines within 8 ulps",
            Box::new(|| {
                let args = ["--compare-with", "pocl", "--compare-ulps", "8", "sines.sim"];
                compare(v, d, &args)?.identical()
            }),
        ),
        (
            "sines bit for bit",
            Box::new(|| {
                let c = compare(v, d, &["--compare-with", "pocl", "sines.sim"])?;
                if c.status == Some(0) {
                    return c.identical();
                }
                let [differ, why] = c.last_lines(2)[..] else {
                    return Err(c.fail("no comparison"));
                };
                let within = (1..=8).any(|u| {
                    why.ends_with(&format!(
                        "(all within {u} ulps: --compare-ulps {u} accepts them)"
                    ))
                });
                match differ.starts_with("Argument 'y': ") && within && c.status == Some(1) {
                    true => Ok(()),
                    false => Err(c.fail("differences beyond 8 ulps, or no hint")),
                }
            }),
        ),
        (
            "past a view",
            Box::new(|| {
                let c = compare(v, d, &["--compare-with", "portable", "past_view.sim"])?;
                let expected = [
                    format!(
                        "Argument 'out': 16 of 16 elements differ; first at out[0]: \
                         simulator 0, {POCL} 1431655765"
                    ),
                    "They may follow from the reports above: invalid-read (16)".into(),
                ];
                let reads = c.stderr.matches("Invalid read of size 4").count();
                match c.last_lines(2) == expected && c.status == Some(1) && reads == 16 {
                    true => Ok(()),
                    false => Err(c.fail("not the expected difference")),
                }
            }),
        ),
        (
            "a race's element",
            Box::new(|| {
                let c = compare(
                    v,
                    d,
                    &["--data-races", "--compare-with", "pocl", "race.sim"],
                )?;
                if c.status == Some(0) {
                    return c.identical();
                }
                let lines = c.last_lines(3);
                let Some(at) = lines.iter().position(|l| l.starts_with("Argument 'out'")) else {
                    return Err(c.fail("no comparison"));
                };
                let (differ, race) = (lines[at], lines.get(at + 1).copied().unwrap_or(""));
                let named = race.starts_with(
                    "  1 of them are elements a reported data race wrote (out[0]): their values \
                     depend on the order of the racing accesses",
                );
                match differ.starts_with("Argument 'out': 1 of 4097 elements differ") && named {
                    true => Ok(()),
                    false => Err(c.fail("the race is not named")),
                }
            }),
        ),
        (
            "no such platform",
            Box::new(|| {
                let c = compare(v, d, &["--compare-with", "nosuch", "vecadd.sim"])?;
                let said = c
                    .stderr
                    .starts_with("No OpenCL platform matches 'nosuch' (platforms: ")
                    && c.stderr.contains(POCL)
                    && c.stderr.contains("Oclgrind (skipped)");
                match said && c.status == Some(1) && c.stdout.is_empty() {
                    true => Ok(()),
                    false => Err(c.fail("not the no-platform error")),
                }
            }),
        ),
        (
            "not this simulator",
            Box::new(|| {
                let c = compare(v, d, &["--compare-with", "OCLgrind", "vecadd.sim"])?;
                let said = c.stderr == "--compare-with cannot name this simulator\n";
                match said && c.status == Some(1) {
                    true => Ok(()),
                    false => Err(c.fail("not refused")),
                }
            }),
        ),
        ("captured launch", Box::new(|| captured_launch(&out, v))),
    ];
    if run_cases("compare", &cases) > 0 {
        std::process::exit(1);
    }
}

/// The example app captured, and its `block_sums` launch compared on PoCL.
fn captured_launch(out: &Path, vendors: &Path) -> Result<(), String> {
    let exe = out.join("smooth");
    compile_host(&workspace().join("examples/app/smooth.c"), &exe)?;
    let dir = out.join("capture-smooth");
    let _ = std::fs::remove_dir_all(&dir);
    let runtime = Runtime::new(&bin_dir(), out);
    let dir_arg = dir.to_string_lossy().into_owned();
    let mut cmd = runtime.command(Loader::Launcher, &exe, &["--capture", &dir_arg]);
    cmd.current_dir(workspace().join("examples/app"));
    let run = cmd
        .output()
        .map_err(|e| format!("cannot run the app: {e}"))?;
    if !run.status.success() {
        return Err(format!("the app failed: {run:?}"));
    }
    let sim = capture::captured(&dir)
        .into_iter()
        .find(|s| s.to_string_lossy().ends_with("-block_sums.sim"))
        .ok_or("no block_sums launch captured")?;
    let name = sim.file_name().unwrap_or_default().to_string_lossy();
    let c = compare(vendors, &dir, &["--compare-with", "pocl", &name])?;
    c.identical()?;
    // The dumps before the comparison are the replay's own.
    let after = std::fs::read_to_string(sim.with_extension("after")).map_err(|e| e.to_string())?;
    match c.stdout.starts_with(&after) {
        true => Ok(()),
        false => Err(c.fail("the dumps are not the capture's .after")),
    }
}
