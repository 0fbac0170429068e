#!/usr/bin/env bash
# Runs real SYCL 2020 programs, built for spir64 and nvidia_gpu_sm_90 with DPC++'s front
# end from Intel's runtime wheel (their NVIDIA images retargeted from its SPIR code), on an
# NVIDIA GPU through Intel's libsycl and Unified Runtime's CUDA adapter. Two halves,
# because the machine with the GPU has no Bazel:
#
#   tools/gpu/sycl_on_gpu.sh stage [DIR]   here: build the programs, and stage them with
#                                          the wheel's runtime libraries and UR headers,
#                                          the umf wheel and the pinned unified-runtime
#                                          sources into DIR (default .gpu/sycl)
#   tools/gpu/sycl_on_gpu.sh run DIR [OUT] on the GPU machine: build UR's CUDA adapter
#                                          (cmake, against the wheel's UR headers), then
#                                          run every program on the GPU and on nothing
#                                          else (ONEAPI_DEVICE_SELECTOR=cuda:*); log to
#                                          OUT (default DIR/results)
#
# Why a script, not a Bazel test: the GPU machine has no Bazel, and its time is short: one
# call builds the adapter and runs everything. Every program checks its own results; the
# script exits non-zero when any fails.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

# The programs: the examples' programs built for spir64 and nvidia_gpu_sm_90
# (examples/sycl2020/BUILD.bazel's _NVIDIA_PROGRAMS), found by name.
programs() {
  tools/bazel query 'filter("_nvidia_test$", //examples/sycl2020:all)' 2>/dev/null
}

# What libsycl loads (the CPU OpenCL device is not staged).
RUNTIME_LIBS=(libsycl.so libsycl.so.9 libur_loader.so libur_loader.so.0 libimf.so libsvml.so libirng.so
  libintlc.so libintlc.so.5 libumf.so libumf.so.1 libhwloc.so libhwloc.so.15)

stage() {
  local dir="${1:-$ROOT/.gpu/sycl}"
  set -e
  cd "$ROOT"
  local PROGRAMS
  mapfile -t PROGRAMS < <(programs)
  [ "${#PROGRAMS[@]}" -gt 0 ] || { echo "no programs found" >&2; return 1; }
  tools/bazel build "${PROGRAMS[@]}"
  rm -rf "$dir"
  mkdir -p "$dir/bin" "$dir/lib" "$dir/include"
  for p in "${PROGRAMS[@]}"; do
    local path="${p#//}"
    cp "bazel-bin/${path%%:*}/${path##*:}" "$dir/bin/"
  done
  local ext
  ext="$(tools/bazel info output_base 2>/dev/null)/external"
  for l in "${RUNTIME_LIBS[@]}"; do cp -P "$ext/sycl_dpcpp/lib/$l" "$dir/lib/"; done
  cp -R "$ext/sycl_dpcpp/include/unified-runtime" "$dir/include/"
  local cache="${RULES_SYCL_CACHE:-$HOME/.cache/rules_sycl}/wheels"
  cp "$cache"/umf-*.whl "$dir/"
  cp "${UR_ARCHIVE:-$ROOT/../shared/third_party/unified-runtime-9018ebf2a4ee130f0582700c48a9758d9a9157e2.tar.gz}" "$dir/ur.tar.gz"
  cp "$ROOT/tools/gpu/sycl_on_gpu.sh" "$dir/"
  git rev-parse HEAD >"$dir/BUILD_INFO" 2>/dev/null || true
  chmod -R u+w "$dir"
  # One compressed file to carry (the device tool carries at most 64 MiB).
  tar -C "$(dirname "$dir")" -cf - "$(basename "$dir")" | xz -T0 -6 >"$dir.tar.xz"
  ls -l "$dir.tar.xz" >&2
}

build_adapter() {
  local dir="$1" work="$2"
  mkdir -p "$work/umf"
  python3 -c "import zipfile,sys; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])" "$dir"/umf-*.whl "$work/umf"
  local umf
  umf="$(echo "$work"/umf/umf-*.data/data)"
  # The wheel's libumf beside its CMake package.
  cp -P "$dir"/lib/libumf.so* "$umf/lib/"
  tar -xzf "$dir/ur.tar.gz" -C "$work"
  local src
  src="$(echo "$work"/unified-runtime-*)"
  # The adapter must see the wheel's UR interface: its loader dispatches through it.
  cp "$dir"/include/unified-runtime/ur_api.h "$dir"/include/unified-runtime/ur_ddi.h \
    "$dir"/include/unified-runtime/ur_print.h "$dir"/include/unified-runtime/ur_print.hpp "$src/include/"
  cmake -S "$src" -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DUR_BUILD_ADAPTER_CUDA=ON -DUR_USE_EXTERNAL_UMF=ON -Dumf_DIR="$umf/lib/cmake/umf" \
    -DFETCHCONTENT_FULLY_DISCONNECTED=ON -DUR_BUILD_TESTS=OFF -DUR_BUILD_EXAMPLES=OFF \
    -DUR_BUILD_TOOLS=OFF -DUR_ENABLE_TRACING=OFF -DCUDAToolkit_ROOT=/usr/local/cuda >"$work/cmake.log" 2>&1 ||
    { tail -40 "$work/cmake.log"; return 1; }
  ninja -C "$work/build" ur_adapter_cuda >"$work/ninja.log" 2>&1 || { tail -40 "$work/ninja.log"; return 1; }
  cp -P "$work"/build/lib/libur_adapter_cuda.so* "$dir/lib/"
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
  local start=$SECONDS
  echo "=== building Unified Runtime's CUDA adapter"
  build_adapter "$dir" "$(mktemp -d)" || { echo "--- FAIL adapter build"; exit 1; }
  echo "--- ok adapter build ($((SECONDS - start)) s)"
  export LD_LIBRARY_PATH="$dir/lib:/usr/local/nvidia/lib64:${LD_LIBRARY_PATH:-}"
  for b in "$dir"/bin/*; do
    check "$(basename "$b") on cuda:*" env ONEAPI_DEVICE_SELECTOR='cuda:*' "$b"
  done
  echo "=== $failures failures"
  [ "$failures" -eq 0 ]
}

case "${1:-}" in
  stage) shift; stage "$@" ;;
  run) shift; run "$@" ;;
  *) echo "usage: $0 stage [DIR] | run DIR [OUT]" >&2; exit 2 ;;
esac
