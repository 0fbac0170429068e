#!/usr/bin/env bash
# A teammate's build from the team's shared cache: the SYCL 2020 project of
# tools/bench/gen_sycl2020.sh (TUS TUs, default 16, rdc RDC, default off, on TARGETS,
# default spir64,intel_cpu,intel_gpu_tgllp,intel_gpu_pvc) in two clones of one commit, each
# a workspace with its own output base (A: the one who built first; B: the teammate).
#  1. A builds it with no cache in a fresh output base: the clean local build (the tools
#     and every action built, external repositories extracted from the repository cache).
#  2. For each cache (nginx's WebDAV, --remote_cache=http://; BuildGrid's CAS and action
#     cache, --remote_cache=grpc://): A builds it again from a fresh output base, uploading
#     every result; then, REPS times, B builds the same commit from a fresh output base
#     with that cache (every output downloaded: the binary runs), then REPS times with
#     --remote_download_toplevel (only the binary and its runfiles downloaded: Bazel 7's
#     default). Every spawn of B's build must be a remote cache hit: none executed.
# Prints the wall times and B's ratio to the clean local build (goal <= 0.15).
#   tools/bench/teammate.sh [REPS] [OUT]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
source tools/lib.sh
reps="${1:-3}"; out="${2:-}"
WORK="$(mktemp -d)"
stop() {
  for p in "$WORK/nginx/nginx.pid" "$WORK/bgd/bgd.pid"; do
    [ -f "$p" ] && kill "$(cat "$p")" 2>/dev/null || true
  done
  for ws in a b; do user_bazel "$WORK/$ws" shutdown >/dev/null 2>&1 || true; done
  rm -rf "$WORK"
}
trap stop EXIT
tus="${TUS:-16}"; rdc="${RDC:-off}"; targets="${TARGETS:-spir64,intel_cpu,intel_gpu_tgllp,intel_gpu_pvc}"
echo "project: $((tus * 4)) kernels in $tus TUs (SYCL 2020, DPC++'s front end), rdc $rdc; targets: $targets"
user_workspace "$WORK/a"
tools/bench/gen_sycl2020.sh "$WORK/a/gen" "$tus" 4 "$targets" "$rdc"
cp -r "$WORK/a" "$WORK/b" # the teammate's clone, before anything is built
tools/bazel build --noshow_progress //tools/tests/execlog >/dev/null 2>&1
execlog="$(readlink -f bazel-bin/tools/tests/execlog/execlog_/execlog)"
# fresh WS: WS's output base removed (the external repositories come again from the
# repository cache that both clones share, as on a teammate's machine that has built before).
fresh() { user_bazel "$WORK/$1" clean --expunge >/dev/null 2>&1; }
# build WS LOG FLAGS...: builds //gen:modular in WS, prints its wall time.
build() {
  local ws="$1" log="$2" secs; shift 2
  secs=$(timed user_bazel "$WORK/$ws" build --noshow_progress --local_cpu_resources=2 //gen:modular --execution_log_json_file="$log" "$@")
  [ -x "$WORK/$ws/bazel-bin/gen/modular" ] || { echo "the build in $ws failed" >&2; user_bazel "$WORK/$ws" build //gen:modular "$@" 2>&1 | tail -20 >&2; return 1; }
  printf '%.2f\n' "$secs"
}
# runs WS: the binary of WS runs and checks its kernels on Intel's CPU OpenCL device.
runs() { run_dpcpp_binary "$WORK/$1" modular; }
# An untimed first build fills the repository cache that later fresh output bases use.
user_bazel "$WORK/a" build --noshow_progress //gen:modular >/dev/null 2>&1 || { echo "the first build failed" >&2; exit 1; }
fresh a
local_s=$(build a "$WORK/local.json")
echo "A's clean local build (no cache, fresh output base): ${local_s}s, $("$execlog" -runners "$WORK/local.json" | tr '\n' ' ')"
echo "binary: $(runs a)"
[ -z "$out" ] || printf 'cache\tbuild\tseconds\texecuted\n' >"$out"
[ -z "$out" ] || printf 'none\tlocal\t%.2f\t-\n' "$local_s" >>"$out"
fail=0
for cache in nginx buildgrid; do
  if [ "$cache" = nginx ]; then
    port=$(start_nginx_cache "$WORK/nginx") || exit 1
    flag="--remote_cache=http://127.0.0.1:$port"
  else
    port=$(start_buildgrid "$WORK/bgd") || exit 1
    flag="--remote_cache=grpc://127.0.0.1:$port"
  fi
  fresh a
  up=$(build a "$WORK/upload.json" "$flag")
  echo "$cache: A's build uploading every result: ${up}s"
  for mode in all toplevel; do
    more=() what="teammate" label=""
    [ "$mode" = toplevel ] && more=(--remote_download_toplevel) what="teammate-toplevel" label=", --remote_download_toplevel"
    times=""
    for ((r = 0; r < reps; r++)); do
      fresh b
      s=$(build b "$WORK/team.json" "$flag" "${more[@]}")
      summary=$("$execlog" -runners "$WORK/team.json")
      executed=$(awk '!/^remote cache hit [0-9]+$/ {n += $NF} END {print n + 0}' <<<"$summary")
      echo "$cache: B's build $((r + 1))$label: ${s}s, $(tr '\n' ' ' <<<"$summary")(executed: $executed)"
      [ "$executed" = 0 ] || { "$execlog" -executed "$WORK/team.json" | head -5; fail=1; }
      times+="$s;"
      [ -z "$out" ] || printf '%s\t%s\t%.2f\t%d\n' "$cache" "$what" "$s" "$executed" >>"$out"
    done
    b=$(runs b) || { echo "$cache: B's binary failed$label: $b" >&2; exit 1; }
    med=$(median <<<"$times")
    echo "ratio $cache$label (teammate median / clean local): $(echo "scale=3; $med / $local_s" | bc)x (goal <= 0.15, 0 actions executed); B's binary: $b"
  done
done
exit "$fail"
