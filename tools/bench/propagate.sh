#!/usr/bin/env bash
# Benchmark: `sycl-device propagate` against `opt-22 -passes=verify -disable-output` (LLVM's
# own parse and verification of the same module, the floor of DPC++'s pass) on a
# generated module of ~60 MB (2,000 kernels, 20,000 helpers), in one run.
# The two run in turn, N runs each (default 5); prints best and median times, the ratio of
# the best times and peak RSS; exits 1 if a goal is missed:
#   propagate wall time <= 0.07 x opt's, propagate peak RSS <= 1.4 x the input size.
# usage: tools/bench/propagate.sh [--debug] [--runs N]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
cd "$ROOT"
runs=5; gen_flags=()
while [ $# -gt 0 ]; do
  case "$1" in
    --debug) gen_flags+=(-debug) ;;
    --runs) runs="$2"; shift ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
  shift
done
tools/bazel build -c opt //cmd/sycl-device //tools/bench/irgen //tools/bench/time >/dev/null 2>&1
bin="$(tools/bazel info -c opt bazel-bin 2>/dev/null)"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
"$bin/tools/bench/irgen/irgen_/irgen" "${gen_flags[@]}" -o "$work/big.ll"
size_mb=$(awk -v b="$(stat -c %s "$work/big.ll")" 'BEGIN{printf "%.1f", b/1048576}') # MiB
opt="$(readlink -f "$(command -v opt-22)")"
echo "machine: $(nproc) cores, $(uname -m); input: $size_mb MiB (${gen_flags[*]:-no debug info}); runs: $runs; output on $(df --output=fstype "$work" | tail -1)"
bt="$bin/tools/bench/time/time_/time"
# The two tools run in turn, run by run, so that both sample the same minutes of a machine
# whose speed comes and goes (a best of N of the 0.2 s tool taken within one second, and
# of opt over the next twenty, compared moments, not tools). propagate's output is
# removed before each of its runs (-fresh), as Bazel removes an action's outputs.
pa=(); pb=()
for ((i = 0; i < runs; i++)); do
  pa+=("$("$bt" -runs 1 -label propagate -fresh "$work/out.ll" -- \
    "$bin/cmd/sycl-device/sycl-device_/sycl-device" propagate "$work/big.ll" -o "$work/out.ll")")
  pb+=("$("$bt" -runs 1 -label opt-verify -- "$opt" -passes=verify -disable-output "$work/big.ll")")
done
summary() { # LABEL LINE... : benchtime's line for the runs of LINE... (best, median, peak RSS)
  local label="$1" times rss n; shift
  times=$(printf '%s\n' "$@" | sed -n 's/.*best_s=\([0-9.]*\).*/\1/p' | sort -n)
  rss=$(printf '%s\n' "$@" | sed -n 's/.*peak_rss_mb=\([0-9.]*\).*/\1/p' | sort -n | tail -1)
  n=$(wc -l <<<"$times")
  echo "label=$label runs=$n best_s=$(head -1 <<<"$times") median_s=$(sed -n "$(((n + 1) / 2))p" <<<"$times") peak_rss_mb=$rss"
}
a=$(summary propagate "${pa[@]}"); b=$(summary opt-verify "${pb[@]}")
echo "$a"; echo "$b"
field() { sed -n "s/.*$2=\([0-9.]*\).*/\1/p" <<<"$1"; }
awk -v pa="$(field "$a" best_s)" -v pb="$(field "$b" best_s)" -v ra="$(field "$a" peak_rss_mb)" -v size="$size_mb" 'BEGIN{
  ratio = pa / pb; rss = ra / size
  printf "ratio propagate/opt-verify (best wall time): %.3f (goal <= 0.07)%s\n", ratio, ratio <= 0.07 ? "" : "  NOT MET"
  printf "propagate peak RSS / input size: %.2f (goal <= 1.40)%s\n", rss, rss <= 1.4 ? "" : "  NOT MET"
  exit !(ratio <= 0.07 && rss <= 1.4)
}'
