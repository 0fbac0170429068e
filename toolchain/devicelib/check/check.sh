#!/usr/bin/env bash
# Compares rules_sycl's integer, SIMD and conversion functions of
# sycl::ext::intel::math (../imf_int.inc) with CUDA's intrinsics of the same names on the
# same inputs (imf_check.cu): run it on a machine with nvcc and an NVIDIA GPU (sm_70 or
# later; the DPX functions run emulated before sm_90), from the repository root. It
# prints nothing and exits 0 when every line is equal.
#   toolchain/devicelib/check/check.sh [HOST_CXX]
set -euo pipefail
cxx="${1:-c++}"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
"$cxx" -std=c++17 -O1 -x c++ -I. toolchain/devicelib/check/imf_check.cu -o "$dir/host" -lm
nvcc -std=c++17 -O2 -o "$dir/cuda" toolchain/devicelib/check/imf_check.cu
"$dir/host" >"$dir/host.txt"
"$dir/cuda" >"$dir/cuda.txt"
[ "$(wc -l <"$dir/host.txt")" -gt 3000 ] || { echo "too few results" >&2; exit 1; }
diff "$dir/host.txt" "$dir/cuda.txt"
