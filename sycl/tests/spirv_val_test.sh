#!/usr/bin/env bash
# Checks a sycl_binary's spir64 images (the sycl_images output group): spirv-val accepts
# every SPIR-V image, both kernels are in them, and the requirements the pipeline wrote
# say fp64 for exactly the double kernel's image (read back by `sycl-device inspect`).
# usage: spirv_val_test.sh SPIRV_VAL SYCL_DEVICE IMAGE_DIR...
set -euo pipefail
val="$1"; tool="$2"; shift 2
n=0
for dir in "$@"; do
  for spv in "$dir"/*.spv; do
    [ -e "$spv" ] || continue
    "$val" "$spv"
    n=$((n + 1))
  done
done
[ "$n" -ge 2 ] || { echo "want at least 2 SPIR-V images, found $n" >&2; exit 1; }
tables=()
for dir in "$@"; do tables+=("$dir/files.table"); done
report="$("$tool" inspect "${tables[@]}")"
row() { grep -E "(^|[ ,])$1([ ,]|$)" <<<"$report" || { echo "no image holds $1:"$'\n'"$report" >&2; exit 1; }; }
aspects() { awk '{print $(NF-2)}' <<<"$1"; }
scale="$(row _ZTS5Scale)"; addone="$(row _ZTS6AddOne)"
[ "$(aspects "$scale")" = "fp64" ] || { echo "Scale's image must require fp64: $scale" >&2; exit 1; }
[ "$(aspects "$addone")" = "(none)" ] || { echo "AddOne's image must require nothing: $addone" >&2; exit 1; }
echo "ok: $n SPIR-V images valid; Scale requires fp64, AddOne nothing"
