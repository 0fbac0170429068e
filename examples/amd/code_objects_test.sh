#!/usr/bin/env bash
# code_objects_test.sh READOBJ ARCHS: every HSA code object among the runfiles is an
# AMDGPU ELF whose NT_AMDGPU_METADATA note names amdgcn-amd-amdhsa--<arch> and saxpy's
# kernel; each architecture of ARCHS (comma list) has one.
set -euo pipefail
readobj="$1"; IFS=, read -r -a archs <<<"$2"
mapfile -t objs < <(find -L . -name '*.hsaco' | sort)
[ "${#objs[@]}" -gt 0 ] || { echo "FAIL: no .hsaco images" >&2; exit 1; }
declare -A seen
for o in "${objs[@]}"; do
  notes="$("$readobj" --notes "$o")" || { echo "FAIL: llvm-readobj cannot read $o" >&2; exit 1; }
  grep -q "NT_AMDGPU_METADATA" <<<"$notes" || { echo "FAIL: $o has no AMDGPU metadata note" >&2; exit 1; }
  target="$(sed -n 's/^ *amdhsa.target: *//p' <<<"$notes" | tr -d "'")"
  grep -q '\.name: *_ZTS5Saxpy' <<<"$notes" || grep -q '\.name: *_ZTS' <<<"$notes" || { echo "FAIL: $o names no SYCL kernel" >&2; exit 1; }
  seen["${target##*--}"]=1
  echo "ok: $o: $target"
done
for a in "${archs[@]}"; do
  [ -n "${seen[$a]:-}" ] || { echo "FAIL: no code object for $a (seen: ${!seen[*]})" >&2; exit 1; }
done
echo "code_objects_test: ok (${#objs[@]} code objects, ${#archs[@]} architectures)"
