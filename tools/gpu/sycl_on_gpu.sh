#!/usr/bin/env bash
# Runs real SYCL 2020 programs, built for spir64 and nvidia_gpu_sm_90 with DPC++'s front
# end from Intel's runtime wheel (their NVIDIA images retargeted from its SPIR code), on an
# NVIDIA GPU through Intel's libsycl and Unified Runtime's CUDA adapter. Two halves,
# because the machine with the GPU has no Bazel:
#
#   tools/gpu/sycl_on_gpu.sh stage [DIR]   here: build the programs, and stage them with
#                                          the runtime libraries their runfiles hold
#                                          (libsycl, the UR loader, the CUDA adapter
#                                          Bazel built from source) into DIR (default
#                                          .gpu/sycl) and DIR.tar.xz
#   tools/gpu/sycl_on_gpu.sh run DIR [OUT] on the GPU machine: run every program on the
#                                          GPU and on nothing else
#                                          (ONEAPI_DEVICE_SELECTOR=cuda:*); log to OUT
#                                          (default DIR/results)
#
# Why a script, not a Bazel test: the GPU machine has no Bazel, and its time is short.
# Every program checks its own results; the script exits non-zero when any fails.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

# The programs: the examples' programs built for spir64 and nvidia_gpu_sm_90
# (examples/sycl2020/BUILD.bazel's _NVIDIA_PROGRAMS), found by name, and the performance
# set (tools/gpu/kernels.cpp; its CUDA twin kernels.cu is compiled there by nvcc).
programs() {
  tools/bazel query 'filter("_nvidia_test$", //examples/sycl2020:all)' 2>/dev/null
  echo //tools/gpu:kernels_test
}

# What libsycl loads on an NVIDIA GPU (the CPU OpenCL device is not staged).
RUNTIME_LIBS=(libsycl.so libsycl.so.9 libur_loader.so libur_loader.so.0 libimf.so libsvml.so libirng.so
  libintlc.so libintlc.so.5 libumf.so libumf.so.1 libhwloc.so libhwloc.so.15 libur_adapter_cuda.so.0)

stage() {
  local dir="${1:-$ROOT/.gpu/sycl}"
  set -e
  cd "$ROOT"
  local PROGRAMS
  mapfile -t PROGRAMS < <(programs)
  [ "${#PROGRAMS[@]}" -gt 0 ] || { echo "no programs found" >&2; return 1; }
  tools/bazel build "${PROGRAMS[@]}"
  rm -rf "$dir"
  mkdir -p "$dir/bin" "$dir/lib"
  for p in "${PROGRAMS[@]}"; do
    local path="${p#//}"
    cp "bazel-bin/${path%%:*}/${path##*:}" "$dir/bin/"
  done
  # The runtime's libraries from the first program's runfiles, where the build put them.
  local first="${PROGRAMS[0]#//}"
  local lib="bazel-bin/${first%%:*}/${first##*:}.runfiles/sycl_dpcpp/lib"
  for l in "${RUNTIME_LIBS[@]}"; do cp -L "$lib/$l" "$dir/lib/"; done
  cp "$ROOT/tools/gpu/sycl_on_gpu.sh" "$ROOT/tools/gpu/kernels.cu" "$dir/"
  git rev-parse HEAD >"$dir/BUILD_INFO" 2>/dev/null || true
  chmod -R u+w "$dir"
  # One compressed file to carry (the device tool carries at most 64 MiB).
  tar -C "$(dirname "$dir")" -cf - "$(basename "$dir")" | xz -T0 -6 >"$dir.tar.xz"
  ls -l "$dir.tar.xz" >&2
}

# logged FILE COMMAND...: runs the command, its output also appended to FILE.
logged() {
  local file="$1"
  shift
  "$@" 2>&1 | tee -a "$file"
  return "${PIPESTATUS[0]}"
}

failures=0
check() {
  local name="$1"
  shift
  echo "=== $name"
  "$@" 2>&1
  local rc=$?
  if [ "$rc" -ne 0 ]; then
    echo "--- FAIL $name: exit status $rc"
    failures=$((failures + 1))
  else
    echo "--- ok $name"
  fi
}

run() {
  local dir="${1:?usage: sycl_on_gpu.sh run DIR [OUT]}"
  dir="$(cd "$dir" && pwd)"
  local out="${2:-$dir/results}"
  mkdir -p "$out"
  exec > >(tee "$out/sycl_gpu_run.log") 2>&1
  echo "=== machine"
  nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader
  cat "$dir/BUILD_INFO" 2>/dev/null
  export LD_LIBRARY_PATH="$dir/lib:/usr/local/nvidia/lib64:${LD_LIBRARY_PATH:-}"
  for b in "$dir"/bin/*; do
    [ "$(basename "$b")" = kernels_test ] && continue
    check "$(basename "$b") on cuda:*" env ONEAPI_DEVICE_SELECTOR='cuda:*' "$b"
  done
  # The performance set against its CUDA twin (nvcc -O3 -arch=sm_90), alternately.
  if nvcc -O3 -arch=sm_90 -o "$out/kernels_cuda" "$dir/kernels.cu"; then
    for round in 1 2 3; do
      check "kernels (SYCL, rules_sycl) round $round" logged "$out/sycl.txt" env ONEAPI_DEVICE_SELECTOR='cuda:*' "$dir/bin/kernels_test"
      check "kernels (CUDA, nvcc) round $round" logged "$out/cuda.txt" "$out/kernels_cuda"
    done
    echo "=== ratios (nvcc time / rules_sycl time; above 1: rules_sycl faster), median of 3 runs of 5 rounds"
    local k sy cu logs=0
    for k in triad mandelbrot reduction stencil histogram; do
      sy="$(awk -v k="$k" '$1 == k && $3 == "ok" { print $2 }' "$out/sycl.txt" | sort -g | sed -n 2p)"
      cu="$(awk -v k="$k" '$1 == k && $3 == "ok" { print $2 }' "$out/cuda.txt" | sort -g | sed -n 2p)"
      if [ -z "$sy" ] || [ -z "$cu" ]; then echo "$k: no median of 3 checked runs"; continue; fi
      awk -v k="$k" -v s="$sy" -v c="$cu" 'BEGIN { printf "%-11s sycl %.4f ms  nvcc %.4f ms  ratio %.3f\n", k, s, c, c / s }'
      logs="$(awk -v l="$logs" -v s="$sy" -v c="$cu" 'BEGIN { print l + log(c / s) }')"
    done
    awk -v l="$logs" 'BEGIN { printf "geometric mean %.3f\n", exp(l / 5) }'
  else
    echo "--- FAIL nvcc"
    failures=$((failures + 1))
  fi
  echo "=== $failures failures"
  [ "$failures" -eq 0 ]
}

case "${1:-}" in
  stage) shift; stage "$@" ;;
  run) shift; run "$@" ;;
  *) echo "usage: $0 stage [DIR] | run DIR [OUT]" >&2; exit 2 ;;
esac
