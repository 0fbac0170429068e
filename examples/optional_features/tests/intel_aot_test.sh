#!/usr/bin/env bash
# The images of //examples/optional_features/tests:for_intel, built by Debian's ocloc:
# every image is a native Gen binary; the tgllp and acm_g10 tables hold no fp64 image and
# no double kernel, pvc's holds every kernel; `inspect --target` says why the double
# kernel is absent for tgllp, in DPC++'s runtime wording; the wrapper records the native
# images under DPC++'s spir64_gen target with the native format.
# usage: intel_aot_test.sh SYCL_DEVICE WRAPPER_C IMAGE_DIR...
set -euo pipefail
sd="$1"; wrapper="$2"; shift 2
declare -A kernels aspects bins
for d in "$@"; do
  t="${d##*.}"  # ..._tu0.img_3.intel_gpu_tgllp -> intel_gpu_tgllp
  [ -f "$d/files.table" ] || { echo "FAIL: $d has no files.table" >&2; exit 1; }
  while read -r _ image ks asp _; do
    [ -n "$image" ] || continue
    f="$d/$image"
    [ -s "$f" ] || { echo "FAIL: $f is missing or empty" >&2; exit 1; }
    case "$image" in *.bin) ;; *) echo "FAIL: $t image $image is not a native .bin" >&2; exit 1 ;; esac
    bins[$t]=$(( ${bins[$t]:-0} + 1 ))
    kernels[$t]+="$ks,"; aspects[$t]+="$asp,"
  done < <("$sd" inspect "$d/files.table" | tail -n +2)
done
for t in intel_gpu_tgllp intel_gpu_acm_g10 intel_gpu_pvc; do
  echo "$t: ${bins[$t]:-0} native images; kernels ${kernels[$t]:-}; aspects ${aspects[$t]:-}"
done
for t in intel_gpu_tgllp intel_gpu_acm_g10; do
  case "${aspects[$t]:-}" in *fp64*) echo "FAIL: $t has an fp64 image" >&2; exit 1 ;; esac
  case "${kernels[$t]:-}" in *KDouble*) echo "FAIL: $t has the double kernel" >&2; exit 1 ;; esac
  case "${kernels[$t]:-}" in *KInt*) ;; *) echo "FAIL: $t lacks the int kernel" >&2; exit 1 ;; esac
done
for k in KInt KDouble KHalf KAtomic; do
  case "${kernels[intel_gpu_pvc]:-}" in *"$k"*) ;; *) echo "FAIL: pvc lacks $k" >&2; exit 1 ;; esac
done
total=$(( ${bins[intel_gpu_tgllp]:-0} + ${bins[intel_gpu_acm_g10]:-0} + ${bins[intel_gpu_pvc]:-0} ))
gen=$(grep -c '^  {2, 4, 1, "spir64_gen",' "$wrapper" || true)
[ "$gen" = "$total" ] || { echo "FAIL: the wrapper records $gen spir64_gen native images, want $total" >&2; exit 1; }
echo "ok: native Gen binaries for tgllp, acm_g10 and pvc ($total, all spir64_gen/native in the wrapper); fp64 only for pvc"
