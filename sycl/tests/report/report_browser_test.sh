#!/usr/bin/env bash
# The compatibility report of //sycl/tests/report:five_targets renders in a real browser:
# headless Chromium loads it (file://, no network), its DOM has one row per kernel and one
# column per target, the cells say what DPC++'s runtime would, and a screenshot is taken
# (kept in the test's undeclared outputs: report.png).
set -euo pipefail
fail() { echo "FAIL: $*" >&2; exit 1; }
html="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
[ -s "$html" ] || fail "no report at $1"

# Self-contained: no script, no external stylesheet, image or font.
page="$(cat "$html")"
if grep -qiE '<script|<link |src="http|href="http|url\(' <<<"$page"; then
  fail "the report refers to external assets or scripts"
fi

tmp="${TEST_TMPDIR:-$(mktemp -d)}"
# shellcheck source=tools/tests/chromium.sh
source tools/tests/chromium.sh
dom="$(chrome --dump-dom "file://$html")" || { tail -20 "$tmp/chromium.log"; fail "chromium --dump-dom failed"; }
# One line per table row: a cell of a target with two images (a cubin and its PTX) has a
# title of two lines.
dom="$(tr '\n' ' ' <<<"$dom" | sed 's#</tr>#&\n#g')"
rows=$(grep -o '<tr class="kernel">' <<<"$dom" | wc -l)
cols=$(grep -o '<th class="target">' <<<"$dom" | wc -l)
[ "$rows" -eq 4 ] || fail "the rendered page has $rows kernel rows, want 4 (KAtomic, KDouble, KHalf, KInt)"
[ "$cols" -eq 5 ] || fail "the rendered page has $cols target columns, want 5"
for t in spir64 pocl_cpu nvidia_gpu_sm_90 intel_gpu_tgllp intel_gpu_pvc; do
  grep -q "<th class=\"target\">$t<" <<<"$dom" || fail "no column for $t"
done
# DPC++'s runtime wording for what tgllp lacks (the double and the 64-bit atomic kernel).
row() { grep -o "<tr class=\"kernel\"><th class=\"kernel\">$1<.*</tr>" <<<"$dom" | head -1; }
kdouble="$(row KDouble)"
[ -n "$kdouble" ] || fail "no KDouble row"
grep -q 'Required aspect fp64 is not supported on the device' <<<"$kdouble" || fail "KDouble's row lacks the fp64 reason: $kdouble"
grep -q 'class="ok"' <<<"$kdouble" || fail "KDouble has an image on no AOT target: $kdouble"
grep -q '<span class="loc">examples/optional_features/optional_features.cpp:50</span>' <<<"$kdouble" || fail "KDouble's row lacks its source line: $kdouble"
kint="$(row KInt)"
[ "$(grep -o '<td class="none"' <<<"$kint" | wc -l)" -eq 0 ] || fail "KInt is missing somewhere: $kint"
grep -q '<tr class="summary">' <<<"$dom" || fail "no summary row"

# A screenshot: a PNG of the window's size.
out="${TEST_UNDECLARED_OUTPUTS_DIR:-$tmp}"
chrome --window-size=1280,720 --screenshot="$out/report.png" "file://$html" >/dev/null || { tail -20 "$tmp/chromium.log"; fail "chromium --screenshot failed"; }
[ -s "$out/report.png" ] || fail "no screenshot"
sig="$(head -c 8 "$out/report.png" | od -An -tx1 | tr -d ' \n')"
[ "$sig" = 89504e470d0a1a0a ] || fail "the screenshot is not a PNG ($sig)"
dims="$(od -An -tu1 -j16 -N8 "$out/report.png" | tr -s ' ')"
read -r w3 w2 w1 w0 h3 h2 h1 h0 <<<"$dims"
w=$(( (w3 << 24) | (w2 << 16) | (w1 << 8) | w0 ))
h=$(( (h3 << 24) | (h2 << 16) | (h1 << 8) | h0 ))
[ "$w" -eq 1280 ] && [ "$h" -eq 720 ] || fail "screenshot is ${w}x${h}, want 1280x720"
echo "ok: $rows kernels x $cols targets rendered by $(chromium --version 2>/dev/null | head -1); screenshot ${w}x${h} ($(wc -c <"$out/report.png") bytes)"
