package aot

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/cli"
)

// FuzzCompileTable: any table (dry run, so no tool runs) gives either an error that names
// the table, or commands whose file arguments stay inside the table's and the output
// directory and never look like options; nothing panics.
func FuzzCompileTable(f *testing.F) {
	f.Add("[Code|Symbols]\na.ll|a.sym\n", "nvidia_gpu_sm_90")
	f.Add("[Code|Properties]\na.ll|a.prop\n", "spir64")
	f.Add("[Code]\n-load=evil.so\n", "spir64")
	f.Add("[Code]\n../x.ll\n", "intel_gpu_tgllp")
	f.Add("[Code]\n/etc/passwd\n", "pocl_cpu")
	f.Add("[Code]\na.ll\nsub/a.ll\n", "spir64")
	f.Add("[Properties]\na.prop\n", "spir64")
	f.Add("[Code]\n.\n", "spir64") // found by this target: the table's own directory as an input
	f.Fuzz(func(t *testing.T, table, targetName string) {
		var tgt = map[string]bool{"spir64": true, "pocl_cpu": true, "intel_gpu_tgllp": true, "nvidia_gpu_sm_90": true}
		if !tgt[targetName] {
			targetName = "spir64"
		}
		dir := t.TempDir()
		tab := filepath.Join(dir, "t.table")
		if err := os.WriteFile(tab, []byte(table), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, f := range []string{"a.ll", "a.sym", "a.prop"} {
			os.WriteFile(filepath.Join(dir, f), []byte(""), 0o644)
		}
		var out bytes.Buffer
		img := filepath.Join(dir, "img")
		err := Compile(&cli.Env{Stdout: &out, Stderr: &out}, tab, target(t, targetName), tools, img, true)
		if err != nil {
			if !strings.HasPrefix(err.Error(), tab) {
				t.Fatalf("error does not name the table: %v", err)
			}
			return
		}
		for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
			fields := strings.Fields(line)
			for i, a := range fields {
				if i == 0 || strings.HasPrefix(a, "-") {
					continue // the tool, and its own options
				}
				if !strings.HasPrefix(a, "/") {
					continue
				}
				// A file argument lies strictly inside the table's directory ("..0" is a
				// file name; ".." as a component would climb).
				if rel, err := filepath.Rel(dir, a); err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, "../") {
					t.Fatalf("a path outside the table's directory: %q in %q", a, line)
				}
			}
		}
	})
}
