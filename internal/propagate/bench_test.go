package propagate

import (
	"bytes"
	"io"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/irgen"
	"github.com/rules-sycl/rules_sycl/internal/llvmir"
)

// BenchmarkPropagate parses, propagates and writes a generated module one tenth the
// size of the benchmark module of tools/bench/propagate.sh.
func BenchmarkPropagate(b *testing.B) {
	var buf bytes.Buffer
	if err := irgen.Write(&buf, irgen.Options{Kernels: 200, Helpers: 2000, Body: 13, Seed: 1}); err != nil {
		b.Fatal(err)
	}
	src := buf.Bytes()
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m, err := llvmir.Parse("bench.ll", src)
		if err != nil {
			b.Fatal(err)
		}
		res, err := Run(m, Options{})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := res.Editor.WriteTo(io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}
