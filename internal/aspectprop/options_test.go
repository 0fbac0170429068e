package aspectprop

import (
	"fmt"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/llvmir"
)

func runOn(t *testing.T, src string, opts Options) (*Result, error) {
	t.Helper()
	m, err := llvmir.Parse("t.ll", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return Run(m, opts)
}

// usedByName maps the name of every function with aspects to them.
func usedByName(res *Result) map[string][]int {
	out := map[string][]int{}
	for i, vals := range res.Used {
		if vals != nil {
			out[res.Funcs[i].Name] = vals
		}
	}
	return out
}

const usesDouble = `define spir_kernel void @k(double %x) {
  ret void
}
`

// TestExcludeAspectsByNumber: --exclude-aspects takes numbers as well as names.
func TestExcludeAspectsByNumber(t *testing.T) {
	for _, ex := range []string{"fp64", "6"} {
		res, err := runOn(t, usesDouble, Options{ExcludeAspects: []string{ex}})
		if err != nil {
			t.Fatal(err)
		}
		for f, vals := range usedByName(res) {
			t.Errorf("--exclude-aspects=%s: %s still uses %v", ex, f, vals)
		}
	}
}

// TestUnknownFixedTarget: a --fixed-targets name that is no aspect is an error, not dropped.
func TestUnknownFixedTarget(t *testing.T) {
	_, err := runOn(t, usesDouble, Options{FixedTargets: []string{"intel_gpu_nope"}})
	if err == nil || !strings.Contains(err.Error(), `--fixed-targets: "intel_gpu_nope" is not an aspect`) {
		t.Errorf("got %v", err)
	}
}

// TestKernelDeclaringAspectsIsChecked: a kernel whose device_has was lowered onto the
// kernel alone (no callee carries the list, as rsycl/sycl_lite.h's properties give) is
// checked; DPC++'s form, with the list on the functor too, warns once, at the functor.
func TestKernelDeclaringAspectsIsChecked(t *testing.T) {
	src := `define spir_kernel void @k() !sycl_declared_aspects !0 {
  call spir_func void @f()
  ret void
}
define spir_func void @f() {
  %a = alloca double
  ret void
}
!0 = !{i32 5}
`
	res, err := runOn(t, src, Options{Validate: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Diagnostics) != 1 || !strings.Contains(res.Diagnostics[0].Lines[0], "warning: function 'f' uses aspect 'fp64' not listed in its 'sycl::device_has' attribute") {
		t.Errorf("kernel-only device_has: %v", res.Diagnostics)
	}
	dpcpp := strings.Replace(src, "define spir_func void @f() {", "define spir_func void @f() !sycl_declared_aspects !0 {", 1)
	if res, err = runOn(t, dpcpp, Options{Validate: true}); err != nil {
		t.Fatal(err)
	}
	if len(res.Diagnostics) != 1 {
		t.Errorf("DPC++'s form: want one warning (at the functor), got %v", res.Diagnostics)
	}
}

// TestDeclaredAspectsKeepInference: lowered declared aspects are no sign of DPC++ IR, so
// half still means fp16.
func TestDeclaredAspectsKeepInference(t *testing.T) {
	src := `define spir_kernel void @k() !sycl_declared_aspects !0 {
  %h = alloca half
  ret void
}
!0 = !{i32 28}
`
	res, err := runOn(t, src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, vals := range usedByName(res) {
		if len(vals) != 2 || vals[0] != 5 || vals[1] != 28 {
			t.Errorf("used %v, want [5 28] (fp16 inferred, atomic64 declared)", vals)
		}
	}
}

// TestVirtualFunctions: a kernel gets the aspects of the virtual functions of the sets
// it declares (calls-indirectly), not of other sets; a virtual function inherits its
// callees' aspects.
func TestVirtualFunctions(t *testing.T) {
	src := `define spir_kernel void @k() #0 {
  ret void
}
define spir_kernel void @plain() {
  ret void
}
define spir_func void @vf_double() #1 {
  call spir_func void @uses_double()
  ret void
}
define spir_func void @vf_half() #2 {
  %h = alloca half
  ret void
}
define spir_func void @uses_double() {
  %d = alloca double
  ret void
}
attributes #0 = { "calls-indirectly"="set_a" }
attributes #1 = { "indirectly-callable"="set_a" }
attributes #2 = { "indirectly-callable"="set_b" }
`
	res, err := runOn(t, src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := usedByName(res)
	want := map[string][]int{"k": {6}, "vf_double": {6}, "uses_double": {6}, "vf_half": {5}}
	for name, w := range want {
		if len(got[name]) != len(w) || got[name][0] != w[0] {
			t.Errorf("%s: used %v, want %v", name, got[name], w)
		}
	}
	if v := got["plain"]; len(v) != 0 {
		t.Errorf("plain: used %v, want none", v)
	}
}

// TestUsedAspectsTextLikeDPCPP: plain i32 unless the module's !sycl_aspects names the
// aspect; SmallSet order (insertion order up to four, sorted beyond); an equal declared
// node reused; the attachment where LLVM prints it (kinds in order of first appearance).
func TestUsedAspectsTextLikeDPCPP(t *testing.T) {
	src := `define spir_func void @first() !sycl_used_aspects !0 {
  ret void
}
define spir_kernel void @k() !dbg !9 !sycl_declared_aspects !1 {
  %h = alloca half
  %d = alloca double
  ret void
}
define spir_kernel void @many() {
  %d = alloca double
  %h = alloca half
  %w = atomicrmw add ptr null, i64 1 monotonic
  call spir_func void @first()
  ret void
}
!0 = !{i32 40, i32 3}
!1 = !{i32 6, i32 5}
!9 = !{}
`
	m, err := llvmir.Parse("t.ll", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	res, err := Run(m, Options{Infer: InferOn})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	res.Editor.WriteTo(&b)
	out := b.String()
	for _, want := range []string{
		// used {fp16, fp64} then declared {6, 5}: the node equal to !1 in insertion order is
		// !{i32 5, i32 6}, so a new one; the attachment goes before !sycl_declared_aspects,
		// whose kind appears later in the module than !sycl_used_aspects.
		"define spir_kernel void @k() !dbg !9 !sycl_used_aspects !10 !sycl_declared_aspects !1 {",
		"!10 = !{i32 5, i32 6}",
		// Five aspects: sorted.
		"define spir_kernel void @many() !sycl_used_aspects !11 {",
		"!11 = !{i32 3, i32 5, i32 6, i32 28, i32 40}",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// The declared node is reused when the lists are equal.
	same := strings.Replace(src, "!1 = !{i32 6, i32 5}", "!1 = !{i32 5, i32 6}", 1)
	m, _ = llvmir.Parse("t.ll", []byte(same))
	res, _ = Run(m, Options{Infer: InferOn})
	b.Reset()
	res.Editor.WriteTo(&b)
	if !strings.Contains(b.String(), "define spir_kernel void @k() !dbg !9 !sycl_used_aspects !1 !sycl_declared_aspects !1 {") {
		t.Errorf("equal lists do not share the node:\n%s", b.String())
	}
}

// TestDeepCallChain: a call chain far deeper than a recursive walk fits in a small stack
// (the limit is lowered to 1 MiB for the test; the default 1 GiB gave out at about 1.5M
// calls) propagates the leaf's fp64 to the kernel.
func TestDeepCallChain(t *testing.T) {
	const depth = 100000
	var b strings.Builder
	b.WriteString("define spir_kernel void @k() {\n  call void @f1()\n  ret void\n}\n")
	for i := 1; i < depth; i++ {
		fmt.Fprintf(&b, "define void @f%d() {\n  call void @f%d()\n  ret void\n}\n", i, i+1)
	}
	fmt.Fprintf(&b, "define void @f%d(double %%x) {\n  ret void\n}\n", depth)
	old := debug.SetMaxStack(1 << 20)
	defer debug.SetMaxStack(old)
	res, err := runOn(t, b.String(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	used := usedByName(res)
	if vals := used["k"]; len(vals) != 1 || vals[0] != 6 {
		t.Errorf("kernel uses %v, want [6] (fp64)", vals)
	}
	if len(used) != depth+1 {
		t.Errorf("%d functions with aspects, want %d", len(used), depth+1)
	}
}
