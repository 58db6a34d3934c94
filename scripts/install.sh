#!/usr/bin/env bash
# Installs the release build:
#   <prefix>/bin/oclgrind, <prefix>/bin/oclgrind-kernel
#   <prefix>/lib/liboclgrind-rt.so      (what `oclgrind` preloads)
#   <prefix>/lib/liboclgrind-rt-icd.so  (the ICD driver)
#   <prefix>/lib/oclgrind.icd           (one line: the driver's path)
#   <prefix>/include/oclgrind_plugin.h  (the C interface of dynamic plugins)
# With --register, also copies oclgrind.icd to /etc/OpenCL/vendors/ so that every OpenCL
# application sees the Oclgrind platform through its ICD loader.
#
#   ./scripts/install.sh [--prefix DIR] [--register]     (default prefix: /usr/local)
set -euo pipefail
cd "$(dirname "$0")/.."

prefix=/usr/local
register=0
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix="$2"; shift 2 ;;
    --register) register=1; shift ;;
    *) echo "usage: $0 [--prefix DIR] [--register]" >&2; exit 1 ;;
  esac
done

cargo build --release -j2
prefix=$(mkdir -p "$prefix" && cd "$prefix" && pwd)
install -d "$prefix/bin" "$prefix/lib" "$prefix/include"
install -m 755 target/release/oclgrind target/release/oclgrind-kernel "$prefix/bin/"
install -m 755 target/release/liboclgrind_rt.so "$prefix/lib/liboclgrind-rt.so"
install -m 755 target/release/liboclgrind_rt_icd.so "$prefix/lib/liboclgrind-rt-icd.so"
install -m 644 plugin-abi/include/oclgrind_plugin.h "$prefix/include/"
echo "$prefix/lib/liboclgrind-rt-icd.so" > "$prefix/lib/oclgrind.icd"
echo "Installed into $prefix"
echo "ICD file: $prefix/lib/oclgrind.icd (OCL_ICD_VENDORS=$prefix/lib/oclgrind.icd selects it)"
if [ "$register" -eq 1 ]; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO install -d /etc/OpenCL/vendors
  $SUDO install -m 644 "$prefix/lib/oclgrind.icd" /etc/OpenCL/vendors/oclgrind.icd
  echo "Registered with the ICD loader: /etc/OpenCL/vendors/oclgrind.icd"
fi
