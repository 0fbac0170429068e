#!/usr/bin/env bash
# Prepares this machine to build rules_sycl offline with Debian's Bazel 4.2.3.
#
# Idempotent: when nothing changed since the last successful run it only checks a stamp
# and exits. It installs the Debian packages the build and tests need, downloads the Go
# modules (rules_go, Gazelle, and everything in go.sum) through the Go module proxy, and
# lays out the local repositories the WORKSPACE points at under .deps/ (ignored by git).
# On failure it prints one line saying what could not be had and exits 1.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEPS="$ROOT/.deps"
QUIET=0
[ "${1:-}" = "--quiet" ] && QUIET=1

say() { [ "$QUIET" = 1 ] || echo "bootstrap: $*" >&2; }
die() { echo "bootstrap: error: $*" >&2; exit 1; }

# Debian packages: the build (Bazel, its rule sets, the Go 1.19 SDK for rules_go), the
# device compilers (clang/LLVM 22), SPIR-V validation, SPIR 1.2 conversion and the CPU
# OpenCL device the examples run on, nginx for the remote-cache test, Intel's offline
# compiler ocloc (intel-opencl-icd; it needs libllvmspirvlib14, which it does not pull in),
# lld for @sycl_cc (the hermetic C++ toolchain), bubblewrap for the remote-execution
# test's sandbox (tools/bot), headless chromium for the sycl_report page test, clangd-22
# for the compile_commands.json test.
APT_PACKAGES=(
  bazel-bootstrap bazel-skylib bazel-rules-java bazel-rules-cc golang-1.19-go
  clang-22 llvm-22 llvm-22-tools lld-22 spirv-tools bubblewrap
  llvm-spirv-15 pocl-opencl-icd ocl-icd-opencl-dev opencl-c-headers clinfo nginx
  intel-opencl-icd libllvmspirvlib14 chromium fonts-dejavu-core clangd-22 shellcheck
  libclc-22
)
stamp_input() {
  cat "$ROOT/tools/bootstrap.sh" "$ROOT/tools/dpcpp_wheels.py" "$ROOT/tools/buildgrid_venv.py" "$ROOT/versions.bzl" "$ROOT/go.mod" "$ROOT/go.sum" "$ROOT/tools/bot/go.sum" 2>/dev/null
  printf '%s\n' "${APT_PACKAGES[@]}"
}
stamp_value() { stamp_input | sha256sum | cut -d' ' -f1; }

# The packages of APT_PACKAGES that are not installed, one query for all (every bazel
# command in this workspace runs the fast path below).
missing_packages() {
  { dpkg-query -W -f='${Package} ${Status}\n' "${APT_PACKAGES[@]}" 2>/dev/null || true; } |
    awk -v want="${APT_PACKAGES[*]}" '
      $2 " " $3 " " $4 == "install ok installed" { ok[$1] = 1 }
      END { n = split(want, w, " "); for (i = 1; i <= n; i++) if (!(w[i] in ok)) print w[i] }'
}

# Fast path: stamp matches and every package is still installed.
if [ -f "$DEPS/.stamp" ] && [ "$(cat "$DEPS/.stamp")" = "$(stamp_value)" ] \
   && [ -z "$(missing_packages)" ] && [ -f "$ROOT/.bazelrc.local" ]; then
  exit 0
fi

# rules_go and Gazelle: the versions of versions.bzl (the one place that holds them).
# A WORKSPACE_DEPS version from versions.bzl, read with Python's parser (the dicts are
# literals), as tools/dpcpp_wheels.py reads DPCPP_WHEELS.
pin() {
  python3 - "$ROOT/versions.bzl" "$1" <<'PY'
import ast, sys
for node in ast.parse(open(sys.argv[1]).read()).body:
    if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "WORKSPACE_DEPS":
        print(ast.literal_eval(node.value)[sys.argv[2]]["version"])
PY
}
RULES_GO_VERSION=v$(pin io_bazel_rules_go)
GAZELLE_VERSION=v$(pin bazel_gazelle)
[ "$RULES_GO_VERSION" != v ] && [ "$GAZELLE_VERSION" != v ] || die "cannot read the rules_go and Gazelle versions from versions.bzl"
BUILDIFIER_VERSION=8.2.1
# Modules rules_go would otherwise fetch from GitHub (declared in WORKSPACE).
EXTRA_MODULES=(
  "github.com/bazelbuild/rules_go@$RULES_GO_VERSION"
  "github.com/bazelbuild/bazel-gazelle@$GAZELLE_VERSION"
  "golang.org/x/tools@v0.1.10"
  "golang.org/x/sys@v0.0.0-20220319134239-a9b59b0215f8"
  "golang.org/x/xerrors@v0.0.0-20200804184101-5ec99f83aff1"
)
GO119=/usr/lib/go-1.19/bin/go

start=$(date +%s)
say "preparing $DEPS (one-time; later runs are a no-op)"

# 1. Debian packages.
mapfile -t missing < <(missing_packages)
if [ "${#missing[@]}" -gt 0 ]; then
  say "installing Debian packages: ${missing[*]}"
  SUDO=""
  if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null || die "need root (or sudo) to install Debian packages: ${missing[*]}"
    SUDO=sudo
  fi
  export DEBIAN_FRONTEND=noninteractive RUNLEVEL=1
  if ! $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}" >"$ROOT/.bootstrap-apt.log" 2>&1; then
    $SUDO apt-get update -q >>"$ROOT/.bootstrap-apt.log" 2>&1 || true
    $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}" >>"$ROOT/.bootstrap-apt.log" 2>&1 \
      || die "apt-get could not install: ${missing[*]} (log: .bootstrap-apt.log)"
  fi
  rm -f "$ROOT/.bootstrap-apt.log"
fi
[ -x "$GO119" ] || die "the Go 1.19 SDK is missing at $GO119 (Debian package golang-1.19-go)"

# 2. Go modules, through the module proxy, into the module cache.
GO=$(command -v go || echo "$GO119")
export GOTOOLCHAIN=local GOFLAGS=-mod=mod
MODCACHE=$("$GO" env GOMODCACHE)
say "downloading Go modules into $MODCACHE"
"$GO" mod download "${EXTRA_MODULES[@]}" >/dev/null 2>"$DEPS.log" || die "Go module download failed: $(tail -1 "$DEPS.log")"
(cd "$ROOT" && "$GO" mod download) >/dev/null 2>"$DEPS.log" || die "Go module download for go.mod failed: $(tail -1 "$DEPS.log")"
# The remote-execution test's bot is a module of its own (gRPC; users never fetch it).
(cd "$ROOT/tools/bot" && "$GO" mod download) >/dev/null 2>"$DEPS.log" || die "Go module download for tools/bot failed: $(tail -1 "$DEPS.log")"
rm -f "$DEPS.log"

# 3. Local repositories.
rm -rf "$DEPS.new" && mkdir -p "$DEPS.new"
N="$DEPS.new"
cp -a "$MODCACHE/github.com/bazelbuild/rules_go@$RULES_GO_VERSION" "$N/io_bazel_rules_go"
cp -a "$MODCACHE/github.com/bazelbuild/bazel-gazelle@$GAZELLE_VERSION" "$N/bazel_gazelle"
chmod -R u+w "$N"
# go_repository_tools builds Gazelle in GOPATH mode from vendor/, which module zips lack.
(cd "$N/bazel_gazelle" && GOFLAGS=-mod=mod "$GO119" mod vendor) >/dev/null 2>"$DEPS.log" \
  || die "go mod vendor in Gazelle $GAZELLE_VERSION failed: $(tail -1 "$DEPS.log")"
rm -f "$DEPS.log"
# Debian's rules_cc is newer than Bazel 4.2.3 knows: drop use_cpp_toolchain().
cp -a /usr/share/bazel/rules/cc "$N/rules_cc"
for f in cc_flags_supplier compiler_flag; do
  sed -i -e 's/, "use_cpp_toolchain")/)/' \
         -e 's/toolchains = use_cpp_toolchain(),.*/toolchains = ["@bazel_tools\/\/tools\/cpp:toolchain_type"],/' \
         "$N/rules_cc/cc/private/rules_impl/$f.bzl"
done
grep -rq "use_cpp_toolchain" "$N/rules_cc/cc/private/rules_impl/" && die "could not patch rules_cc for Bazel 4.2.3"
ln -s /usr/share/bazel/rules/java "$N/rules_java"
ln -s /usr/share/bazel/tools/skylib "$N/bazel_skylib"
# Bazel's default WORKSPACE suffix wants remote_coverage_tools from the internet.
mkdir -p "$N/remote_coverage_tools"
cp /usr/share/bazel/embedded_tools/tools/coverage/dummy_coverage_report_generator "$N/remote_coverage_tools/"
cp /usr/share/bazel/embedded_tools/tools/coverage/collect-coverage.sh "$N/remote_coverage_tools/lcov_merger.sh"
echo 'workspace(name = "remote_coverage_tools")' >"$N/remote_coverage_tools/WORKSPACE"
cat >"$N/remote_coverage_tools/BUILD" <<'BUILD'
package(default_visibility = ["//visibility:public"])

filegroup(name = "coverage_report_generator", srcs = ["dummy_coverage_report_generator"])

filegroup(name = "lcov_merger", srcs = ["lcov_merger.sh"])
BUILD

# 4. buildifier from npm (used by .ci/run).
command -v npm >/dev/null || die "npm is missing (needed for @bazel/buildifier)"
if ! (cd "$N" && npm install --silent --no-audit --no-fund --prefix "$N/npm" "@bazel/buildifier@$BUILDIFIER_VERSION") >"$DEPS.log" 2>&1; then
  die "npm could not install @bazel/buildifier@$BUILDIFIER_VERSION: $(tail -1 "$DEPS.log")"
fi
rm -f "$DEPS.log"
ln -s npm/node_modules/.bin/buildifier "$N/buildifier"

# Intel's DPC++ runtime and CPU OpenCL device (@sycl_dpcpp), from the PyPI wheels pinned in
# versions.bzl; pip is the client, the wheels are kept in a cache outside the tree.
command -v python3 >/dev/null || die "python3 is missing (needed to lay out the DPC++ runtime wheels)"
say "laying out the DPC++ runtime from PyPI wheels (versions.bzl DPCPP_WHEELS)"
python3 "$ROOT/tools/dpcpp_wheels.py" --versions "$ROOT/versions.bzl" \
  --cache "${XDG_CACHE_HOME:-$HOME/.cache}/rules_sycl/wheels" --out "$N/sycl_dpcpp" \
  || die "could not lay out the DPC++ runtime (above: pip's or ldd's words)"

rm -rf "$DEPS" && mv "$N" "$DEPS"

# BuildGrid, the remote-execution test's server, pinned wheel by wheel in versions.bzl
# (BUILDGRID_WHEELS). A virtual environment cannot be moved, so it is made in place.
say "installing BuildGrid into $DEPS/buildgrid (versions.bzl BUILDGRID_WHEELS)"
python3 "$ROOT/tools/buildgrid_venv.py" --versions "$ROOT/versions.bzl" \
  --cache "${XDG_CACHE_HOME:-$HOME/.cache}/rules_sycl/pip" --out "$DEPS/buildgrid" \
  || die "could not install BuildGrid (above: pip's words)"

# 5. Machine-specific Bazel flags: fetch go_repository modules from the local cache.
cat >"$ROOT/.bazelrc.local.new" <<RC
# Written by tools/bootstrap.sh for this machine; not checked in.
fetch --repo_env=GOPROXY=file://$MODCACHE/cache/download
fetch --repo_env=GOSUMDB=off
sync --repo_env=GOPROXY=file://$MODCACHE/cache/download
sync --repo_env=GOSUMDB=off
query --repo_env=GOPROXY=file://$MODCACHE/cache/download
query --repo_env=GOSUMDB=off
build --repo_env=GOPROXY=file://$MODCACHE/cache/download
build --repo_env=GOSUMDB=off
# Intel's DPC++ runtime laid out above: what a user workspace importing this file (the
# README's quick start, the e2e tests) uses instead of downloading the wheels again.
build --repo_env=SYCL_DPCPP_ROOT=$DEPS/sycl_dpcpp
query --repo_env=SYCL_DPCPP_ROOT=$DEPS/sycl_dpcpp
fetch --repo_env=SYCL_DPCPP_ROOT=$DEPS/sycl_dpcpp
sync --repo_env=SYCL_DPCPP_ROOT=$DEPS/sycl_dpcpp
# Where SYCL_DPCPP_ROOT is cleared on purpose (tests of the wheel download): the wheels
# from pip's cache above, not PyPI again.
build --repo_env=SYCL_DPCPP_WHEEL_MIRROR=file://${XDG_CACHE_HOME:-$HOME/.cache}/rules_sycl/wheels
query --repo_env=SYCL_DPCPP_WHEEL_MIRROR=file://${XDG_CACHE_HOME:-$HOME/.cache}/rules_sycl/wheels
RC
mv "$ROOT/.bazelrc.local.new" "$ROOT/.bazelrc.local"

stamp_value >"$DEPS/.stamp"
say "done in $(( $(date +%s) - start ))s"
