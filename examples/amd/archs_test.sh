#!/usr/bin/env bash
# archs_test.sh CLANG ARCH...: clang compiles for each ARCH (it is among the CPUs clang
# lists for amdgcn-amd-amdhsa).
set -euo pipefail
clang="$1"; shift
cpus="$("$clang" --target=amdgcn-amd-amdhsa -print-supported-cpus 2>&1 | sed -n 's/^[[:space:]]*\(gfx[0-9a-z-]*\)$/\1/p')"
[ -n "$cpus" ] || { echo "FAIL: clang listed no AMD GPU architectures" >&2; exit 1; }
missing=()
for a in "$@"; do grep -qx "$a" <<<"$cpus" || missing+=("$a"); done
[ "${#missing[@]}" -eq 0 ] || { echo "FAIL: clang 22 does not know ${missing[*]} (drop them from internal/devconfig/devices.yaml)" >&2; exit 1; }
echo "archs_test: ok ($# AMD architectures, all known to clang)"
