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
#     default), then REPS times with --jobs=16 as well (lookups 16 at a time instead of
#     one per core). Every spawn of B's build must be a remote cache hit: none executed.
# Prints the wall times and B's ratio to the clean local build (goal <= 0.15). The timed
# builds are the builds a user runs: what ran comes from Bazel's own summary line
# ("N processes: ..."), not from an execution log, whose writing (every spawn's inputs)
# would add seconds to both builds.
#   tools/bench/teammate.sh [REPS] [OUT]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
source tools/lib.sh
# The user workspaces below read this checkout's .deps (quiet unless it fails).
boot=$(tools/bootstrap.sh 2>&1) || { echo "$boot" >&2; exit 1; }
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
# fresh WS: WS's output base removed (the external repositories come again from the
# repository cache that both clones share, as on a teammate's machine that has built before).
fresh() { user_bazel "$WORK/$1" clean --expunge >/dev/null 2>&1; }
# build WS FLAGS...: builds //gen:modular in WS; prints its wall time, a tab, and the
# processes of Bazel's summary line ("1174 remote cache hit, 22 internal" and the like).
build() {
  local ws="$1" t0 t1 procs; shift
  t0=$(date +%s.%N)
  if ! user_bazel "$WORK/$ws" build --local_cpu_resources=2 //gen:modular "$@" >"$WORK/build.log" 2>&1 ||
    [ ! -x "$WORK/$ws/bazel-bin/gen/modular" ]; then
    echo "the build in $ws failed:" >&2; tail -20 "$WORK/build.log" >&2; return 1
  fi
  t1=$(date +%s.%N)
  procs=$(sed -n 's/^INFO: [0-9]* processe*s*: \(.*\)\.$/\1/p' "$WORK/build.log" | tail -1)
  [ -n "$procs" ] || { echo "no process summary in the build's output:" >&2; tail -5 "$WORK/build.log" >&2; return 1; }
  printf '%.2f\t%s\n' "$(echo "$t1 - $t0" | bc)" "$procs"
}
# executed "SUMMARY": the processes that neither were a remote cache hit nor Bazel's own.
executed() { tr ',' '\n' <<<"$1" | awk '{n = $1; $1 = ""; sub(/^ /, "")} $0 != "internal" && $0 != "remote cache hit" {e += n} END {print e + 0}'; }
# runs WS: the binary of WS runs and checks its kernels on Intel's CPU OpenCL device.
runs() { run_dpcpp_binary "$WORK/$1" modular; }
# An untimed first build fills the repository cache that later fresh output bases use.
user_bazel "$WORK/a" build --noshow_progress //gen:modular >"$WORK/build.log" 2>&1 || { echo "the first build failed:" >&2; tail -20 "$WORK/build.log" >&2; exit 1; }
fresh a
res=$(build a)
IFS=$'\t' read -r local_s procs <<<"$res"
echo "A's clean local build (no cache, fresh output base): ${local_s}s, processes: $procs"
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
  up=$(build a "$flag" | cut -f1)
  echo "$cache: A's build uploading every result: ${up}s"
  for mode in all toplevel jobs; do
    case "$mode" in
      all) more=() what="teammate" label="" ;;
      toplevel) more=(--remote_download_toplevel) what="teammate-toplevel" label=", --remote_download_toplevel" ;;
      # Bazel looks a spawn up in the cache on one of its --jobs threads (as many as
      # cores by default: 2 here), so the lookups wait on the cache's latency two at a time.
      jobs) more=(--remote_download_toplevel --jobs=16) what="teammate-toplevel-jobs16" label=", --remote_download_toplevel --jobs=16" ;;
    esac
    times=""
    for ((r = 0; r < reps; r++)); do
      fresh b
      res=$(build b "$flag" "${more[@]}")
      IFS=$'\t' read -r s procs <<<"$res"
      n=$(executed "$procs")
      echo "$cache: B's build $((r + 1))$label: ${s}s, processes: $procs (executed: $n)"
      [ "$n" = 0 ] || fail=1
      times+="$s;"
      [ -z "$out" ] || printf '%s\t%s\t%.2f\t%d\n' "$cache" "$what" "$s" "$n" >>"$out"
    done
    if [ "$cache$mode" = nginxall ]; then
      # What an execution log (every spawn with its inputs, as JSON) adds to this build:
      # why the timed builds above write none.
      fresh b
      res=$(build b "$flag" --execution_log_json_file="$WORK/team.json")
      echo "$cache: B's build writing --execution_log_json_file (not counted): $(cut -f1 <<<"$res")s"
    fi
    b=$(runs b) || { echo "$cache: B's binary failed$label: $b" >&2; exit 1; }
    med=$(median <<<"$times")
    echo "ratio $cache$label (teammate median / clean local): $(echo "scale=3; $med / $local_s" | bc)x (goal <= 0.15, 0 actions executed); B's binary: $b"
  done
done
exit "$fail"
