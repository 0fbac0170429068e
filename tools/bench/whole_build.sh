#!/usr/bin/env bash
# Whole-build comparison: a generated project (KERNELS_PER_TU=4 kernels in each of TUS=16
# TUs plus main.cpp, 3 targets: spir64, pocl_cpu, nvidia_gpu_sm_90) built as sycl_binary
# ("modular": every step its own action) against two baselines with the same tools and
# command lines: sycl_cmake_like_binary ("cmake": what a team without rules_sycl runs,
# CMake + Ninja with `icpx -fsycl`: one compile action per TU, then one link action that
# runs the device pipeline with every wave of independent steps in parallel on all cores)
# and sycl_monolithic_binary ("mono": the whole device pipeline in one sequential action).
# For each: a clean build (salt.h changed: all device and host code differs, the tools
# stay built), a no-op rebuild, and a rebuild after editing one kernel. Wall time (median
# of REPS; of 3 x REPS for the no-op) and executed actions from
# --execution_log_json_file. Writes OUT (TSV) when given.
#   tools/bench/whole_build.sh [REPS] [OUT]
# TUS=64 KERNELS_PER_TU=4 gives the larger project (256 kernels in 64 TUs).
# TARGETS=a,b,... chooses the targets (default spir64,pocl_cpu,nvidia_gpu_sm_90); with
# Intel GPU targets the AOT step runs the real ocloc.
# BUILD_FLAGS="--@rules_sycl//sycl:rdc=false" builds every pipeline with those flags (here:
# each TU's device code on its own, DPC++'s -fno-sycl-rdc).
# PIPELINES="modular cmake" measures only those (default: all three); the ratios are
# printed against the baselines measured.
# PROJECT=sycl2020 builds the project of tools/bench/gen_sycl2020.sh instead: ordinary
# SYCL 2020 (DPC++'s front end, Intel's libsycl, kernels of real size) with RDC=on|off
# (default on), the pipelines modular and cmake, and one more scenario: a header edit that
# recompiles every TU and changes no code. Its binaries run and check their kernels on
# Intel's CPU OpenCL device. HOST_PCH=on gives the modular build a precompiled sycl.hpp
# for its host compiles (the host_pch attribute; default off).
# Each scenario's last build is profiled (--profile); tools/bench/profsum says what its
# actions spent their time on.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
source tools/lib.sh
reps="${1:-3}"; out="${2:-}"
# The project is a user's workspace of its own (rules_sycl as @rules_sycl), outside the tree.
WORK="$(mktemp -d)"
ws="$WORK/ws"
dir="$ws/gen"
trap 'user_bazel "$ws" shutdown >/dev/null 2>&1 || true; rm -rf "$WORK"' EXIT
user_workspace "$ws"
targets="${TARGETS:-spir64,pocl_cpu,nvidia_gpu_sm_90}"
ntargets=$(tr ',' '\n' <<<"$targets" | grep -c .)
echo "targets: $targets"
tus="${TUS:-16}"; kpt="${KERNELS_PER_TU:-4}"
project="${PROJECT:-rsycl}"
scenarios="clean noop edit"
case "$project" in
  rsycl)
    echo "project: $((tus * kpt)) kernels in $tus TUs (rsycl API, upstream clang)"
    tools/bench/gen_project.sh "$dir" "$tus" "$kpt" "$targets"
    default_pipelines="modular cmake mono"
    ;;
  sycl2020)
    rdc="${RDC:-on}"
    pch="${HOST_PCH:-off}"
    echo "project: $((tus * kpt)) kernels in $tus TUs (SYCL 2020, DPC++'s front end), rdc $rdc, modular host_pch $pch"
    tools/bench/gen_sycl2020.sh "$dir" "$tus" "$kpt" "$targets" "$rdc" "$pch"
    default_pipelines="modular cmake"
    scenarios="clean noop edit header"
    ;;
  *) echo "PROJECT: unknown project '$project' (rsycl, sycl2020)" >&2; exit 2 ;;
esac
tools/bazel build --noshow_progress //tools/tests/execlog //tools/bench/profsum >/dev/null 2>&1
execlog="$(readlink -f bazel-bin/tools/tests/execlog/execlog_/execlog)"
profsum="$(readlink -f bazel-bin/tools/bench/profsum/profsum_/profsum)"
read -r -a pipelines <<<"${PIPELINES:-$default_pipelines}"
for t in "${pipelines[@]}"; do
  case "$t" in modular | cmake | mono) ;; *) echo "PIPELINES: unknown pipeline '$t' (modular, cmake, mono)" >&2; exit 2 ;; esac
done
[ "${pipelines[0]:-}" = modular ] || { echo "PIPELINES must start with modular (the ratios are modular / baseline)" >&2; exit 2; }
labels=(); for t in "${pipelines[@]}"; do labels+=("//gen:$t"); done
# shellcheck disable=SC2086
user_bazel "$ws" build --noshow_progress ${BUILD_FLAGS:-} "${labels[@]}" >"$WORK/first.log" 2>&1 || { tail -30 "$WORK/first.log"; exit 1; }
# run_binary NAME: runs the built binary //gen:NAME (SYCL 2020: from its runfiles, on
# Intel's CPU OpenCL device, as its tests would).
run_binary() {
  if [ "$project" = rsycl ]; then
    "$ws/bazel-bin/gen/$1"
    return
  fi
  run_dpcpp_binary "$ws" "$1"
}
# The binaries must compute the same thing.
a=$(run_binary modular) || { echo "modular failed: $a" >&2; exit 1; }
for t in "${pipelines[@]}"; do
  b=$(run_binary "$t") || { echo "$t failed: $b" >&2; exit 1; }
  [ "$a" = "$b" ] || { echo "modular and $t differ: $a / $b" >&2; exit 1; }
done
echo "binaries (${pipelines[*]}): $a"
edited="$dir/$(printf 'tu_%02d.cpp' $((tus > 1 ? tus / 2 - 1 : 0)))"
log=$(mktemp)
prof=""
build() { # target -> "seconds actions aot"; profiled into $prof when set
  local secs sum
  # shellcheck disable=SC2086
  secs=$(timed user_bazel "$ws" build --noshow_progress --local_cpu_resources=2 ${BUILD_FLAGS:-} "//gen:$1" --execution_log_json_file="$log" ${prof:+--profile=$prof})
  sum=$("$execlog" "$log")
  echo "$secs $(awk -F'executed=' '{split($2, a, " "); n += a[1]} END {print n + 0}' <<<"$sum") $(sed -n 's/^SyclAot executed=\([0-9]*\).*/\1/p' <<<"$sum" | awk '{print $1 + 0} END {if (NR == 0) print 0}')"
}
declare -A res
# scenario NAME: builds each pipeline once (in this round's order) into res[NAME,...];
# the last round's builds are profiled.
scenario() {
  local t
  for t in "${order[@]}"; do
    [ $((r + 1)) -lt "$reps" ] || prof="$WORK/$1.$t.profile.gz"
    res[$1,$t]+="$(build "$t");"
    prof=""
  done
}
salt=1
np=${#pipelines[@]}
for ((r = 0; r < reps; r++)); do
  salt=$((salt + 1))
  echo "#define BENCH_SALT $salt" >"$dir/salt.h"
  # The pipelines take turns at going first, so that none is always the one built right
  # after the previous scenario's builds.
  order=("${pipelines[@]:r % np}" "${pipelines[@]:0:r % np}")
  scenario clean
  # A no-op build takes tenths of a second, within the machine's noise: three rounds.
  for ((k = 0; k < 3; k++)); do
    for t in "${order[@]}"; do res[noop,$t]+="$(build "$t");"; done
  done
  # One kernel edit: a constant of one kernel of one TU.
  if [ "$project" = rsycl ]; then
    sed -i "s/v\[i\] \* 2.0f + 1.0f/v[i] * 2.0f + 1.$((r + 1))f/; s/v\[i\] \* 2.0f + 1.[0-9]f/v[i] * 2.0f + 1.$((r + 1))f/" "$edited"
  else
    sed -i "s#/\*EDIT\*/[0-9.]*f#/*EDIT*/1.$((r + 1))f#g" "$edited"
  fi
  scenario edit
  if [[ " $scenarios " == *" header "* ]]; then
    # A header every TU includes gains a function nothing calls yet: every TU recompiles,
    # no code changes.
    echo "inline int bench_header_revision_$r() { return $r; }" >>"$dir/common.h"
    scenario header
  fi
done
# The edited binaries still compute the same thing.
a=$(run_binary modular) || { echo "modular failed after the edits: $a" >&2; exit 1; }
for t in "${pipelines[@]}"; do
  b=$(run_binary "$t") || { echo "$t failed after the edits: $b" >&2; exit 1; }
  [ "$a" = "$b" ] || { echo "after the edits, modular and $t differ: $a / $b" >&2; exit 1; }
done
rm -f "$log"
[ -z "$out" ] || printf 'scenario\tpipeline\tseconds\tactions\taot_actions\n' >"$out"
declare -A sec_of aot_of
printf '%-8s %-8s %9s %8s %5s\n' scenario pipeline seconds actions aot
for s in $scenarios; do
  for t in "${pipelines[@]}"; do
    read -r sec act aot <<<"$(median <<<"${res[$s,$t]}")"
    printf '%-8s %-8s %9.2f %8d %5d\n' "$s" "$t" "$sec" "$act" "$aot"
    [ -z "$out" ] || printf '%s\t%s\t%.2f\t%d\t%d\n' "$s" "$t" "$sec" "$act" "$aot" >>"$out"
    sec_of[$s,$t]=$sec
    aot_of[$s,$t]=$aot
  done
done
total_aot=${aot_of[clean,modular]} # every image of every target
ratio() { echo "scale=3; ${sec_of[$1,modular]} / ${sec_of[$1,$2]}" | bc; }
has() { [[ " ${pipelines[*]} " == *" $1 "* ]]; }
if has cmake; then
  header=""
  [[ " $scenarios " != *" header "* ]] || header=", header edit $(ratio header cmake)x"
  echo "ratios (modular / cmake-like): clean $(ratio clean cmake)x (goal <= 1.0), one-kernel edit $(ratio edit cmake)x (goal <= 0.35), no-op $(ratio noop cmake)x (goal <= 1.0)$header"
fi
has mono && echo "ratios (modular / mono): clean $(ratio clean mono)x, one-kernel edit $(ratio edit mono)x, no-op $(ratio noop mono)x"
baselines=""
has cmake && baselines="cmake-like"
has mono && baselines="${baselines:+$baselines and }mono"
echo "AOT actions re-run after a one-kernel edit: ${aot_of[edit,modular]} of $total_aot (goal <= $ntargets, one image per target)${baselines:+; $baselines re-run all $total_aot inside their link action}"
# What the actions of each scenario's last build spent their time on (the four largest
# kinds; cmake-like: its link action is one).
for s in $scenarios; do
  for t in "${pipelines[@]}"; do
    p="$WORK/$s.$t.profile.gz"
    [ -f "$p" ] || continue
    echo "profile $s $t: $("$profsum" "$p" | awk 'NR == 1 {printf "%s;", $0} /^kind=/ && n < 4 {n++; printf " %s;", $0} /^critical_path/ {printf " %s", $0}')"
  done
done
