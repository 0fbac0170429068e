#!/usr/bin/env bash
# What a cc_binary user and an editor user do, the way they do it (in this workspace's
# own output base; it edits nothing in the tree):
#  1. `bazel run` of a sycl_binary passes its args attribute and finds its data file in
#     the runfiles (examples/cc_parity);
#  2. a sycl_binary for Intel's CPU device runs on it as built: `bazel run`, from
#     bazel-bin/ in another directory, and copied elsewhere with its runfiles (the machine's
#     own OpenCL platforms, PoCL among them, stay out unless the user says otherwise);
#  3. `bazel run //tools:compile_commands` writes compile_commands.json (host and device
#     command lines, absolute paths, generated headers built), and clangd-22 --check
#     finds no error in two example sources with it, and errors without it.
# Why a script, not a Bazel test: it runs `bazel run`, copies a binary out of bazel-bin
# and runs the compile_commands tool, which runs Bazel itself.
set -euo pipefail
# Output is captured before it is searched (no `cmd | grep -q` under pipefail).
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# 1. bazel run passes args (a $(rootpath) of data and a quoted literal).
out="$(tools/bazel run //examples/cc_parity 2>"$tmp/run.log")" || { tail -20 "$tmp/run.log"; fail "bazel run //examples/cc_parity"; }
grep -q '^cc parity: args, no env, data, linkopts, alwayslink, include prefixes ok' <<<"$out" || fail "bazel run output: $out"
echo "ok: bazel run //examples/cc_parity: $out"

# 2. A sycl_binary runs on the device its build targeted, however it is started.
out="$(tools/bazel run //examples/sycl2020:spirv_extensions 2>"$tmp/run.log")" || { tail -20 "$tmp/run.log"; fail "bazel run //examples/sycl2020:spirv_extensions"; }
# Intel's CPU OpenCL runtime names its platform "Intel(R) OpenCL"; PoCL's is "Portable Computing Language".
ran_on_intel() { grep -q '^device: .*(Intel(R) OpenCL)$' <<<"$1" && grep -qx 'ok' <<<"$1"; }
ran_on_intel "$out" || fail "bazel run //examples/sycl2020:spirv_extensions: $out"
bin="$(tools/bazel info bazel-bin 2>/dev/null)/examples/sycl2020/spirv_extensions"
out="$(cd "$tmp" && env -u RUNFILES_DIR "$bin" 2>&1)" || fail "bazel-bin/examples/sycl2020/spirv_extensions: $out"
ran_on_intel "$out" || fail "bazel-bin's binary: $out"
mkdir -p "$tmp/copy"
cp "$bin" "$tmp/copy/" && cp -rP "$bin.runfiles" "$tmp/copy/"
out="$(cd / && env -u RUNFILES_DIR "$tmp/copy/spirv_extensions" 2>&1)" || fail "a copy with its runfiles: $out"
ran_on_intel "$out" || fail "a copy with its runfiles: $out"
echo "ok: a sycl_binary runs on Intel's CPU device from bazel run, bazel-bin/ and a copy ($(head -1 <<<"$out"))"

# 3. compile_commands.json and clangd.
command -v clangd-22 >/dev/null || fail "clangd-22 is not installed (tools/bootstrap.sh installs it)"
tools/bazel run //tools:compile_commands -- --bazel="$ROOT/tools/bazel" -o "$tmp/db/compile_commands.json" \
  //examples/saxpy //examples/cc_parity:all //examples/sycl2020:vector_add_test >"$tmp/cc.log" 2>&1 || { mkdir -p "$tmp/db"; tail -20 "$tmp/cc.log"; fail "compile_commands"; }
db="$tmp/db/compile_commands.json"
[ -s "$db" ] || fail "no compile_commands.json"
tail -1 "$tmp/cc.log"
execroot="$(tools/bazel info execution_root 2>/dev/null)"
python3 - "$db" "$ROOT" "$execroot" <<'PY' || fail "compile_commands.json content"
import json, sys
db, root, execroot = json.load(open(sys.argv[1])), sys.argv[2], sys.argv[3]
saxpy = [e for e in db if e["file"] == root + "/examples/saxpy/saxpy.cpp"]
assert saxpy, "no entry for saxpy.cpp (absolute, in the workspace)"
assert all(e["directory"] == execroot for e in db), "directory is not the execution root"
assert all(e["arguments"][0].startswith("/") for e in db), "a relative compiler path"
assert "-fsycl-is-host" in saxpy[0]["arguments"], "the first entry of saxpy.cpp is not its host compile"
assert any("-fsycl-device-only" in e["arguments"] for e in saxpy), "no device compile of saxpy.cpp"
nvptx = [e for e in db if any(a.startswith("--offload-arch=") for a in e["arguments"])]
vadd = [e for e in db if e["file"] == root + "/examples/sycl2020/vector_add_test.cpp"]
assert vadd and "-fsycl-is-host" in vadd[0]["arguments"], "no host compile entry of vector_add_test.cpp (SYCL 2020, DPC++'s front end)"
assert any("sycl_dpcpp/include" in a for a in vadd[0]["arguments"]), "vector_add_test.cpp's entry does not search DPC++'s headers"
print("ok: %d entries; saxpy.cpp: %d (host first, then device); %d NVPTX device compiles" % (len(db), len(saxpy), len(nvptx)))
PY
for src in examples/saxpy/saxpy.cpp examples/cc_parity/main.cpp examples/sycl2020/vector_add_test.cpp; do
  log="$(clangd-22 --check="$ROOT/$src" --compile-commands-dir="$tmp/db" 2>&1 || true)"
  grep -q 'All checks completed, 0 errors' <<<"$log" || { grep -E '^E\[|error' <<<"$log" | head -20; fail "clangd-22 --check $src with compile_commands.json"; }
  # The database is what makes it work: without it the includes are not found.
  mkdir -p "$tmp/empty"
  log="$(cd "$tmp/empty" && clangd-22 --check="$ROOT/$src" --compile-commands-dir="$tmp/empty" 2>&1 || true)"
  if grep -q 'All checks completed, 0 errors' <<<"$log"; then fail "clangd-22 --check $src passes without compile_commands.json too"; fi
  echo "ok: clangd-22 --check $src: 0 errors with compile_commands.json, errors without"
done
