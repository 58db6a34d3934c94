#!/usr/bin/env bash
# Installs the Debian 12 packages the build and the tests need; skips what is already there.
set -euo pipefail

PACKAGES=(
  clang-19          # compiles OpenCL C to LLVM bitcode at run time
  llvm-19-dev       # LLVM 19 libraries the lowering links against (llvm-sys)
  libpolly-19-dev   # static LLVM links Polly
  libzstd-dev       # ... and zstd, which llvm-19-dev does not pull in
  libclang-19-dev   # clang-19's headers: the in-process compiler (core/build.rs)
  python3           # benchmark script
  gcc               # builds the example app and the C test programs
  g++               # builds the C++ test programs (teardown, the library tier)
  ocl-icd-opencl-dev   # libOpenCL.so to link host programs against (the ocl-icd loader)
  ocl-icd-libopencl1
  opencl-c-headers  # CL/cl.h
  clinfo            # the tests list our platform with it
  make              # builds AFL++ when cargo-afl is installed (below)
  llvm-spirv-15     # translates SPIR-V programs (clCreateProgramWithIL) to LLVM bitcode
  clang-15          # with llvm-spirv-15, makes the SPIR-V module the tests load
  tmux              # the debugger TUI test drives a real terminal
  nodejs            # runs the DAP server's tests (tests/dap) through Microsoft's DebugClient
                    # (npm, which fetches it, is installed below where no npm command is)
  python3-pip       # installs sarif-tools, which reads the SARIF reports back in the tests
  # Real OpenCL libraries the library tier (tests/tests/libraries.rs) runs on the simulator:
  libclblast-dev    # CLBlast, for an SGEMM through its tuned kernels
  clblast-tests     # ... and CLBlast's own test programs
  libclfft-dev      # clFFT
  libviennacl-dev   # ViennaCL (header-only)
  pocl-opencl-icd   # a second OpenCL platform: oclgrind-kernel --compare-with runs launches on it
  oclgrind          # Debian's Oclgrind 21.10: captures without our extensions must run under it
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi
if [ ${#missing[@]} -eq 0 ]; then
  echo "All system packages present."
else
  echo "Installing: ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# What the tests read SARIF back with (tests/tests/reports.rs), in the user's cache: the SARIF
# SDK's validator (Microsoft's Sarif.Multitool, an npm package) and sarif-tools (a PyPI
# package), each fetched by its own ecosystem's client at a pinned version; the validator's
# archive is also checked against the checksum it had when it was pinned.
TOOLS="${XDG_CACHE_HOME:-$HOME/.cache}/oclgrind-tests"
MULTITOOL_VERSION=5.7.0
MULTITOOL_SHA256=27d8e3e96dde578a23b7c45035b8d741fece5731e2700aa068015b8c44d1514e
SARIF_TOOLS_VERSION=3.0.5
multitool="$TOOLS/sarif-multitool-$MULTITOOL_VERSION"
if [ ! -x "$multitool/package/Sarif.Multitool" ]; then
  if ! command -v npm >/dev/null; then
    echo "Installing npm (fetches the SARIF validator)"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends npm
  fi
  echo "Fetching the SARIF validator (Sarif.Multitool $MULTITOOL_VERSION)"
  scratch=$(mktemp -d)
  (cd "$scratch" && npm pack --silent "@microsoft/sarif-multitool-linux@$MULTITOOL_VERSION" >/dev/null)
  archive="$scratch/microsoft-sarif-multitool-linux-$MULTITOOL_VERSION.tgz"
  if ! echo "$MULTITOOL_SHA256  $archive" | sha256sum --check --quiet; then
    echo "install-deps: the Sarif.Multitool archive does not match its pinned checksum" >&2
    rm -rf "$scratch"
    exit 1
  fi
  # Only the package's own directory, owned by us, nothing outside it (GNU tar refuses
  # absolute and '..' member names).
  rm -rf "$multitool" && mkdir -p "$multitool"
  tar -xzf "$archive" -C "$multitool" --no-same-owner --no-same-permissions package/
  chmod +x "$multitool/package/Sarif.Multitool"
  rm -rf "$scratch"
fi
if ! python3 -m pip show -q sarif-tools 2>/dev/null ||
  [ "$(python3 -m pip show sarif-tools 2>/dev/null | sed -n 's/^Version: //p')" != "$SARIF_TOOLS_VERSION" ]; then
  echo "Installing sarif-tools $SARIF_TOOLS_VERSION"
  python3 -m pip install --user -q "sarif-tools==$SARIF_TOOLS_VERSION" 2>/dev/null ||
    python3 -m pip install --user -q --break-system-packages "sarif-tools==$SARIF_TOOLS_VERSION"
fi

# The DAP tests' client (tests/dap): @vscode/debugadapter-testsupport, as package-lock.json pins it.
dap_tests="$(dirname "$0")/../tests/dap"
if [ ! -d "$dap_tests/node_modules/@vscode/debugadapter-testsupport" ]; then
  if ! command -v npm >/dev/null; then
    echo "Installing npm (fetches the DAP test client)"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends npm
  fi
  echo "Fetching the DAP test client (tests/dap)"
  (cd "$dap_tests" && npm ci --no-audit --no-fund --silent)
fi

# The fuzz targets (scripts/fuzz.sh, fuzz/): cargo-afl, whose installation builds AFL++ from the
# sources it ships (without LLVM plugins: the stable toolchain instruments with its own
# sanitizer-coverage pass). Its version must match the `afl` crate in fuzz/Cargo.toml.
CARGO_AFL_VERSION=0.18.2
if ! cargo afl --version 2>/dev/null | grep -q "^cargo-afl $CARGO_AFL_VERSION "; then
  echo "Installing cargo-afl $CARGO_AFL_VERSION (and AFL++)"
  cargo install cargo-afl --version "$CARGO_AFL_VERSION" --locked
fi
# AFL++ is built per Rust toolchain: build it when this one has none (already built is fine).
if ! afl_config=$(cargo afl config --build 2>&1) && ! grep -q "already built" <<<"$afl_config"; then
  echo "$afl_config" >&2
  exit 1
fi
