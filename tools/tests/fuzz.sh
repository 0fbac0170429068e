#!/usr/bin/env bash
# Runs every Go fuzz target for SECONDS each (default 5; CI uses the default, longer runs:
# tools/tests/fuzz.sh 600). New crashers land in the package's testdata/fuzz/ and become
# regression tests of the ordinary `go test` and `bazel test`.
#
# For long runs on a machine without Go (a lent many-core machine):
#   tools/tests/fuzz.sh build DIR          # here: instrumented test binaries, one per target
#   tools/tests/fuzz.sh run DIR SECONDS [PKG:TARGET...]
#                                    # there, from the repository root: every target (or those named) for
#                                    # SECONDS with one worker per core; prints execs and
#                                    # corpus size; crashers land in testdata/fuzz/
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
GO="$PWD/.deps/go/bin/go"  # Go 1.19, linked by tools/bootstrap.sh
[ -x "$GO" ] || GO=go
targets=(
  "internal/llvmir FuzzParse"
  "internal/filetable FuzzParse"
  "internal/props FuzzParseWrite"
  "internal/props FuzzBase64"
  "internal/devconfig FuzzParse"
  "internal/wrap FuzzGenerate"
  "internal/worker FuzzServe"
  "internal/imagecompile FuzzCompileTable"
  "cmd/sycl-device FuzzPostLinkOptions"
  "internal/kernelinfo FuzzLower"
  "internal/aspectprop FuzzDeviceIf"
  "internal/worker FuzzServeProto"
  "internal/specconst FuzzLowerTypes"
  "internal/deviceif FuzzVariants"
  "internal/imagecompile FuzzForLLCSPIRV"
  "internal/pchcheck FuzzCheck"
)
bin_name() { echo "$(tr / _ <<<"$1")_$2.test"; }
case "${1:-}" in
build)
  dir="$2"; mkdir -p "$dir"
  for t in "${targets[@]}"; do
    set -- $t
    GOTOOLCHAIN=local GOFLAGS=-mod=mod "$GO" test -c -fuzz "^$2\$" -o "$dir/$(bin_name "$1" "$2")" "./$1"
  done
  exit 0 ;;
run)
  dir="$(cd "$2" && pwd)"; secs="$3"; root="$(pwd)"; shift 3; only="$*"
  touch "$dir/.start"
  for t in "${targets[@]}"; do
    set -- $t
    [[ -z "$only" || " $only " == *" $1:$2 "* ]] || continue
    echo "fuzz: $1 $2 for ${secs}s on $(nproc) workers"
    (cd "$root/$1" && "$dir/$(bin_name "$1" "$2")" -test.run '^$' -test.fuzz "^$2\$" -test.fuzztime "${secs}s" \
      -test.fuzzcachedir "$dir/cache/$2" 2>&1 | grep -E '^fuzz: elapsed|^(PASS|FAIL|---)|failure|Failing input|_test.go' | tail -6) || true
    echo "corpus: $(ls "$dir/cache/$2/$2" 2>/dev/null | wc -l) entries"
    while IFS= read -r c; do
      echo "new crasher $c:"; cat "$c"
    done < <(find "$root/$1/testdata/fuzz/$2" -newer "$dir/.start" -type f 2>/dev/null)
  done
  exit 0 ;;
esac
secs="${1:-5}"
for t in "${targets[@]}"; do
  set -- $t
  echo "fuzz: $1 $2 for ${secs}s"
  GOTOOLCHAIN=local GOFLAGS=-mod=mod "$GO" test "./$1" -run '^$' -fuzz "^$2\$" -fuzztime "${secs}s" 2>&1 | tail -1
done
