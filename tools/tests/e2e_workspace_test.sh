#!/usr/bin/env bash
# End to end, as a user: the README's quick start pasted into an empty directory, then
# e2e/workspace (a workspace of its own whose files the README shows) with rules_sycl
# from its release archive through a file:// URL.
#  1. tools/release.sh twice: the same commit gives the same bytes;
#  2. every file block of the README's quick start (WORKSPACE, .bazelrc, devices/,
#     hello/) is written into an empty directory, which builds and passes
#     //hello:hello_test; each block is also the e2e/workspace file of its name;
#  3. in a copy of e2e/workspace, rules_sycl's local_repository becomes the http_archive
#     release.sh prints (file:// URL and sha256); Gazelle with the SYCL language writes
#     the BUILD files; a sycl_binary builds for spir64, pocl_cpu, nvidia_gpu_sm_90 and the
#     workspace's own sycl_device; the sycl_test runs on PoCL;
#  4. the compatibility report and compile_commands.json there, and a target of
#     @rules_sycl itself built and run from the user's workspace;
#  5. SYCL 2020 code on libsycl, and a DPC++ front end of another version refused;
#  6. the runtime and front end laid out from Intel's wheels by the repository rule;
#  7. a runtime repository that finds nothing refused at analysis.
# The archive holds what HEAD holds: commit first when you run this by hand.
# Why a script, not a Bazel test: it makes the release archive and builds user workspaces
# of their own with it.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
WORK="$(mktemp -d)"
ub() { (cd "$WORK/ws" && bazel --output_user_root="$WORK/root" "$@"); }
trap 'ub shutdown >/dev/null 2>&1 || true; rm -rf "$WORK"' EXIT

# 1. A deterministic archive.
snippet="$("$ROOT/tools/release.sh" HEAD "$WORK/dist" "file://$WORK/dist/rules_sycl-VERSION.tar.gz" 2>/dev/null)"
first="$(sha256sum "$WORK"/dist/rules_sycl-*.tar.gz | cut -d' ' -f1)"
sleep 1
"$ROOT/tools/release.sh" HEAD "$WORK/dist2" >/dev/null 2>&1
second="$(sha256sum "$WORK"/dist2/rules_sycl-*.tar.gz | cut -d' ' -f1)"
[ "$first" = "$second" ] || { echo "FAIL: two release archives of one commit differ" >&2; exit 1; }
archive="$(ls "$WORK"/dist/rules_sycl-*.tar.gz)"
snippet="${snippet//rules_sycl-VERSION.tar.gz/$(basename "$archive")}"
echo "ok: release archive $(basename "$archive") is deterministic ($first)"

# 2. The README's quick start, pasted into an empty directory.
mkdir -p "$WORK/readme"
awk '/<!-- quickstart:begin -->/{on=1; next} /<!-- quickstart:end -->/{on=0} on' "$ROOT/README.md" \
  | sed '/^```/d' >"$WORK/readme/WORKSPACE"
python3 - "$ROOT/README.md" "$WORK/readme" <<'PY'
import os, re, sys
text, out = open(sys.argv[1]).read(), sys.argv[2]
blocks = re.findall(r"<!-- file: (\S+) -->\n```[a-z+]*\n(.*?)```\n", text, re.S)
assert len(blocks) >= 3, "the README's quick start shows %d files" % len(blocks)
for name, body in blocks:
    os.makedirs(os.path.dirname(os.path.join(out, name)) or out, exist_ok=True)
    open(os.path.join(out, name), "w").write(body)
PY
for f in $(cd "$WORK/readme" && find . -type f | sed 's|^\./||' | sort); do
  if ! diff -u "$ROOT/e2e/workspace/$f" "$WORK/readme/$f" >"$WORK/readme.diff"; then
    head -20 "$WORK/readme.diff"
    echo "FAIL: the README's $f differs from e2e/workspace/$f" >&2
    exit 1
  fi
done
echo "ok: the README's quick start ($(cd "$WORK/readme" && find . -type f | sed 's|^\./||' | sort | tr '\n' ' ')) is e2e/workspace's, verbatim"
# The online WORKSPACE the README shows first: every line but rules_sycl's http_archive
# and the Go SDK's download is in the offline one CI runs (the loads: each symbol from
# its file), so that the two cannot drift apart.
python3 - "$ROOT/README.md" "$ROOT/e2e/workspace/WORKSPACE" <<'PY'
import re, sys
text, offline = open(sys.argv[1]).read(), open(sys.argv[2]).read()
m = re.search(r"<!-- quickstart-online:begin -->\n```starlark\n(.*?)```\n<!-- quickstart-online:end -->", text, re.S)
assert m, "the README has no online quick start"
online = re.sub(r"http_archive\(\n.*?\n\)\n", "", m.group(1), flags=re.S)
loads = {}
for label, syms in re.findall(r'^load\("([^"]+)", (.*)\)$', offline, re.M):
    loads.setdefault(label, set()).update(re.findall(r'"([^"]+)"', syms))
bad = []
for line in online.splitlines():
    if not line.strip() or line.startswith("#") or line.startswith("go_register_toolchains("):
        continue
    lm = re.match(r'load\("([^"]+)", (.*)\)$', line)
    if lm:
        label, syms = lm.group(1), set(re.findall(r'"([^"]+)"', lm.group(2)))
        if label == "@bazel_tools//tools/build_defs/repo:http.bzl":
            continue
        missing = syms - {"go_register_toolchains"} - loads.get(label, set())
        if missing:
            bad.append("%s (%s)" % (line, ", ".join(sorted(missing))))
    elif line not in offline.splitlines():
        bad.append(line)
if bad:
    sys.exit("FAIL: the README's online quick start has lines its offline twin lacks:\n  " + "\n  ".join(bad))
PY
echo "ok: the README's online quick start matches e2e/workspace/WORKSPACE but for the downloads"
offline() { # DIR: rules_sycl from the release archive, the bootstrap's local copies
  printf '%s\n' "$snippet" >"$WORK/snippet"
  python3 - "$1/WORKSPACE" "$WORK/snippet" "$ROOT" <<'PY'
import sys
ws, snippet, root = sys.argv[1], open(sys.argv[2]).read(), sys.argv[3]
s = open(ws).read()
old = 'local_repository(\n    name = "rules_sycl",\n    path = "../..",\n)\n'
assert old in s, "no local_repository for rules_sycl in the WORKSPACE"
s = s.replace(old, snippet).replace('"../../.deps/', '"' + root + '/.deps/')
open(ws, "w").write(s)
PY
  sed -i "s|%workspace%/../../.bazelrc.local|$ROOT/.bazelrc.local|" "$1/.bazelrc"
}
offline "$WORK/readme"
(cd "$WORK/readme" && bazel --output_user_root="$WORK/root" test //hello:hello_test) >"$WORK/readme.log" 2>&1 \
  || { tail -30 "$WORK/readme.log"; echo "FAIL: the README's quick start does not pass //hello:hello_test" >&2; exit 1; }
(cd "$WORK/readme" && bazel --output_user_root="$WORK/root" shutdown) >/dev/null 2>&1 || true
echo "ok: the README's quick start, pasted into an empty directory, passes //hello:hello_test"

# 3. The user's workspace, rules_sycl from the archive.
cp -r "$ROOT/e2e/workspace" "$WORK/ws"
offline "$WORK/ws"
# Intel's DPC++ runtime for sycl_app/: the one tools/bootstrap.sh laid out, as a user's
# SYCL_DPCPP_ROOT.
echo "build --repo_env=SYCL_DPCPP_ROOT=$ROOT/.deps/sycl_dpcpp" >>"$WORK/ws/.bazelrc"
ub run //:gazelle >"$WORK/gazelle.log" 2>&1 || { tail -20 "$WORK/gazelle.log"; echo "FAIL: gazelle" >&2; exit 1; }
for want in 'sycl_binary(' 'name = "main"' 'sycl_test(' 'name = "kernels_test"' '"//kernels"' '"e2e_gpu"'; do
  grep -qF -- "$want" "$WORK/ws/app/BUILD.bazel" || { cat "$WORK/ws/app/BUILD.bazel"; echo "FAIL: Gazelle's app/BUILD.bazel lacks $want" >&2; exit 1; }
done
grep -qF 'sycl_library(' "$WORK/ws/kernels/BUILD.bazel" || { echo "FAIL: no sycl_library in kernels/BUILD.bazel" >&2; exit 1; }
echo "ok: Gazelle wrote app/ and kernels/ (sycl_binary, sycl_test, sycl_library, deps, targets)"
ub build //... >"$WORK/build.log" 2>&1 || { tail -30 "$WORK/build.log"; echo "FAIL: bazel build //..." >&2; exit 1; }
ub aquery 'mnemonic("SyclAot", //app:main)' --output=text >"$WORK/aquery.txt" 2>/dev/null
for t in spir64 pocl_cpu nvidia_gpu_sm_90 e2e_gpu; do
  grep -q -- "-target=$t" "$WORK/aquery.txt" || { echo "FAIL: no SyclAot action for $t" >&2; exit 1; }
done
out="$("$WORK/ws/bazel-bin/app/main")" || { echo "FAIL: //app:main: $out" >&2; exit 1; }
echo "ok: //app:main built for spir64, pocl_cpu, nvidia_gpu_sm_90 and e2e_gpu; it printed: $out"
ub test //... >"$WORK/test.log" 2>&1 || { tail -30 "$WORK/test.log"; echo "FAIL: bazel test //..." >&2; exit 1; }
grep -E '^//app:kernels_test +(\(cached\) )?PASSED' "$WORK/test.log" || { tail -10 "$WORK/test.log"; echo "FAIL: //app:kernels_test did not pass" >&2; exit 1; }

# 4. The README's lines for the compatibility report and for clangd, in the user's workspace.
ub build //app:main --output_groups=sycl_report >"$WORK/report.log" 2>&1 || { tail -20 "$WORK/report.log"; echo "FAIL: --output_groups=sycl_report" >&2; exit 1; }
page="$(cat "$WORK/ws/bazel-bin/app/main.sycl_report.html")" || { echo "FAIL: no bazel-bin/app/main.sycl_report.html" >&2; exit 1; }
rows=$(grep -o '<tr class="kernel">' <<<"$page" | wc -l)
cols=$(grep -o '<th class="target">' <<<"$page" | wc -l)
[ "$rows" -ge 1 ] && [ "$cols" -eq 4 ] || { echo "FAIL: the report has $rows kernel rows and $cols target columns (want 4: spir64, pocl_cpu, nvidia_gpu_sm_90, e2e_gpu)" >&2; exit 1; }
echo "ok: the user's //app:main report: $rows kernels x $cols targets"
# The tool runs Bazel again: through a wrapper with the test's output root.
printf '#!/bin/sh\nexec bazel --output_user_root=%s "$@"\n' "$WORK/root" >"$WORK/bazelw"
chmod +x "$WORK/bazelw"
ub run @rules_sycl//tools:compile_commands -- --bazel="$WORK/bazelw" >"$WORK/cc.log" 2>&1 || { tail -20 "$WORK/cc.log"; echo "FAIL: bazel run @rules_sycl//tools:compile_commands" >&2; exit 1; }
db="$(cat "$WORK/ws/compile_commands.json")" || { echo "FAIL: no compile_commands.json at the workspace root" >&2; exit 1; }
grep -qF "\"file\": \"$WORK/ws/app/main.cpp\"" <<<"$db" || { echo "FAIL: compile_commands.json has no entry for app/main.cpp" >&2; exit 1; }
grep -qF -- '"-fsycl-is-host"' <<<"$db" || { echo "FAIL: no host compile in compile_commands.json" >&2; exit 1; }
echo "ok: bazel run @rules_sycl//tools:compile_commands in the user's workspace: $(tail -1 "$WORK/cc.log")"
# A target of another repository: rules_sycl's own example, built and run from the user's
# workspace (its actions get labels that start with "@" as arguments).
ub test @rules_sycl//examples/sycl2020:vector_add_test >"$WORK/external.log" 2>&1 || { tail -20 "$WORK/external.log"; echo "FAIL: bazel test @rules_sycl//examples/sycl2020:vector_add_test" >&2; exit 1; }
echo "ok: @rules_sycl//examples/sycl2020:vector_add_test builds and passes in the user's workspace"
# 5. SYCL 2020 code on libsycl (sycl_app/): passed with the tests above. A runtime whose
# DPC++ front end is of another version than rules_sycl's pin stops the build at analysis
# with one line.
grep -E '^//sycl_app:sycl_app_test +(\(cached\) )?PASSED' "$WORK/test.log" || { tail -10 "$WORK/test.log"; echo "FAIL: //sycl_app:sycl_app_test did not pass" >&2; exit 1; }
mkdir -p "$WORK/otherver"
ln -s "$ROOT/.deps/sycl_dpcpp/include" "$WORK/otherver/include"
ln -s "$ROOT/.deps/sycl_dpcpp/lib" "$WORK/otherver/lib"
echo "intel-sycl-rt 2026.2.0" >"$WORK/otherver/VERSION"
if ub build //sycl_app:all --repo_env=SYCL_DPCPP_ROOT="$WORK/otherver" >"$WORK/otherver.log" 2>&1; then
  echo "FAIL: sycl_app built with a DPC++ front end of another version" >&2; exit 1
fi
grep -q "comes from intel-sycl-rt 2026.2.0, not intel-sycl-rt 2026.1.2" "$WORK/otherver.log" || { tail -10 "$WORK/otherver.log"; echo "FAIL: no clear error for a front end of another version" >&2; exit 1; }
echo "ok: //sycl_app:sycl_app_test passed on libsycl; with intel-sycl-rt 2026.2.0: $(grep -o 'no DPC++ device front end[^(]*' "$WORK/otherver.log" | head -1)"
# 6. Intel's wheels downloaded by the repository rule itself (wheels = True): the pinned
# sha256s, the layout script, and a test on the result. The mirror is the bootstrap's pip
# cache (file://), so the run is offline; online, the URLs of versions.bzl are used.
cat >>"$WORK/ws/WORKSPACE" <<WS

load("@rules_sycl//toolchain:dpcpp_repository.bzl", "sycl_dpcpp_repository")

sycl_dpcpp_repository(
    name = "sycl_dpcpp_wheels",
    wheel_mirror = "file://${XDG_CACHE_HOME:-$HOME/.cache}/rules_sycl/wheels",
    wheels = True,
)

sycl_dpcpp_repository(name = "sycl_dpcpp_none")
WS
mkdir -p "$WORK/ws/wheels_app"
cp "$WORK/ws/sycl_app/sycl_app_test.cpp" "$WORK/ws/wheels_app/"
sed -e 's|@sycl_dpcpp//:runtime|@sycl_dpcpp_wheels//:runtime|' "$WORK/ws/sycl_app/BUILD.bazel" >"$WORK/ws/wheels_app/BUILD.bazel"
# SYCL_DPCPP_ROOT (set above for sycl_app/) would come first: clear it.
ub test //wheels_app:all --repo_env=SYCL_DPCPP_ROOT= >"$WORK/wheels.log" 2>&1 || { tail -30 "$WORK/wheels.log"; echo "FAIL: the runtime from downloaded wheels" >&2; exit 1; }
grep -E '^//wheels_app:sycl_app_test +(\(cached\) )?PASSED' "$WORK/wheels.log" >/dev/null || { tail -10 "$WORK/wheels.log"; echo "FAIL: //wheels_app:sycl_app_test did not pass" >&2; exit 1; }
laid="$(ub info output_base 2>/dev/null)/external/sycl_dpcpp_wheels"
[ -d "$laid/lib" ] && [ ! -L "$laid/lib" ] && grep -q "^intel-sycl-rt " "$laid/VERSION" \
  || { ls -la "$laid"; echo "FAIL: @sycl_dpcpp_wheels was not laid out from the wheels" >&2; exit 1; }
echo "ok: @sycl_dpcpp_wheels (wheels = True, sha256-checked downloads: $(tr '\n' ' ' <"$laid/VERSION")) runs //wheels_app:sycl_app_test with DPC++'s front end from them"
# 7. A runtime repository that finds nothing (no path, SYCL_DPCPP_ROOT, oneAPI or wheels):
# its targets stop at analysis and say what to set.
mkdir -p "$WORK/ws/none_app"
cp "$WORK/ws/sycl_app/sycl_app_test.cpp" "$WORK/ws/none_app/"
sed -e 's|@sycl_dpcpp//:runtime|@sycl_dpcpp_none//:runtime|' "$WORK/ws/sycl_app/BUILD.bazel" >"$WORK/ws/none_app/BUILD.bazel"
if ub build //none_app:all --repo_env=SYCL_DPCPP_ROOT= >"$WORK/nodpcpp.log" 2>&1; then
  echo "FAIL: none_app built without a DPC++ runtime" >&2; exit 1
fi
grep -q "no DPC++ runtime found. Set SYCL_DPCPP_ROOT" "$WORK/nodpcpp.log" || { tail -10 "$WORK/nodpcpp.log"; echo "FAIL: no clear error without a DPC++ runtime" >&2; exit 1; }
echo "ok: without a runtime: $(grep -o 'no DPC++ runtime found[^.]*' "$WORK/nodpcpp.log" | head -1)"
echo "e2e_workspace_test: ok"
