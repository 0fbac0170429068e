#!/usr/bin/env bash
# Editing one kernel of examples/optional_features and rebuilding re-runs the AOT action
# of exactly one shard per target (3 targets: 3 of the 24 AOT actions) and its filter
# action per AOT target (pocl_cpu, nvidia_gpu_sm_90; generic spir64 is not filtered), read
# from --execution_log_json_file.
# Why a script, not a Bazel test: it edits a source between two builds and reads Bazel's
# execution log.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
WORK="$(mktemp -d)"
trap 'bz "$WORK/ws" shutdown >/dev/null 2>&1 || true; rm -rf "$WORK"' EXIT
copy_workspace "$WORK/ws"
bz "$WORK/ws" build //examples/optional_features >/dev/null 2>&1
sed -i 's/vd\[i\] = double(i) \* 0.5;/vd[i] = double(i) * 0.25;/' "$WORK/ws/examples/optional_features/optional_features.cpp"
grep -q 'double(i) \* 0.25' "$WORK/ws/examples/optional_features/optional_features.cpp"
bz "$WORK/ws" build //examples/optional_features --execution_log_json_file="$WORK/log.json" >/dev/null 2>&1
summary="$(execlog -prefix Sycl "$WORK/log.json")"
echo "$summary"
aot=$(sed -n 's/^SyclAot executed=\([0-9]*\).*/\1/p' <<<"$summary")
filter=$(sed -n 's/^SyclFilter executed=\([0-9]*\).*/\1/p' <<<"$summary")
[ "${aot:-0}" = 3 ] && [ "${filter:-0}" = 2 ] || { echo "FAIL: want 3 SyclAot and 2 SyclFilter re-runs (one shard per target), got ${aot:-0} and ${filter:-0}" >&2; exit 1; }
echo "ok: one kernel edit re-ran 3 of 24 AOT actions"
