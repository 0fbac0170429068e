#!/usr/bin/env bash
# Regenerates every figure of docs/PERFORMANCE.md: runs the benchmarks, writes their
# tables to docs/perf/*.tsv, draws docs/perf/*.svg (tools/benchplot) and rewrites the
# results section of docs/PERFORMANCE.md. --quick skips the per-stage benchmarks
# against opt and llvm-split (several minutes) and keeps their last table.
#   tools/bench/run_all.sh [--quick] [REPS]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
quick=0
[ "${1:-}" = "--quick" ] && { quick=1; shift; }
reps="${1:-3}"
perf=docs/perf
mkdir -p "$perf"
tools/bench/whole_build.sh "$reps" "$perf/whole_build.tsv" | tee "$perf/whole_build.txt"
# The same with two Intel GPU targets AOT-compiled by the real ocloc.
TARGETS=spir64,pocl_cpu,nvidia_gpu_sm_90,intel_gpu_tgllp,intel_gpu_pvc \
  tools/bench/whole_build.sh "$reps" "$perf/whole_build_intel.tsv" | tee "$perf/whole_build_intel.txt"
tools/bench/workers.sh "$reps" "$perf/workers.tsv" | tee "$perf/workers.txt"
tools/bench/scaling.sh "$perf/scaling.tsv" | tee "$perf/scaling.txt"
if [ "$quick" = 0 ]; then
  field() { sed -n "s/.*$2=\([0-9.]*\).*/\1/p" <<<"$1"; }
  p=$(tools/bench/propagate.sh || true)
  s=$(tools/bench/split.sh || true)
  {
    printf 'stage\tours_s\tllvm_s\tratio\n'
    a=$(grep '^label=propagate ' <<<"$p" | head -1); b=$(grep '^label=opt-verify ' <<<"$p" | head -1)
    printf 'propagate vs opt -passes=verify\t%s\t%s\t%s\n' "$(field "$a" best_s)" "$(field "$b" best_s)" "$(sed -n 's/^ratio propagate.*: \([0-9.]*\).*/\1/p' <<<"$p")"
    for pair in "split-auto llvm-split-module-id split by aspects vs llvm-split module-id" "split-kernel llvm-split-kernel split per kernel vs llvm-split kernel"; do
      set -- $pair
      a=$(grep "^label=$1 " <<<"$s" | head -1); b=$(grep "^label=$2 " <<<"$s" | head -1); shift 2
      printf '%s\t%s\t%s\t%.3f\n' "$*" "$(field "$a" best_s)" "$(field "$b" best_s)" "$(echo "scale=4; $(field "$a" best_s) / $(field "$b" best_s)" | bc)"
    done
  } >"$perf/stages.tsv"
  printf '%s\n' "$p" "$s" >"$perf/stages.txt"
fi
tools/bazel run --noshow_progress //tools/benchplot -- -dir "$ROOT/$perf"
# The results section of PERFORMANCE.md, between the markers.
{
  echo "Machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo), $(uname -m); measured $(date -u +%Y-%m-%d)."
  echo
  echo '```'
  cat "$perf/whole_build.txt" | grep -v '^all three binaries'
  echo
  cat "$perf/whole_build_intel.txt" | grep -v '^all three binaries'
  echo
  cat "$perf/workers.txt"
  echo
  cat "$perf/scaling.txt"
  echo '```'
} >"$perf/results.md"
awk -v f="$perf/results.md" '
  /<!-- results:begin -->/ {print; while ((getline l < f) > 0) print l; skip = 1; next}
  /<!-- results:end -->/ {skip = 0}
  !skip {print}' docs/PERFORMANCE.md >docs/PERFORMANCE.md.tmp && mv docs/PERFORMANCE.md.tmp docs/PERFORMANCE.md
echo "updated docs/PERFORMANCE.md and $perf/"
