package llvmir

import (
	"bytes"
	"fmt"
	"runtime/debug"
	"strings"
	"testing"
)

// TestDeepMetadataChain: a named node whose operand reaches, through a metadata chain far
// deeper than a recursive walk fits in a small stack (lowered to 1 MiB here), a function
// the image leaves out: the operand is dropped, the image extracted, the walk iterative.
func TestDeepMetadataChain(t *testing.T) {
	const depth = 100000
	var b strings.Builder
	b.WriteString("define spir_kernel void @k() {\n  ret void\n}\ndefine void @gone() {\n  ret void\n}\n!named = !{!0, !" + fmt.Sprint(depth+1) + "}\n")
	for i := 0; i < depth; i++ {
		fmt.Fprintf(&b, "!%d = !{!%d}\n", i, i+1)
	}
	fmt.Fprintf(&b, "!%d = !{ptr @gone}\n!%d = !{!\"kept\"}\n", depth, depth+1)
	m, err := Parse("deep.ll", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	old := debug.SetMaxStack(1 << 20)
	defer debug.SetMaxStack(old)
	e := NewExtractor(m)
	out := e.Module(e.Closure([]*Function{m.Func("k")}))
	if !bytes.Contains(out, []byte("!named = !{!0}\n")) || !bytes.Contains(out, []byte("!0 = !{!\"kept\"}\n")) ||
		bytes.Contains(out, []byte("@gone")) || bytes.Count(out, []byte(" = !{")) != 2 {
		t.Errorf("image:\n%s", out)
	}
}
