package propagate

import (
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
		for f, vals := range res.Used {
			t.Errorf("--exclude-aspects=%s: %s still uses %v", ex, f.Name, vals)
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
	for _, vals := range res.Used {
		if len(vals) != 2 || vals[0] != 5 || vals[1] != 28 {
			t.Errorf("used %v, want [5 28] (fp16 inferred, atomic64 declared)", vals)
		}
	}
}
