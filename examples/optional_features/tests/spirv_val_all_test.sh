#!/usr/bin/env bash
# Runs spirv-val on every SPIR-V image of the given image directories and checks each
# one's optional capabilities against its .prop aspects.
# usage: spirv_val_all_test.sh SPIRV_VAL SPIRV_DIS SYCL_DEVICE DIR...
set -euo pipefail
val="$1"; dis="$2"; sd="$3"; shift 3
n=0
for d in "$@"; do
  for spv in "$d"/*.spv; do
    [ -e "$spv" ] || continue
    "$val" "$spv"
    caps=$({ "$dis" "$spv" | grep -oE 'OpCapability (Float64|Float16|Int64Atomics)' || true; } | sort -u | sed 's/OpCapability //; s/Float64/fp64/; s/Float16/fp16/; s/Int64Atomics/atomic64/' | sort | tr '\n' ',')
    want=$("$sd" inspect "$d/files.table" | awk -v f="$(basename "$spv")" '$2 == f {print $4}' | tr ',' '\n' | grep -v '(none)' | sort | tr '\n' ',' || true)
    [ "$caps" = "$want" ] || { echo "FAIL $spv: capabilities [$caps] vs .prop aspects [$want]" >&2; exit 1; }
    n=$((n + 1))
  done
done
[ "$n" -gt 0 ] || { echo "FAIL: no SPIR-V image found" >&2; exit 1; }
echo "ok: $n SPIR-V images valid, capabilities match their requirements"
