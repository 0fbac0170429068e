#!/usr/bin/env bash
# The oneAPI path as far as it runs without icpx (none installs here):
#  1. //examples/oneapi:vadd_test with a dpcpp-family toolchain (--extra_toolchains):
#     DPC++-shaped device IR, integration header and footer (sycl_import) through
#     DPC++'s phases after its front end (device link, split, filter, AOT, wrap: no
#     propagate or optimise step), linked with Intel's libsycl, run on its CPU device;
#  2. the compiler detection of @sycl_dpcpp: in a user workspace whose SYCL_DPCPP_ROOT
#     has a bin/clang++ that is upstream clang (no integration header), no toolchain is
#     declared and the workspace builds with upstream clang as before.
# Why a script, not a Bazel test: it builds with an extra toolchain (--extra_toolchains)
# and asserts a compiler detection in a repository rule of its own.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
cd "$ROOT"
WORK="$(mktemp -d)"
trap 'user_bazel "$WORK/ws" shutdown >/dev/null 2>&1 || true; rm -rf "$WORK"' EXIT
log="$WORK/log"
dpcpp=(--extra_toolchains=//examples/oneapi:dpcpp_post_front_end_toolchain)

# 1. DPC++'s phases after its front end, on the real runtime.
#    SYCL_UR_TRACE shows libsycl setting the specialization constant the image's
#    [SYCL/specialization constants] set maps (SpecId 0, 4 bytes) when it builds the program.
tools/bazel test //examples/oneapi:vadd_test "${dpcpp[@]}" --test_env=SYCL_UR_TRACE=2 >"$log" 2>&1 || { tail -30 "$log"; echo "FAIL: vadd_test with the dpcpp-family toolchain" >&2; exit 1; }
testlog=bazel-testlogs/examples/oneapi/vadd_test/test.log
grep -q "vadd: 256 results checked, specialization constant set and default checked, fp64 checked" "$testlog" || { tail -40 "$testlog"; echo "FAIL: vadd_test did not check its results" >&2; exit 1; }
grep -q "urProgramSetSpecializationConstants(.*{.id = 0, .size = 4," "$testlog" || { grep -i specialization "$testlog" | head; echo "FAIL: libsycl set no specialization constant" >&2; exit 1; }
tools/bazel aquery //examples/oneapi:vadd_test "${dpcpp[@]}" --output=text >"$WORK/aquery" 2>/dev/null
mnemonics="$(sed -n 's/^  Mnemonic: //p' "$WORK/aquery" | sort -u | tr '\n' ' ')"
for m in SyclPropagate SyclDeviceOptimize SyclDeviceCompile; do
  if grep -qw "$m" <<<"$mnemonics"; then echo "FAIL: $m ran after DPC++'s front end ($mnemonics)" >&2; exit 1; fi
done
for m in SyclSplit SyclFilter SyclAot SyclWrap CppLink; do
  grep -qw "$m" <<<"$mnemonics" || { echo "FAIL: no $m action ($mnemonics)" >&2; exit 1; }
done
# The host compile (CppCompile): the source with the footer appended, -include the header.
tools/bazel aquery 'mnemonic("CppCompile", //examples/oneapi:vadd_device_code)' "${dpcpp[@]}" --output=text 2>/dev/null \
  | sed -n '/Command Line:/,/^$/p' | tr -d '\\\n' | tr -s ' ' >"$WORK/host"
grep -q -- "-include examples/oneapi/vadd.int_header.h" "$WORK/host" && grep -q -- "-c [^ ]*vadd.footer.cpp" "$WORK/host" \
  || { cat "$WORK/host"; echo "FAIL: the host compile does not -include the integration header on the appended source" >&2; exit 1; }
grep -q '#include "examples/oneapi/vadd.cpp"' "$(find bazel-bin/examples/oneapi/_sycl/vadd_device_code -name '*.footer.cpp' | head -1)" || { echo "FAIL: the appended source does not include vadd.cpp" >&2; exit 1; }
echo "ok: imported DPC++ device code ran through split, filter, AOT and wrap on libsycl's CPU device ($mnemonics)"

# 2. Detection: upstream clang in a DPC++-shaped root is not taken for DPC++.
mkdir -p "$WORK/root/bin"
ln -s "$ROOT/.deps/sycl_dpcpp/include" "$WORK/root/include"
ln -s "$ROOT/.deps/sycl_dpcpp/lib" "$WORK/root/lib"
ln -s "$(command -v clang++-22)" "$WORK/root/bin/clang++"
user_workspace "$WORK/ws"
user_bazel "$WORK/ws" query --repo_env=SYCL_DPCPP_ROOT="$WORK/root" 'kind(toolchain, @sycl_dpcpp//:all)' >"$log" 2>&1 || { tail -20 "$log"; echo "FAIL: query of @sycl_dpcpp" >&2; exit 1; }
if grep -q "dpcpp_toolchain" "$log"; then echo "FAIL: upstream clang was taken for a DPC++ compiler" >&2; exit 1; fi
build="$(user_bazel "$WORK/ws" info --repo_env=SYCL_DPCPP_ROOT="$WORK/root" output_base 2>/dev/null)/external/sycl_dpcpp/BUILD.bazel"
grep -q "not DPC++'s driver: $WORK/root/bin/clang++" "$build" || { cat "$build" | tail -5; echo "FAIL: the repository does not say why it took no compiler" >&2; exit 1; }
echo "ok: a root whose clang++ is upstream clang declares no DPC++ toolchain, and says why"
echo "oneapi_test: ok"
