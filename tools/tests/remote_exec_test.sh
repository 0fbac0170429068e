#!/usr/bin/env bash
# Remote execution, end to end, on an existing engine: BuildGrid (the pinned PyPI release
# in .deps/buildgrid: Execution, CAS, ByteStream, ActionCache and Bots services, its SQL
# scheduler on SQLite) on 127.0.0.1, with BOTS (default: 4, at least 2) workers of
# tools/tests/bot that run each action in bubblewrap over an image with only a C runtime, a
# shell and coreutils (no compiler, no /usr/include, no LLVM, no OpenCL), so that an
# action reading an undeclared host file fails here.
#  1. bazel test //examples/... --spawn_strategy=remote: every build action remote (no
#     local fallback; counted from the execution log; the few actions of the toolchains'
#     warm-up build before it are action-cache hits), every bot registered, the work
#     spread over at least two of them (counted from
#     their logs), the tests themselves run here on PoCL and Intel's CPU OpenCL device
#     with the binaries downloaded from BuildGrid's CAS;
#  2. bazel clean, then the same build with --remote_download_minimal: every action an
#     action-cache hit in BuildGrid, none executed by a bot;
#  0. first, the bot's own tests (go test, against a BuildGrid of their own).
# Each bot takes one action at a time and BuildGrid adds up to a second or two of
# scheduling per action (its assigner and its Execute streams poll once a second on
# SQLite), so Bazel keeps --jobs=16 actions in flight; the tests that run here are held to
# --local_test_jobs=2.
# Why a script, not a Bazel test: it starts BuildGrid and its bots and builds against
# them, then cleans and builds again.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
WORK="$(mktemp -d)"
BOTS="${BOTS:-4}"
[ "$BOTS" -ge 2 ] || { echo "FAIL: BOTS=$BOTS: the test needs at least 2 workers" >&2; exit 1; }
command -v bwrap >/dev/null || { echo "FAIL: bubblewrap is not installed (tools/bootstrap.sh installs it)" >&2; exit 1; }
BGD="$ROOT/.deps/buildgrid/bin/bgd"
[ -x "$BGD" ] || { echo "FAIL: BuildGrid is not installed in .deps/buildgrid (run tools/bootstrap.sh)" >&2; exit 1; }
pids=()
stop() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  bz "$WORK/ws" shutdown >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap stop EXIT
go119() { (cd "$ROOT/tools/tests/bot" && GOTOOLCHAIN=local GOFLAGS=-mod=mod "$ROOT/.deps/go/bin/go" "$@"); }
go119 build -o "$WORK/bot" .
go119 test ./... >"$WORK/gotest.log" 2>&1 || { cat "$WORK/gotest.log"; echo "FAIL: tools/tests/bot's tests" >&2; exit 1; }
"$ROOT/tools/tests/bot/make_image.sh" "$WORK/image"

# BuildGrid on a free loopback port.
port=$(start_buildgrid "$WORK/bgd") || { echo "FAIL: BuildGrid did not start" >&2; exit 1; }
pids+=("$(cat "$WORK/bgd/bgd.pid")")
for i in $(seq "$BOTS"); do
  "$WORK/bot" -server "127.0.0.1:$port" -dir "$WORK/bot$i" -image "$WORK/image" -name "bot$i" \
    -log "$WORK/executed.log" 2>"$WORK/bot$i.log" &
  pids+=($!)
done
echo "BuildGrid $("${BGD%/bgd}/python" -c 'import buildgrid._version as v; print(v.__version__)') on 127.0.0.1:$port with $BOTS bots"

remote=(--remote_executor="grpc://127.0.0.1:$port" --spawn_strategy=remote --remote_max_connections=32 --jobs=16)
copy_workspace "$WORK/ws"

# The toolchains' files first, one action at a time: BuildGrid's disk CAS fails uploads of
# one blob that arrive at once (libLLVM is in @sycl_cc and in @sycl_llvm, and the first
# C++ compiles and clang's genrule start together), which Bazel reports as "errors during
# bulk transfer". These few actions are then action-cache hits below.
bz "$WORK/ws" build //toolchain/devicelib:all "${remote[@]}" --jobs=1 >"$WORK/warm.log" 2>&1 ||
  { tail -20 "$WORK/warm.log"; echo "FAIL: the remote build of //toolchain/devicelib failed" >&2; exit 1; }

# 1. Everything remote; the tests run here (PoCL, Intel's CPU device).
t0=$SECONDS
if ! bz "$WORK/ws" test //examples/... "${remote[@]}" --strategy=TestRunner=local --local_test_jobs=2 \
  --execution_log_json_file="$WORK/first.json" >"$WORK/first.log" 2>&1; then
  grep -m3 -A12 '^ERROR' "$WORK/first.log" || tail -40 "$WORK/first.log"
  grep -v ' exit=0 ' "$WORK/executed.log" | head -5 || true
  tail -n 5 "$WORK"/bot*.log "$WORK/bgd/bgd.log"
  echo "FAIL: the remote build or its tests failed" >&2
  exit 1
fi
summary="$(execlog -runners "$WORK/first.json")"
echo "$summary"
n=$(sed -n 's/^remote \([0-9]*\)$/\1/p' <<<"$summary")
others=$(grep -vE '^(remote|remote cache hit|TestRunner local) [0-9]+$' <<<"$summary" || true)
[ -n "$n" ] && [ "$n" -gt 100 ] || { echo "FAIL: only '${n:-0}' actions executed remotely" >&2; exit 1; }
[ -z "$others" ] || { echo "FAIL: actions that did not run remotely: $others" >&2; exit 1; }
grep -q 'PASSED' "$WORK/first.log" || { echo "FAIL: no test passed" >&2; exit 1; }
# What matters, whatever the machine's load: every bot started registered with BuildGrid,
# and the build spread over more than one of them. How many actions each one gets is
# the scheduler's business (on a loaded machine one bot may get none).
per_bot="" busy=0
for i in $(seq "$BOTS"); do
  grep -q "registered as" "$WORK/bot$i.log" || { tail -5 "$WORK/bot$i.log"; echo "FAIL: bot$i never registered with BuildGrid" >&2; exit 1; }
  c=$(grep -c " bot=bot$i " "$WORK/executed.log" || true)
  [ "$c" -eq 0 ] || busy=$((busy + 1))
  per_bot+="bot$i $c, "
done
[ "$busy" -ge 2 ] || { echo "FAIL: the build did not spread over the workers (${per_bot%, })" >&2; exit 1; }
blobs=$(find "$WORK/bgd/cas" -type f | wc -l)
echo "ok: $n actions executed remotely through BuildGrid in bubblewrap (${per_bot%, }; $blobs blobs in BuildGrid's CAS; $((SECONDS - t0))s); $(grep -c ' PASSED' "$WORK/first.log") tests passed here (PoCL, Intel's CPU OpenCL device)"

# 2. After bazel clean: BuildGrid's action cache serves everything, also without downloading.
bz "$WORK/ws" clean >/dev/null 2>&1
before=$(wc -l <"$WORK/executed.log")
t1=$SECONDS
if ! bz "$WORK/ws" build //examples/... "${remote[@]}" --remote_download_minimal \
  --execution_log_json_file="$WORK/second.json" >"$WORK/second.log" 2>&1; then
  tail -30 "$WORK/second.log"
  echo "FAIL: the rebuild with --remote_download_minimal failed" >&2
  exit 1
fi
summary="$(execlog -runners "$WORK/second.json")"
echo "$summary"
after=$(wc -l <"$WORK/executed.log")
others=$(grep -vE '^remote cache hit [0-9]+$' <<<"$summary" || true)
[ -z "$others" ] || { echo "FAIL: after bazel clean, not every action came from the action cache: $others" >&2; exit 1; }
[ "$after" = "$before" ] || { echo "FAIL: the bots ran $((after - before)) actions again" >&2; exit 1; }
echo "ok: after bazel clean, every action of //examples/... was a BuildGrid action-cache hit (--remote_download_minimal), none executed ($((SECONDS - t1))s)"
