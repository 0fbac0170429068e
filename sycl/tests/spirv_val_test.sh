#!/usr/bin/env bash
# Validates SPIR-V modules with spirv-val and checks that the expected kernel is there.
# usage: spirv_val_test.sh SPIRV_VAL KERNEL_SYMBOL MODULE.spv...
set -euo pipefail
val="$1"; kernel="$2"; shift 2
[ "$#" -gt 0 ] || { echo "no SPIR-V modules given" >&2; exit 1; }
for m in "$@"; do
  "$val" "$m"
  grep -q -a "$kernel" "$m" || { echo "$m: kernel $kernel not found" >&2; exit 1; }
  echo "ok: $m"
done
