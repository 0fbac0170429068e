#!/usr/bin/env bash
# Checks the smoke pipeline's outputs: spirv-val accepts the SPIR-V module, both kernels
# are in it, and sycl-device propagate marked exactly the double kernel with fp64.
# usage: spirv_val_test.sh SPIRV_VAL PROPAGATED.ll MODULE.spv
set -euo pipefail
val="$1"; prop="$2"; spv="$3"
"$val" "$spv"
for k in _ZTS6AddOne _ZTS5Scale; do
  grep -q -a "$k" "$spv" || { echo "$spv: kernel $k not found" >&2; exit 1; }
done
grep -q '^define .*@_ZTS5Scale(.*!sycl_used_aspects' "$prop" || { echo "Scale lacks !sycl_used_aspects" >&2; exit 1; }
if grep -q '^define .*@_ZTS6AddOne(.*!sycl_used_aspects' "$prop"; then
  echo "AddOne must not use any aspect" >&2; exit 1
fi
# Plain i32, as DPC++ writes it when the module's !sycl_aspects does not name the aspect.
grep -q '= !{i32 6}$' "$prop" || { echo "no fp64 list !{i32 6}" >&2; exit 1; }
echo "ok: $spv valid; aspects propagated"
