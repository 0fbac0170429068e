#!/usr/bin/env bash
# The host side of SYCL sources is compiled as any C++ source is, with both C++
# toolchains (in this workspace's own output base: it edits nothing):
#  1. @sycl_cc (the default here): -c dbg objects carry DWARF; --copt and --per_file_copt
#     reach the CppCompile action of the SYCL source (aquery), --per_file_copt only there;
#     the binary runs on PoCL;
#  2. Bazel's autodetected toolchain (--config=autodetect): the same example builds
#     (SyclHostCompile with that toolchain's flags) and runs on PoCL; a SYCL 2020 program
#     (DPC++'s front end) builds at C++17 with clang's host compile and runs on libsycl;
#     one with -fopenmp links LLVM's libomp beside GCC's libgomp and runs.
# Why a script, not a Bazel test: it builds with two C++ toolchains and reads the action
# graph (aquery), which only a caller of Bazel can.
set -euo pipefail
# Output is captured before it is searched: `cmd | grep -q` under pipefail fails when grep
# exits early and cmd is killed by SIGPIPE (seen in CI on a 2-core machine).
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
bz() { tools/bazel "$@"; }
fail() { echo "FAIL: $*" >&2; exit 1; }
target=//examples/saxpy
src=examples/saxpy/saxpy.cpp

# 1a. -c dbg: DWARF in the host object of the SYCL source.
bz build -c dbg --copt=-DFROM_HOST_COMPILE_TEST "$target" >/tmp/host_compile_test.$$ 2>&1 || { tail -20 /tmp/host_compile_test.$$; fail "-c dbg build"; }
rm -f /tmp/host_compile_test.$$
obj="$(bz info -c dbg --copt=-DFROM_HOST_COMPILE_TEST bazel-bin 2>/dev/null)/examples/saxpy/_objs/saxpy/saxpy.pic.o"
[ -f "$obj" ] || fail "no host object at $obj"
sections="$(readelf -S "$obj")"
grep -q '\.debug_info' <<<"$sections" || fail "$obj has no .debug_info under -c dbg"
echo "ok: -c dbg: $obj carries DWARF ($(grep -c '\.debug_' <<<"$sections") .debug_* sections)"

# 1b. --copt and --per_file_copt in the CppCompile command line of the SYCL source.
# One line per CppCompile action: its argv.
aq() {
  bz aquery "$@" "mnemonic(\"CppCompile\", $target)" --output=jsonproto 2>/dev/null \
    | python3 -c 'import json,sys; [print(" ".join(a["arguments"])) for a in json.load(sys.stdin).get("actions", [])]'
}
lines="$(aq --copt=-DFROM_COPT --per_file_copt="examples/saxpy/saxpy\\.cpp@-DPER_FILE" | grep -F -- "$src" | grep -F -- '-c')"
[ -n "$lines" ] || fail "no CppCompile action compiles $src"
grep -qF -- '-DFROM_COPT' <<<"$lines" || fail "--copt does not reach the host compile of $src"
grep -qF -- '-DPER_FILE' <<<"$lines" || fail "--per_file_copt does not reach the host compile of $src"
grep -qF -- '-fsycl-is-host' <<<"$lines" || fail "the host compile of $src lacks -fsycl-is-host"
others="$(aq --per_file_copt="examples/saxpy/saxpy\\.cpp@-DPER_FILE" | grep -F -- '-DPER_FILE' | grep -vF -- "$src" || true)"
[ -z "$others" ] || fail "--per_file_copt reached another file: ${others:0:200}"
echo "ok: --copt and --per_file_copt reach the CppCompile action of $src (and --per_file_copt nothing else)"
out="$(bz run "$target" 2>/dev/null || true)"
grep -q 'results correct' <<<"$out" || fail "$target does not run on PoCL"
echo "ok: $target built with @sycl_cc runs on PoCL"

# 2. Bazel's autodetected C++ toolchain.
out="$(bz aquery --config=autodetect "mnemonic(\"SyclHostCompile\", $target)" --output=text 2>&1 || true)"
grep -q 'Mnemonic: SyclHostCompile' <<<"$out" || { tail -20 <<<"$out"; fail "--config=autodetect: no SyclHostCompile action"; }
out="$(bz run --config=autodetect "$target" 2>&1 || true)"
grep -q 'results correct' <<<"$out" || { tail -20 <<<"$out"; fail "$target built with the autodetected toolchain does not run"; }
echo "ok: $target built with Bazel's autodetected C++ toolchain (SyclHostCompile) runs on PoCL"
# SYCL 2020 code (DPC++'s front end) with the autodetected toolchain, whose own standard is
# -std=c++0x and whose GCC cannot compile unnamed-lambda kernels: clang compiles the host
# side at C++17, and the program runs on Intel's CPU device.
sycl=//examples/sycl2020:vector_add_test
out="$(bz test --config=autodetect "$sycl" --test_output=all 2>&1 || true)"
grep -q 'vector_add: 1024 results checked' <<<"$out" || { tail -20 <<<"$out"; fail "$sycl with the autodetected toolchain"; }
echo "ok: $sycl (SYCL 2020, DPC++'s front end) built with Bazel's autodetected C++ toolchain runs on libsycl"
# OpenMP on the host (copts and linkopts -fopenmp): clang's host code calls libomp, GCC's
# link brings libgomp; the program links LLVM's libomp and runs on several threads.
omp=//examples/sycl2020:openmp_test
out="$(bz test --config=autodetect "$omp" --test_output=all 2>&1 || true)"
grep -q 'sum 1498500 (want 1498500) on [0-9]* OpenMP threads' <<<"$out" || { tail -20 <<<"$out"; fail "$omp with the autodetected toolchain"; }
echo "ok: $omp (-fopenmp) built with Bazel's autodetected C++ toolchain links libomp and runs"
