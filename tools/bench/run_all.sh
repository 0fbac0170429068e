#!/usr/bin/env bash
# Regenerates every figure of docs/PERFORMANCE.md: runs the benchmarks, saves what each
# prints in docs/perf/NAME.txt (first line: machine and date) and its table in
# docs/perf/NAME.tsv, draws docs/perf/*.svg (tools/bench/plot) and puts the .txt files
# into the page's result blocks (tools/bench/fill_doc.sh). --quick skips the per-stage
# benchmarks against opt and llvm-split and the input-shape benchmark (about 8 minutes
# of the whole) and keeps their last results. --only NAME,... runs only those
# benchmarks (NAME as in docs/perf/NAME.txt) and keeps the others' results.
#   tools/bench/run_all.sh [--quick] [--only NAME,...] [REPS]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
quick=0 only=""
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=1 ;;
    --only) only="${2:?--only needs a list of benchmarks}"; shift ;;
    -*) echo "run_all.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
  shift
done
reps="${1:-3}"
names=",whole_build,whole_build_intel,whole_build_large,whole_build_large_nordc,real_64_nordc,real_64_rdc,real_64_nordc_pch,real_16_nordc,real_16_rdc,real_16_nordc_pch,teammate,front_end,workers,scaling,propagate,split,shapes,"
for n in ${only//,/ }; do
  [[ "$names" == *",$n,"* ]] || { echo "run_all.sh: --only: no benchmark $n (${names:1:-1})" >&2; exit 2; }
done
perf=docs/perf
mkdir -p "$perf"
intel=spir64,pocl_cpu,nvidia_gpu_sm_90,intel_gpu_tgllp,intel_gpu_pvc
# bench NAME COMMAND...: runs COMMAND, shows its output and saves it as $perf/NAME.txt
# after a line naming the machine, the date and the command. A benchmark that misses a
# goal exits 1; its results are saved all the same.
bench() {
  local name="$1" rc; shift
  [ -z "$only" ] || [[ ",$only," == *",$name,"* ]] || return 0
  echo "::: $name: $*"
  set +e
  { echo "# $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo), $(uname -m); $(date -u +%Y-%m-%d); $*"
    "$@"
  } 2>&1 | tee "$perf/.$name.txt"
  rc=${PIPESTATUS[0]}
  set -e
  mv "$perf/.$name.txt" "$perf/$name.txt"
  [ "$rc" = 0 ] || echo "::: $name: a goal is missed (exit $rc)"
}
bench whole_build tools/bench/whole_build.sh "$reps" "$perf/whole_build.tsv"
# Two Intel GPU targets AOT-compiled by the real ocloc: the goals' configuration.
bench whole_build_intel env TARGETS="$intel" tools/bench/whole_build.sh "$reps" "$perf/whole_build_intel.tsv"
bench whole_build_large env TUS=64 KERNELS_PER_TU=4 TARGETS="$intel" tools/bench/whole_build.sh "$reps" "$perf/whole_build_large.tsv"
# The larger project with each TU's device code on its own (-fno-sycl-rdc); the
# baselines do not model it, so rules_sycl alone.
bench whole_build_large_nordc env TUS=64 KERNELS_PER_TU=4 TARGETS="$intel" PIPELINES=modular \
  BUILD_FLAGS=--@rules_sycl//sycl:rdc=false tools/bench/whole_build.sh "$reps" "$perf/whole_build_large_nordc.tsv"
# Ordinary SYCL 2020 with DPC++'s front end (tools/bench/gen_sycl2020.sh): 64 and 16 TUs,
# each TU's device code alone (rdc off) and linked (rdc on), on the four targets of a team
# with Intel hardware.
real=spir64,intel_cpu,intel_gpu_tgllp,intel_gpu_pvc
for tus in 64 16; do
  bench "real_${tus}_nordc" env PROJECT=sycl2020 TUS="$tus" KERNELS_PER_TU=4 TARGETS="$real" RDC=off tools/bench/whole_build.sh "$reps" "$perf/real_${tus}_nordc.tsv"
  bench "real_${tus}_rdc" env PROJECT=sycl2020 TUS="$tus" KERNELS_PER_TU=4 TARGETS="$real" RDC=on tools/bench/whole_build.sh "$reps" "$perf/real_${tus}_rdc.tsv"
  # The same with sycl.hpp precompiled for the modular build's host compiles (host_pch).
  bench "real_${tus}_nordc_pch" env PROJECT=sycl2020 TUS="$tus" KERNELS_PER_TU=4 TARGETS="$real" RDC=off HOST_PCH=on tools/bench/whole_build.sh "$reps" "$perf/real_${tus}_nordc_pch.tsv"
done
# A teammate's build of the same commit from the shared caches (nginx, BuildGrid), and
# the front end's own cost per TU.
bench teammate tools/bench/teammate.sh "$reps" "$perf/teammate.tsv"
bench front_end tools/bench/front_end.sh "$reps"
bench workers tools/bench/workers.sh "$reps" "$perf/workers.tsv"
bench scaling tools/bench/scaling.sh "$perf/scaling.tsv"
if [ "$quick" = 0 ]; then
  bench propagate tools/bench/propagate.sh
  bench split tools/bench/split.sh
  bench shapes tools/bench/shapes.sh
  field() { sed -n "s/.*$2=\([0-9.]*\).*/\1/p" <<<"$1"; }
  p=$(cat "$perf/propagate.txt"); s=$(cat "$perf/split.txt") # this run's or the last
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
fi
tools/bazel run --noshow_progress //tools/bench/plot -- -dir "$ROOT/$perf"
tools/bench/fill_doc.sh docs/PERFORMANCE.md "$perf"
echo "updated docs/PERFORMANCE.md and $perf/"
