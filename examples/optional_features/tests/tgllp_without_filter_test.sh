#!/usr/bin/env bash
# The specification's motivating failure with Debian's ocloc: the shared image of
# //examples/optional_features/tests:tgllp_shared_image (device_code_split = "off") holds
# the double kernel. The AOT step for tgllp on the unfiltered shard tables (a pipeline
# without optional-feature support) fails with ocloc's "Double type is not supported";
# `inspect --target` says why the image cannot run there; after `aspect-filter` (what
# sycl_binary runs) the image is dropped and the step succeeds.
# usage: tgllp_without_filter_test.sh SYCL_DEVICE LLC OCLOC SHARD_DIR...
set -euo pipefail
sd="$1"; llc="$2"; ocloc="$3"; shift 3
work="$TEST_TMPDIR"
failed=0; images=0
for shard in "$@"; do
  [ -f "$shard/files.table" ] || continue
  n=$(($(wc -l <"$shard/files.table") - 1))
  [ "$n" -gt 0 ] || continue
  images=$((images + n))
  name=$(basename "$shard")
  if "$sd" aot -target=intel_gpu_tgllp --llc="$llc" --ocloc="$ocloc" --out-dir="$work/raw/$name" "$shard/files.table" 2>"$work/err.txt"; then
    echo "FAIL: tgllp compiled the unfiltered shared image of $name" >&2; exit 1
  fi
  cat "$work/err.txt"
  grep -q "ocloc: error: Double type is not supported on this platform." "$work/err.txt" || { echo "FAIL: not ocloc's fp64 error" >&2; exit 1; }
  grep -q "ocloc failed on img_[0-9a-f]*.ll (kernels .*_ZTS7KDouble.*) for intel_gpu_tgllp" "$work/err.txt" || { echo "FAIL: the error does not name the image and its kernels" >&2; exit 1; }
  failed=$((failed + 1))
  # inspect says why, in DPC++'s runtime wording.
  "$sd" inspect --target=intel_gpu_tgllp "$shard/files.table" | tee "$work/inspect.txt"
  grep -q "_ZTS7KDouble.*Required aspect fp64 is not supported on the device" "$work/inspect.txt" || { echo "FAIL: inspect does not say why" >&2; exit 1; }
  "$sd" aspect-filter --dpcpp -target=intel_gpu_tgllp -o "$work/$name.tgl.table" "$shard/files.table"
  "$sd" aot -target=intel_gpu_tgllp --llc="$llc" --ocloc="$ocloc" --out-dir="$work/filtered/$name" "$work/$name.tgl.table"
  [ "$(wc -l <"$work/filtered/$name/files.table")" = 1 ] || { echo "FAIL: the filtered table of $name is not empty" >&2; exit 1; }
done
[ "$images" = 1 ] && [ "$failed" = 1 ] || { echo "FAIL: want one shared image failing, got $images images, $failed failures" >&2; exit 1; }
echo "ok: without the filter ocloc fails on the shared image (fp64 on tgllp); with it the image is dropped"
