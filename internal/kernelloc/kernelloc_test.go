package kernelloc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/llvmir"
)

func TestReadAndDescribe(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "k.locs")
	os.WriteFile(f, []byte("_ZTS7KDouble\ta.cpp:50\n_ZTS4KInt\ta.cpp:49\n"), 0o644)
	m, err := Read(f)
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Describe([]string{"_ZTS7KDouble"}); got != "kernel KDouble (a.cpp:50)" {
		t.Errorf("one: %q", got)
	}
	if got := m.Describe([]string{"_ZTS4KInt", "_ZTS7KDouble", "plain"}); got != "kernels KInt (a.cpp:49), KDouble (a.cpp:50), plain" {
		t.Errorf("three: %q", got)
	}
	bad := filepath.Join(dir, "bad.locs")
	os.WriteFile(bad, []byte("_ZTS7KDouble a.cpp:50\n"), 0o644)
	if _, err := Read(bad); err == nil || !strings.Contains(err.Error(), "bad.locs:1: not symbol<TAB>location") {
		t.Errorf("malformed: %v", err)
	}
	if m, err := Read(""); err != nil || len(m) != 0 {
		t.Errorf("empty name: %v %v", m, err)
	}
}

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
	data := Format(m)
	if strings.Count(string(data), "\n") != 1 {
		t.Fatalf("one kernel, %d lines: %q", strings.Count(string(data), "\n"), data)
	}
	file := filepath.Join(t.TempDir(), "k.kernels")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	locs, err := Read(file)
	if err != nil {
		t.Fatalf("the locations file does not read back: %v", err)
	}
	if got := locs["k"]; !strings.Contains(got, `odd\nname\t.cpp:7`) {
		t.Errorf("location %q", got)
	}
}
