#!/usr/bin/env bash
# The specification's motivating failure through a whole Bazel build, on Debian's ocloc:
# //examples/optional_features/tests:tgllp_wrong_config targets a device configuration
# that wrongly claims fp64 for tgllp, so the double kernel's image passes the filter and
# the SyclAot action must fail with ocloc's "Double type is not supported on this
# platform.", at the kernel's source line, naming the image and its kernel. The correct configuration
# (//examples/optional_features/tests:for_intel, intel_gpu_tgllp) builds.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
log="$(mktemp)"; trap 'rm -f "$log"' EXIT
if tools/bazel build //examples/optional_features/tests:tgllp_wrong_config >"$log" 2>&1; then
  echo "FAIL: the build with a device claiming fp64 for tgllp succeeded" >&2; exit 1
fi
grep -E "SyclAot|ocloc" "$log" | head -8 || true
grep -q "^examples/optional_features/optional_features.cpp:50: ocloc: error: Double type is not supported on this platform." "$log" || { tail -20 "$log"; echo "FAIL: not ocloc's fp64 error at the kernel's source line" >&2; exit 1; }
grep -q "ocloc failed on [^ ]*img_[0-9a-f]*\.ll (kernel KDouble (examples/optional_features/optional_features.cpp:50)) for tgllp_claims_fp64" "$log" || { echo "FAIL: the error does not name the image, its kernel and the kernel's source line" >&2; exit 1; }
tools/bazel build //examples/optional_features/tests:for_intel >"$log" 2>&1 || { tail -20 "$log"; echo "FAIL: the build for intel_gpu_tgllp/acm_g10/pvc failed" >&2; exit 1; }
echo "ocloc_failing_build_test: ok (fp64 through a wrong configuration fails at SyclAot with ocloc's error; the real tgllp configuration builds)"
