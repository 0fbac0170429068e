#!/usr/bin/env bash
# Fails when `bazel run //:gazelle` would change any BUILD file of the source tree.
# Runs unsandboxed (tags local/external): it locates the real workspace through the
# WORKSPACE symlink in its runfiles and runs the Gazelle runner in -mode=diff, which
# writes nothing and exits non-zero when a file is stale.
set -euo pipefail
runner="$1"
ws="$(dirname "$(readlink -f WORKSPACE)")"
[ -f "$ws/go.mod" ] || { echo "cannot locate the source workspace (got $ws)" >&2; exit 1; }
export BUILD_WORKSPACE_DIRECTORY="$ws"
if ! out="$("$runner" -mode=diff 2>&1)"; then
  printf '%s\n' "$out"
  echo "FAIL: BUILD files are stale; run 'tools/bazel run //:gazelle' and commit the result." >&2
  exit 1
fi
echo "ok: gazelle leaves $ws unchanged"
