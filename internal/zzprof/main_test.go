package prof

import (
	"bytes"
	"os"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/llvmir"
	"github.com/rules-sycl/rules_sycl/internal/propagate"
	"github.com/rules-sycl/rules_sycl/internal/split"
)

func BenchmarkPropagate(b *testing.B) {
	data, err := os.ReadFile("/tmp/perf/big.ll")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for i := 0; i < b.N; i++ {
		m, err := llvmir.Parse("big.ll", data)
		if err != nil {
			b.Fatal(err)
		}
		res, err := propagate.Run(m, propagate.Options{})
		if err != nil {
			b.Fatal(err)
		}
		var out bytes.Buffer
		out.Grow(len(data) + 1<<20)
		res.Editor.WriteTo(&out)
	}
}

func BenchmarkSplit(b *testing.B) {
	data, err := os.ReadFile("/tmp/perf/big.ll")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for i := 0; i < b.N; i++ {
		m, err := llvmir.Parse("big.ll", data)
		if err != nil {
			b.Fatal(err)
		}
		dirs := []string{}
		for s := 0; s < 8; s++ {
			dirs = append(dirs, b.TempDir()+"/s")
		}
		if err := split.SplitShards(m, split.Options{Mode: split.ModeAuto, RequirementSplit: true}, split.ImageOptions{}, dirs); err != nil {
			b.Fatal(err)
		}
	}
}
