# Shared by the workspace-level tests: a private copy of the workspace and Bazel output
# root, so that a test can edit sources and build without touching the developer's tree.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
WORK="$(mktemp -d)"
copy_workspace() { # copy_workspace DIR
  mkdir -p "$1"
  (cd "$ROOT" && git ls-files -z | xargs -0 -I{} cp -P --parents {} "$1/")
  ln -s "$ROOT/.deps" "$1/.deps"
  cp "$ROOT/.bazelrc.local" "$1/.bazelrc.local"
}
bz() { # bz DIR bazel-args...
  local dir="$1"; shift
  (cd "$dir" && tools/bazel --output_user_root="$WORK/root" "$@")
}
execlog() { (cd "$ROOT" && GOTOOLCHAIN=local GOFLAGS=-mod=mod go run ./tools/execlog "$@"); }
