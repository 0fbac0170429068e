#!/usr/bin/env bash
# The specification's motivating failure with Debian's ocloc: of the images of
# //examples/optional_features/tests:tgllp_shared_image (device_code_split = "off", split
# once more by requirements), one holds the double kernel. The AOT step for tgllp on the
# unfiltered shard tables (a pipeline without optional-feature support) fails on that
# shard with ocloc's "Double type is not supported" and succeeds on the others; `inspect
# --target` says why; after `aspect-filter` (what sycl_binary runs) the image is dropped
# and the step succeeds.
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
    if grep -q "_ZTS7KDouble" "$shard"/*.sym; then
      echo "FAIL: tgllp compiled the unfiltered double kernel's image in $name" >&2; exit 1
    fi
    continue
  fi
  cat "$work/err.txt"
  grep -q "ocloc: error: Double type is not supported on this platform." "$work/err.txt" || { echo "FAIL: not ocloc's fp64 error" >&2; exit 1; }
  grep -q "ocloc failed on img_[0-9a-f]*.ll (kernels\? .*KDouble.*) for intel_gpu_tgllp" "$work/err.txt" || { echo "FAIL: the error does not name the image and its kernels" >&2; exit 1; }
  failed=$((failed + 1))
  # inspect says why, in DPC++'s runtime wording.
  "$sd" inspect --target=intel_gpu_tgllp "$shard/files.table" | tee "$work/inspect.txt"
  grep -q "_ZTS7KDouble.*Required aspect fp64 is not supported on the device" "$work/inspect.txt" || { echo "FAIL: inspect does not say why" >&2; exit 1; }
  cp -r "$shard" "$work/$name" && chmod -R u+w "$work/$name"  # the filtered table lives next to its images
  "$sd" aspect-filter --dpcpp -target=intel_gpu_tgllp -o "$work/$name/tgl.table" "$work/$name/files.table"
  "$sd" aot -target=intel_gpu_tgllp --llc="$llc" --ocloc="$ocloc" --out-dir="$work/filtered/$name" "$work/$name/tgl.table"
  [ "$(wc -l <"$work/filtered/$name/files.table")" = "$n" ] || { echo "FAIL: the filter did not drop exactly the fp64 image of $name" >&2; exit 1; }
done
[ "$images" -ge 4 ] && [ "$failed" = 1 ] || { echo "FAIL: want one image per requirement set (>= 4) and one failing shard, got $images images, $failed failures" >&2; exit 1; }
echo "ok: without the filter ocloc fails on the fp64 image (tgllp); with it the image is dropped; the $((images - 1)) other images compile"
