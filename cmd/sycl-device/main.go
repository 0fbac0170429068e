// Command sycl-device runs the steps of the SYCL device-code pipeline (aspect
// propagation, split, aspect filter, AOT dispatch, wrapping) as one multi-verb tool, so
// that every step can be its own cacheable Bazel action. Run `sycl-device --help`.
package main

import (
	"os"

	"github.com/rules-sycl/rules_sycl/internal/cli"
)

func main() {
	tool := cli.New("sycl-device")
	registerVerbs(tool)
	os.Exit(tool.Main(os.Args, &cli.Env{Stdout: os.Stdout, Stderr: os.Stderr}))
}
