package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/cli"
)

// TestLargeMetadataIDsChain: an input whose metadata IDs are near LLVM's 32-bit limit
// makes propagate number new nodes past 999,999,999; post-link and split must read
// propagate's own output (they rejected it as a malformed attachment).
func TestLargeMetadataIDsChain(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.ll")
	os.WriteFile(in, []byte("define spir_kernel void @k(ptr %p) !dbg !999999999 {\n  %v = load double, ptr %p, align 8\n  store double %v, ptr %p, align 8\n  ret void\n}\n!999999999 = !{}\n"), 0o644)
	run := func(args ...string) {
		t.Helper()
		var out bytes.Buffer
		if code := newTool().Main(append([]string{"sycl-device"}, args...), &cli.Env{Stdout: &out, Stderr: &out}); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, out.String())
		}
	}
	prop := filepath.Join(dir, "prop.ll")
	run("propagate", "-o", prop, in)
	if b, _ := os.ReadFile(prop); !bytes.Contains(b, []byte("!sycl_used_aspects !1000000000")) { // a plain i32 list: no pair node (no !sycl_aspects)
		t.Fatalf("propagate did not number past 999,999,999:\n%s", b)
	}
	run("post-link", "-S", "-symbols", "-properties", "-o", filepath.Join(dir, "t.table"), prop)
	run("split", "--shards=2", "--out-dir="+filepath.Join(dir, "s"), prop)
}
