#!/usr/bin/env bash
# Puts the benchmarks' printed results into a page: every block between
#   <!-- perf:NAME -->  and  <!-- /perf:NAME -->
# of DOC becomes DIR/NAME.txt in a code block. With --check, DOC is left alone and the
# script exits 1 if a block differs from its file (the page's figures come from the
# files that tools/bench/run_all.sh writes, never from a hand edit).
#   tools/bench/fill_doc.sh [--check] DOC DIR
set -euo pipefail
check=0
[ "${1:-}" = "--check" ] && { check=1; shift; }
[ $# -eq 2 ] || { echo "usage: fill_doc.sh [--check] DOC DIR" >&2; exit 2; }
doc="$1" dir="$2"
# The new page is written beside DOC (renamed over it at the end) or, for --check, to a
# temporary file (a test's runfiles are read-only).
if [ "$check" = 1 ]; then new="$(mktemp)"; else new="$(mktemp "$(dirname "$doc")/.fill_doc.XXXXXX")"; fi
trap 'rm -f "$new"' EXIT
awk -v dir="$dir" -v doc="$doc" '
  function fail(msg) { printf "%s:%d: %s\n", doc, FNR, msg > "/dev/stderr"; bad = 1; exit 1 }
  match($0, /^<!-- perf:[A-Za-z0-9_.-]+ -->$/) {
    if (open != "") fail("block perf:" open " is not closed before this one")
    open = substr($0, 11, length($0) - 14)
    print
    file = dir "/" open ".txt"
    if ((getline line < file) < 0) fail("no " file " for block perf:" open)
    print "```"
    print line
    while ((getline line < file) > 0) print line
    close(file)
    print "```"
    next
  }
  match($0, /^<!-- \/perf:[A-Za-z0-9_.-]+ -->$/) {
    name = substr($0, 12, length($0) - 15)
    if (name != open) fail("closes perf:" name " but the open block is perf:" (open == "" ? "(none)" : open))
    open = ""
    print
    next
  }
  open == "" { print }
  END { if (!bad && open != "") fail("block perf:" open " is never closed") }
' "$doc" >"$new"
if [ "$check" = 1 ]; then
  diff -u "$doc" "$new" >&2 || { echo "$doc: results differ from $dir/*.txt: run tools/bench/fill_doc.sh $doc $dir (or tools/bench/run_all.sh)" >&2; exit 1; }
  exit 0
fi
chmod --reference="$doc" "$new"
mv "$new" "$doc"
