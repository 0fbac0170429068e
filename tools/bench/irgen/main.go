// Command irgen writes a deterministic, large SYCL device module in textual LLVM IR (see
// package internal/testutil/irgen) for benchmarks:
//
//	irgen -kernels 2000 -helpers 20000 -o big.ll
package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/rules-sycl/rules_sycl/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/internal/testutil/irgen"
)

func main() {
	o := irgen.DefaultOptions
	out := flag.String("o", "-", "output file ('-' for standard output)")
	flag.IntVar(&o.Kernels, "kernels", o.Kernels, "number of kernels")
	flag.IntVar(&o.Helpers, "helpers", o.Helpers, "number of helper functions")
	flag.IntVar(&o.Body, "body", o.Body, "blocks of instructions per helper (size knob)")
	flag.BoolVar(&o.Debug, "debug", false, "emit debug info (DISubprogram, DILocation)")
	flag.Int64Var(&o.Seed, "seed", o.Seed, "random seed")
	flag.IntVar(&o.Sources, "sources", 16, "number of distinct sycl-module-id values")
	flag.BoolVar(&o.ModuleIDs, "module-ids", false, "also emit \"module-id\" attributes for llvm-split --split-by-category=module-id")
	flag.StringVar(&o.Shape, "shape", "dag", "call graph: dag (levels of helpers), chain (one chain as deep as -helpers) or flat (kernels call nothing)")
	flag.BoolVar(&o.Annotated, "annotated", false, "give kernels rsycl/sycl_lite.h's requirement annotations instead of DPC++'s metadata (input of propagate --lower-annotations)")
	flag.Parse()
	write := func(w io.Writer) error { return irgen.Write(w, o) }
	var err error
	if *out == "-" {
		err = write(os.Stdout)
	} else {
		err = atomicfile.Write(*out, 0o644, write)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "irgen:", err)
		os.Exit(1)
	}
}
