// Package testutil holds what the Go tests share: finding the LLVM and SPIR-V tools they
// run, given by flag under Bazel (runfiles paths) or found on PATH for `go test`.
package testutil

import (
	"os"
	"os/exec"
	"path/filepath"
)

// Tool returns an absolute path to a tool: flagVal when set (a runfiles-relative path
// under Bazel, whose go_test runs in the package directory), else the first of names
// found on PATH, else "".
func Tool(flagVal string, names ...string) string {
	if flagVal != "" {
		if _, err := os.Stat(flagVal); err != nil && os.Getenv("TEST_SRCDIR") != "" {
			flagVal = filepath.Join(os.Getenv("TEST_SRCDIR"), os.Getenv("TEST_WORKSPACE"), flagVal)
		}
		p, err := filepath.Abs(flagVal)
		if err != nil {
			return ""
		}
		return p
	}
	for _, n := range names {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	return ""
}

// FeaturesCpp is the shared SYCL test program (kernels using int, double, _Float16 and
// 64-bit atomics), relative to a package directory under internal/.
const FeaturesCpp = "../propagate/testdata/features.cpp"
