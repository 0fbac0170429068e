package main

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/cli"
)

// TestVerbsAreDeterministic runs every verb twice, from two different working
// directories on identical inputs, and compares all outputs byte for byte: nothing may
// depend on the directory, the time, the user or map iteration order.
func TestVerbsAreDeterministic(t *testing.T) {
	ir, err := os.ReadFile("../../internal/split/testdata/aspects.ll")
	if err != nil {
		t.Fatal(err)
	}
	wd, _ := os.Getwd()
	defer os.Chdir(wd)
	run := func(dir string) map[string][]byte {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, "in.ll"), ir, 0o644)
		if err := os.Chdir(dir); err != nil {
			t.Fatal(err)
		}
		defer os.Chdir(wd)
		steps := [][]string{
			{"propagate", "--validate", "-o", "prop.ll", "in.ll"},
			{"post-link", "-split=auto", "-S", "-symbols", "-properties", "-emit-kernel-reqs", "-o", "pl/out.table", "-o", "intel_gpu_pvc,pl/pvc.table", "prop.ll"},
			{"split", "--shards=4", "--out-dir=shards", "prop.ll"},
			{"aspect-filter", "-target=intel_gpu_tgllp", "-o", "pl/tgl.table", "pl/out.table"},
			{"aot", "-target=intel_gpu_pvc", "--dry-run", "--llc=llc", "--ocloc=ocloc", "--out-dir=img", "pl/out.table"},
			{"wrap", "--table=spir64:spirv:pl/out.table", "--id=//a:b", "-o", "wrap.c"},
			{"traits", "--targets=pocl_cpu,intel_gpu_pvc", "-o", "traits.h"},
			{"devices", "--format=json"},
			{"inspect", "--target=pocl_cpu", "pl/out.table"},
		}
		os.MkdirAll("pl", 0o755)
		out := map[string][]byte{}
		for i, s := range steps {
			tool := newTool()
			var stdout, stderr bytes.Buffer
			if code := tool.Main(append([]string{"sycl-device"}, s...), &cli.Env{Stdout: &stdout, Stderr: &stderr}); code != 0 {
				t.Fatalf("%v: exit %d: %s", s, code, stderr.String())
			}
			out[filepath.Join("stdout", s[0], string(rune('0'+i)))] = stdout.Bytes()
			out[filepath.Join("stderr", s[0], string(rune('0'+i)))] = stderr.Bytes()
		}
		filepath.Walk(".", func(p string, info os.FileInfo, err error) error {
			if err == nil && !info.IsDir() {
				out[p], _ = os.ReadFile(p)
			}
			return nil
		})
		return out
	}
	base := t.TempDir()
	a := run(filepath.Join(base, "first"))
	b := run(filepath.Join(base, "somewhere", "else", "entirely"))
	var names []string
	for k := range a {
		names = append(names, k)
	}
	sort.Strings(names)
	if len(a) != len(b) || len(a) < 20 {
		t.Fatalf("%d outputs vs %d", len(a), len(b))
	}
	for _, n := range names {
		if !bytes.Equal(a[n], b[n]) {
			t.Errorf("%s differs between the two runs", n)
		}
	}
}
