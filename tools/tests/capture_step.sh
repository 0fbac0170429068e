#!/bin/sh
# capture_step.sh STATUS LOG [--file=F | --dir=D]... -- COMMAND ARG...
# Runs COMMAND (a step of sycl_step_test), writes everything it printed to LOG and its
# exit status to STATUS, creates each output F or D it did not (a failing step leaves
# them, and Bazel wants every declared output), and exits 0: the test judges.
status="$1"
log="$2"
shift 2
files=""
dirs=""
while [ "$#" -gt 0 ] && [ "$1" != "--" ]; do
  case "$1" in
    --file=*) files="$files ${1#--file=}" ;;
    --dir=*) dirs="$dirs ${1#--dir=}" ;;
  esac
  shift
done
shift
"$@" >"$log" 2>&1
echo "$?" >"$status"
for d in $dirs; do [ -d "$d" ] || mkdir -p "$d"; done
for f in $files; do [ -e "$f" ] || : >"$f"; done
exit 0
