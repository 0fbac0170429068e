#!/usr/bin/env bash
# The NVPTX kernels' parameter layout, which the runtime's CUDA launch relies on: every
# entry of gpu_tests's PTX images takes one by-value kernel object, and saxpy's is the
# 24 bytes of its lambda (float *y, float a, float *x on LP64). The runtime checks the
# same at launch time with cuFuncGetParamInfo (docs/GPU.md).
# usage: ptx_entry_test.sh FILECHECK DIR...
set -euo pipefail
filecheck="$1"
shift
n=0
saxpy=0
for d in "$@"; do
  for ptx in "$d"/*.ptx; do
    [ -e "$ptx" ] || continue
    name=$(sed -n 's/^\.visible \.entry \([A-Za-z0-9_]*\)(.*/\1/p' "$ptx")
    [ -n "$name" ] || { echo "FAIL $ptx: no .entry" >&2; exit 1; }
    printf 'CHECK: .visible .entry %s(\nCHECK-NEXT: {{^\t}}.param .align {{[0-9]+}} .b8 %s_param_0[{{[0-9]+}}]{{$}}\nCHECK-NEXT: {{^}}){{$}}\n' "$name" "$name" >"$TEST_TMPDIR/one.check"
    "$filecheck" --match-full-lines=false "$TEST_TMPDIR/one.check" <"$ptx"
    if [ "$name" = _ZTS5Saxpy ]; then
      printf 'CHECK: .param .align 8 .b8 _ZTS5Saxpy_param_0[24]\n' >"$TEST_TMPDIR/saxpy.check"
      "$filecheck" "$TEST_TMPDIR/saxpy.check" <"$ptx"
      saxpy=1
    fi
    n=$((n + 1))
  done
done
[ "$n" -gt 0 ] && [ "$saxpy" = 1 ] || { echo "FAIL: $n PTX images, saxpy's found: $saxpy" >&2; exit 1; }
echo "ok: $n PTX entries take one kernel object; saxpy's is 24 bytes"
