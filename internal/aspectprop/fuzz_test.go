package aspectprop

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/llvmir"
)

// graphModule turns bytes into a call graph under conditional calls: function i calls
// the functions the following bytes name (mod n), some through the conditional caller
// @cc, with a condition on fp16 or fp64; leaves use half or double.
func graphModule(data []byte) string {
	n := 2 + int(len(data)%13)
	var b strings.Builder
	b.WriteString("declare spir_func void @cc(ptr, ptr addrspace(4) noundef, i32 noundef, i32 noundef) #0\n\n")
	for i := 0; i < n; i++ {
		cc := "spir_func"
		if i == 0 {
			cc = "spir_kernel"
		}
		fmt.Fprintf(&b, "define %s void @f%d() {\n  %%o = alloca i8, align 1\n  %%g = addrspacecast ptr %%o to ptr addrspace(4)\n", cc, i)
		for j := i; j < len(data) && j < i+3; j++ {
			callee, aspect := int(data[j])%n, 5+int(data[j]>>7)
			if data[j]&0x40 != 0 {
				fmt.Fprintf(&b, "  call spir_func void @cc(ptr @f%d, ptr addrspace(4) noundef %%g, i32 noundef -1, i32 noundef %d) #1\n", callee, aspect)
			} else {
				fmt.Fprintf(&b, "  call spir_func void @f%d()\n", callee)
			}
		}
		if i%2 == 1 {
			b.WriteString("  %h = alloca half\n")
		} else if i%3 == 2 {
			b.WriteString("  %d = alloca double\n")
		}
		b.WriteString("  ret void\n}\n\n")
	}
	b.WriteString("attributes #0 = { \"sycl-call-if-on-device-conditionally\"=\"true\" }\nattributes #1 = { nounwind }\n")
	return b.String()
}

// FuzzDeviceIf: any call graph with conditional calls, cycles and recursion among them,
// propagates without panic, within the walks' bounds, to a module that reads back.
func FuzzDeviceIf(f *testing.F) {
	f.Add([]byte{0x41, 0x02, 0x43, 0x01, 0x80})
	f.Add([]byte{0x40, 0x40, 0x40, 0x41, 0x42, 0x43, 0xc4, 0x05})
	f.Add([]byte("recursion through a conditional caller"))
	f.Fuzz(func(t *testing.T, data []byte) {
		src := graphModule(data)
		m, err := llvmir.Parse("g.ll", []byte(src))
		if err != nil {
			t.Fatalf("the generated module does not parse: %v\n%s", err, src)
		}
		res, err := Run(m, Options{})
		if err != nil {
			return
		}
		var out strings.Builder
		if _, err := res.Editor.WriteTo(&out); err != nil {
			t.Fatal(err)
		}
		if _, err := llvmir.Parse("out.ll", []byte(out.String())); err != nil {
			t.Fatalf("the propagated module does not read back: %v\n%s", err, out.String())
		}
	})
}
