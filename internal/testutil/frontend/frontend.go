// Package frontend gives the Go tests the device compile the rules run, so that they
// check the IR the product produces (not the compiler's defaults).
package frontend

import "github.com/rules-sycl/rules_sycl/internal/devconfig"

// DeviceCompileArgs are the arguments of upstream clang's device compile of src into
// textual IR out as SyclDeviceCompile runs it (devconfig.ClangDeviceFlags).
func DeviceCompileArgs(src, out string) []string {
	args := append([]string{"-fsycl", "-fsycl-device-only", "-S", "-emit-llvm"}, devconfig.ClangDeviceFlags...)
	return append(args, src, "-o", out)
}
