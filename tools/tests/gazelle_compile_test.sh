#!/usr/bin/env bash
# The compile test of the Gazelle extension: copies the golden case
# language/sycl/testdata/compile into the workspace with its expected BUILD.out as
# BUILD.bazel, builds it with Bazel and runs its sycl_test on PoCL. So the goldens are
# not just text: what Gazelle writes builds and runs.
# Why a script, not a Bazel test: it copies a golden case into the workspace and builds
# it, which a test cannot do to its own workspace.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
dest=language/sycl/compile_check
rm -rf "$dest"
trap 'rm -rf "$ROOT/$dest"' EXIT
cp -r language/sycl/testdata/compile "$dest"
rm -f "$dest/WORKSPACE" "$dest/README.md" "$dest/BUILD.in"
mv "$dest/BUILD.out" "$dest/BUILD.bazel"
echo "gazelle_compile_test: building //$dest with the BUILD file Gazelle wrote"
tools/bazel test "//$dest:all" --test_output=errors
echo "gazelle_compile_test: ok"
