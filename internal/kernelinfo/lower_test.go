package kernelinfo

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/llvmir"
	"github.com/rules-sycl/rules_sycl/internal/testutil/irgen"
)

// annotated is what clang-22 writes for rsycl/sycl_lite.h's annotations (trimmed): a
// device function with RSYCL_DEVICE_HAS(fp64), kernel K with device_has<fp16> and
// work_group_size<64, 2>, and a user's own annotation, which stays.
const annotated = `target triple = "spirv64-unknown-unknown"

@.str = private unnamed_addr addrspace(1) constant [16 x i8] c"sycl-device-has\00", section "llvm.metadata"
@.str.1 = private unnamed_addr addrspace(1) constant [6 x i8] c"k.cpp\00", section "llvm.metadata"
@.str.2 = private unnamed_addr addrspace(1) constant [24 x i8] c"rsycl-kernel-device-has\00", section "llvm.metadata"
@.str.3 = private unnamed_addr addrspace(1) constant [7 x i8] c"_ZTS1K\00", align 1
@.str.4 = private unnamed_addr addrspace(1) constant [34 x i8] c"rsycl-kernel-reqd-work-group-size\00", section "llvm.metadata"
@.str.5 = private unnamed_addr addrspace(1) constant [5 x i8] c"mine\00", section "llvm.metadata"
@.args = private unnamed_addr addrspace(1) constant { i32 } { i32 6 }, section "llvm.metadata"
@.args.1 = private unnamed_addr addrspace(1) constant { ptr addrspace(4), i32 } { ptr addrspace(4) addrspacecast (ptr addrspace(1) @.str.3 to ptr addrspace(4)), i32 5 }, section "llvm.metadata"
@.args.2 = private unnamed_addr addrspace(1) constant { ptr addrspace(4), i64, i64 } { ptr addrspace(4) addrspacecast (ptr addrspace(1) @.str.3 to ptr addrspace(4)), i64 64, i64 2 }, section "llvm.metadata"
@llvm.global.annotations = appending addrspace(1) global [4 x { ptr addrspace(1), ptr addrspace(1), ptr addrspace(1), i32, ptr addrspace(1) }] [{ ptr addrspace(1), ptr addrspace(1), ptr addrspace(1), i32, ptr addrspace(1) } { ptr addrspace(1) addrspacecast (ptr @helper to ptr addrspace(1)), ptr addrspace(1) @.str, ptr addrspace(1) @.str.1, i32 3, ptr addrspace(1) @.args }, { ptr addrspace(1), ptr addrspace(1), ptr addrspace(1), i32, ptr addrspace(1) } { ptr addrspace(1) addrspacecast (ptr @mark_dh to ptr addrspace(1)), ptr addrspace(1) @.str.2, ptr addrspace(1) @.str.1, i32 9, ptr addrspace(1) @.args.1 }, { ptr addrspace(1), ptr addrspace(1), ptr addrspace(1), i32, ptr addrspace(1) } { ptr addrspace(1) addrspacecast (ptr @helper to ptr addrspace(1)), ptr addrspace(1) @.str.5, ptr addrspace(1) @.str.1, i32 3, ptr addrspace(1) null }, { ptr addrspace(1), ptr addrspace(1), ptr addrspace(1), i32, ptr addrspace(1) } { ptr addrspace(1) addrspacecast (ptr @mark_wg to ptr addrspace(1)), ptr addrspace(1) @.str.4, ptr addrspace(1) @.str.1, i32 12, ptr addrspace(1) @.args.2 }], section "llvm.metadata"

define spir_kernel void @_ZTS1K() {
  call spir_func void @mark_dh()
  call spir_func void @mark_wg()
  call spir_func void @helper()
  ret void
}

define spir_func void @helper() {
  ret void
}

define linkonce_odr spir_func void @mark_dh() {
  ret void
}

define linkonce_odr spir_func void @mark_wg() {
  ret void
}
`

func TestLowerAnnotations(t *testing.T) {
	m, err := llvmir.Parse("k.ll", []byte(annotated))
	if err != nil {
		t.Fatal(err)
	}
	out, err := Lower(m)
	if err != nil {
		t.Fatal(err)
	}
	got := string(out)
	for _, want := range []string{
		// New nodes are numbered in the order the module references them, as LLVM prints.
		"define spir_kernel void @_ZTS1K() !sycl_declared_aspects !0 !reqd_work_group_size !1 !work_group_num_dim !2 {",
		"define spir_func void @helper() !sycl_declared_aspects !3 {",
		"!0 = !{i32 5}\n!1 = !{i32 2, i32 64}\n!2 = !{i32 2}\n!3 = !{i32 6}\n",
		// The user's annotation stays, alone.
		"@llvm.global.annotations = appending addrspace(1) global [1 x { ptr addrspace(1), ptr addrspace(1), ptr addrspace(1), i32, ptr addrspace(1) }] [{ ptr addrspace(1), ptr addrspace(1), ptr addrspace(1), i32, ptr addrspace(1) } { ptr addrspace(1) addrspacecast (ptr @helper to ptr addrspace(1)), ptr addrspace(1) @.str.5, ptr addrspace(1) @.str.1, i32 3, ptr addrspace(1) null }], section \"llvm.metadata\"\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("lowered module lacks %q:\n%s", want, got)
		}
	}
	m2, err := llvmir.Parse("k2.ll", out)
	if err != nil {
		t.Fatalf("lowered module does not parse: %v", err)
	}
	if again, err := Lower(m2); err != nil || again != nil {
		t.Errorf("lowering twice: %v, changed=%v", err, again != nil)
	}
	verify(t, out)
}

func TestLowerWithoutAnnotations(t *testing.T) {
	m, _ := llvmir.Parse("k.ll", []byte("define spir_kernel void @k() {\n  ret void\n}\n"))
	if out, err := Lower(m); out != nil || err != nil {
		t.Errorf("got %q, %v; want nothing", out, err)
	}
}

func TestLowerErrors(t *testing.T) {
	for _, c := range []struct{ from, to, want string }{
		{`c"_ZTS1K\00"`, `c"_ZTS1X\00"`, `k.ll:12: k.cpp:9: [[clang::annotate("rsycl-kernel-device-has")]]: the module defines no kernel _ZTS1X`},
		{`i64 64, i64 2 }`, `i64 64, i64 -2 }`, `k.ll:12: k.cpp:12: [[clang::annotate("rsycl-kernel-reqd-work-group-size")]]: argument 2 must be an integer in [0, 2^32)`},
		{`i64 64, i64 2 }`, `i64 64, i64 0 }`, `k.ll:12: k.cpp:12: [[clang::annotate("rsycl-kernel-reqd-work-group-size")]]: a work-group size has no zero dimension, not 64x0`},
		{`i32 9, ptr addrspace(1) @.args.1 }`, `i32 9 }`, `k.ll:12: @llvm.global.annotations: element`},
		{`@.args = private`, `@.argz = private`, `k.ll:12: @llvm.global.annotations: arguments of "sycl-device-has": @.args is not defined`},
	} {
		src := strings.Replace(annotated, c.from, c.to, 1)
		m, err := llvmir.Parse("k.ll", []byte(src))
		if err == nil {
			_, err = Lower(m)
		}
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s -> %s: got %v, want %q", c.from, c.to, err, c.want)
		}
	}
}

// TestLowerLeavesForeignAnnotations: a user's own [[clang::annotate("mine", 1.5, true,
// nullptr)]] takes arguments the lowering does not read; it stays, and the build goes on.
func TestLowerLeavesForeignAnnotations(t *testing.T) {
	src := strings.Replace(annotated, "i32 3, ptr addrspace(1) null }", "i32 3, ptr addrspace(1) @.args.mine }", 1)
	src = strings.Replace(src, "@llvm.global.annotations", "@.args.mine = private unnamed_addr addrspace(1) constant { double, i1, ptr addrspace(1) } { double 1.500000e+00, i1 true, ptr addrspace(1) null }, section \"llvm.metadata\"\n@llvm.global.annotations", 1)
	m, err := llvmir.Parse("k.ll", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	out, err := Lower(m)
	if err != nil {
		t.Fatalf("a foreign annotation with a double argument failed the lowering: %v", err)
	}
	if !strings.Contains(string(out), `@.str.5, ptr addrspace(1) @.str.1, i32 3, ptr addrspace(1) @.args.mine }`) {
		t.Errorf("the user's annotation was not kept:\n%s", out)
	}
}

// The benchmarks' annotated modules (tools/bench/irgen -annotated) lower to the metadata of the
// kernels' annotations: the scale check of the lowering runs on what this test checks.
func TestLowerGeneratedModule(t *testing.T) {
	var src strings.Builder
	if err := irgen.Write(&src, irgen.Options{Kernels: 30, Helpers: 3, Body: 1, Seed: 1, Shape: "flat", Annotated: true}); err != nil {
		t.Fatal(err)
	}
	m, err := llvmir.Parse("gen.ll", []byte(src.String()))
	if err != nil {
		t.Fatal(err)
	}
	out, err := Lower(m)
	if err != nil {
		t.Fatal(err)
	}
	lm, err := llvmir.Parse("lowered.ll", out)
	if err != nil {
		t.Fatal(err)
	}
	if g := lm.Global(llvmir.AnnotationsGlobal); g != nil {
		t.Errorf("@llvm.global.annotations kept although every entry is ours")
	}
	for k := 0; k < 30; k++ {
		f := lm.Func(fmt.Sprintf("_ZTS7Kernel%d", k))
		if f == nil {
			t.Fatalf("kernel %d missing", k)
		}
		want := map[string]bool{DeclaredAspectsMD[0]: true, ReqdWorkGroupSizeMD: k%10 == 1, ReqdSubGroupSizeMD: k%10 == 2}
		for md, has := range want {
			if got := f.Attachment(md) >= 0; got != has {
				t.Errorf("kernel %d: !%s attached = %v, want %v", k, md, got, has)
			}
		}
	}
	verify(t, out)
}
