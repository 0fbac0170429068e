#!/usr/bin/env bash
# Scaling: analysis time and action count of 1, 10, 100 and 500 generated sycl_binary
# targets (2 TUs x 4 kernels each, 3 targets, 8 shards), and of one binary whose TUs
# hold 4 or 32 kernels: the action count grows with binaries x targets x shards, not with
# kernels. Analysis time is `bazel build --nobuild` after the BUILD file changed.
# Writes OUT (TSV) when given.
#   tools/bench/scaling.sh [OUT] [COUNTS...]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
source tools/lib.sh
out="${1:-}"; shift || true
counts=("$@"); [ ${#counts[@]} -gt 0 ] || counts=(1 10 100 500)
# The projects live in a user's workspace of its own (rules_sycl as @rules_sycl).
WORK="$(mktemp -d)"
ws="$WORK/ws"
dir="$ws/gen"
trap 'user_bazel "$ws" shutdown >/dev/null 2>&1 || true; rm -rf "$WORK"' EXIT
user_workspace "$ws"
[ -z "$out" ] || printf 'binaries\tkernels_per_binary\tanalysis_seconds\tactions\tactions_per_binary\n' >"$out"
measure() { # binaries kernels_per_tu
  rm -rf "$dir"
  tools/bench/gen_project.sh "$dir" 2 "$2" spir64,pocl_cpu,nvidia_gpu_sm_90 "$1"
  user_bazel "$ws" build --nobuild //gen:all >/dev/null 2>&1 # loads the package once
  echo "# $(date +%s%N)" >>"$dir/BUILD.bazel"                 # so analysis runs again
  local secs actions
  secs=$(timed user_bazel "$ws" build --nobuild //gen:all)
  # Actions owned by the generated targets (the traits header, compiles, device
  # pipeline, wrapper and link), not the shared tools.
  actions=$(user_bazel "$ws" aquery //gen:all --output=text 2>/dev/null | grep -c '^action ' || true)
  printf '%6d binaries, %3d kernels each: analysis %6.2fs, %6d actions (%d per binary)\n' "$1" "$((2 * $2))" "$secs" "$actions" "$((actions / $1))"
  [ -z "$out" ] || printf '%d\t%d\t%.2f\t%d\t%d\n' "$1" "$((2 * $2))" "$secs" "$actions" "$((actions / $1))" >>"$out"
}
for n in "${counts[@]}"; do measure "$n" 4; done
measure 1 32
