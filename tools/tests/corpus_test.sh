#!/usr/bin/env bash
# Two public SYCL suites built and run as a user would build them: SYCL-Bench and Intel's
# oneAPI samples, read from the corpus snapshot (../shared/corpus next to this checkout, or
# $SYCL_CORPUS), never copied into the project.
#  1. Both trees are copied into a workspace of their own that uses this checkout as
#     @rules_sycl, with tools/tests/corpus's root BUILD file (Gazelle, and the include
#     directories the projects' CMakeLists.txt files name), one hand-written seed
#     (sycl-bench/include: the defines SYCL-Bench's CMake sets) and dpc_common.hpp (the
#     oneAPI Base Toolkit's header for its samples, which no wheel ships).
#  2. Gazelle writes every other BUILD file.
#  3. Every sycl_binary it wrote must be listed in corpus/programs.txt, which says for
#     each whether it runs here, is only built, or is skipped, and why.
#  4. The programs to run and to build are built for spir64; each program to run runs on
#     Intel's CPU device with small arguments and must pass its own check.
# Without the corpus the test says so and passes: it has nothing to read.
# Why a script, not a Bazel test: it builds a second workspace (Gazelle writes its BUILD
# files) with this checkout as @rules_sycl.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
CORPUS="${SYCL_CORPUS:-$ROOT/../shared/corpus}"
if [ ! -d "$CORPUS/sycl-bench" ] || [ ! -d "$CORPUS/oneapi-samples" ]; then
  echo "corpus_test: SKIPPED: no corpus at $CORPUS (set SYCL_CORPUS to the directory that holds sycl-bench/ and oneapi-samples/)"
  exit 0
fi
CORPUS="$(cd "$CORPUS" && pwd)"
WORK="$(mktemp -d)"
trap 'user_bazel "$WORK/ws" shutdown >/dev/null 2>&1 || true; rm -rf "$WORK"' EXIT
ws="$WORK/ws"
list="$ROOT/tools/tests/corpus/programs.txt"

# 1. The workspace.
user_workspace "$ws"
cp -r "$CORPUS/sycl-bench" "$CORPUS/oneapi-samples" "$ws/"
chmod -R u+w "$ws"
mkdir -p "$ws/oneapi-common"
cp "$ROOT/tools/tests/corpus/dpc_common.hpp" "$ws/oneapi-common/"
cp "$ROOT/tools/tests/corpus/BUILD.root" "$ws/BUILD.bazel"
cp "$ROOT/tools/tests/corpus/sycl-bench-include.BUILD" "$ws/sycl-bench/include/BUILD.bazel"
echo "corpus_test: $(find "$ws/sycl-bench" "$ws/oneapi-samples" -name '*.cpp' | wc -l) C++ sources from $CORPUS"

# 2. Gazelle.
user_bazel "$ws" run //:gazelle >"$WORK/gazelle.log" 2>&1 || { tail -30 "$WORK/gazelle.log"; echo "FAIL: Gazelle failed" >&2; exit 1; }
grep '^gazelle: ' "$WORK/gazelle.log" | sed 's/^/  /' || true
grep -q 'SYCL_BENCH_HAS_FP64_SUPPORT' "$ws/sycl-bench/include/BUILD.bazel" ||
  { echo "FAIL: Gazelle dropped the hand-written defines of sycl-bench/include" >&2; exit 1; }

# 3. Every program Gazelle wrote is in the list, and every listed program exists.
user_bazel "$ws" query 'kind("sycl_binary rule", //...)' 2>/dev/null | sort >"$WORK/generated"
entries() { # MODE: the lines of the list with that mode ("": all), fields trimmed
  grep -v '^#' "$list" | awk -F'|' -v m="$1" 'NF > 1 {
    for (i = 1; i <= NF; i++) { gsub(/^[ \t]+|[ \t]+$/, "", $i) }
    if (m == "" || $2 == m) { out = $1; for (i = 2; i <= NF; i++) out = out "|" $i; print out }
  }'
}
entries "" | cut -d'|' -f1 | sort >"$WORK/listed"
if ! diff -u "$WORK/listed" "$WORK/generated" >"$WORK/list.diff"; then
  cat "$WORK/list.diff"
  echo "FAIL: the programs Gazelle wrote (+) and tools/tests/corpus/programs.txt (-) differ" >&2
  exit 1
fi
echo "corpus_test: Gazelle wrote $(wc -l <"$WORK/generated") programs, all listed"

mapfile -t runs < <(entries run | cut -d'|' -f1)
mapfile -t builds < <(entries build | cut -d'|' -f1)

# 4. Build, then run.
echo "corpus_test: building ${#runs[@]} programs to run and ${#builds[@]} to build only"
if ! user_bazel "$ws" build --keep_going "${runs[@]}" "${builds[@]}" >"$WORK/build.log" 2>&1; then
  grep -E '^ERROR|error:' "$WORK/build.log" | head -40
  echo "FAIL: the corpus programs did not all build" >&2
  exit 1
fi
fails=0
while IFS='|' read -r label _ want argline; do
  read -r -a args <<<"$argline"
  bin="$ws/bazel-bin/${label#//}"
  bin="${bin/://}"
  log="$WORK/run.log"
  rc=0
  (cd "$WORK" && timeout 300 "$bin" "${args[@]}") >"$log" 2>&1 </dev/null || rc=$?
  if [ "$rc" -ne 0 ] || { [ -n "$want" ] && ! grep -qF -- "$want" "$log"; } || grep -q 'Verification: FAIL' "$log"; then
    tail -15 "$log" | sed 's/^/    /'
    echo "FAIL: $label ${args[*]}: exit $rc${want:+, want \"$want\"}"
    fails=$((fails + 1))
  else
    echo "ok: $label${want:+: $want}"
  fi
done < <(entries run)
entries build | awk -F'|' '{print "built only: " $1 ": " $3}'
entries skip | awk -F'|' '{print "skipped: " $1 ": " $3}'
[ "$fails" -eq 0 ] || { echo "FAIL: $fails of ${#runs[@]} corpus programs failed" >&2; exit 1; }
echo "corpus_test: ok: ${#runs[@]} programs ran and passed their checks, ${#builds[@]} built only, $(entries skip | wc -l) skipped"
