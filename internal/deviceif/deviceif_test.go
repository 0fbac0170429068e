package deviceif

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/llvmir"
	"github.com/rules-sycl/rules_sycl/internal/testutil"
)

// chain is a propagated image (DPC++'s form, as propagate leaves it): kernel @k runs
// if_device_has<fp16>(@act.half).otherwise(@act.float); @k2 has no condition.
const chain = `define spir_kernel void @k() !sycl_conditionally_used_aspects !3 {
  %o = alloca i8, align 1
  %g = addrspacecast ptr %o to ptr addrspace(4)
  call spir_func void @cc.a(ptr @act.half, ptr addrspace(4) noundef %g, i32 noundef -1, i32 noundef 5) #1, !dbg !9
  call spir_func void @cc.b(ptr @act.float, ptr addrspace(4) noundef %g, i32 noundef -3, i32 noundef -1, i32 noundef 5) #1
  ret void
}

define spir_kernel void @k2() {
  ret void
}

define internal spir_func void @act.half(ptr addrspace(4) noundef %0) !sycl_conditionally_used_aspects !3 {
  %h = alloca half
  call spir_func void @half.helper()
  ret void
}

define internal spir_func void @half.helper() {
  %h = fadd half 1.0, 2.0
  ret void
}

define internal spir_func void @act.float(ptr addrspace(4) noundef %0) {
  %f = alloca float
  ret void
}

declare !sycl_conditionally_used_aspects !3 spir_func void @cc.a(ptr, ptr addrspace(4) noundef, i32 noundef, i32 noundef) #0
declare spir_func void @cc.b(ptr, ptr addrspace(4) noundef, i32 noundef, i32 noundef, i32 noundef) #0

attributes #0 = { "sycl-call-if-on-device-conditionally"="true" }
attributes #1 = { nounwind }

!llvm.module.flags = !{!5}
!llvm.dbg.cu = !{!6}
!0 = !{i32 -1, i32 5}
!1 = !{i32 5}
!2 = !{!0, !1}
!3 = !{!2}
!5 = !{i32 2, !"Debug Info Version", i32 3}
!6 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !7, emissionKind: LineTablesOnly)
!7 = !DIFile(filename: "k.cpp", directory: ".")
!8 = distinct !DISubprogram(name: "k", scope: !7, file: !7, line: 3, type: !10, spFlags: DISPFlagDefinition, unit: !6)
!9 = !DILocation(line: 4, column: 3, scope: !8)
!10 = !DISubroutineType(types: !11)
!11 = !{}
`

func specialize(t *testing.T, has func(int) bool) (*Result, string) {
	t.Helper()
	m, err := llvmir.Parse("img.ll", []byte(chain))
	if err != nil {
		t.Fatal(err)
	}
	r, err := Specialize(m, has)
	if err != nil {
		t.Fatal(err)
	}
	if r == nil {
		t.Fatal("no conditional calls found")
	}
	if opt := testutil.Tool("", "opt-22"); opt != "" {
		p := filepath.Join(t.TempDir(), "s.ll")
		os.WriteFile(p, r.Text, 0o644)
		if msg, err := exec.Command(opt, "-passes=verify", "-disable-output", p).CombinedOutput(); err != nil {
			t.Errorf("opt -verify rejects the specialised module: %s\n%s", msg, r.Text)
		}
	}
	return r, string(r.Text)
}

func TestSpecializeWithFp16(t *testing.T) {
	r, text := specialize(t, func(a int) bool { return a == 5 })
	for _, want := range []string{
		"call spir_func void @act.half(ptr addrspace(4) noundef %g) #0, !dbg !",
		"define internal spir_func void @half.helper()",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("lacks %q:\n%s", want, text)
		}
	}
	for _, gone := range []string{"@cc.a", "@cc.b", "@act.float", "sycl_conditionally_used_aspects"} {
		if strings.Contains(text, gone) {
			t.Errorf("still has %q:\n%s", gone, text)
		}
	}
	if r.Kept != 1 || r.Gone != 1 {
		t.Errorf("kept %d, gone %d; want 1, 1", r.Kept, r.Gone)
	}
	if a := r.Requirements.Aspects; len(a) != 1 || a[0] != 5 {
		t.Errorf("requirements %v, want [5] (fp16, from the kept branch)", a)
	}
}

func TestSpecializeWithoutFp16(t *testing.T) {
	r, text := specialize(t, func(int) bool { return false })
	if !strings.Contains(text, "call spir_func void @act.float(ptr addrspace(4) noundef %g) #0\n") {
		t.Errorf("the fallback is not called directly:\n%s", text)
	}
	for _, gone := range []string{"@act.half", "@half.helper", "@cc."} {
		if strings.Contains(text, gone) {
			t.Errorf("still has %q:\n%s", gone, text)
		}
	}
	if a := r.Requirements.Aspects; len(a) != 0 {
		t.Errorf("requirements %v, want none", a)
	}
}

func TestSpecializeBadCondition(t *testing.T) {
	src := strings.Replace(chain, "i32 noundef -1, i32 noundef 5) #1, !dbg", "i32 noundef -2, i32 noundef 5) #1, !dbg", 1)
	m, err := llvmir.Parse("img.ll", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Specialize(m, func(int) bool { return true }); err == nil || !strings.HasPrefix(err.Error(), "img.ll:4: ") {
		t.Errorf("err = %v, want img.ll:4: (architecture conditions are not supported)", err)
	}
}

func TestTestedAndOutcomes(t *testing.T) {
	m, _ := llvmir.Parse("img.ll", []byte(chain))
	tested, err := Tested(m)
	if err != nil || len(tested) != 1 || tested[0] != 5 {
		t.Fatalf("Tested = %v, %v", tested, err)
	}
	outs := Outcomes([]int{5, 6})
	var names []string
	for _, o := range outs {
		names = append(names, o.Suffix([]int{5, 6}))
	}
	if got := strings.Join(names, " "); got != "if11 if10 if01 if00" {
		t.Errorf("outcomes %s", got)
	}
	if (Outcome{Has: []int{5}, Lacks: []int{}}).Suffix([]int{5, 6}) != "if1x" {
		t.Error("a free aspect is not x")
	}
	if Has([]byte("define void @f() {\n  ret void\n}\n")) {
		t.Error("Has: a module without conditional callers")
	}
}

// TestKeptBranchKeepsItsAspects: a kernel that uses double unconditionally (the first
// propagation listed fp64 on it) and half only in its fp16 branch: the image that keeps
// the branch requires fp16 as well as fp64. The first pass's !sycl_used_aspects used to
// switch the half->fp16 inference off when specialisation propagated again.
func TestKeptBranchKeepsItsAspects(t *testing.T) {
	src := strings.Replace(chain, "define spir_kernel void @k() !sycl_conditionally_used_aspects !3 {\n  %o = alloca i8, align 1",
		"define spir_kernel void @k() !sycl_conditionally_used_aspects !3 !sycl_used_aspects !12 {\n  %d = alloca double, align 8\n  %o = alloca i8, align 1", 1)
	src += "!12 = !{i32 6}\n"
	m, err := llvmir.Parse("img.ll", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	r, err := Specialize(m, func(a int) bool { return a == 5 })
	if err != nil || r == nil {
		t.Fatalf("%v", err)
	}
	if a := r.Requirements.Aspects; len(a) != 2 || a[0] != 5 || a[1] != 6 {
		t.Errorf("requirements %v, want [5 6] (fp16 from the kept branch, fp64 from the kernel)", a)
	}
}
