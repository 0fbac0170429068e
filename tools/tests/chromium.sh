# shellcheck shell=bash
# Sourced by the tests that open pages in Debian's headless Chromium
# (//sycl/tests/report:report_browser_test, //tools/bench/plot:plots_fit_test).
# Defines chrome ARGS...: one headless run with a throw-away profile under $tmp (the
# caller sets tmp), no network, no sandbox (the test sandbox is one), stderr kept in
# $tmp/chromium.log. Fails the test when chromium is not installed.
command -v chromium >/dev/null || { echo "FAIL: chromium is not installed (tools/bootstrap.sh installs Debian's chromium)" >&2; exit 1; }
export HOME="${tmp:?the caller sets tmp}/home"
mkdir -p "$HOME"
chrome() {
  timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-dev-shm-usage \
    --no-first-run --no-default-browser-check --disable-background-networking \
    --disable-component-update --disable-sync --disable-extensions --hide-scrollbars \
    --user-data-dir="$tmp/profile" "$@" 2>"$tmp/chromium.log"
}
