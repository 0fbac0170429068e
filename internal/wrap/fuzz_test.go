package wrap

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzGenerate: the wrap input path (table, .prop, .sym) never panics, whatever the
// files hold.
func FuzzGenerate(f *testing.F) {
	f.Add([]byte("[Code|Properties|Symbols]\na.bin|a.prop|a.sym\n"), []byte("[SYCL/device requirements]\naspects=2|AAAAAAAAAAA\n"), []byte("k1\nk2\n"))
	f.Add([]byte("[Code]\na.bin\n"), []byte(""), []byte(""))
	f.Fuzz(func(t *testing.T, table, prop, sym []byte) {
		dir := t.TempDir()
		for name, data := range map[string][]byte{"t.table": table, "a.prop": prop, "a.sym": sym, "a.bin": []byte("BIN")} {
			if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		Generate("fuzz", []Input{{Target: "spir64", Format: FormatSPIRV, Table: filepath.Join(dir, "t.table")}})
	})
}
