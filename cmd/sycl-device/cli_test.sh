#!/usr/bin/env bash
# Exercises the Bazel-built sycl-device binary: version, help, exit codes, @params.
set -uo pipefail
tool="$1"
fail=0
expect() { # expect CODE PATTERN -- ARGS...
  local code="$1" pat="$2"; shift 3
  local out rc
  out="$("$tool" "$@" 2>&1)"; rc=$?
  if [ "$rc" != "$code" ] || ! grep -qE -- "$pat" <<<"$out"; then
    echo "FAIL: sycl-device $* -> exit $rc (want $code), output: $out" >&2
    fail=1
  else
    echo "ok: sycl-device $* -> exit $rc"
  fi
}
expect 0 '^sycl-device [0-9]+\.[0-9]+\.[0-9]+$' -- --version
expect 0 'usage: sycl-device <verb>' -- --help
expect 2 'missing verb' --
expect 2 'unknown verb "frobnicate"' -- frobnicate
params="$TEST_TMPDIR/args"
printf -- '--version\n' >"$params"
expect 0 '^sycl-device ' -- "@$params"
expect 2 'cannot read params file' -- "@$TEST_TMPDIR/missing"
exit $fail
