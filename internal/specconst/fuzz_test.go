package specconst

import (
	"os"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/llvmir"
)

// FuzzLowerTypes: any module the reader accepts, with specialization-constant reads of any
// type and default (the corpus: the testdata modules). The lowering never panics, never
// exceeds its type bounds, and what it writes reads back.
func FuzzLowerTypes(f *testing.F) {
	for _, name := range []string{"testdata/scalars.ll", "testdata/composites.ll"} {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b, false)
			f.Add(b, true)
		}
	}
	f.Add([]byte("%t = type { [1048576 x [1048576 x i32]] }\n"), false)
	f.Fuzz(func(t *testing.T, data []byte, emulation bool) {
		mode := Native
		if emulation {
			mode = Emulation
		}
		r, err := Lower("fuzz.ll", data, mode)
		if err != nil || r == nil {
			return
		}
		for _, c := range r.Consts {
			if c.Size > MaxBytes || len(c.leaves) > MaxNodes {
				t.Fatalf("constant %q of %d bytes and %d leaves passed the bounds", c.SymID, c.Size, len(c.leaves))
			}
		}
		if _, err := llvmir.Parse("lowered.ll", r.Text); err != nil {
			t.Fatalf("the lowered module does not read back: %v", err)
		}
	})
}
