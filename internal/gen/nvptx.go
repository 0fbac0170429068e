package gen

import (
	"bytes"
	"fmt"

	"github.com/rules-sycl/rules_sycl/internal/devicemath"
)

// NVPTXMathPath is where NVPTXMath's text is checked in.
const NVPTXMathPath = "toolchain/nvptx/math_names.inc"

// NVPTXMath returns the math functions rules_sycl's NVPTX builtins define
// (toolchain/nvptx/spirv_builtins.cpp includes it): the OpenCL built-ins that
// internal/devicemath lowers C math calls to, one MATH1 or MATH2 line each, which the
// builtins define as OpenCL's and as SPIR-V's (__spirv_ocl_) functions over libdevice.
func NVPTXMath() []byte {
	var b bytes.Buffer
	b.WriteString("// The math functions of rules_sycl's NVPTX builtins, generated from internal/devicemath\n")
	b.WriteString("// (internal/gen/nvptx.go); do not edit (a test checks it is current).\n")
	for _, n := range devicemath.Unary() {
		fmt.Fprintf(&b, "MATH1(%s)\n", n)
	}
	for _, n := range devicemath.Binary() {
		fmt.Fprintf(&b, "MATH2(%s)\n", n)
	}
	return b.Bytes()
}
