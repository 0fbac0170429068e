#!/usr/bin/env bash
# Runs every Go fuzz target for SECONDS each (default 5; CI uses the default, longer runs:
# tools/fuzz.sh 600). New crashers land in the package's testdata/fuzz/ and become
# regression tests of the ordinary `go test` and `bazel test`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
secs="${1:-5}"
GO=/usr/lib/go-1.19/bin/go
[ -x "$GO" ] || GO=go
targets=(
  "internal/llvmir FuzzParse"
  "internal/filetable FuzzParse"
  "internal/props FuzzParseWrite"
  "internal/props FuzzBase64"
  "internal/devconfig FuzzParse"
  "internal/wrap FuzzGenerate"
)
for t in "${targets[@]}"; do
  set -- $t
  echo "fuzz: $1 $2 for ${secs}s"
  GOTOOLCHAIN=local GOFLAGS=-mod=mod "$GO" test "./$1" -run '^$' -fuzz "^$2\$" -fuzztime "${secs}s" 2>&1 | tail -1
done
