#!/usr/bin/env bash
# The shards of optional_features, filtered for intel_gpu_tgllp: the fp64 images are
# dropped, the others kept; the AOT step's dry run shows the exact ocloc command lines.
# usage: tgllp_dry_run_test.sh SYCL_DEVICE SHARD_DIR...
set -euo pipefail
sd="$1"; shift
work="$TEST_TMPDIR"
kept=""; dropped=""
for shard in "$@"; do
  [ -f "$shard/files.table" ] || continue
  name=$(basename "$shard")
  case "$name" in spir_*) ;; *) continue ;; esac  # the spir64 family only
  mkdir -p "$work/in/$name"
  cp "$shard"/* "$work/in/$name/"
  "$sd" aspect-filter -target=intel_gpu_tgllp -o "$work/in/$name.tgl.table" "$work/in/$name/files.table"
  kept+=$("$sd" inspect "$work/in/$name.tgl.table" | tail -n +2 | awk '{print $3}')" "
  all=$("$sd" inspect "$work/in/$name/files.table" | tail -n +2 | awk '{print $3}')
  for k in $all; do grep -q "$k" <<<"$kept" || dropped+="$k "; done
  "$sd" aot -target=intel_gpu_tgllp --dry-run --llc=llc --ocloc=ocloc --out-dir="$work/out/$name" "$work/in/$name.tgl.table" >>"$work/commands.txt"
done
echo "kept: $kept"; echo "dropped: $dropped"
for k in _ZTS4KInt _ZTS5KHalf _ZTS7KAtomic; do grep -q "$k" <<<"$kept" || { echo "FAIL: $k must be kept for tgllp" >&2; exit 1; }; done
k=_ZTS7KDouble
grep -q "$k" <<<"$dropped" || { echo "FAIL: $k (fp64) must be dropped for tgllp" >&2; exit 1; }
sed -E "s|$work/||g" "$work/commands.txt" | sort >"$work/got.txt"
cat "$work/got.txt"
# Exact command lines (image names are stable hashes of the grouping keys).
n=$(grep -c '^ocloc compile -spirv_input -file out/[^ ]*/img_[0-9a-f]*\.bin\.spv -output out/[^ ]*/img_[0-9a-f]*\.bin -output_no_suffix -device tgllp$' "$work/got.txt")
# llc enables the SPIR-V extensions DPC++'s driver enables (sub-groups among them).
m=$(grep -c '^llc -mtriple=spirv64-unknown-unknown -filetype=obj --spirv-ext=+SPV_EXT_shader_atomic_float_add,[^ ]*+SPV_INTEL_subgroups,[^ ]* in/[^ ]*/img_[0-9a-f]*\.ll -o out/[^ ]*/img_[0-9a-f]*\.bin\.spv$' "$work/got.txt")
[ "$n" = 3 ] && [ "$m" = 3 ] || { echo "FAIL: want 3 llc and 3 ocloc commands, got $m and $n" >&2; exit 1; }
echo "ok: tgllp keeps int, fp16 and atomic64 images, drops fp64; ocloc command lines checked"
