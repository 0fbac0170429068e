package aot

import (
	"os"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/deviceif"
	"github.com/rules-sycl/rules_sycl/internal/llvmir"
)

func TestMergeOutcomes(t *testing.T) {
	tested := []int{5, 6}
	all := deviceif.Outcomes(tested) // if11 if10 if01 if00
	name := func(os []deviceif.Outcome) string {
		s := ""
		for _, o := range os {
			s += o.Suffix(tested) + " "
		}
		return s
	}
	for _, c := range []struct {
		in   []deviceif.Outcome
		want string
	}{
		{all[:2], "if1x "}, // fp64 does not matter with fp16
		{all, "ifxx "},     // nothing matters
		{[]deviceif.Outcome{all[1], all[2]}, "if10 if01 "}, // not a sub-cube: kept apart
		{all[3:], "if00 "},
		{all[:3], "if11 if10 if01 "},
	} {
		if got := name(mergeOutcomes(tested, c.in)); got != c.want {
			t.Errorf("mergeOutcomes(%s) = %s, want %s", name(c.in), got, c.want)
		}
	}
}

// twoTests is a kernel with one device_if on fp16 and one on fp64 (DPC++'s form).
const twoTests = `define spir_kernel void @k() {
  %o = alloca i8, align 1
  %g = addrspacecast ptr %o to ptr addrspace(4)
  call spir_func void @cc(ptr @on.half, ptr addrspace(4) noundef %g, i32 noundef -1, i32 noundef 5) #1
  call spir_func void @cc(ptr @on.double, ptr addrspace(4) noundef %g, i32 noundef -1, i32 noundef 6) #1
  ret void
}

define internal spir_func void @on.half(ptr addrspace(4) noundef %0) {
  %h = alloca half
  ret void
}

define internal spir_func void @on.double(ptr addrspace(4) noundef %0) {
  %d = alloca double
  ret void
}

declare spir_func void @cc(ptr, ptr addrspace(4) noundef, i32 noundef, i32 noundef) #0

attributes #0 = { "sycl-call-if-on-device-conditionally"="true" }
attributes #1 = { nounwind }
`

// TestVariantsAreStreamed: each distinct specialised module goes to its staging file as
// it is made, and no variant keeps its text (all 64 outcomes of a large image were held
// in memory at once).
func TestVariantsAreStreamed(t *testing.T) {
	m, err := llvmir.Parse("img.ll", []byte(twoTests))
	if err != nil {
		t.Fatal(err)
	}
	stage := t.TempDir()
	vs, err := specializeAll("t.table", 2, m, deviceif.Outcomes([]int{5, 6}), "img", stage, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(vs) != 4 {
		t.Fatalf("%d variants, want 4 (each outcome its own module)", len(vs))
	}
	for _, v := range vs {
		if v.r.Text != nil {
			t.Errorf("variant %s keeps its text in memory", v.file)
		}
		b, err := os.ReadFile(v.file)
		if err != nil || !strings.Contains(string(b), "define spir_kernel void @k()") {
			t.Errorf("variant file %s: %v", v.file, err)
		}
	}
}
