package aspectprop

import (
	"fmt"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/llvmir"
)

// condModule is a kernel whose conditional call (device_if, DPC++'s form) runs an action
// that starts a call chain of depth functions; the last one calls leaves functions.
func condModule(depth, leaves int) string {
	var b strings.Builder
	b.WriteString(`define spir_kernel void @k() {
  %o = alloca i8, align 1
  %g = addrspacecast ptr %o to ptr addrspace(4)
  call spir_func void @cc(ptr @f0, ptr addrspace(4) noundef %g, i32 noundef -1, i32 noundef 5) #1
  ret void
}

declare spir_func void @cc(ptr, ptr addrspace(4) noundef, i32 noundef, i32 noundef) #0

`)
	for i := 0; i < depth; i++ {
		fmt.Fprintf(&b, "define internal spir_func void @f%d() {\n", i)
		if i+1 < depth {
			fmt.Fprintf(&b, "  call spir_func void @f%d()\n", i+1)
		} else {
			for j := 0; j < leaves; j++ {
				fmt.Fprintf(&b, "  call spir_func void @l%d()\n", j)
			}
		}
		b.WriteString("  ret void\n}\n\n")
	}
	for j := 0; j < leaves; j++ {
		fmt.Fprintf(&b, "define internal spir_func void @l%d() {\n  %%h = alloca half\n  ret void\n}\n\n", j)
	}
	b.WriteString("attributes #0 = { \"sycl-call-if-on-device-conditionally\"=\"true\" }\nattributes #1 = { nounwind }\n")
	return b.String()
}

func runCond(t *testing.T, src string) error {
	t.Helper()
	m, err := llvmir.Parse("c.ll", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	_, err = Run(m, Options{})
	return err
}

// TestDeepConditionalChainIsNotRecursion: a 100,000-deep call chain under a conditional
// call propagates with a 4 MB stack (the walks keep their own stacks; the recursive
// ones overflowed on a million-deep chain).
func TestDeepConditionalChainIsNotRecursion(t *testing.T) {
	defer debug.SetMaxStack(debug.SetMaxStack(4 << 20))
	if err := runCond(t, condModule(100000, 1)); err != nil {
		t.Fatalf("a deep chain failed: %v", err)
	}
}

// TestWideConditionalPathsAreBounded: 4,500 leaves under a 4,500-deep chain make 20
// million steps of path processing; the walk stops at its work bound with the device_if
// error instead of running for minutes.
func TestWideConditionalPathsAreBounded(t *testing.T) {
	err := runCond(t, condModule(4500, 4500))
	if err == nil || !strings.Contains(err.Error(), "device_if: more than") {
		t.Fatalf("got %v, want the bound's error", err)
	}
	if err := runCond(t, condModule(50, 50)); err != nil {
		t.Errorf("a small graph failed: %v", err)
	}
}
