#!/usr/bin/env bash
# A kernel's failed assert, as DPC++ documents it: the message (file, line, global id,
# expression) on stderr, then abort (exit status 134).
set -u
code=0
"$1" >"$TEST_TMPDIR/out" 2>"$TEST_TMPDIR/err" </dev/null || code=$?
if [ "$code" != 134 ] || ! grep -q '^sycl/tests/front_end_errors/asserts.cpp:7: .*global id: \[2,0,0\].*Assertion `i\[0\] != 2` failed' "$TEST_TMPDIR/err"; then
  cat "$TEST_TMPDIR/err"
  echo "FAIL: the failed assert: exit $code, want 134 (abort) after its message"
  exit 1
fi
echo "ok: the kernel's assert printed its message and aborted"
