package deviceif

import (
	"fmt"
	"github.com/rules-sycl/rules_sycl/internal/kernelinfo"
	"runtime"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/props"
	"github.com/rules-sycl/rules_sycl/internal/testutil"
)

func TestMergeOutcomes(t *testing.T) {
	tested := []int{5, 6}
	all := Outcomes(tested) // if11 if10 if01 if00
	name := func(os []Outcome) string {
		s := ""
		for _, o := range os {
			s += o.Suffix(tested) + " "
		}
		return s
	}
	for _, c := range []struct {
		in   []Outcome
		want string
	}{
		{all[:2], "if1x "}, // fp64 does not matter with fp16
		{all, "ifxx "},     // nothing matters
		{[]Outcome{all[1], all[2]}, "if10 if01 "}, // not a sub-cube: kept apart
		{all[3:], "if00 "},
		{all[:3], "if11 if10 if01 "},
	} {
		if got := name(mergeOutcomes(tested, c.in)); got != c.want {
			t.Errorf("mergeOutcomes(%s) = %s, want %s", name(c.in), got, c.want)
		}
	}
}

// TestVariants: an image testing fp16 and fp64 becomes four variants, each with the
// aspects of the branches it keeps as its requirements and its outcome as its
// rsycl/device_if set; the image's other properties stay.
func TestVariants(t *testing.T) {
	base := &props.Registry{}
	base.Add(props.DeviceLibReqMask).AddU32("DeviceLibReqMask", 0)
	var got []string
	ok, err := Variants("in.ll", 1, []byte(testutil.DeviceIfTwoTests), base, func(v Variant) error {
		reqs, err := v.Props.Requirements()
		if err != nil {
			return err
		}
		p, _ := reqs.Get("aspects")
		asp, _ := p.U32Array()
		set := v.Props.Set(props.DeviceIfSet)
		if set == nil || v.Props.Set(props.DeviceLibReqMask) == nil {
			t.Errorf("variant %s: sets %v", v.Tag, []byte(v.Props.String()))
		}
		half := strings.Contains(string(v.Text), "alloca half")
		double := strings.Contains(string(v.Text), "alloca double")
		got = append(got, fmtVariant(v.Tag, asp, half, double))
		return nil
	})
	if err != nil || !ok {
		t.Fatalf("Variants: %v, %v", ok, err)
	}
	want := []string{"if11 [5 6] half double", "if10 [5] half", "if01 [6] double", "if00 []"}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Errorf("variants:\n got %q\nwant %q", got, want)
	}
}

func fmtVariant(tag string, asp []uint32, half, double bool) string {
	s := tag + " ["
	for i, a := range asp {
		if i > 0 {
			s += " "
		}
		s += string(rune('0' + a))
	}
	s += "]"
	if half {
		s += " half"
	}
	if double {
		s += " double"
	}
	return s
}

// TestVariantsNoConditions: an image without conditional calls has no variants.
func TestVariantsNoConditions(t *testing.T) {
	ok, err := Variants("in.ll", 1, []byte("define spir_kernel void @k() {\n  ret void\n}\n"), &props.Registry{}, func(Variant) error {
		t.Error("a variant of an image without device_if")
		return nil
	})
	if ok || err != nil {
		t.Errorf("Variants = %v, %v; want false, nil", ok, err)
	}
}

// TestVariantsLimit: more tested aspects than kernelinfo.MaxDeviceIfTested is refused at the kernel's line.
func TestVariantsLimit(t *testing.T) {
	var b strings.Builder
	b.WriteString("define spir_kernel void @k() {\n  %o = alloca i8, align 1\n  %g = addrspacecast ptr %o to ptr addrspace(4)\n")
	for a := 0; a <= kernelinfo.MaxDeviceIfTested; a++ {
		b.WriteString("  call spir_func void @cc(ptr @on.half, ptr addrspace(4) noundef %g, i32 noundef -1, i32 noundef " + string(rune('0'+a)) + ") #1\n")
	}
	b.WriteString(testutil.DeviceIfTwoTests[strings.Index(testutil.DeviceIfTwoTests, "  ret void"):])
	_, err := Variants("in.ll", 7, []byte(b.String()), &props.Registry{}, func(Variant) error { return nil })
	if err == nil || !strings.HasPrefix(err.Error(), "in.ll:7: ") || !strings.Contains(err.Error(), "at most 6 aspects") {
		t.Errorf("err = %v", err)
	}
}

// TestVariantsHoldOneText: the variants of an image testing 6 aspects (64 outcomes, each
// its own module) are made one at a time; at every emit, the live heap holds a few
// specialised texts, not all of them (64 outcomes of a 10 MB image held 2.8 GB).
func TestVariantsHoldOneText(t *testing.T) {
	var b strings.Builder
	b.WriteString("define spir_kernel void @k() {\n  %o = alloca i8, align 1\n  %g = addrspacecast ptr %o to ptr addrspace(4)\n")
	for a := 0; a < kernelinfo.MaxDeviceIfTested; a++ {
		fmt.Fprintf(&b, "  call spir_func void @cc(ptr @on.%d, ptr addrspace(4) noundef %%g, i32 noundef -1, i32 noundef %d) #1\n", a, 5+a)
	}
	b.WriteString("  ret void\n}\n")
	// Each branch is large, so that every outcome's module is large and different.
	for a := 0; a < kernelinfo.MaxDeviceIfTested; a++ {
		fmt.Fprintf(&b, "\ndefine internal spir_func void @on.%d(ptr addrspace(4) noundef %%0) {\n", a)
		for i := 0; i < 2000; i++ {
			fmt.Fprintf(&b, "  %%v%d = alloca i32, align 4\n", i)
		}
		b.WriteString("  ret void\n}\n")
	}
	b.WriteString("\ndeclare spir_func void @cc(ptr, ptr addrspace(4) noundef, i32 noundef, i32 noundef) #0\n\nattributes #0 = { \"sycl-call-if-on-device-conditionally\"=\"true\" }\nattributes #1 = { nounwind }\n")
	src := []byte(b.String())
	var peak uint64
	var n, size int
	ok, err := Variants("in.ll", 1, src, &props.Registry{}, func(v Variant) error {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		if ms.HeapAlloc > peak {
			peak = ms.HeapAlloc
		}
		if len(v.Text) > size {
			size = len(v.Text)
		}
		n++
		return nil
	})
	if err != nil || !ok || n != 1<<kernelinfo.MaxDeviceIfTested {
		t.Fatalf("Variants: %v %v, %d variants", ok, err, n)
	}
	// The input and its parse, one specialised text and its parse: a few times the
	// input's size; all 64 texts would be over 30 times it.
	if limit := uint64(12 * len(src)); peak > limit {
		t.Errorf("live heap %d bytes at an emit (input %d, largest variant %d): more than %d", peak, len(src), size, limit)
	}
}
