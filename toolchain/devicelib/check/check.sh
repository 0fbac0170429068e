#!/usr/bin/env bash
# Compares rules_sycl's functions of sycl::ext::intel::math with CUDA's of the same
# meaning, on the same inputs: run it on a machine with nvcc and an NVIDIA GPU (sm_70 or
# later; the DPX functions run emulated before sm_90), from the repository root.
#  - imf_check.cu: the integer, SIMD and conversion functions (../imf_int.inc), which
#    must give CUDA's results exactly;
#  - imf_fp_check.cu: rounded arithmetic, half and bfloat16 conversions, half math and
#    special functions (../imf_fp.inc): exact, or within the ulps each line allows.
# It prints the differences, and exits 0 when there are none.
#   toolchain/devicelib/check/check.sh [HOST_CXX]
set -euo pipefail
cxx="${1:-c++}"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
for check in imf_check imf_fp_check; do
  "$cxx" -std=c++17 -O1 -x c++ -I. "toolchain/devicelib/check/$check.cu" -o "$dir/$check.host" -lm
  nvcc -std=c++17 -O2 -o "$dir/$check.cuda" "toolchain/devicelib/check/$check.cu"
  "$dir/$check.host" >"$dir/$check.host.txt"
  "$dir/$check.cuda" >"$dir/$check.cuda.txt"
done
[ "$(wc -l <"$dir/imf_check.host.txt")" -gt 3000 ] || { echo "too few results" >&2; exit 1; }
rc=0
diff "$dir/imf_check.host.txt" "$dir/imf_check.cuda.txt" || rc=1
"$dir/imf_fp_check.host" compare "$dir/imf_fp_check.host.txt" "$dir/imf_fp_check.cuda.txt" || rc=1
exit "$rc"
