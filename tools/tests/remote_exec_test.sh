#!/usr/bin/env bash
# Remote execution, end to end: builds //examples/... with every action executed by
# tools/reapi (a REAPI server on 127.0.0.1 that runs each action in bubblewrap over an
# image with only a C runtime, a shell and coreutils: no compiler, no /usr/include, no
# LLVM, no OpenCL), so that an action reading an undeclared host file fails here.
#  1. bazel test //examples/... --spawn_strategy=remote: every build action remote (no
#     local fallback; counted from the execution log), the tests themselves run here on
#     PoCL and Intel's CPU OpenCL device with the binaries downloaded from the executor;
#  2. bazel clean, then the same build with --remote_download_minimal: every action an
#     action-cache hit, nothing executed;
#  3. the executor's own tests (go test).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
WORK="$(mktemp -d)"
command -v bwrap >/dev/null || { echo "FAIL: bubblewrap is not installed (tools/bootstrap.sh installs it)" >&2; exit 1; }
stop() {
  [ -f "$WORK/reapi.pid" ] && kill "$(cat "$WORK/reapi.pid")" 2>/dev/null || true
  bz "$WORK/ws" shutdown >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap stop EXIT
go119() { (cd "$ROOT/tools/reapi" && GOTOOLCHAIN=local GOFLAGS=-mod=mod /usr/lib/go-1.19/bin/go "$@"); }
go119 build -o "$WORK/reapi" .
go119 test ./... >"$WORK/gotest.log" 2>&1 || { cat "$WORK/gotest.log"; echo "FAIL: tools/reapi's tests" >&2; exit 1; }
"$ROOT/tools/reapi/make_image.sh" "$WORK/image"
"$WORK/reapi" -dir "$WORK/store" -image "$WORK/image" -port_file "$WORK/port" -log "$WORK/executed.log" 2>"$WORK/reapi.log" &
echo $! >"$WORK/reapi.pid"
for _ in $(seq 50); do [ -s "$WORK/port" ] && break; sleep 0.1; done
[ -s "$WORK/port" ] || { cat "$WORK/reapi.log"; echo "FAIL: the executor did not start" >&2; exit 1; }
remote=(--remote_executor="grpc://127.0.0.1:$(cat "$WORK/port")" --spawn_strategy=remote)
copy_workspace "$WORK/ws"

# 1. Everything remote; the tests run here (PoCL, Intel's CPU device).
t0=$SECONDS
if ! bz "$WORK/ws" test //examples/... "${remote[@]}" --strategy=TestRunner=local \
  --execution_log_json_file="$WORK/first.json" >"$WORK/first.log" 2>&1; then
  tail -40 "$WORK/first.log"
  grep -v ' exit=0 ' "$WORK/executed.log" | head -5 || true
  echo "FAIL: the remote build or its tests failed" >&2
  exit 1
fi
summary="$(execlog -runners "$WORK/first.json")"
echo "$summary"
n=$(sed -n 's/^remote \([0-9]*\)$/\1/p' <<<"$summary")
others=$(grep -vE '^(remote|TestRunner local) [0-9]+$' <<<"$summary" || true)
[ -n "$n" ] && [ "$n" -gt 100 ] || { echo "FAIL: only '${n:-0}' actions executed remotely" >&2; exit 1; }
[ -z "$others" ] || { echo "FAIL: actions that did not run remotely: $others" >&2; exit 1; }
grep -q 'PASSED' "$WORK/first.log" || { echo "FAIL: no test passed" >&2; exit 1; }
echo "ok: $n actions executed remotely in bubblewrap ($(wc -l <"$WORK/executed.log") runs in the executor's log, $((SECONDS - t0))s); $(grep -c ' PASSED' "$WORK/first.log") tests passed here (PoCL, Intel's CPU OpenCL device)"

# 2. After bazel clean: the action cache serves everything, also without downloading.
bz "$WORK/ws" clean >/dev/null 2>&1
before=$(wc -l <"$WORK/executed.log")
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
[ "$after" = "$before" ] || { echo "FAIL: the executor ran $((after - before)) actions again" >&2; exit 1; }
echo "ok: after bazel clean, every action of //examples/... was an action-cache hit (--remote_download_minimal), none executed"
