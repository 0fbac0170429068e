package kernelinfo

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/llvmir"
	"github.com/rules-sycl/rules_sycl/internal/testutil"
)

// condAnnotated is the shape clang-22 writes for rsycl::if_device_has (trimmed): a
// conditional caller annotated "sycl-call-if-on-device-conditionally" whose body calls
// the branch's operator(), called with the condition (-1, 5): aspect fp16.
const condAnnotated = `@.str = private unnamed_addr addrspace(1) constant [37 x i8] c"sycl-call-if-on-device-conditionally\00", section "llvm.metadata"
@.str.1 = private unnamed_addr addrspace(1) constant [6 x i8] c"k.cpp\00", section "llvm.metadata"
@llvm.global.annotations = appending addrspace(1) global [1 x { ptr addrspace(1), ptr addrspace(1), ptr addrspace(1), i32, ptr addrspace(1) }] [{ ptr addrspace(1), ptr addrspace(1), ptr addrspace(1), i32, ptr addrspace(1) } { ptr addrspace(1) addrspacecast (ptr @cc to ptr addrspace(1)), ptr addrspace(1) @.str, ptr addrspace(1) @.str.1, i32 7, ptr addrspace(1) null }], section "llvm.metadata"

define spir_kernel void @_ZTS1K() {
  %o = alloca i8, align 1
  %g = addrspacecast ptr %o to ptr addrspace(4)
  call spir_func void @cc(ptr addrspace(4) noundef %g, i32 noundef -1, i32 noundef 5) #1
  ret void
}

; Function Attrs: noinline
define linkonce_odr spir_func void @cc(ptr addrspace(4) noundef %0, i32 noundef %1, i32 noundef %2) #0 comdat !dbg !3 {
  %4 = alloca ptr addrspace(4), align 8
  store ptr addrspace(4) %0, ptr %4, align 8
  %5 = load ptr addrspace(4), ptr %4, align 8
  call spir_func void @action(ptr addrspace(4) noundef %5)
  ret void
}

define linkonce_odr spir_func void @action(ptr addrspace(4) noundef %0) {
  %h = alloca half
  ret void
}

$cc = comdat any
attributes #0 = { noinline }
attributes #1 = { nounwind }

!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !2, emissionKind: LineTablesOnly)
!2 = !DIFile(filename: "k.cpp", directory: ".")
!3 = distinct !DISubprogram(name: "cc", scope: !2, file: !2, line: 7, type: !4, spFlags: DISPFlagDefinition, unit: !1)
!4 = !DISubroutineType(types: !5)
!5 = !{}
`

func TestLowerConditionalCaller(t *testing.T) {
	m, err := llvmir.Parse("k.ll", []byte(condAnnotated))
	if err != nil {
		t.Fatal(err)
	}
	out, err := Lower(m)
	if err != nil {
		t.Fatal(err)
	}
	text := string(out)
	for _, want := range []string{
		"call spir_func void @cc(ptr @action, ptr addrspace(4) noundef %g, i32 noundef -1, i32 noundef 5) #1\n",
		"declare spir_func void @cc(ptr, ptr addrspace(4) noundef, i32 noundef, i32 noundef) #0 \"sycl-call-if-on-device-conditionally\"=\"true\"\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("lowered module lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "@llvm.global.annotations") || strings.Contains(text, "store ptr addrspace(4) %0") {
		t.Errorf("the annotation or the caller's body is still there:\n%s", text)
	}
	verify(t, out)
	lm, err := llvmir.Parse("k.ll", out)
	if err != nil {
		t.Fatal(err)
	}
	calls, err := CondCalls(lm)
	if err != nil || len(calls) != 1 {
		t.Fatalf("CondCalls = %v, %v; want one call", calls, err)
	}
	c := calls[0]
	if c.Action != "action" || c.This != "ptr addrspace(4) noundef %g" || len(c.Cond) != 2 || c.Cond[0] != -1 || c.Cond[1] != 5 {
		t.Errorf("CondCalls = %+v", c)
	}
}

func TestLowerConditionalCallerErrors(t *testing.T) {
	two := strings.Replace(condAnnotated, "  call spir_func void @action(ptr addrspace(4) noundef %5)\n",
		"  call spir_func void @action(ptr addrspace(4) noundef %5)\n  call spir_func void @_ZTS1K()\n", 1)
	none := strings.Replace(condAnnotated, "  call spir_func void @action(ptr addrspace(4) noundef %5)\n", "", 1)
	value := strings.Replace(strings.Replace(condAnnotated, "define linkonce_odr spir_func void @cc(", "define linkonce_odr spir_func i32 @cc(", 1), "  call spir_func void @action(ptr addrspace(4) noundef %5)\n  ret void\n", "  call spir_func void @action(ptr addrspace(4) noundef %5)\n  ret i32 1\n", 1)
	value = strings.Replace(value, "call spir_func void @cc(", "%r = call spir_func i32 @cc(", 1)
	for name, src := range map[string]string{"two callees": two, "no action": none, "returns a value": value} {
		m, err := llvmir.Parse("k.ll", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Lower(m); err == nil || !strings.Contains(err.Error(), "k.ll:") || !strings.Contains(err.Error(), "conditional caller @cc") {
			t.Errorf("%s: err = %v, want a file:line error about @cc", name, err)
		}
	}
}

func TestEvalCondition(t *testing.T) {
	has := func(a int) bool { return a == 6 } // fp64, no fp16
	for _, c := range []struct {
		cond []int
		want bool
	}{
		{[]int{-1, 6}, true},
		{[]int{-1, 5}, false},
		{[]int{-3, -1, 5}, true},
		{[]int{-4, -3, -1, 5, -1, 6}, true},      // else_if fp64 after fp16
		{[]int{-4, -3, -1, 5, -3, -1, 6}, false}, // otherwise after both
		{[]int{-4, -1, 5, -1, 6}, false},         // fp16 and fp64
		{[]int{-5, -1, 5, -1, 6}, true},          // fp16 or fp64
	} {
		got, err := EvalCondition(c.cond, has)
		if err != nil || got != c.want {
			t.Errorf("EvalCondition(%v) = %v, %v; want %v", c.cond, got, err, c.want)
		}
	}
	for _, bad := range [][]int{{}, {-1}, {-4, -1, 5}, {-1, 5, -1, 6}, {7}, {-2, 3}, {-1, -7}} {
		if _, err := EvalCondition(bad, has); err == nil {
			t.Errorf("EvalCondition(%v): no error", bad)
		}
	}
	deep := make([]int, 0, 5000)
	for i := 0; i < 2000; i++ {
		deep = append(deep, -3)
	}
	if _, err := EvalCondition(append(deep, -1, 5), has); err == nil {
		t.Error("a 2000-deep condition was accepted")
	}
	if got := CondAspects([]int{-4, -3, -1, 5, -3, -1, 6}); len(got) != 2 || got[0] != 5 || got[1] != 6 {
		t.Errorf("CondAspects = %v", got)
	}
}

// verify runs opt -passes=verify on module text when LLVM 22's opt is at hand.
func verify(t *testing.T, text []byte) {
	t.Helper()
	if opt := testutil.Tool("", "opt-22"); opt != "" {
		p := filepath.Join(t.TempDir(), "v.ll")
		if err := os.WriteFile(p, text, 0o644); err != nil {
			t.Fatal(err)
		}
		if msg, err := exec.Command(opt, "-passes=verify", "-disable-output", p).CombinedOutput(); err != nil {
			t.Errorf("opt -verify rejects the module: %s\n%s", msg, text)
		}
	}
}
