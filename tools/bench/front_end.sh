#!/usr/bin/env bash
# The device front end's own cost per TU, and what would cut it. One TU of each generated
# project (4 kernels), compiled by the command lines of its build's actions (taken from
# bazel aquery, run in the execroot, best and median of RUNS, peak RSS):
#   dpcpp-device   DPC++'s front end (sycl-jit-fe, libsycl-jit) on a SYCL 2020 TU
#                  (tools/bench/gen_sycl2020.sh)
#   dpcpp-host     that TU's host compile (clang, -fsycl-is-host)
#   clang-device   the clang family's device compile of a TU of the same kernels on the
#                  rsycl API (tools/bench/gen_project.sh)
# and two measures of what a persistent worker or a precompiled sycl.hpp could save:
#   dpcpp-device-empty  DPC++'s front end on a TU with no code and no #include: loading
#                       the library and starting its driver (all a worker that keeps it
#                       loaded could save per TU)
#   dpcpp-host-pch      the host compile with sycl.hpp precompiled (host_pch: the
#                       SyclHostCompile that reads it),
#   pch-build           building that PCH once per target (SyclHostPch).
#   tools/bench/front_end.sh [RUNS]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
source tools/lib.sh
runs="${1:-3}"
WORK="$(mktemp -d)"
ws="$WORK/ws"
trap 'user_bazel "$ws" shutdown >/dev/null 2>&1 || true; rm -rf "$WORK"' EXIT
user_workspace "$ws"
tools/bench/gen_sycl2020.sh "$ws/real" 2 4 spir64 off
tools/bench/gen_project.sh "$ws/lite" 2 4 spir64
printf 'int bench_empty(int x) { return x + 1; }\n' >"$ws/real/empty.cpp"
sed -i 's|SRCS = \[|SRCS = [\n        "empty.cpp",|' "$ws/real/BUILD.bazel"
# (empty.cpp includes no sycl.hpp: host_pch's check would refuse it.)
echo 'sycl_binary(name = "modular_pch", srcs = [s for s in SRCS if s != "empty.cpp"], hdrs = HDRS, host_pch = "on", rdc = "off", runtime = RT, targets = ["spir64"])' >>"$ws/real/BUILD.bazel"
tools/bazel build --noshow_progress //tools/bench/time >/dev/null 2>&1
bt="$(readlink -f bazel-bin/tools/bench/time/time_/time)"
user_bazel "$ws" build --noshow_progress //real:modular //real:modular_pch //lite:modular >"$WORK/build.log" 2>&1 || { tail -30 "$WORK/build.log"; exit 1; }
execroot="$(user_bazel "$ws" info execution_root 2>/dev/null)"
# argv MNEMONIC TARGET PATTERN: the command line (one argument a line) of TARGET's first
# MNEMONIC action with an argument that matches PATTERN (a jq regex) and, first, its
# environment as NAME=VALUE lines, ending with a line "--".
argv() {
  user_bazel "$ws" aquery "mnemonic('^$1\$', $2)" --output=jsonproto 2>/dev/null |
    jq -r --arg re "$3" '[.actions[] | select(any(.arguments[]; test($re)))][0] |
      ((.environmentVariables // [])[] | "\(.key)=\(.value)"), "--", .arguments[]'
}
# measure LABEL MNEMONIC TARGET PATTERN [EXTRA ARGS...]: times that action's command in
# the execroot with its environment, EXTRA ARGS added at the end.
measure() {
  local label="$1" mn="$2" target="$3" src="$4"; shift 4
  local envs=() args=() seen=0 line
  while IFS= read -r line; do
    if [ "$seen" = 0 ]; then
      if [ "$line" = "--" ]; then seen=1; else envs+=("$line"); fi
    else args+=("$line"); fi
  done < <(argv "$mn" "$target" "$src")
  [ "${#args[@]}" -gt 1 ] || { echo "front_end.sh: no $mn action of $target has an argument matching $src" >&2; exit 1; }
  # The compilers' warnings go to a log, shown only if the command fails.
  (cd "$execroot" && env -i "${envs[@]}" PATH=/usr/bin:/bin "$bt" -runs "$runs" -label "$label" -- "${args[@]}" "$@" 2>"$WORK/$label.log") ||
    { tail -20 "$WORK/$label.log" >&2; exit 1; }
}
echo "# one TU of 4 kernels (a float loop of sin/cos/exp, an nd_range reduction in local memory, a double and a half kernel)"
measure dpcpp-device SyclDeviceCompile //real:modular '^--source=real/tu_00[.]cpp$'
measure dpcpp-device-empty SyclDeviceCompile //real:modular '^--source=real/empty[.]cpp$'
measure dpcpp-host SyclHostCompile //real:modular 'real_tu_00[.]footer[.]cpp$'
measure clang-device SyclDeviceCompile //lite:modular 'lite/tu_00[.]cpp$'

# The same TU with sycl.hpp precompiled for the target's host compiles (host_pch): the
# build's own SyclHostPch and PCH-reading SyclHostCompile actions.
measure pch-build SyclHostPch //real:modular_pch 'sycl_host_pch[.]h$'
measure dpcpp-host-pch SyclHostCompile //real:modular_pch 'real_tu_00[.]footer[.]cpp$'
