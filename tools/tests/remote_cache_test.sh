#!/usr/bin/env bash
# Builds the examples against an nginx WebDAV cache on 127.0.0.1, cleans, rebuilds, and
# fails unless every Sycl* action of the rebuild was a remote cache hit. nginx is started
# here and stopped by its pid, also on failure.
# Why a script, not a Bazel test: it starts nginx, builds, cleans and builds again against
# it.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
WORK="$(mktemp -d)"
stop() {
  [ -f "$WORK/nginx/nginx.pid" ] && kill "$(cat "$WORK/nginx/nginx.pid")" 2>/dev/null || true
  bz "$WORK/ws" shutdown >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap stop EXIT
port=$(start_nginx_cache "$WORK/nginx") || { echo "FAIL: no nginx cache" >&2; exit 1; }
copy_workspace "$WORK/ws"
cache="--remote_cache=http://127.0.0.1:$port"
bz "$WORK/ws" build //examples/... "$cache" >/dev/null 2>&1
bz "$WORK/ws" clean >/dev/null 2>&1
bz "$WORK/ws" build //examples/... "$cache" --execution_log_json_file="$WORK/log.json" >/dev/null 2>&1
summary="$(execlog -prefix Sycl "$WORK/log.json")"
echo "$summary"
if grep -v ' executed=0 ' <<<"$summary" | grep -q .; then
  execlog -prefix Sycl -executed "$WORK/log.json"
  echo "FAIL: some Sycl actions ran instead of coming from the remote cache" >&2
  exit 1
fi
[ -n "$summary" ] || { echo "FAIL: no Sycl action in the log" >&2; exit 1; }
echo "ok: every Sycl action of the rebuild was a remote cache hit"
