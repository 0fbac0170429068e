#!/usr/bin/env bash
# Runs the examples and the GPU test set on an NVIDIA GPU, and the bandwidth benchmark
# against nvcc (docs/GPU.md). Two halves, because the machine with the GPU need not have
# Bazel:
#
#   tools/gpu/run_on_gpu.sh stage [DIR]       here: build for nvidia_gpu_sm_90 (and PoCL),
#                                             copy the binaries and triad.cu into DIR
#                                             (default .gpu/stage)
#   tools/gpu/run_on_gpu.sh run DIR [OUT]     on the GPU machine: run everything staged in
#                                             DIR, compile triad.cu with nvcc, write the
#                                             log to OUT (default DIR/results)
#
# On one machine with Bazel, CUDA and a GPU, run both. With SYCL_PTXAS (or ptxas on PATH,
# under CUDA_PATH or in /usr/local/cuda/bin) the build embeds a cubin next to each PTX
# image. The run needs the CUDA driver (libcuda.so.1), the OpenCL ICD loader
# (libOpenCL.so.1) and, for the benchmark, nvcc. Every program checks its results; the
# script exits non-zero when any check fails.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

BINARIES=(
  examples/saxpy/saxpy
  examples/multi_tu/multi_tu
  examples/multi_tu/no_rdc
  examples/device_if/device_if
  examples/math/math_test
  tools/gpu/gpu_tests
  tools/gpu/triad
)

stage() {
  local dir="${1:-$ROOT/.gpu/stage}"
  set -e
  cd "$ROOT"
  local labels=()
  for b in "${BINARIES[@]}"; do labels+=("//${b%/*}:${b##*/}"); done
  echo "building ${labels[*]}" >&2
  tools/bazel build "${labels[@]}"
  rm -rf "$dir"
  mkdir -p "$dir"
  for b in "${BINARIES[@]}"; do cp "bazel-bin/$b" "$dir/${b##*/}"; done
  cp tools/gpu/triad.cu tools/gpu/run_on_gpu.sh "$dir/"
  # What the build had: ptxas (cubins) or not (PTX only).
  grep -a -h "^PTXAS_VERSION\|^CLANG_MAJOR" "$(tools/bazel info output_base 2>/dev/null)/external/sycl_llvm/tools.bzl" \
    >"$dir/BUILD_INFO" || true
  git rev-parse HEAD >>"$dir/BUILD_INFO" 2>/dev/null || true
  chmod -R u+w "$dir"
  echo "staged in $dir:" >&2
  ls -l "$dir" >&2
}

failures=0
# check NAME EXPECTED_STATUS COMMAND...: runs a command, logs its output, counts a failure
# when its exit status is not the expected one.
check() {
  local name="$1" want="$2"
  shift 2
  echo "=== $name: $*"
  "$@" 2>&1
  local rc=$?
  if [ "$rc" -ne "$want" ]; then
    echo "--- FAIL $name: exit status $rc, want $want"
    failures=$((failures + 1))
  else
    echo "--- ok $name"
  fi
}

run() {
  local dir="${1:?usage: run_on_gpu.sh run DIR [OUT]}"
  dir="$(cd "$dir" && pwd)"
  local out="${2:-$dir/results}"
  mkdir -p "$out"
  exec > >(tee "$out/gpu_run.log") 2>&1
  echo "=== machine"
  nvidia-smi --query-gpu=name,driver_version,compute_cap,memory.total --format=csv,noheader
  cat "$dir/BUILD_INFO" 2>/dev/null
  cd "$dir"
  export RSYCL_TRACE=1
  # The examples and the test set on the GPU: every kernel runs, results checked.
  check saxpy 0 env ONEAPI_DEVICE_SELECTOR=cuda:0 ./saxpy
  # Device math (libclc's NVPTX library): 32 functions, float and double, checked.
  # libclc-22's fmod(double) for NVPTX computes x - trunc(x/y)*y and is wrong when x/y
  # rounds up to an integer (fmod(1.7, 0.1)): known, and required to stay visible.
  check math 0 env ONEAPI_DEVICE_SELECTOR=cuda:0 ./math_test --expect-wrong=double:fmod
  check multi_tu_rdc 0 env ONEAPI_DEVICE_SELECTOR=cuda:0 ./multi_tu
  check multi_tu_no_rdc 0 env ONEAPI_DEVICE_SELECTOR=cuda:0 ./no_rdc
  check gpu_tests 0 env ONEAPI_DEVICE_SELECTOR=cuda:0 ./gpu_tests
  # The default selector picks the GPU (CUDA devices come first).
  check gpu_tests_default 0 ./gpu_tests
  # PTX only, JIT-compiled by the driver (no cubin, no JIT cache).
  check gpu_tests_ptx_jit 0 env CUDA_FORCE_PTX_JIT=1 CUDA_CACHE_DISABLE=1 ./gpu_tests
  # The same binary on PoCL: fp16 and atomic64 refused with DPC++'s messages.
  check gpu_tests_pocl 0 env ONEAPI_DEVICE_SELECTOR=opencl:cpu ./gpu_tests --expect-refused=fp16,atomic64
  # device_if: the GPU (fp16) takes the fp16 branch of its AOT-specialised image; PoCL
  # picks the JIT variant for fp64 without fp16 (docs/DEVICE_IF.md).
  check device_if 0 env ONEAPI_DEVICE_SELECTOR=cuda:0 ./device_if --expect=fp16 --expect-fp64-only=fp64 \
    --expect-unconditional-fp16=runs
  check device_if_pocl 0 env ONEAPI_DEVICE_SELECTOR=opencl:cpu ./device_if --expect=fp64 --expect-fp64-only=fp64 \
    --expect-unconditional-fp16=refused
  # A selector that matches nothing says so and lists the devices.
  check selector_no_match 1 env ONEAPI_DEVICE_SELECTOR=cuda:7 ./saxpy
  unset RSYCL_TRACE

  # Bandwidth: the rsycl triad and its nvcc twin, alternately, three rounds each.
  echo "=== triad"
  if command -v nvcc >/dev/null || [ -x /usr/local/cuda/bin/nvcc ]; then
    local nvcc
    nvcc="$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)"
    check nvcc_build 0 "$nvcc" -O3 -arch=sm_90 -o triad_nvcc triad.cu
    for round in 1 2 3; do
      check "triad_rsycl_$round" 0 env ONEAPI_DEVICE_SELECTOR=cuda:0 ./triad --iterations=50
      check "triad_nvcc_$round" 0 ./triad_nvcc --iterations=50
    done
  else
    echo "--- FAIL nvcc not found"
    failures=$((failures + 1))
  fi
  # First launch: module load with a cubin, and PTX JIT with the cache off.
  for round in 1 2 3; do
    check "first_launch_cubin_$round" 0 env ONEAPI_DEVICE_SELECTOR=cuda:0 CUDA_CACHE_DISABLE=1 ./triad --n=1048576 --iterations=5
    check "first_launch_ptx_$round" 0 env ONEAPI_DEVICE_SELECTOR=cuda:0 CUDA_CACHE_DISABLE=1 CUDA_FORCE_PTX_JIT=1 \
      ./triad --n=1048576 --iterations=5
  done
  echo "=== summary: $failures failure(s)"
  [ "$failures" -eq 0 ]
}

case "${1:-}" in
  stage) shift; stage "$@" ;;
  run) shift; run "$@" ;;
  *)
    echo "usage: $0 stage [DIR] | run DIR [OUT]" >&2
    exit 2
    ;;
esac
