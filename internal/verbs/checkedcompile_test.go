package verbs_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/cli"
	"github.com/rules-sycl/rules_sycl/internal/verbs"
)

// TestCheckedCompile: a compile (a stand-in that writes the dependency file -MD asks
// for) passes when it read only declared inputs, files under a built-in include
// directory and the compiler's own resource headers, and fails naming each other file;
// a failing compiler fails the verb.
func TestCheckedCompile(t *testing.T) {
	dir := t.TempDir()
	fake := filepath.Join(dir, "cc.sh")
	os.WriteFile(fake, []byte(`#!/bin/sh
[ "$1" = -print-resource-dir ] && { echo /opt/cc/lib/clang/22; exit 0; }
while [ $# -gt 0 ]; do
  [ "$1" = -MF ] && out="$2"
  [ "$1" = --fail ] && { echo "x.cpp:1:1: error: boom" >&2; exit 1; }
  [ "$1" = --deps ] && deps="$2"
  shift
done
printf 'x.o: %s\n' "$deps" >"$out"
`), 0o755)
	declared := filepath.Join(dir, "declared")
	os.WriteFile(declared, []byte("pkg/x.cpp\npkg/x.h\n"), 0o644)
	run := func(args ...string) (int, string) {
		tl := cli.New("sycl-device")
		tl.Register(verbs.All()...)
		var o, e bytes.Buffer
		all := append([]string{"sycl-device", "checked-compile", "--declared-inputs=" + declared, "--source=pkg/x.cpp",
			"--builtin-include-dir=/usr/include", "--"}, args...)
		return tl.Main(all, &cli.Env{Stdout: &o, Stderr: &e}), e.String()
	}
	// The compiler's own resource directory (asked with -print-resource-dir) is its own.
	if code, msg := run(fake, "--deps", `pkg/x.cpp pkg/./x.h /usr/include/stdio.h /opt/cc/lib/clang/22/include/stddef.h`); code != 0 {
		t.Errorf("declared inputs only: exit %d: %s", code, msg)
	}
	code, msg := run(fake, "--deps", `pkg/x.cpp /abs/dev.h \
 pkg/hidden.h`)
	if code != 1 || !strings.Contains(msg, "pkg/x.cpp: error: undeclared inclusion in the device compile: /abs/dev.h (an absolute path") ||
		!strings.Contains(msg, "pkg/x.cpp: error: undeclared inclusion in the device compile: pkg/hidden.h (not in the hdrs") {
		t.Errorf("undeclared: exit %d: %s", code, msg)
	}
	if code, msg := run(fake, "--fail"); code != 1 || !strings.Contains(msg, "x.cpp:1:1: error: boom") || !strings.Contains(msg, "the device compile failed") {
		t.Errorf("a failing compiler: exit %d: %s", code, msg)
	}
}
