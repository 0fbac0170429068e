package propagatecmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/kernelloc"
	"github.com/rules-sycl/rules_sycl/internal/llvmir"
)

// TestKernelLocationsReadBack: a file name with a newline and a tab (a DIFile may hold
// any byte) is written escaped, one kernel per line, and reads back.
func TestKernelLocationsReadBack(t *testing.T) {
	src := `define spir_kernel void @k() !dbg !3 {
  ret void
}

!llvm.dbg.cu = !{!0}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "odd\0Aname\09.cpp", directory: ".")
!3 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 7, unit: !0)
`
	m, err := llvmir.Parse("k.ll", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	data := KernelLocations(m)
	if strings.Count(string(data), "\n") != 1 {
		t.Fatalf("one kernel, %d lines: %q", strings.Count(string(data), "\n"), data)
	}
	file := filepath.Join(t.TempDir(), "k.kernels")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	locs, err := kernelloc.Read(file)
	if err != nil {
		t.Fatalf("the locations file does not read back: %v", err)
	}
	if got := locs["k"]; !strings.Contains(got, `odd\nname\t.cpp:7`) {
		t.Errorf("location %q", got)
	}
}
