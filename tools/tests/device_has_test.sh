#!/usr/bin/env bash
# device_has from C++ source through a whole Bazel build (//examples/requirements):
# the kernel declares device_has<> and calls scale(), declared RSYCL_DEVICE_HAS(), which
# calls the inline twice(double). Propagation runs before the optimiser inlines twice(),
# so the Bazel output shows DPC++'s warning with the whole call chain, each line with its
# file:line[:col]; with device_has_errors the same diagnostics fail the build.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
log="$(mktemp)"; trap 'rm -f "$log"' EXIT
src=examples/requirements/device_has.cpp
expect() {
  grep -qE "$1" "$log" || { grep -E "warning|error|note" "$log" | head -20; echo "FAIL: the build output lacks: $1" >&2; exit 1; }
}
# Bazel shows an action's warnings only when it runs: drop the propagate output, so that a
# cached build runs it again.
rm -f bazel-bin/examples/requirements/_sycl/device_has_warning/*.prop.ll
tools/bazel build //examples/requirements:device_has_warning >"$log" 2>&1 || { tail -30 "$log"; echo "FAIL: the warning build failed" >&2; exit 1; }
grep -E "^$src" "$log" | head -10 || true
# The device function: it uses fp64 through twice().
expect "^$src:12:[0-9]+: warning: function 'scale\(float\)' uses aspect 'fp64' not listed in its 'sycl::device_has' attribute$"
expect "^$src:10:[0-9]+: note: propagated from call to function 'twice\(double\)'$"
# Once, although the program is compiled twice (spir64 and sm_90).
n=$(grep -cE "^$src:12:[0-9]+: warning: function 'scale\(float\)'" "$log" || true)
[ "$n" -eq 1 ] || { echo "FAIL: the device_has warning is printed $n times (want once for spir64 and sm_90 together)" >&2; exit 1; }
# The kernel (checked at the functor it calls, as DPC++ does): the chain goes through the
# lambda, scale() and the inlined-later twice().
expect "^$src:16:[0-9]+: warning: function 'main::\{lambda\(unsigned long\)#1\}::operator\(\)\(unsigned long\) const' uses aspect 'fp64' not listed in its 'sycl::device_has' attribute$"
expect "^$src:12:[0-9]+: note: propagated from call to function 'scale\(float\)'$"
if tools/bazel build //examples/requirements:device_has_error >"$log" 2>&1; then
  echo "FAIL: device_has_errors = True did not fail the build" >&2; exit 1
fi
expect "^$src:12:[0-9]+: error: function 'scale\(float\)' uses aspect 'fp64' not listed in its 'sycl::device_has' attribute$"
expect "Propagating aspect usage of //examples/requirements:device_has_error .* failed"
# A kernel no requested target gets an image of (fp64 on tgllp only): a warning with its
# source line and each target's reason, and an error with unrunnable_kernel_errors.
rm -f bazel-bin/examples/requirements/_sycl/unrunnable_warning/coverage.html
tools/bazel build //examples/requirements:unrunnable_warning >"$log" 2>&1 || { tail -30 "$log"; echo "FAIL: the unrunnable-kernel build failed" >&2; exit 1; }
expect "^$src:16: warning: kernel '.*' gets no image for any requested target, and will fail at run time \(intel_gpu_tgllp: .*fp64"
if tools/bazel build //examples/requirements:unrunnable_error >"$log" 2>&1; then
  echo "FAIL: unrunnable_kernel_errors = True did not fail the build" >&2; exit 1
fi
expect "^$src:16: error: kernel '.*' gets no image for any requested target"
echo "device_has_test: ok (warnings with call chains and file:line:col, once; an error with device_has_errors; unrunnable kernels warned about and refused)"
