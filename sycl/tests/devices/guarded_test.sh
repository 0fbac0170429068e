#!/usr/bin/env bash
# Compiles guarded.cpp with clang-22 against two generated traits headers: the fp16
# kernel exists only for the target set that has fp16; the int kernel always.
# usage: guarded_test.sh CLANGXX SOURCE HEADER_WITH_FP16 HEADER_WITHOUT_FP16
set -euo pipefail
clang="$1"; src="$2"; with="$3"; without="$4"
compile() { "$clang" -fsycl -fsycl-device-only -S -emit-llvm -I "$(dirname "$1")" "$src" -o "$TEST_TMPDIR/out.ll"; }
compile "$with"
grep -q 'define .*spir_kernel .*@_ZTS10HalfKernel' "$TEST_TMPDIR/out.ll" || { echo "HalfKernel missing although a target has fp16" >&2; exit 1; }
grep -q '@_ZTS9IntKernel' "$TEST_TMPDIR/out.ll"
compile "$without"
if grep -q '@_ZTS10HalfKernel' "$TEST_TMPDIR/out.ll"; then echo "HalfKernel instantiated although no target has fp16" >&2; exit 1; fi
grep -q '@_ZTS9IntKernel' "$TEST_TMPDIR/out.ll"
grep -q '#define __SYCL_ANY_DEVICE_HAS_fp16__ 0' "$without"
echo "ok: the traits header guards kernel instantiation"
