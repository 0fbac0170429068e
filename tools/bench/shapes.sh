#!/usr/bin/env bash
# Benchmark: how the tools scale with the shape of the input, against opt-22
# -passes=verify (LLVM's own parse and verification: linear in the module) on the same
# module in the same run. A tool that grows faster than linearly shows as a ratio that
# grows with the input.
#   propagate on a call chain as deep as the module (100k and 1M functions) and on 1M
#     flat kernels;
#   propagate --lower-annotations on 100k and 400k kernels that carry rsycl/sycl_lite.h's
#     annotations (irgen -annotated: 1.24M functions and 520k annotations at 400k);
#   split -split=kernel on 10k, 30k and 100k flat kernels (one image each), written to
#     tmpfs when /dev/shm exists, so that the file system's cost of creating 300k files
#     does not hide the tool's own;
#   post-link -spec-const=native of a 1.3 kB module whose specialization constant is a
#     [N x i8] array (N = 256k and 1M leaves: one descriptor triple each);
#   wrap of a 512 MiB image: peak RSS against the image size.
# Goals: the specialization constant's lowering within 2x of linear (t(1M) <= 8 t(256k)); split of 100k kernels <= 5 s and within 2x of linear
# (t(100k) <= 20 t(10k)); propagate of the 1M chain <= 8 s and within 2x of linear (t(1M chain) <= 20 t(100k
# chain)); the lowering within 2x of linear (t(400k) <= 8 t(100k)); wrap peak RSS <= 2x the image. Exits 1 if one is missed.
# usage: tools/bench/shapes.sh            (about 5 minutes on the 2-core VM)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
tools/bazel build -c opt //cmd/sycl-device //tools/bench/irgen //tools/bench/time >/dev/null 2>&1
bin="$(tools/bazel info -c opt bazel-bin 2>/dev/null)"
sd="$bin/cmd/sycl-device/sycl-device_/sycl-device"
bt="$bin/tools/bench/time/time_/time"
gen="$bin/tools/bench/irgen/irgen_/irgen"
work="$(mktemp -d)"
fast="$work"
[ -d /dev/shm ] && [ -w /dev/shm ] && fast="$(mktemp -d /dev/shm/shapes.XXXXXX)"
trap 'rm -rf "$work" "$fast"' EXIT
field() { sed -n "s/.*$2=\([0-9.]*\).*/\1/p" <<<"$1"; }
opt="$(readlink -f "$(command -v opt-22)")"
echo "machine: $(nproc) cores; split output on $(df --output=fstype "$fast" | tail -1)"
declare -A T
measure() { # key input command...
  local key="$1" in="$2"; shift 2
  local ours theirs
  ours=$("$bt" -runs 1 -label "$key" -- "$@")
  theirs=$("$bt" -runs 1 -label "opt-verify" -- "$opt" -passes=verify -disable-output "$in")
  T[$key]=$(field "$ours" best_s)
  printf '%-22s %8.2f s  peak %7.1f MB  | opt -passes=verify %7.2f s | ratio %.3f\n' "$key" \
    "$(field "$ours" best_s)" "$(field "$ours" peak_rss_mb)" "$(field "$theirs" best_s)" \
    "$(echo "$(field "$ours" best_s) / $(field "$theirs" best_s)" | bc -l)"
}
for n in 100000 1000000; do
  "$gen" -shape chain -kernels 1 -helpers "$n" -body 1 -o "$work/chain.ll"
  measure "propagate chain $((n / 1000))k" "$work/chain.ll" "$sd" propagate -o "$work/out.ll" "$work/chain.ll"
done
"$gen" -shape flat -kernels 1000000 -helpers 1 -body 1 -o "$work/flat.ll"
measure "propagate flat 1000k" "$work/flat.ll" "$sd" propagate -o "$work/out.ll" "$work/flat.ll"
for n in 100000 400000; do
  "$gen" -shape flat -kernels "$n" -helpers 1 -body 1 -annotated -o "$work/annotated.ll"
  measure "lower annotated $((n / 1000))k" "$work/annotated.ll" "$sd" propagate --lower-annotations -o "$work/out.ll" "$work/annotated.ll"
done
for n in 10000 30000 100000; do
  "$gen" -shape flat -kernels "$n" -helpers 1 -body 1 -o "$work/flat.ll"
  rm -rf "$fast/s"
  measure "split kernel $((n / 1000))k" "$work/flat.ll" "$sd" split -split=kernel --shards=8 --out-dir="$fast/s" "$work/flat.ll"
done
rm -rf "$fast/s"
# A specialization constant of N bytes, read by one kernel (the module's size does not grow
# with N: its default is zeroinitializer).
specconst_module() {
  cat <<LL
target triple = "spir64-unknown-unknown"
%"class.sycl::_V1::specialization_id" = type { [$1 x i8] }
@id = private unnamed_addr addrspace(1) constant [5 x i8] c"uidB\00", align 1
@big = internal addrspace(1) constant %"class.sycl::_V1::specialization_id" zeroinitializer, align 1
define spir_kernel void @K(ptr addrspace(1) %out, ptr addrspace(1) %buf1) {
entry:
  %buf = addrspacecast ptr addrspace(1) %buf1 to ptr addrspace(4)
  %a = alloca [$1 x i8], align 1
  %a4 = addrspacecast ptr %a to ptr addrspace(4)
  call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueIA$1_hET_PKcPKvS4_(ptr addrspace(4) sret([$1 x i8]) align 1 %a4, ptr addrspace(4) noundef addrspacecast (ptr addrspace(1) @id to ptr addrspace(4)), ptr addrspace(4) noundef addrspacecast (ptr addrspace(1) @big to ptr addrspace(4)), ptr addrspace(4) noundef %buf)
  %x = load i8, ptr %a, align 1
  store i8 %x, ptr addrspace(1) %out, align 1
  ret void
}
declare spir_func void @_Z40__sycl_getComposite2020SpecConstantValueIA$1_hET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
LL
}
for n in 262144 1048576; do
  specconst_module "$n" >"$work/sc.ll"
  rm -rf "$fast/sc"; mkdir -p "$fast/sc"
  measure "spec const $((n / 1024))k" "$work/sc.ll" "$sd" post-link -spec-const=native -properties -S -o "$fast/sc/t.table" "$work/sc.ll"
done
rm -rf "$fast/sc"
head -c $((512 << 20)) /dev/urandom >"$work/big.bin"
printf '[Code]\nbig.bin\n' >"$work/w.table"
w=$("$bt" -runs 1 -label wrap -- "$sd" wrap --table="spir64:spirv:$work/w.table" -o "$work/w.c")
printf '%-22s %8.2f s  peak %7.1f MB  (image 512 MiB, output %d MiB)\n' "wrap 512 MiB" "$(field "$w" best_s)" "$(field "$w" peak_rss_mb)" "$(($(stat -c %s "$work/w.c") >> 20))"
awk -v s10="${T[split kernel 10k]}" -v s100="${T[split kernel 100k]}" -v c100="${T[propagate chain 100k]}" \
    -v c1m="${T[propagate chain 1000k]}" -v l100="${T[lower annotated 100k]}" -v l400="${T[lower annotated 400k]}" -v wr="$(field "$w" peak_rss_mb)" \
    -v sc256="${T[spec const 256k]}" -v sc1m="${T[spec const 1024k]}" 'BEGIN{
  printf "split 100k: %.2f s (goal <= 5); t(100k)/t(10k) = %.1f (goal <= 20)\n", s100, s100 / s10
  printf "propagate chain 1M: %.2f s (goal <= 8)\n", c1m
  printf "propagate chain: t(1M)/t(100k) = %.1f (goal <= 20)\n", c1m / c100
  printf "lower annotated: t(400k)/t(100k) = %.1f (goal <= 8)\n", l400 / l100
  printf "spec const: t(1M)/t(256k) = %.1f (goal <= 8)\n", sc1m / sc256
  printf "wrap: peak RSS / image = %.3f (goal <= 2)\n", wr / 512
  exit !(s100 <= 5 && s100 / s10 <= 20 && c1m <= 8 && c1m / c100 <= 20 && l400 / l100 <= 8 && sc1m / sc256 <= 8 && wr / 512 <= 2)
}'
