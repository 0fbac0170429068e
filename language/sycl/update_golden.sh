#!/usr/bin/env bash
# Regenerates the expectations of the golden cases (BUILD.out, expectedStderr.txt,
# expectedExitCode.txt) from the current extension. Review the diff before committing:
# the goldens are the specification.
#   language/sycl/update_golden.sh [case...]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
tools/bazel build //language/sycl:gazelle_sycl >/dev/null 2>&1
bin="$(readlink -f bazel-bin/language/sycl/gazelle_sycl_/gazelle_sycl)"
cases=("$@")
[ ${#cases[@]} -gt 0 ] || mapfile -t cases < <(cd language/sycl/testdata && ls)
for c in "${cases[@]}"; do
  src="language/sycl/testdata/$c"
  tmp="$(mktemp -d)"
  cp -r "$src/." "$tmp/"
  find "$tmp" \( -name 'BUILD.out' -o -name 'expected*.txt' \) -delete
  find "$tmp" -name 'BUILD.in' -exec sh -c 'mv "$1" "$(dirname "$1")/BUILD.bazel"' _ {} \;
  set +e
  (cd "$tmp" && BUILD_WORKSPACE_DIRECTORY="$tmp" "$bin" 2>"$tmp/.stderr")
  code=$?
  set -e
  find "$src" \( -name 'BUILD.out' -o -name 'expected*.txt' \) -delete
  (cd "$tmp" && find . -name BUILD.bazel) | while read -r f; do
    cp "$tmp/$f" "$src/$(dirname "$f")/BUILD.out"
  done
  [ "$code" = 0 ] || printf '%s' "$code" >"$src/expectedExitCode.txt"
  [ ! -s "$tmp/.stderr" ] || cp "$tmp/.stderr" "$src/expectedStderr.txt"
  rm -rf "$tmp"
  echo "$c: exit $code"
done
