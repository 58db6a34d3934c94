#!/usr/bin/env bash
# Installs the Debian 12 packages the build and the tests need; skips what is already there.
set -euo pipefail

PACKAGES=(
  clang-19          # compiles OpenCL C to LLVM bitcode at run time
  llvm-19-dev       # LLVM 19 libraries the lowering links against (llvm-sys)
  libpolly-19-dev   # static LLVM links Polly
  libzstd-dev       # ... and zstd, which llvm-19-dev does not pull in
  python3           # benchmark script
  gcc               # builds the example app and the C test programs
  g++               # builds the C++ test programs (teardown, the library tier)
  ocl-icd-opencl-dev   # libOpenCL.so to link host programs against (the ocl-icd loader)
  ocl-icd-libopencl1
  opencl-c-headers  # CL/cl.h
  clinfo            # the tests list our platform with it
  llvm-spirv-15     # translates SPIR-V programs (clCreateProgramWithIL) to LLVM bitcode
  clang-15          # with llvm-spirv-15, makes the SPIR-V module the tests load
  tmux              # the debugger TUI test drives a real terminal
  # Real OpenCL libraries the library tier (tests/tests/libraries.rs) runs on the simulator:
  libclblast-dev    # CLBlast, for an SGEMM through its tuned kernels
  clblast-tests     # ... and CLBlast's own test programs
  libclfft-dev      # clFFT
  libviennacl-dev   # ViennaCL (header-only)
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "All system packages present."
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi
echo "Installing: ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
