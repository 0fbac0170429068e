#!/usr/bin/env bash
# Benchmark: device-code split against llvm-split-22 on the same generated module
# (~62 MiB: 2,000 kernels in 16 sources, 20,000 helpers), aspects already propagated, in
# one run. The module also carries "module-id" attributes equal to the kernels' sources,
# so that llvm-split --split-by-category=module-id does the equivalent per-source work.
#   split by aspects:  sycl-device post-link -split=auto    vs  llvm-split --split-by-category=module-id
#   per kernel:        sycl-device post-link -split=kernel  vs  llvm-split --split-by-category=kernel
# Prints times, ratios and peak RSS; exits 1 if a goal is missed (auto <= 0.08x,
# per-kernel <= 0.1x, peak RSS <= 1.4x the input).
# The aspect split and llvm-split by module id run 3 times (best of 3: one run of a
# second is at the mercy of the machine's moment), the per-kernel pair N times (default 1:
# llvm-split per kernel takes minutes).
# usage: tools/bench/split.sh [--runs N]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
cd "$ROOT"
runs=1
[ "${1:-}" = "--runs" ] && runs="$2"
tools/bazel build -c opt //cmd/sycl-device //tools/bench/irgen //tools/bench/time >/dev/null 2>&1
bin="$(tools/bazel info -c opt bazel-bin 2>/dev/null)"
sd="$bin/cmd/sycl-device/sycl-device_/sycl-device"
bt="$bin/tools/bench/time/time_/time"
work="$(mktemp -d)"
# Both tools write their modules to tmpfs where there is one, so that the disk's write-back
# of earlier runs' output (it varies from run to run on a VM) does not time either tool.
out="$work"
[ -d /dev/shm ] && [ -w /dev/shm ] && out="$(mktemp -d /dev/shm/split.XXXXXX)"
trap 'rm -rf "$work" "$out"' EXIT
"$bin/tools/bench/irgen/irgen_/irgen" -module-ids -o "$work/gen.ll"
"$sd" propagate "$work/gen.ll" -o "$work/big.ll"
size=$(stat -c %s "$work/big.ll")
split="$(readlink -f "$(command -v llvm-split-22)")"
echo "machine: $(nproc) cores; input: $(awk -v b="$size" 'BEGIN{printf "%.1f", b/1048576}') MiB, 2000 kernels; runs: $runs; output on $(df --output=fstype "$out" | tail -1)"
run() { # label dir command...
  local label="$1" dir="$2"; shift 2
  rm -rf "$dir"; mkdir -p "$dir"
  "$bt" -runs "$n" -label "$label" -- "$@"
}
n=$((runs > 3 ? runs : 3))
a=$(run split-auto "$out/a" "$sd" post-link -split=auto -S -symbols -properties -o "$out/a/t.table" "$work/big.ll")
b=$(run llvm-split-module-id "$out/b" "$split" --split-by-category=module-id -o "$out/b/m" "$work/big.ll")
n=$runs
c=$(run split-kernel "$out/c" "$sd" post-link -split=kernel -S -symbols -properties -o "$out/c/t.table" "$work/big.ll")
d=$(run llvm-split-kernel "$out/d" "$split" --split-by-category=kernel -o "$out/d/k" "$work/big.ll")
printf '%s\n' "$a" "$b" "$c" "$d"
echo "images: auto $(ls "$out/a"/*.ll | wc -l) (llvm-split module-id: $(ls "$out/b" | wc -l)), per kernel $(ls "$out/c"/*.ll | wc -l) (llvm-split: $(ls "$out/d" | wc -l))"
field() { sed -n "s/.*$2=\([0-9.]*\).*/\1/p" <<<"$1"; }
awk -v a="$(field "$a" best_s)" -v b="$(field "$b" best_s)" -v c="$(field "$c" best_s)" -v d="$(field "$d" best_s)" \
    -v ra="$(field "$a" peak_rss_mb)" -v rc="$(field "$c" peak_rss_mb)" -v size="$size" 'BEGIN{
  in_mb = size / 1048576
  printf "ratio split-auto / llvm-split module-id: %.3f (goal <= 0.08)%s\n", a / b, a / b <= 0.08 ? "" : "  NOT MET"
  printf "ratio split-kernel / llvm-split kernel:   %.3f (goal <= 0.1)%s\n", c / d, c / d <= 0.1 ? "" : "  NOT MET"
  printf "peak RSS / input: auto %.2f, kernel %.2f (goal <= 1.4)%s\n", ra / in_mb, rc / in_mb, ra / in_mb <= 1.4 && rc / in_mb <= 1.4 ? "" : "  NOT MET"
  exit !(a / b <= 0.08 && c / d <= 0.1 && ra / in_mb <= 1.4 && rc / in_mb <= 1.4)
}'
