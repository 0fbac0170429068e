#!/usr/bin/env bash
# Worker benchmark: 201 small sycl-device actions (67 x propagate -> split -> filter on
# a small module) with persistent multiplex workers and without (one sandboxed process
# per action). Each run gets a fresh --//tools/bench:salt, so every action executes and
# nothing else is rebuilt. Prints both times (median of REPS) and the ratio, and writes
# OUT (TSV) when given.
#   tools/bench/workers.sh [REPS] [OUT]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
source tools/lib.sh
reps="${1:-3}"; out="${2:-}"
B=(tools/bazel build --noshow_progress //tools/bench:worker_actions)
"${B[@]}" --//tools/bench:salt=warm >/dev/null 2>&1  # tools, analysis, worker start-up
run() { timed "${B[@]}" "--//tools/bench:salt=$2" "--//sycl:workers=$1"; } # mode salt -> seconds
stamp=$(date +%s%N)
on=(); off=()
for ((r = 0; r < reps; r++)); do
  on+=("$(run true "on$stamp$r")")
  off+=("$(run false "off$stamp$r")")
done
m_on=$(printf '%s\n' "${on[@]}" | median)
m_off=$(printf '%s\n' "${off[@]}" | median)
ratio=$(echo "scale=3; $m_on / $m_off" | bc)
echo "workers: 201 actions, median of $reps: with workers ${m_on}s, without ${m_off}s, ratio ${ratio}x"
if [ -n "$out" ]; then
  printf 'scenario\tseconds\n' >"$out"
  printf 'with workers\t%s\nwithout workers\t%s\n' "$m_on" "$m_off" >>"$out"
fi
