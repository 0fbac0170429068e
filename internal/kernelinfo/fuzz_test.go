package kernelinfo

import (
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/llvmir"
)

// FuzzLower: on any module the reader accepts, the annotation lowering (and device_if's
// conditional callers) never panics, and a module it lowers reads back.
func FuzzLower(f *testing.F) {
	f.Add([]byte(annotated))
	f.Add([]byte(condAnnotated))
	f.Add([]byte(strings.Replace(annotated, "i64 64, i64 2 }", "i64 0, i64 2 }", 1)))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := llvmir.Parse("fuzz.ll", data)
		if err != nil {
			return
		}
		out, err := Lower(m)
		if err != nil || out == nil {
			return
		}
		if _, err := llvmir.Parse("lowered.ll", out); err != nil {
			t.Fatalf("the lowered module does not read back: %v\n%s", err, out)
		}
	})
}
