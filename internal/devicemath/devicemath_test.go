package devicemath

import (
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/llvmir"
)

const module = `; math in a kernel
define spir_kernel void @k(ptr %p, double %d) !dbg !3 {
  %x = load float, ptr %p
  %s = call spir_func float @sinf(float %x), !dbg !5
  %i = call float @llvm.sin.f32(float %x)
  %e = call float @llvm.exp.f32(float %x)
  %t = call double @atan2(double %d, double 1.0)
  %q = call float @llvm.sqrt.f32(float %x)
  store float %s, ptr %p
  ret void
}

declare spir_func float @sinf(float)
declare float @llvm.sin.f32(float)
declare float @llvm.exp.f32(float)
declare spir_func double @atan2(double, double)
declare float @llvm.sqrt.f32(float)

!llvm.dbg.cu = !{!0}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "math.cpp", directory: ".")
!3 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 3, unit: !0)
!5 = !DILocation(line: 7, column: 12, scope: !3)
`

func lower(t *testing.T, src string, mode Mode) (*Result, error) {
	t.Helper()
	m, err := llvmir.Parse("math.ll", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return Lower(m, []byte(src), mode, nil)
}

// TestLowerSPIRV: C library calls become OpenCL built-ins; intrinsics stay (SPIR-V takes
// them), and the result is a module that reads back.
func TestLowerSPIRV(t *testing.T) {
	r, err := lower(t, module, SPIRV)
	if err != nil {
		t.Fatal(err)
	}
	out := string(r.Text)
	for _, want := range []string{"call spir_func float @_Z3sinf(float %x)", "declare spir_func float @_Z3sinf(float)", "call double @_Z5atan2dd(double %d, double 1.0)", "@llvm.sin.f32(float %x)", "@llvm.exp.f32"} {
		if !strings.Contains(out, want) {
			t.Errorf("lowered module lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "@sinf") || strings.Contains(out, "@atan2(") {
		t.Errorf("a C name is left:\n%s", out)
	}
	if _, err := llvmir.Parse("out.ll", r.Text); err != nil {
		t.Errorf("the lowered module does not read back: %v", err)
	}
}

// TestLowerLibclc: the transcendental intrinsics too; sinf and llvm.sin.f32 share one
// declaration of _Z3sinf; sqrt (lowered by every backend) stays an intrinsic.
func TestLowerLibclc(t *testing.T) {
	r, err := lower(t, module, Libclc)
	if err != nil {
		t.Fatal(err)
	}
	out := string(r.Text)
	if n := strings.Count(out, "declare"); n != 4 {
		t.Errorf("%d declarations, want 4 (_Z3sinf once, _Z3expf, _Z5atan2dd, llvm.sqrt):\n%s", n, out)
	}
	for _, want := range []string{"call float @_Z3sinf(float %x)", "call float @_Z3expf(float %x)", "@llvm.sqrt.f32"} {
		if !strings.Contains(out, want) {
			t.Errorf("lowered module lacks %q:\n%s", want, out)
		}
	}
	if _, err := llvmir.Parse("out.ll", r.Text); err != nil {
		t.Errorf("the lowered module does not read back: %v", err)
	}
	if strings.Join(r.Renamed, ",") != "atan2,llvm.exp.f32,llvm.sin.f32,sinf" {
		t.Errorf("renamed %q", r.Renamed)
	}
}

// TestUnsupportedMathFails: a function no device library has fails at its call's line.
func TestUnsupportedMathFails(t *testing.T) {
	src := strings.NewReplacer("@sinf(float %x), !dbg !5", "@frexpf(float %x, ptr %p), !dbg !5", "declare spir_func float @sinf(float)", "declare spir_func float @frexpf(float, ptr)").Replace(module)
	_, err := lower(t, src, SPIRV)
	if err == nil || !strings.HasPrefix(err.Error(), "math.cpp:7:12: error: device code calls 'frexpf' (in k), which no SYCL device library provides") {
		t.Errorf("error %v", err)
	}
}

// TestBuiltinsMangling: OpenCL's Itanium names.
func TestBuiltinsMangling(t *testing.T) {
	b := Builtins()
	for c, want := range map[string]string{"sinf": "_Z3sinf", "sin": "_Z3sind", "powf": "_Z3powff", "fma": "_Z3fmaddd", "ldexpf": "_Z5ldexpfi", "exp10": "_Z5exp10d", "nearbyintf": "_Z4rintf"} {
		if b[c] != want {
			t.Errorf("%s -> %s, want %s", c, b[c], want)
		}
	}
}

// Without DPC++'s device libraries, a C library call the lowering does not cover fails at
// its line (an assert among them, with what to do); math is lowered as in SPIRV mode;
// mangled functions (user code, built-ins), intrinsics and __spirv_ built-ins stay.
func TestNoDeviceLibs(t *testing.T) {
	const head = `target triple = "spir64-unknown-unknown"

declare spir_func float @sinf(float)
declare spir_func float @_Z4polyf(float)
declare spir_func i64 @__spirv_BuiltInGlobalInvocationId(i32)
declare float @llvm.fma.f32(float, float, float)
`
	ok := head + `
define spir_kernel void @k(ptr addrspace(1) %p) {
  %x = call spir_func float @sinf(float 1.0)
  %y = call spir_func float @_Z4polyf(float %x)
  %i = call spir_func i64 @__spirv_BuiltInGlobalInvocationId(i32 0)
  %z = call float @llvm.fma.f32(float %x, float %y, float 1.0)
  store float %z, ptr addrspace(1) %p
  ret void
}
`
	m, err := llvmir.Parse("ok.ll", []byte(ok))
	if err != nil {
		t.Fatal(err)
	}
	r, err := Lower(m, []byte(ok), SPIRVNoDeviceLibs, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Renamed) != 1 || r.Renamed[0] != "sinf" {
		t.Fatalf("renamed %v", r.Renamed)
	}
	bad := head + `declare void @__assert_fail(ptr, ptr, i32, ptr)

define spir_kernel void @k() {
  call void @__assert_fail(ptr null, ptr null, i32 7, ptr null), !dbg !8
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "app/k.cpp", directory: ".")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 3, unit: !0)
!8 = !DILocation(line: 7, column: 5, scope: !5)
`
	m, err = llvmir.Parse("bad.ll", []byte(bad))
	if err != nil {
		t.Fatal(err)
	}
	_, err = Lower(m, []byte(bad), SPIRVNoDeviceLibs, nil)
	if err == nil || !strings.Contains(err.Error(), "app/k.cpp:7:") || !strings.Contains(err.Error(), "'__assert_fail'") || !strings.Contains(err.Error(), "-DNDEBUG") {
		t.Fatalf("got %v", err)
	}
	// A function another device image defines (a shared library's SYCL_EXTERNAL function
	// of C linkage): an import, not a C library call.
	if _, err := Lower(m, []byte(bad), SPIRVNoDeviceLibs, map[string]bool{"__assert_fail": true}); err != nil {
		t.Fatalf("a provided function was refused: %v", err)
	}
	// The same module in SPIRV mode: left to the consumer, as before.
	if _, err := Lower(m, []byte(bad), SPIRV, nil); err != nil {
		t.Fatalf("SPIRV mode: %v", err)
	}
}

// Without debug info (DPC++'s front end writes none), the error names the TU's source file
// (the "sycl-module-id" of the kernel that reaches the call) and the caller demangled.
func TestNoDeviceLibsWithoutLines(t *testing.T) {
	src := `target triple = "spir64-unknown-unknown"

declare void @__assert_fail(ptr, ptr, i32, ptr)

define internal spir_func void @_Z5checki(i32 %x) {
  call void @__assert_fail(ptr null, ptr null, i32 7, ptr null)
  ret void
}

define spir_kernel void @_ZTS6KCheck() #0 {
  call spir_func void @_Z5checki(i32 1)
  ret void
}

attributes #0 = { "sycl-module-id"="app/check.cpp" }
`
	m, err := llvmir.Parse("bazel-out/k8/bin/app/_sycl/x/spir.linked.ll", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	_, err = Lower(m, []byte(src), SPIRVNoDeviceLibs, nil)
	if err == nil || !strings.HasPrefix(err.Error(), "app/check.cpp: error: device code calls '__assert_fail' (in check(int))") {
		t.Fatalf("got %v", err)
	}
}

// TestUnsupportedMathWithoutSourceNamesTheCallLine: with neither debug info nor a
// "sycl-module-id", the error names the call's line of the module (lgamma_r: no device
// library has it), not the module alone.
func TestUnsupportedMathWithoutSourceNamesTheCallLine(t *testing.T) {
	src := `target triple = "spir64-unknown-unknown"

declare spir_func float @lgamma_r(float, ptr)

define spir_kernel void @k(float %x, ptr %s) {
  %y = call spir_func float @lgamma_r(float %x, ptr %s)
  ret void
}
`
	m, err := llvmir.Parse("math_no_line.ll", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	_, err = Lower(m, []byte(src), SPIRV, nil)
	if err == nil || !strings.HasPrefix(err.Error(), "math_no_line.ll:6: error: device code calls 'lgamma_r' (in k)") {
		t.Fatalf("got %v", err)
	}
}
