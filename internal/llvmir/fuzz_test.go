package llvmir

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// FuzzParse: the reader never panics; whatever it accepts it re-emits byte for byte, and
// an edited module still parses.
func FuzzParse(f *testing.F) {
	f.Add([]byte(sample))
	seeds, _ := filepath.Glob("../aspectprop/testdata/*.ll")
	for _, s := range seeds {
		if b, err := os.ReadFile(s); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("define void @f() {\n  ret void\n"))
	f.Add([]byte("!0 = !{!\"a\", !1}\n!1 = !{i32 1}\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		m, err := Parse("fuzz.ll", src)
		if err != nil {
			return
		}
		var out bytes.Buffer
		if _, err := NewEditor(m).WriteTo(&out); err != nil {
			t.Fatal(err)
		}
		// Byte for byte, except that a lone CR ends a line (written as LF; see loneCRToLF).
		if !bytes.Equal(out.Bytes(), loneCRToLF(src)) {
			t.Fatal("unmodified module not re-emitted byte for byte")
		}
		if len(m.Funcs) > 0 {
			e := NewEditor(m)
			e.SetAttachment(m.Funcs[0], "sycl_used_aspects", e.AddNode(`!{!"fp64", i32 6}`))
			out.Reset()
			e.WriteTo(&out)
			if _, err := Parse("edited.ll", out.Bytes()); err != nil {
				t.Fatalf("edited module does not parse: %v\n%s", err, out.Bytes())
			}
		}
	})
}
