#!/usr/bin/env bash
# Every plot of docs/perf shows its full labels and values: each SVG is opened in
# headless Chromium inside a page whose script measures every <text> element's box
# (getBBox, the browser's own text layout) against the SVG's width and height, and
# writes what it found into the DOM, which --dump-dom returns. A screenshot of each plot
# is kept in the test's undeclared outputs.
set -euo pipefail
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp="${TEST_TMPDIR:-$(mktemp -d)}"
out="${TEST_UNDECLARED_OUTPUTS_DIR:-$tmp}"
# shellcheck source=tools/tests/chromium.sh
source tools/tests/chromium.sh
[ "$#" -gt 0 ] || fail "no plots given"
for svg in "$@"; do
  name="$(basename "$svg" .svg)"
  page="$tmp/$name.html"
  {
    printf '<!DOCTYPE html><html><body style="margin:0">\n'
    cat "$svg"
    cat <<'JS'
<script>
const svg = document.querySelector("svg");
const W = svg.width.baseVal.value, H = svg.height.baseVal.value;
const bad = [];
let n = 0;
for (const t of svg.querySelectorAll("text")) {
  const b = t.getBBox();
  n++;
  if (b.x < 0 || b.y < 0 || b.x + b.width > W || b.y + b.height > H) {
    bad.push(t.textContent + " [" + Math.round(b.x) + ".." + Math.round(b.x + b.width) + " of 0.." + W + "]");
  }
}
const r = document.createElement("pre");
r.id = "result";
r.textContent = (bad.length ? "CUT " + bad.join(" | ") : "FITS " + n);
document.body.appendChild(r);
</script></body></html>
JS
  } >"$page"
  dom="$(chrome --dump-dom "file://$page")" || { tail -5 "$tmp/chromium.log"; fail "chromium on $name"; }
  result="$(grep -o '<pre id="result">[^<]*' <<<"$dom" | sed 's/<pre id="result">//')"
  case "$result" in
    FITS*) echo "ok: $name.svg: every text inside the plot (${result#FITS } texts)" ;;
    *) fail "$name.svg: text outside the plot: ${result:-no result (the script did not run)}" ;;
  esac
  w="$(sed -n 's/.*<svg [^>]*width="\([0-9]*\)".*/\1/p' "$svg" | head -1)"
  h="$(sed -n 's/.*<svg [^>]*height="\([0-9]*\)".*/\1/p' "$svg" | head -1)"
  # Headless Chromium lays out short windows oddly: screenshots are at least 300 px high.
  [ "$h" -ge 300 ] || h=300
  chrome --window-size="$w,$h" --screenshot="$out/$name.png" "file://$(cd "$(dirname "$svg")" && pwd)/$(basename "$svg")" >/dev/null || true
done
