# shellcheck shell=bash
# Shared by the workspace-level tests (tools/tests) and the benchmarks (tools/bench):
# source it. It defines ROOT (this checkout) and functions; a caller sets its own shell
# options and, where it needs one, its scratch directory WORK (outside the tree).
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# copy_workspace DIR: a private copy of the workspace's tracked files (with .deps and
# .bazelrc.local linked and copied), so that a test can edit sources and build without
# touching the developer's tree.
copy_workspace() {
  mkdir -p "$1"
  (cd "$ROOT" && git ls-files -z | xargs -0 -I{} cp -P --parents {} "$1/")
  ln -s "$ROOT/.deps" "$1/.deps"
  cp "$ROOT/.bazelrc.local" "$1/.bazelrc.local"
}

# bz DIR bazel-args...: Bazel in DIR with the output root $WORK/root.
bz() {
  local dir="$1"; shift
  (cd "$dir" && tools/bazel --output_user_root="$WORK/root" "$@")
}

# execlog ARGS...: tools/tests/execlog (reads Bazel's JSON execution log).
execlog() { (cd "$ROOT" && GOTOOLCHAIN=local GOFLAGS=-mod=mod go run ./tools/tests/execlog "$@"); }

# timed CMD...: runs CMD with its output discarded, prints its wall time in seconds.
timed() {
  local t0 t1
  t0=$(date +%s.%N)
  "$@" >/dev/null 2>&1
  t1=$(date +%s.%N)
  echo "$t1 - $t0" | bc
}

# median: of the lines on stdin (";"- or newline-separated), by their first number;
# prints the whole median line.
median() { tr ';' '\n' | sed '/^$/d' | sort -n -k1,1 | awk '{l[NR]=$0} END {print l[int((NR+1)/2)]}'; }

# user_workspace DIR: DIR becomes a workspace of its own that uses this checkout as
# @rules_sycl, as a user's does (e2e/workspace's WORKSPACE and .bazelrc, with paths into
# this checkout, without the e2e workspace's own device package). Scratch projects of the
# benchmarks live there, outside the source tree. Run Bazel in it with user_bazel.
user_workspace() {
  mkdir -p "$1"
  sed -e "s|\"\\.\\./\\.\\.\"|\"$ROOT\"|; s|\"\\.\\./\\.\\./\\.deps/|\"$ROOT/.deps/|" \
    -e '/^register_toolchains("\/\/devices:all")$/d' "$ROOT/e2e/workspace/WORKSPACE" >"$1/WORKSPACE"
  sed "s|%workspace%/../../.bazelrc.local|$ROOT/.bazelrc.local|" "$ROOT/e2e/workspace/.bazelrc" >"$1/.bazelrc"
  grep -q "\"$ROOT\"" "$1/WORKSPACE" || { echo "user_workspace: e2e/workspace/WORKSPACE has no local_repository for rules_sycl" >&2; return 1; }
}

# user_bazel DIR bazel-args...: Bazel in the user workspace DIR with the output root $WORK/root.
user_bazel() {
  local dir="$1"; shift
  (cd "$dir" && bazel --output_user_root="$WORK/root" "$@")
}
