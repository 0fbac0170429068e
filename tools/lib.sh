# shellcheck shell=bash
# Shared by the workspace-level tests (tools/tests) and the benchmarks (tools/bench):
# source it. It defines ROOT (this checkout) and functions; a caller sets its own shell
# options and, where it needs one, its scratch directory WORK (outside the tree).
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# copy_workspace DIR: a private copy of the workspace's tracked files (with .deps and
# .bazelrc.local linked and copied), so that a test can edit sources and build without
# touching the developer's tree.
copy_workspace() {
  mkdir -p "$1"
  (cd "$ROOT" && git ls-files -z | xargs -0 -I{} cp -P --parents {} "$1/")
  ln -s "$ROOT/.deps" "$1/.deps"
  cp "$ROOT/.bazelrc.local" "$1/.bazelrc.local"
}

# bz DIR bazel-args...: Bazel in DIR with the output root $WORK/root.
bz() {
  local dir="$1"; shift
  (cd "$dir" && tools/bazel --output_user_root="$WORK/root" "$@")
}

# execlog ARGS...: tools/tests/execlog (reads Bazel's JSON execution log).
execlog() { (cd "$ROOT" && GOTOOLCHAIN=local GOFLAGS=-mod=mod go run ./tools/tests/execlog "$@"); }

# timed CMD...: runs CMD with its output discarded, prints its wall time in seconds.
timed() {
  local t0 t1
  t0=$(date +%s.%N)
  "$@" >/dev/null 2>&1
  t1=$(date +%s.%N)
  echo "$t1 - $t0" | bc
}

# median: of the lines on stdin (";"- or newline-separated), by their first number;
# prints the whole median line.
median() { tr ';' '\n' | sed '/^$/d' | sort -n -k1,1 | awk '{l[NR]=$0} END {print l[int((NR+1)/2)]}'; }

# user_workspace DIR: DIR becomes a workspace of its own that uses this checkout as
# @rules_sycl, as a user's does (e2e/workspace's WORKSPACE and .bazelrc, with paths into
# this checkout, without the e2e workspace's own device package). Scratch projects of the
# benchmarks live there, outside the source tree. Run Bazel in it with user_bazel.
user_workspace() {
  mkdir -p "$1"
  sed -e "s|\"\\.\\./\\.\\.\"|\"$ROOT\"|; s|\"\\.\\./\\.\\./\\.deps/|\"$ROOT/.deps/|" \
    -e '/^register_toolchains("\/\/devices:all")$/d' "$ROOT/e2e/workspace/WORKSPACE" >"$1/WORKSPACE"
  sed "s|%workspace%/../../.bazelrc.local|$ROOT/.bazelrc.local|" "$ROOT/e2e/workspace/.bazelrc" >"$1/.bazelrc"
  grep -q "\"$ROOT\"" "$1/WORKSPACE" || { echo "user_workspace: e2e/workspace/WORKSPACE has no local_repository for rules_sycl" >&2; return 1; }
}

# user_bazel DIR bazel-args...: Bazel in the user workspace DIR with the output root $WORK/root.
user_bazel() {
  local dir="$1"; shift
  (cd "$dir" && bazel --output_user_root="$WORK/root" "$@")
}

# free_port: a free TCP port on 127.0.0.1.
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# wait_port PORT: waits up to 20 s for something to listen on 127.0.0.1:PORT; fails if
# nothing does.
wait_port() {
  local _
  for _ in $(seq 100); do
    python3 -c "import socket; socket.create_connection(('127.0.0.1', $1), 0.2)" 2>/dev/null && return 0
    sleep 0.2
  done
  return 1
}

# start_nginx_cache DIR: an nginx WebDAV server on 127.0.0.1 for Bazel's
# --remote_cache=http://127.0.0.1:PORT, its blobs and logs under DIR; prints PORT. Its pid
# is in DIR/nginx.pid (stop it with kill).
start_nginx_cache() {
  local dir="$1" nginx port
  nginx="$(command -v nginx || echo /usr/sbin/nginx)"
  [ -x "$nginx" ] || { echo "nginx is not installed (tools/bootstrap.sh installs it)" >&2; return 1; }
  port=$(free_port)
  mkdir -p "$dir/logs" "$dir/cache" "$dir/tmp"
  # 1024 connections: Bazel uploads through up to 100 at once (--remote_max_connections);
  # with 64, uploads failed ("N errors during bulk transfer") and their actions missed.
  cat >"$dir/nginx.conf" <<CONF
user root;
worker_processes 1;
pid $dir/nginx.pid;
error_log $dir/logs/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $dir/tmp;
  server {
    listen 127.0.0.1:$port;
    location / {
      root $dir/cache;
      dav_methods PUT;
      create_full_put_path on;
      client_max_body_size 4g;
    }
  }
}
CONF
  "$nginx" -p "$dir" -c "$dir/nginx.conf" || return 1
  wait_port "$port" || { echo "nginx did not start" >&2; return 1; }
  echo "$port"
}

# start_buildgrid DIR: BuildGrid (the pinned release in .deps/buildgrid) on 127.0.0.1 with
# tools/tests/bot/buildgrid.yml (CAS, action cache, execution, bots), its files and log
# under DIR; prints PORT (--remote_cache= or --remote_executor=grpc://127.0.0.1:PORT).
# Its pid is in DIR/bgd.pid (stop it with kill).
start_buildgrid() {
  local dir="$1" bgd="$ROOT/.deps/buildgrid/bin/bgd" port
  [ -x "$bgd" ] || { echo "BuildGrid is not installed in .deps/buildgrid (run tools/bootstrap.sh)" >&2; return 1; }
  port=$(free_port)
  mkdir -p "$dir"
  sed -e "s|@PORT@|$port|" -e "s|@DIR@|$dir|g" "$ROOT/tools/tests/bot/buildgrid.yml" >"$dir/bgd.yml"
  "$bgd" server start "$dir/bgd.yml" >"$dir/bgd.log" 2>&1 </dev/null &
  echo $! >"$dir/bgd.pid"
  wait_port "$port" || { tail -20 "$dir/bgd.log" >&2; echo "BuildGrid did not start" >&2; return 1; }
  echo "$port"
}

# run_dpcpp_binary WS NAME: runs the built binary //gen:NAME of the user workspace WS, a
# program on Intel's libsycl, from its runfiles on Intel's CPU OpenCL device (as its
# tests would).
run_dpcpp_binary() {
  (cd "$1/bazel-bin/gen/$2.runfiles/sycl_user" &&
    OCL_ICD_FILENAMES="$PWD/external/sycl_dpcpp/lib/libintelocl.so" OCL_ICD_VENDORS=/nonexistent "../../$2")
}
