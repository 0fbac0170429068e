package report

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/devconfig"
)

// TestManyKernelsBuild: a per-kernel split of 20,000 kernels on two targets builds every
// cell (each a lookup, no longer a scan of every image: 200,000 kernels took 42 s).
func TestManyKernelsBuild(t *testing.T) {
	const n = 20000
	dir := t.TempDir()
	var tab strings.Builder
	tab.WriteString("[Code|Symbols]\n")
	syms := filepath.Join(dir, "syms")
	os.Mkdir(syms, 0o755)
	for i := 0; i < n; i++ {
		fmt.Fprintf(&tab, "img.spv|syms/k%d.sym\n", i)
		os.WriteFile(filepath.Join(syms, fmt.Sprintf("k%d.sym", i)), []byte(fmt.Sprintf("_ZTS1K%d\n", i)), 0o644)
	}
	os.WriteFile(filepath.Join(dir, "img.spv"), []byte("x"), 0o644)
	table := filepath.Join(dir, "files.table")
	os.WriteFile(table, []byte(tab.String()), 0o644)
	specs := []Spec{{"spir64", table, table}, {"pocl_cpu", table, table}}
	r, err := Build("many", devconfig.Default(), specs, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Kernels) != n || len(r.Cells) != n || r.Targets[0].Covered != n {
		t.Errorf("%d kernels, %d rows, %d covered; want %d", len(r.Kernels), len(r.Cells), r.Targets[0].Covered, n)
	}
}
