#!/usr/bin/env bash
# host_pch in real builds (docs/GUIDE.md): //examples/sycl2020:host_pch_test, whose two
# TUs' host compiles (SyclHostCompile, with either C++ toolchain) read one precompiled
# <sycl/sycl.hpp>, builds and runs on Intel's CPU device with both C++ toolchains
# (@sycl_cc, --config=autodetect); the PCH names no directory of the build
# (/proc/self/cwd instead; determinism_test.sh compares its bytes across output roots).
# A TU with a #define first is //examples/sycl2020:host_pch_define_first_test.
# Why a script, not a Bazel test: it builds with both C++ toolchains (--config=autodetect
# changes the C++ toolchain of the whole build) and reads the PCH Bazel wrote.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
log="$(mktemp)"; trap 'rm -f "$log"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
target=//examples/sycl2020:host_pch_test

# argvs MNEMONIC [FLAGS...]: one line per MNEMONIC action of the target: its arguments.
argvs() {
  local mn="$1"; shift
  tools/bazel aquery "$@" "mnemonic('^$mn\$', $target)" --output=jsonproto 2>/dev/null |
    python3 -c 'import json,sys; [print(" ".join(a["arguments"])) for a in json.load(sys.stdin).get("actions", [])]'
}

for config in "" "--config=autodetect"; do
  # shellcheck disable=SC2086 # the config is one flag or none
  tools/bazel test $config "$target" >"$log" 2>&1 || { tail -30 "$log"; fail "bazel test $config $target"; }
  host=SyclHostCompile
  # shellcheck disable=SC2086
  compiles="$(argvs "$host" $config | grep -F -- '-fsycl-is-host')"
  [ "$(grep -c . <<<"$compiles")" = 2 ] || fail "$config: want 2 host compiles of SYCL sources, got: $compiles"
  n="$(grep -c -- '-include-pch [^ ]*/_sycl/host_pch_test/pch/sycl_host_pch.h.pch' <<<"$compiles" || true)"
  [ "$n" = 2 ] || fail "$config: $n of 2 host compiles read the PCH: $compiles"
  # shellcheck disable=SC2086
  pch_argv="$(argvs SyclHostPch $config)"
  grep -q -- '-working-directory /proc/self/cwd' <<<"$pch_argv" || fail "$config: SyclHostPch runs without -working-directory /proc/self/cwd: $pch_argv"
  # shellcheck disable=SC2086
  bin="$(tools/bazel info $config bazel-bin 2>/dev/null)"
  pch="$bin/examples/sycl2020/_sycl/host_pch_test/pch/sycl_host_pch.h.pch"
  [ -s "$pch" ] || fail "$config: no PCH at $pch"
  out_base="$(tools/bazel info output_base 2>/dev/null)"
  if grep -q -F -- "$out_base" "$pch"; then fail "$config: the PCH holds the output base $out_base"; fi
  grep -q -F '/proc/self/cwd/external/' "$pch" || fail "$config: the PCH does not name its inputs under /proc/self/cwd"
  echo "ok: ${config:-@sycl_cc}: $host x2 with -include-pch, the test passed, PCH $(stat -c %s "$pch") bytes, no build directory in it"
done

