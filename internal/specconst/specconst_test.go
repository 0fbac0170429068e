package specconst

import (
	"bytes"
	"encoding/binary"
	"flag"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/props"
	"github.com/rules-sycl/rules_sycl/internal/testutil"
)

var (
	update   = flag.Bool("update", false, "rewrite the golden files")
	optFlag  = flag.String("opt", "", "path of opt (22)")
	llcFlag  = flag.String("llc", "", "path of llc (22)")
	spirvVal = flag.String("spirv_val", "", "path of spirv-val")
	spirvDis = flag.String("spirv_dis", "", "path of spirv-dis")
)

func lower(t *testing.T, mode Mode) *Result {
	t.Helper()
	src, err := os.ReadFile("testdata/scalars.ll")
	if err != nil {
		t.Fatal(err)
	}
	r, err := Lower("scalars.ll", src, mode)
	if err != nil {
		t.Fatal(err)
	}
	if r == nil {
		t.Fatal("no constants found")
	}
	golden := "testdata/scalars." + mode.String() + ".ll"
	if *update {
		if err := os.WriteFile(golden, r.Text, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(r.Text, want) {
		t.Errorf("%s mode: output differs from %s (run with -update to see)", mode, golden)
	}
	// LLVM reads what we write.
	if opt := testutil.Tool(*optFlag, "opt-22"); opt != "" {
		cmd := exec.Command(opt, "-passes=verify", "-disable-output", "-")
		cmd.Stdin = bytes.NewReader(r.Text)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("opt rejects the %s output: %v\n%s", mode, err, out)
		}
	}
	return r
}

func TestNative(t *testing.T) {
	r := lower(t, Native)
	text := string(r.Text)
	for _, want := range []string{
		"%s = call i32 @_Z20__spirv_SpecConstantii(i32 0, i32 3), !annotation !5",
		"%h = call half @_Z20__spirv_SpecConstantiDh(i32 1, half 0xH3C00)",
		"%d = call double @_Z20__spirv_SpecConstantid(i32 2, double 2.500000e-01)",
		// the helper's read of the same constant gets the same ID
		"  %s = call i32 @_Z20__spirv_SpecConstantii(i32 0, i32 3)\n  ret i32 %s",
		`!{!"uid0123456789abcdef____ZL5scale", i32 0, i32 0, i32 4}`,
		"@_ZL5scale = internal",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("native output lacks %q", want)
		}
	}
	for _, gone := range []string{"__sycl_getScalar2020SpecConstantValue", "@__usid_str"} {
		if strings.Contains(text, gone) {
			t.Errorf("native output still has %q", gone)
		}
	}
	reg := &props.Registry{}
	r.AddProps(reg)
	set := reg.Set(SetName)
	if set == nil || len(set.Props) != 3 || reg.Set(DefaultsSetName) != nil {
		t.Fatalf("native property sets: %s", reg.Bytes())
	}
	checkTriples(t, set, "uid0123456789abcdef____ZL6offset", []uint32{1, 0, 2})

	// The SPIR-V back end turns the reads into specialization constants with SpecIds.
	llc, val, dis := testutil.Tool(*llcFlag, "llc-22"), testutil.Tool(*spirvVal, "spirv-val"), testutil.Tool(*spirvDis, "spirv-dis")
	if llc == "" || val == "" || dis == "" {
		t.Skip("llc-22, spirv-val or spirv-dis not found")
	}
	dir := t.TempDir()
	ll, spv := filepath.Join(dir, "n.ll"), filepath.Join(dir, "n.spv")
	if err := os.WriteFile(ll, r.Text, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(llc, "-mtriple=spirv64-unknown-unknown", "-filetype=obj", ll, "-o", spv).CombinedOutput(); err != nil {
		t.Fatalf("llc: %v\n%s", err, out)
	}
	if out, err := exec.Command(val, spv).CombinedOutput(); err != nil {
		t.Fatalf("spirv-val: %v\n%s", err, out)
	}
	out, err := exec.Command(dis, spv).CombinedOutput()
	if err != nil {
		t.Fatalf("spirv-dis: %v\n%s", err, out)
	}
	for _, want := range []string{"SpecId 0", "SpecId 1", "SpecId 2", "OpSpecConstant %uint 3", "OpSpecConstant %double 0.25"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("SPIR-V lacks %q:\n%s", want, out)
		}
	}
}

func checkTriples(t *testing.T, set *props.Set, name string, want []uint32) {
	t.Helper()
	p, ok := set.Get(name)
	if !ok {
		t.Fatalf("no property %s", name)
	}
	got, err := p.U32Array()
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("%s = %v, want %v", name, got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("%s = %v, want %v", name, got, want)
		}
	}
}

func TestEmulation(t *testing.T) {
	r := lower(t, Emulation)
	text := string(r.Text)
	for _, want := range []string{
		"%spec.const.gep.1 = getelementptr i8, ptr addrspace(4) %buf, i32 0\n  %s = load i32, ptr addrspace(4) %spec.const.gep.1, align 4, !annotation !5",
		"getelementptr i8, ptr addrspace(4) %buf, i32 4\n  %h = load half,",
		"getelementptr i8, ptr addrspace(4) %buf, i32 8\n  %d = load double,",
		`!{!"uid0123456789abcdef____ZL6offset", i32 1, i32 0, i32 2, i32 -1, i32 2, i32 2}`,
		"!{[2 x i8] zeroinitializer}",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("emulation output lacks %q", want)
		}
	}
	reg := &props.Registry{}
	r.AddProps(reg)
	checkTriples(t, reg.Set(SetName), "uid0123456789abcdef____ZL6offset", []uint32{1, 0, 2, PaddingID, 2, 2})
	checkTriples(t, reg.Set(SetName), "uid0123456789abcdef____ZL4bias", []uint32{2, 0, 8})
	p, ok := reg.Set(DefaultsSetName).Get("all")
	if !ok {
		t.Fatal("no default values")
	}
	want := make([]byte, 16)
	binary.LittleEndian.PutUint32(want, 3)
	binary.LittleEndian.PutUint16(want[4:], 0x3C00)
	binary.LittleEndian.PutUint64(want[8:], math.Float64bits(0.25))
	if !bytes.Equal(p.Bytes, want) {
		t.Errorf("default blob = %x, want %x", p.Bytes, want)
	}
}

func TestNoReads(t *testing.T) {
	r, err := Lower("x.ll", []byte("define void @f() {\n  ret void\n}\n"), Native)
	if r != nil || err != nil {
		t.Fatalf("got %v, %v", r, err)
	}
}

func TestErrors(t *testing.T) {
	src, err := os.ReadFile("testdata/scalars.ll")
	if err != nil {
		t.Fatal(err)
	}
	s := string(src)
	cases := []struct {
		name, old, new string
		mode           Mode
		want           string
	}{
		{"null buffer in emulation", "noundef %buf), !annotation", "noundef null), !annotation", Emulation,
			"scalars.ll:22: in _ZTS5Scale: specialization constant \"uid0123456789abcdef____ZL5scale\" is read for emulation"},
		{"composite", "@_Z37__sycl_getScalar2020SpecConstantValueIdET_PKcPKvS4_(", "@_Z40__sycl_getComposite2020SpecConstantValueIdET_PKcPKvS4_(", Native,
			"a composite specialization constant"},
		{"old API", "@_Z37__sycl_getScalar2020SpecConstantValueIdET_PKcPKvS4_(", "@_Z33__sycl_getScalarSpecConstantValueIdET_PKcPKvS4_(", Native,
			"SYCL 1.2.1 specialization-constant API"},
		{"default of another type", "{ i32 3 }", "{ i64 3 }", Native, "is not of the type read, i32"},
		{"unused result", "  %s = tail call spir_func noundef i32 @_Z37", "  tail call spir_func noundef i32 @_Z37", Native, "its value is not used"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := strings.Replace(s, c.old, c.new, 1)
			if in == s {
				t.Fatalf("the case's edit did not apply")
			}
			_, err := Lower("scalars.ll", []byte(in), c.mode)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want %q", err, c.want)
			}
		})
	}
}

func TestEncode(t *testing.T) {
	cases := []struct {
		typ, v string
		want   []byte
	}{
		{"i1", "true", []byte{1}},
		{"i8", "-1", []byte{0xff}},
		{"i16", "65535", []byte{0xff, 0xff}},
		{"i32", "-2", []byte{0xfe, 0xff, 0xff, 0xff}},
		{"float", "0x3FB99999A0000000", le32(math.Float32bits(0.1))},
		{"float", "1.500000e+00", le32(math.Float32bits(1.5))},
	}
	for _, c := range cases {
		got, err := encode(c.typ, c.v)
		if err != nil || !bytes.Equal(got, c.want) {
			t.Errorf("encode(%s %s) = %x, %v; want %x", c.typ, c.v, got, err, c.want)
		}
	}
	for _, bad := range [][2]string{{"i8", "300"}, {"i1", "2"}, {"half", "1.0"}} {
		if _, err := encode(bad[0], bad[1]); err == nil {
			t.Errorf("encode(%s %s) accepted", bad[0], bad[1])
		}
	}
}

func le32(v uint32) []byte {
	b := make([]byte, 4)
	binary.LittleEndian.PutUint32(b, v)
	return b
}
