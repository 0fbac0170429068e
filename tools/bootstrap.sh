#!/usr/bin/env bash
# Prepares this machine to build rules_sycl offline with Debian's Bazel 4.2.3.
#
# Idempotent: when nothing changed since the last successful run it only checks a stamp
# and exits. It installs the Debian packages the build and tests need, downloads the Go
# modules (rules_go, Gazelle, and everything in go.sum) through the Go module proxy, and
# lays out the local repositories the WORKSPACE points at under .deps/ (ignored by git).
# On failure it prints one line saying what could not be had and exits 1. The jobs are the
# functions below, run in order by main.
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
# test's sandbox (tools/tests/bot), headless chromium for the sycl_report page test, clangd-22
# for the compile_commands.json test, LLVM's OpenMP runtime for programs with -fopenmp (their
# SYCL host compile is clang's).
APT_PACKAGES=(
  bazel-bootstrap bazel-skylib bazel-rules-java bazel-rules-cc golang-1.19-go
  clang-22 llvm-22 llvm-22-tools lld-22 spirv-tools bubblewrap
  llvm-spirv-15 pocl-opencl-icd ocl-icd-opencl-dev opencl-c-headers clinfo nginx
  intel-opencl-icd libllvmspirvlib14 chromium fonts-dejavu-core clangd-22 shellcheck
  libclc-22 libomp-22-dev
)
stamp_input() {
  cat "$ROOT/tools/bootstrap.sh" "$ROOT/tools/dpcpp_wheels.py" "$ROOT/tools/buildgrid_venv.py" "$ROOT/versions.bzl" "$ROOT/go.mod" "$ROOT/go.sum" "$ROOT/tools/tests/bot/go.sum" 2>/dev/null
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
# The Go 1.19 SDK (Debian's golang-1.19-go); linked as .deps/go for everything else.
GO119_ROOT=/usr/lib/go-1.19
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/rules_sycl"

# The jobs, in the order main runs them. Each dies with one line saying what could not
# be had.

# Debian packages (APT_PACKAGES), with root or sudo.
install_packages() {
  local missing
  mapfile -t missing < <(missing_packages)
  [ "${#missing[@]}" -gt 0 ] || return 0
  say "installing Debian packages: ${missing[*]}"
  local sudo=""
  if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null || die "need root (or sudo) to install Debian packages: ${missing[*]}"
    sudo=sudo
  fi
  export DEBIAN_FRONTEND=noninteractive RUNLEVEL=1
  if ! $sudo apt-get install -y -q --no-install-recommends "${missing[@]}" >"$ROOT/.bootstrap-apt.log" 2>&1; then
    $sudo apt-get update -q >>"$ROOT/.bootstrap-apt.log" 2>&1 || true
    $sudo apt-get install -y -q --no-install-recommends "${missing[@]}" >>"$ROOT/.bootstrap-apt.log" 2>&1 \
      || die "apt-get could not install: ${missing[*]} (log: .bootstrap-apt.log)"
  fi
  rm -f "$ROOT/.bootstrap-apt.log"
}

# Go modules, through the module proxy, into the module cache: rules_go's and Gazelle's
# own (EXTRA_MODULES), go.mod's, and the remote-execution test's bot (a module of its own:
# gRPC; users never fetch it).
download_go_modules() {
  say "downloading Go modules into $MODCACHE"
  "$GO" mod download "${EXTRA_MODULES[@]}" >/dev/null 2>"$DEPS.log" || die "Go module download failed: $(tail -1 "$DEPS.log")"
  (cd "$ROOT" && "$GO" mod download) >/dev/null 2>"$DEPS.log" || die "Go module download for go.mod failed: $(tail -1 "$DEPS.log")"
  (cd "$ROOT/tools/tests/bot" && "$GO" mod download) >/dev/null 2>"$DEPS.log" || die "Go module download for tools/tests/bot failed: $(tail -1 "$DEPS.log")"
  rm -f "$DEPS.log"
}

# The local repositories the WORKSPACE points at, into $1 (rules_go, Gazelle, rules_cc,
# rules_java, skylib, remote_coverage_tools) and the Go SDK's link (.deps/go).
lay_out_repositories() {
  local n="$1"
  cp -a "$MODCACHE/github.com/bazelbuild/rules_go@$RULES_GO_VERSION" "$n/io_bazel_rules_go"
  cp -a "$MODCACHE/github.com/bazelbuild/bazel-gazelle@$GAZELLE_VERSION" "$n/bazel_gazelle"
  chmod -R u+w "$n"
  # go_repository_tools builds Gazelle in GOPATH mode from vendor/, which module zips lack.
  (cd "$n/bazel_gazelle" && GOFLAGS=-mod=mod "$GO119_ROOT/bin/go" mod vendor) >/dev/null 2>"$DEPS.log" \
    || die "go mod vendor in Gazelle $GAZELLE_VERSION failed: $(tail -1 "$DEPS.log")"
  rm -f "$DEPS.log"
  # Debian's rules_cc is newer than Bazel 4.2.3 knows: drop use_cpp_toolchain().
  cp -a /usr/share/bazel/rules/cc "$n/rules_cc"
  for f in cc_flags_supplier compiler_flag; do
    sed -i -e 's/, "use_cpp_toolchain")/)/' \
           -e 's/toolchains = use_cpp_toolchain(),.*/toolchains = ["@bazel_tools\/\/tools\/cpp:toolchain_type"],/' \
           "$n/rules_cc/cc/private/rules_impl/$f.bzl"
  done
  grep -rq "use_cpp_toolchain" "$n/rules_cc/cc/private/rules_impl/" && die "could not patch rules_cc for Bazel 4.2.3"
  ln -s /usr/share/bazel/rules/java "$n/rules_java"
  ln -s /usr/share/bazel/tools/skylib "$n/bazel_skylib"
  # Bazel's default WORKSPACE suffix wants remote_coverage_tools from the internet.
  mkdir -p "$n/remote_coverage_tools"
  cp /usr/share/bazel/embedded_tools/tools/coverage/dummy_coverage_report_generator "$n/remote_coverage_tools/"
  cp /usr/share/bazel/embedded_tools/tools/coverage/collect-coverage.sh "$n/remote_coverage_tools/lcov_merger.sh"
  echo 'workspace(name = "remote_coverage_tools")' >"$n/remote_coverage_tools/WORKSPACE"
  cat >"$n/remote_coverage_tools/BUILD" <<'BUILD'
package(default_visibility = ["//visibility:public"])

filegroup(name = "coverage_report_generator", srcs = ["dummy_coverage_report_generator"])

filegroup(name = "lcov_merger", srcs = ["lcov_merger.sh"])
BUILD
  # The Go 1.19 SDK the build and CI use (.ci/run and the tests run .deps/go/bin/go).
  ln -s "$GO119_ROOT" "$n/go"
}

# buildifier from npm (used by .ci/run), into $1.
install_buildifier() {
  local n="$1"
  command -v npm >/dev/null || die "npm is missing (needed for @bazel/buildifier)"
  if ! (cd "$n" && npm install --silent --no-audit --no-fund --prefix "$n/npm" "@bazel/buildifier@$BUILDIFIER_VERSION") >"$DEPS.log" 2>&1; then
    die "npm could not install @bazel/buildifier@$BUILDIFIER_VERSION: $(tail -1 "$DEPS.log")"
  fi
  rm -f "$DEPS.log"
  ln -s npm/node_modules/.bin/buildifier "$n/buildifier"
}

# Intel's DPC++ runtime and CPU OpenCL device (@sycl_dpcpp), from the PyPI wheels pinned in
# versions.bzl, into $1/sycl_dpcpp; pip is the client, the wheels are kept in a cache
# outside the tree.
install_dpcpp_wheels() {
  command -v python3 >/dev/null || die "python3 is missing (needed to lay out the DPC++ runtime wheels)"
  say "laying out the DPC++ runtime from PyPI wheels (versions.bzl DPCPP_WHEELS)"
  python3 "$ROOT/tools/dpcpp_wheels.py" --versions "$ROOT/versions.bzl" \
    --cache "$CACHE/wheels" --out "$1/sycl_dpcpp" \
    || die "could not lay out the DPC++ runtime (above: pip's or ldd's words)"
  # oneMKL's wheels (versions.bzl ONEMKL_WHEELS) into the same cache, which @onemkl takes
  # them from here (SYCL_DPCPP_WHEEL_MIRROR) instead of downloading them again.
  say "downloading oneMKL's wheels (versions.bzl ONEMKL_WHEELS, about 330 MB)"
  python3 "$ROOT/tools/dpcpp_wheels.py" --versions "$ROOT/versions.bzl" --pins ONEMKL_WHEELS \
    --cache "$CACHE/wheels" --fetch-only \
    || die "could not download oneMKL's wheels (above: pip's words)"
  # NVIDIA's wheels (versions.bzl CUDA_WHEELS: libdevice, ptxas, headers) for @sycl_cuda.
  say "downloading NVIDIA's wheels (versions.bzl CUDA_WHEELS, about 45 MB)"
  python3 "$ROOT/tools/dpcpp_wheels.py" --versions "$ROOT/versions.bzl" --pins CUDA_WHEELS \
    --cache "$CACHE/wheels" --fetch-only \
    || die "could not download NVIDIA's wheels (above: pip's words)"
  # Unified Runtime's sources (versions.bzl UR_SOURCE, for @sycl_ur_cuda): these machines
  # reach no GitHub; the archive is in the shared third_party directory (SYCL_THIRD_PARTY,
  # ../shared/third_party, or beside SYCL_CORPUS), taken into the same mirror.
  local ur d
  ur="$(sed -n 's/^    "file": "\(unified-runtime-[0-9a-f]*\.tar\.gz\)",$/\1/p' "$ROOT/versions.bzl")"
  for d in "${SYCL_THIRD_PARTY:-}" "$ROOT/../shared/third_party" "${SYCL_CORPUS:+$SYCL_CORPUS/../third_party}"; do
    if [ -n "$ur" ] && [ -n "$d" ] && [ ! -f "$CACHE/wheels/$ur" ] && [ -f "$d/$ur" ]; then
      cp "$d/$ur" "$CACHE/wheels/$ur"
    fi
  done
}

# BuildGrid, the remote-execution test's server, pinned wheel by wheel in versions.bzl
# (BUILDGRID_WHEELS). A virtual environment cannot be moved, so it is made in place.
install_buildgrid() {
  say "installing BuildGrid into $DEPS/buildgrid (versions.bzl BUILDGRID_WHEELS)"
  python3 "$ROOT/tools/buildgrid_venv.py" --versions "$ROOT/versions.bzl" \
    --cache "$CACHE/pip" --out "$DEPS/buildgrid" \
    || die "could not install BuildGrid (above: pip's words)"
}

# Machine-specific Bazel flags (.bazelrc.local): go_repository modules from the local
# cache, the DPC++ runtime laid out above.
write_bazelrc_local() {
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
build --repo_env=SYCL_DPCPP_WHEEL_MIRROR=file://$CACHE/wheels
query --repo_env=SYCL_DPCPP_WHEEL_MIRROR=file://$CACHE/wheels
RC
  mv "$ROOT/.bazelrc.local.new" "$ROOT/.bazelrc.local"
}

main() {
  local start new
  start=$(date +%s)
  say "preparing $DEPS (one-time; later runs are a no-op)"
  install_packages
  [ -x "$GO119_ROOT/bin/go" ] || die "the Go 1.19 SDK is missing at $GO119_ROOT (Debian package golang-1.19-go)"
  GO=$(command -v go || echo "$GO119_ROOT/bin/go")
  export GOTOOLCHAIN=local GOFLAGS=-mod=mod
  MODCACHE=$("$GO" env GOMODCACHE)
  download_go_modules
  # The new tree is built beside the old one and replaces it whole.
  new="$DEPS.new"
  rm -rf "$new" && mkdir -p "$new"
  lay_out_repositories "$new"
  install_buildifier "$new"
  install_dpcpp_wheels "$new"
  rm -rf "$DEPS" && mv "$new" "$DEPS"
  install_buildgrid
  write_bazelrc_local
  stamp_value >"$DEPS/.stamp"
  say "done in $(( $(date +%s) - start ))s"
}

main
