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
const FeaturesCpp = "../aspectprop/testdata/features.cpp"

// DeviceIfTwoTests is a kernel with one device_if on fp16 and one on fp64, in DPC++'s IR
// form as propagate's lowering writes it (its first conditional call on line 4).
const DeviceIfTwoTests = `define spir_kernel void @k() {
  %o = alloca i8, align 1
  %g = addrspacecast ptr %o to ptr addrspace(4)
  call spir_func void @cc(ptr @on.half, ptr addrspace(4) noundef %g, i32 noundef -1, i32 noundef 5) #1
  call spir_func void @cc(ptr @on.double, ptr addrspace(4) noundef %g, i32 noundef -1, i32 noundef 6) #1
  ret void
}

define internal spir_func void @on.half(ptr addrspace(4) noundef %0) {
  %h = alloca half
  ret void
}

define internal spir_func void @on.double(ptr addrspace(4) noundef %0) {
  %d = alloca double
  ret void
}

declare spir_func void @cc(ptr, ptr addrspace(4) noundef, i32 noundef, i32 noundef) #0

attributes #0 = { "sycl-call-if-on-device-conditionally"="true" }
attributes #1 = { nounwind }
`
