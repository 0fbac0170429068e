#!/usr/bin/env bash
# Bazel 7/8 readiness on Bazel 4.2.3 (docs/BAZEL_COMPAT.md):
#  1. every flag of docs/BAZEL_COMPAT.md's table that Bazel 4.2.3 has is in .bazelrc's
#     --config=next, and the other way round (the list and the docs cannot drift);
#  2. this repository's Starlark asks for no host transition (cfg = "host" is an error
#     under --incompatible_disable_starlark_host_transitions, Bazel 7's default, which
#     4.2.3 does not have);
#  3. `bazel test --config=next //examples/...` builds and passes; the tests run again
#     (--nocache_test_results): the flags leave the test actions' keys as they are.
# Why a script, not a Bazel test: it runs Bazel with another set of flags (--config=next)
# over //examples/..., which a test inside that Bazel cannot.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
fail() { echo "FAIL: $*" >&2; exit 1; }

rc="$(sed -n 's/^build:next --\(incompatible_[a-z_]*\).*/\1/p' .bazelrc | sort)"
doc="$(sed -n 's/^| `--\(incompatible_[a-z_]*\)` | [^|]* | yes |.*/\1/p' docs/BAZEL_COMPAT.md | sort)"
[ -n "$rc" ] || fail "no build:next flags in .bazelrc"
[ "$rc" = "$doc" ] || { diff <(echo "$rc") <(echo "$doc") || true; fail ".bazelrc's --config=next and docs/BAZEL_COMPAT.md's table (column 'in --config=next') differ"; }
echo "ok: $(wc -l <<<"$rc") flags in --config=next, as docs/BAZEL_COMPAT.md lists them"

hosts="$(git grep -nE 'cfg *= *"host"' -- '*.bzl' '*.bazel' 'WORKSPACE' || true)"
[ -z "$hosts" ] || fail "host transitions (Bazel 7 refuses them): $hosts"
echo "ok: no cfg = \"host\" in this repository's Starlark"

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
if ! tools/bazel test --config=next --nocache_test_results //examples/... >"$log" 2>&1; then
  grep -E 'ERROR|FAILED|FAIL:' "$log" | head -20
  fail "bazel test --config=next //examples/..."
fi
summary="$(grep -E '^Executed|tests pass' "$log" | tail -1)"
echo "ok: bazel test --config=next //examples/...: $summary"
