#!/usr/bin/env bash
# Makes the release archive rules_sycl-<version>.tar.gz of a commit and prints its sha256
# and the WORKSPACE lines that use it. Deterministic: the same commit gives the same bytes
# (git archive of the commit's tree with the commit's time, gzip -n: no name or time).
# Left out: what users never load (CI, the end-to-end workspaces, benchmark scratch).
#   tools/release.sh [COMMIT] [OUT_DIR] [URL]
# URL is where the archive will be served (default: the GitHub release download URL).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
commit="${1:-HEAD}"
out="${2:-$ROOT/dist}"
rev="$(git -C "$ROOT" rev-parse --verify "$commit^{commit}")" || { echo "release: no commit $commit" >&2; exit 1; }
version="$(git -C "$ROOT" show "$rev:versions.bzl" | sed -n 's/^RULES_SYCL_VERSION = "\(.*\)"$/\1/p')"
[ -n "$version" ] || { echo "release: no RULES_SYCL_VERSION in versions.bzl at $rev" >&2; exit 1; }
name="rules_sycl-$version.tar.gz"
url="${3:-https://github.com/rules-sycl/rules_sycl/releases/download/v$version/$name}"
mkdir -p "$out"
tmp="$(mktemp "$out/.$name.XXXXXX")"
trap 'rm -f "$tmp"' EXIT
git -C "$ROOT" archive --format=tar "$rev" -- . ':(exclude).ci' ':(exclude)e2e' \
  | gzip -9 -n >"$tmp"
mv "$tmp" "$out/$name"
sha="$(sha256sum "$out/$name" | cut -d' ' -f1)"
echo "release: $out/$name ($(stat -c %s "$out/$name") bytes, commit ${rev:0:12})" >&2
echo "sha256: $sha" >&2
cat <<SNIPPET
load("@bazel_tools//tools/build_defs/repo:http.bzl", "http_archive")

http_archive(
    name = "rules_sycl",
    sha256 = "$sha",
    urls = ["$url"],
)
SNIPPET
