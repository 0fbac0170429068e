package aspectprop

import (
	"bytes"
	"io"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/llvmir"
	"github.com/rules-sycl/rules_sycl/internal/testutil/irgen"
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

// TestDeterministic: the same input gives the same bytes, run after run (map iteration
// order, which Go randomises, must not leak into the output).
func TestDeterministic(t *testing.T) {
	var buf bytes.Buffer
	if err := irgen.Write(&buf, irgen.Options{Kernels: 50, Helpers: 400, Body: 2, Debug: true, Seed: 7}); err != nil {
		t.Fatal(err)
	}
	var first []byte
	for i := 0; i < 5; i++ {
		m, err := llvmir.Parse("det.ll", buf.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		res, err := Run(m, Options{Validate: true, FixedTargets: []string{"gpu"}})
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		res.Editor.WriteTo(&out)
		if i == 0 {
			first = out.Bytes()
			if bytes.Equal(first, buf.Bytes()) {
				t.Fatal("propagation changed nothing on a module with aspects")
			}
		} else if !bytes.Equal(first, out.Bytes()) {
			t.Fatalf("run %d differs from run 0", i)
		}
	}
}
