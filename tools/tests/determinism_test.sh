#!/usr/bin/env bash
# Determinism and hermeticity of the sycl actions:
#  1. builds //examples/... in two output roots, the second with --jobs=1, and compares
#     every sycl action output (everything under _sycl/) byte for byte;
#  2. greps the command lines (aquery) of every action //examples/... depends on (the SYCL
#     pipeline, the C++ compiles and links of @sycl_cc, the Go tool's build) and the
#     parameter files of the examples for absolute paths and host-specific values (user,
#     host name, home, workspace path).
# Why a script, not a Bazel test: it compares two builds in two output roots, which only a
# caller of Bazel can make.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
WORK="$(mktemp -d)"
trap '(cd "$WORK/ws" && tools/bazel --output_user_root="$WORK/root2" shutdown >/dev/null 2>&1) || true; bz "$WORK/ws" shutdown >/dev/null 2>&1 || true; rm -rf "$WORK"' EXIT
copy_workspace "$WORK/ws"
bz "$WORK/ws" build //examples/... >/dev/null 2>&1
(cd "$WORK/ws" && find -L bazel-bin/examples -path '*/_sycl/*' -type f ! -name '*.params' -print0 | sort -z | xargs -0 sha256sum) >"$WORK/first.sums"
bz "$WORK/ws" clean --expunge >/dev/null 2>&1 || true
(cd "$WORK/ws" && tools/bazel --output_user_root="$WORK/root2" build //examples/... --jobs=1 --materialize_param_files >/dev/null 2>&1)
(cd "$WORK/ws" && find -L bazel-bin/examples -path '*/_sycl/*' -type f ! -name '*.params' -print0 | sort -z | xargs -0 sha256sum) >"$WORK/second.sums"
n=$(wc -l <"$WORK/first.sums")
[ "$n" -gt 100 ] || { echo "FAIL: only $n sycl outputs found" >&2; exit 1; }
if ! diff -u "$WORK/first.sums" "$WORK/second.sums" >"$WORK/diff.txt"; then
  head -20 "$WORK/diff.txt"
  echo "FAIL: sycl action outputs differ between output roots / --jobs=1" >&2
  exit 1
fi
echo "ok: $n sycl action outputs identical across output roots and --jobs=1"
# Hermeticity: command lines and parameter files of every action.
(cd "$WORK/ws" && tools/bazel --output_user_root="$WORK/root2" aquery 'deps(//examples/...)' --output=text 2>/dev/null) >"$WORK/aquery.txt"
for m in SyclAot CppCompile CppLink GoCompilePkg; do
  grep -q "Mnemonic: $m\$" "$WORK/aquery.txt" || { echo "FAIL: aquery found no $m action" >&2; exit 1; }
done
(cd "$WORK/ws" && find -L bazel-bin/examples -name '*.params' -print0 | xargs -0 cat) >"$WORK/params.txt"
[ -s "$WORK/params.txt" ] || { echo "FAIL: no parameter files found" >&2; exit 1; }
bad=0
check() { # check GREP_FLAGS NEEDLE
  local flags="$1" needle="$2"
  [ -n "$needle" ] || return 0
  for f in "$WORK/params.txt" "$WORK/aquery.txt"; do
    hits=$(grep $flags -- "$needle" "$f" | grep -v 'PATH=' | cut -c1-200 | head -3 || true)
    if [ -n "$hits" ]; then echo "FAIL: '$needle' in $(basename "$f"): $hits" >&2; bad=1; fi
  done
}
# An absolute path starts a word (sysroot/usr/include is relative, and fine).
for path in "$WORK" "$ROOT" "$HOME/" "/root/" "/home/" "/tmp/" "/usr/" "/etc/" "/lib/" "/opt/"; do
  check -E "(^|[^A-Za-z0-9_.+/-])${path//./\\.}"
done
# Host and user names as whole words only, not as a part of a path or file name (a short
# host name such as "vm" is a directory of oneMKL's headers, oneapi/mkl/vm/).
word() { # word NAME: an -E pattern of NAME standing alone
  local name="${1//./\\.}"
  echo "(^|[^A-Za-z0-9_./-])${name}(\$|[^A-Za-z0-9_./-])"
}
check -E "$(word "$(hostname)")"
[ "$(whoami)" = root ] || check -E "$(word "$(whoami)")"
[ "$bad" = 0 ] || exit 1
echo "ok: no absolute or host-specific paths in the command lines of $(grep -c 'Mnemonic:' "$WORK/aquery.txt") actions ($(grep 'Mnemonic:' "$WORK/aquery.txt" | sort -u | wc -l) mnemonics) and the parameter files"
