#!/usr/bin/env bash
# The images device_if gives each kind of target (docs/DEVICE_IF.md):
#  - AOT, Debian's ocloc: for intel_gpu_tgllp (no fp64) the fp64-only chain keeps its
#    fallback, so its image needs no fp64 and ocloc compiles it; for intel_gpu_pvc the
#    same image keeps the fp64 branch and needs fp64; the two native binaries differ;
#  - AOT, nvidia_gpu_sm_90 (fp16 and fp64): the chain keeps its fp16 branch, so its image
#    needs fp16;
#  - JIT: one image per outcome of the aspects the image's conditions test (fp16, fp64:
#    four), each needing what its kept branches use; spir64 keeps all four, pocl_cpu (no
#    fp16) the two the aspect filter finds it can run.
# usage: device_if_images_test.sh SYCL_DEVICE IMAGE_DIR...
set -euo pipefail
sd="$1"; shift
fail() { echo "FAIL: $*" >&2; exit 1; }
declare -A asp_of file_of names
for d in "$@"; do
  t="${d##*.}"
  [ -f "$d/files.table" ] || fail "$d has no files.table"
  while read -r _ image ks asp _; do
    [ -n "$image" ] || continue
    [ -s "$d/$image" ] || fail "$d/$image is missing or empty"
    names[$t]+="$image "
    IFS=, read -ra kk <<<"$ks"
    for k in "${kk[@]}"; do
      asp_of[$t/$k/$image]="$asp"
      file_of[$t/$k]+="$d/$image "
    done
  done < <("$sd" inspect "$d/files.table" | tail -n +2)
done
for t in "${!names[@]}"; do echo "$t: ${names[$t]}"; done | sort
k=_ZTS10KFp64OrNot
tg="${file_of[intel_gpu_tgllp/$k]:-}"; pv="${file_of[intel_gpu_pvc/$k]:-}"
[ -n "$tg" ] && [ -n "$pv" ] || fail "no tgllp or pvc image of $k"
tg_asp="${asp_of[intel_gpu_tgllp/$k/$(basename $tg)]}"; pv_asp="${asp_of[intel_gpu_pvc/$k/$(basename $pv)]}"
case "$tg_asp" in *fp64*) fail "the tgllp image of $k needs fp64 ($tg_asp)" ;; esac
case "$pv_asp" in *fp64*) ;; *) fail "the pvc image of $k does not need fp64 ($pv_asp): the fp64 branch was dropped" ;; esac
cmp -s $tg $pv && fail "the tgllp and pvc binaries of $k are identical"
echo "ok: $k: tgllp image needs '$tg_asp' (fallback kept), pvc image needs '$pv_asp' (fp64 branch kept); the Gen binaries differ"
k=_ZTS6KChain
for img in ${file_of[nvidia_gpu_sm_90/$k]:-}; do
  a="${asp_of[nvidia_gpu_sm_90/$k/$(basename $img)]}"
  case "$a" in *fp16*) ;; *) fail "the sm_90 image of $k does not need fp16 ($a)" ;; esac
done
[ -n "${file_of[nvidia_gpu_sm_90/$k]:-}" ] || fail "no sm_90 image of $k"
echo "ok: $k: the sm_90 image keeps the fp16 branch"
# spir64 may support any aspect: every variant. pocl_cpu has fp64 and no fp16: the
# aspect filter judges each variant and keeps those it can run (if01, if00).
check_variants() { # TARGET VARIANT:NEEDS...
  local t="$1"; shift
  local v="${file_of[$t/$k]:-}" n
  n=$(wc -w <<<"$v")
  [ "$n" = "$#" ] || fail "$t: $k has $n images, want $# ($*): $v"
  for want in "$@"; do
    tag="${want%%:*}"; need="${want#*:}"
    img=$(tr ' ' '\n' <<<"$v" | grep "\.$tag\." || true)
    [ -n "$img" ] || fail "$t: no $tag image of $k"
    [ "${asp_of[$t/$k/$(basename $img)]}" = "$need" ] || fail "$t: the $tag image of $k needs '${asp_of[$t/$k/$(basename $img)]}', want '$need'"
  done
}
check_variants spir64 "if11:fp16,fp64" "if10:fp16" "if01:fp64" "if00:(none)"
check_variants pocl_cpu "if01:fp64" "if00:(none)"
echo "ok: $k: spir64 has the variants if11 (fp16,fp64), if10 (fp16), if01 (fp64) and if00 (none); pocl_cpu those it can run, if01 and if00"
