#!/usr/bin/env bash
# Builds the examples against an nginx WebDAV cache on 127.0.0.1, cleans, rebuilds, and
# fails unless every Sycl* action of the rebuild was a remote cache hit. nginx is started
# here and stopped by its pid, also on failure.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
WORK="$(mktemp -d)"
NGINX="$(command -v nginx || echo /usr/sbin/nginx)"
[ -x "$NGINX" ] || { echo "FAIL: nginx is not installed (tools/bootstrap.sh installs it)" >&2; exit 1; }
port=$((20000 + RANDOM % 20000))
mkdir -p "$WORK/nginx/logs" "$WORK/nginx/cache" "$WORK/nginx/tmp"
# 1024 connections: Bazel uploads through up to 100 at once (--remote_max_connections);
# with 64, uploads failed ("N errors during bulk transfer") and their actions missed.
cat >"$WORK/nginx/nginx.conf" <<CONF
user root;
worker_processes 1;
pid $WORK/nginx/nginx.pid;
error_log $WORK/nginx/logs/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $WORK/nginx/tmp;
  server {
    listen 127.0.0.1:$port;
    location / {
      root $WORK/nginx/cache;
      dav_methods PUT;
      create_full_put_path on;
      client_max_body_size 4g;
    }
  }
}
CONF
stop() {
  [ -f "$WORK/nginx/nginx.pid" ] && kill "$(cat "$WORK/nginx/nginx.pid")" 2>/dev/null || true
  bz "$WORK/ws" shutdown >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap stop EXIT
"$NGINX" -p "$WORK/nginx" -c "$WORK/nginx/nginx.conf"
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
