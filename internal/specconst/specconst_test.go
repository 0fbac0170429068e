package specconst

import (
	"bytes"
	"encoding/binary"
	"flag"
	"fmt"
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
	return lowerFile(t, "scalars", mode)
}

// lowerFile lowers testdata/NAME.ll, compares it with testdata/NAME.MODE.ll and checks
// that LLVM reads it.
func lowerFile(t *testing.T, name string, mode Mode) *Result {
	t.Helper()
	src, err := os.ReadFile("testdata/" + name + ".ll")
	if err != nil {
		t.Fatal(err)
	}
	r, err := Lower(name+".ll", src, mode)
	if err != nil {
		t.Fatal(err)
	}
	if r == nil {
		t.Fatal("no constants found")
	}
	golden := "testdata/" + name + "." + mode.String() + ".ll"
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
	if msg := optRejects(r.Text); msg != "" {
		t.Fatalf("opt rejects the %s output: %s", mode, msg)
	}
	return r
}

// optRejects returns opt's words when it refuses text ("" when it reads it, or when no
// opt-22 is found).
func optRejects(text []byte) string {
	opt := testutil.Tool(*optFlag, "opt-22")
	if opt == "" {
		return ""
	}
	cmd := exec.Command(opt, "-passes=verify", "-disable-output", "-")
	cmd.Stdin = bytes.NewReader(text)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Sprintf("%v\n%s", err, out)
	}
	return ""
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
	if set == nil || len(set.Props) != 3 || reg.Set(DefaultsSetName) == nil {
		t.Fatalf("native property sets: %s", []byte(reg.String()))
	}
	// The defaults as in emulation (libsycl tells a set value from the default by them):
	// int 3, then double 0.25 aligned to 8, ... in the constants' order.
	if all, ok := reg.Set(DefaultsSetName).Get("all"); !ok || len(all.Bytes) < 4 || all.Bytes[0] != 3 {
		t.Fatalf("native default values: %s", []byte(reg.String()))
	}
	checkTriples(t, set, "uid0123456789abcdef____ZL6offset", []uint32{1, 0, 2})

	// The SPIR-V back end turns the reads into specialization constants with SpecIds.
	checkSPIRV(t, r.Text, "SpecId 0", "SpecId 1", "SpecId 2", "OpSpecConstant %uint 3", "OpSpecConstant %double 0.25")
}

// checkSPIRV compiles a native module with llc's SPIR-V backend, validates it and
// looks for each of wants in the disassembly.
func checkSPIRV(t *testing.T, text []byte, wants ...string) {
	t.Helper()
	llc, val, dis := testutil.Tool(*llcFlag, "llc-22"), testutil.Tool(*spirvVal, "spirv-val"), testutil.Tool(*spirvDis, "spirv-dis")
	if llc == "" || val == "" || dis == "" {
		t.Skip("llc-22, spirv-val or spirv-dis not found")
	}
	dir := t.TempDir()
	ll, spv := filepath.Join(dir, "n.ll"), filepath.Join(dir, "n.spv")
	if err := os.WriteFile(ll, text, 0o644); err != nil {
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
	for _, want := range wants {
		if !strings.Contains(string(out), want) {
			t.Errorf("SPIR-V lacks %q:\n%s", want, out)
		}
	}
}

// TestComposites: structs (sret and by value, nested, padded), arrays and vectors, one
// zero-initialized; native leaves with their offsets, emulated whole constants with
// their buffer offsets and default blob, and the defaults image.
func TestComposites(t *testing.T) {
	r := lowerFile(t, "composites", Native)
	reg := &props.Registry{}
	r.AddProps(reg)
	// Params { i32, double, { i8, float } }: leaves at 0, 8, 16 and 20.
	checkTriples(t, reg.Set(SetName), "uidP__", []uint32{0, 0, 4, 1, 8, 8, 2, 16, 1, 3, 20, 4})
	checkTriples(t, reg.Set(SetName), "uidA__", []uint32{6, 0, 4, 7, 4, 4, 8, 8, 4})
	checkSPIRV(t, r.Text, "SpecId 10", "OpSpecConstantComposite %struct_Params", "OpSpecConstant %uint 6")

	e := lowerFile(t, "composites", Emulation)
	reg = &props.Registry{}
	e.AddProps(reg)
	checkTriples(t, reg.Set(SetName), "uidP__", []uint32{0, 0, 24})
	checkTriples(t, reg.Set(SetName), "uidV__", []uint32{3, 0, 8})
	for _, want := range []string{
		"getelementptr i8, ptr addrspace(4) %buf, i32 24\n  %q = load %struct.Pair,",
		"getelementptr i8, ptr addrspace(4) %buf, i32 40\n  %v = load %struct.Vec,",
		"store %struct.Params %spec.const.2, ptr addrspace(4) %p4, align 8",
	} {
		if !strings.Contains(string(e.Text), want) {
			t.Errorf("emulation lacks %q", want)
		}
	}
	all, _ := reg.Set(DefaultsSetName).Get("all")
	want := make([]byte, 48)
	binary.LittleEndian.PutUint32(want[0:], 1)
	binary.LittleEndian.PutUint64(want[8:], math.Float64bits(0.25))
	want[16] = 0xfd
	binary.LittleEndian.PutUint32(want[20:], math.Float32bits(1.5))
	for i, v := range []uint32{4, 5, 6} {
		binary.LittleEndian.PutUint32(want[28+4*i:], v)
	}
	binary.LittleEndian.PutUint32(want[40:], math.Float32bits(1))
	binary.LittleEndian.PutUint32(want[44:], math.Float32bits(2))
	if !bytes.Equal(all.Bytes, want) {
		t.Errorf("default blob\n got %x\nwant %x", all.Bytes, want)
	}

	d := lowerFile(t, "composites", Defaults)
	for _, want := range []string{
		"store %struct.Params { i32 1, double 2.500000e-01, %struct.Inner { i8 -3, float 1.500000e+00 } }, ptr addrspace(4) %p4, align 8",
		// A read returned by value goes; its uses take the default (DPC++'s
		// default-value/device-image.ll: "%sc.e = extractvalue %struct.C { i32 1 }, 0").
		"%y = extractvalue %struct.Pair zeroinitializer, 0",
		"%z = extractvalue %struct.Arr { [3 x i32] [i32 4, i32 5, i32 6] }, 0, 2",
	} {
		if !strings.Contains(string(d.Text), want) {
			t.Errorf("defaults image lacks %q", want)
		}
	}
	if strings.Contains(string(d.Text), "SpecConstant") {
		t.Errorf("defaults image still reads specialization constants")
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
		"%spec.const.1 = getelementptr i8, ptr addrspace(4) %buf, i32 0\n  %s = load i32, ptr addrspace(4) %spec.const.1, align 4, !annotation !5",
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
		{"pointer", "{ i32 3 }", "{ ptr null }", Native, "a pointer cannot be a specialization constant"},
		{"old API", "@_Z37__sycl_getScalar2020SpecConstantValueIdET_PKcPKvS4_(", "@_Z33__sycl_getScalarSpecConstantValueIdET_PKcPKvS4_(", Native,
			"SYCL 1.2.1 specialization-constant API"},
		{"default of another type", "{ i32 3 }", "{ i64 3 }", Native, "its value at offset 0 is i64, where the type read has i32"},
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

// TestTypeBounds: a constant's whole type is bounded, not only each dimension: 2^40 i32
// leaves, or 2^40 empty structs (no bytes, but as many visits), are refused at once.
func TestTypeBounds(t *testing.T) {
	p := &typeParser{bodies: func(string) (string, bool) { return "", false }, cache: map[string]*ltype{}}
	for _, c := range []struct{ typ, want string }{
		{"[1048576 x [1048576 x i32]]", "bytes or more"},
		{"[1048576 x [1048576 x {}]]", "elements or more"},
		{"{ [1048576 x [16 x i32]], [1048576 x [16 x i32]] }", "bytes or more"},
	} {
		if _, _, err := p.parse(c.typ); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.typ, err, c.want)
		}
	}
	if ty, _, err := p.parse("[1024 x [1024 x i32]]"); err != nil || ty.size != 4<<20 {
		t.Errorf("4 MiB: %v", err)
	}
}

// TestPaddedComposites: an undef member (DPC++'s padding field of an over-aligned
// struct) takes a SpecId, is passed to the composite as undef and has no descriptor; a
// member struct's tail padding and the struct's own get padding triples, as DPC++'s
// pass writes them; a default written as a literal struct of the read type's layout is
// accepted; the defaults blob has zeros for the padding.
func TestPaddedComposites(t *testing.T) {
	r := lowerFile(t, "padded", Native)
	reg := &props.Registry{}
	r.AddProps(reg)
	checkTriples(t, reg.Set(SetName), "uidU__", []uint32{0, 0, 4, 1, 4, 4, 2, 8, 1, PaddingID, 9, 3})
	checkTriples(t, reg.Set(SetName), "uidO__", []uint32{
		3, 0, 1, // i8
		4, 4, 4, 5, 8, 1, PaddingID, 9, 3, // %struct.T and its tail padding
		6, 12, 2, 7, 14, 2, 8, 16, 2, 9, 18, 2, // [2 x [2 x i16]]; SpecId 10 is the undef [44 x i8]
		PaddingID, 20, 44,
	})
	// DPC++'s struct-with-padding-in-the-middle.ll: SpecIds 13 and 16 are the padding
	// fields' (undef: the default has no value at their offsets).
	checkTriples(t, reg.Set(SetName), "uidM__", []uint32{11, 0, 4, 12, 4, 1, 14, 8, 4, 15, 12, 1, PaddingID, 13, 3})
	for _, want := range []string{
		"call %struct.Over @_Z29__spirv_SpecConstantCompositeastruct.TA2_A2_sA44_a_Rstruct.Over(i8 %spec.const.",
		"[44 x i8] undef)",
		"call [2 x [2 x i16]] @_Z29__spirv_SpecConstantCompositeA2_sA2_s_RA2_A2_s(",
		"i8 %spec.const.", "[3 x i8] undef, i32 %spec.const.",
	} {
		if !strings.Contains(string(r.Text), want) {
			t.Errorf("native output lacks %q", want)
		}
	}
	if strings.Contains(string(r.Text), "i32 17,") {
		t.Errorf("SpecIds go past 16: an undef member took one per byte")
	}
	all, _ := reg.Set(DefaultsSetName).Get("all")
	want := make([]byte, 12+64+16)
	binary.LittleEndian.PutUint32(want[0:], math.Float32bits(1.5))
	want[4], want[8] = 7, 113
	want[12], want[12+8] = 122, 9
	binary.LittleEndian.PutUint32(want[12+4:], 0xfffffffe)
	for i, v := range []uint16{1, 2, 3, 4} {
		binary.LittleEndian.PutUint16(want[12+12+2*i:], v)
	}
	binary.LittleEndian.PutUint32(want[76:], math.Float32bits(2.5))
	want[80], want[84], want[88] = 97, 42, 8
	if !bytes.Equal(all.Bytes, want) {
		t.Errorf("default blob\n got %x\nwant %x", all.Bytes, want)
	}
	lowerFile(t, "padded", Emulation)
	lowerFile(t, "padded", Defaults)
}

// TestBool: a bool constant is read as i1 from an i8 specialization_id: the value is read
// as i8 and truncated (DPC++'s pass does the same), in every mode.
func TestBool(t *testing.T) {
	src := `target triple = "spir64-unknown-unknown"
@id = private unnamed_addr addrspace(1) constant [5 x i8] c"uidF\00", align 1
@flag = internal addrspace(1) constant { i8 } { i8 1 }, align 1
define spir_kernel void @K(ptr addrspace(1) %out, ptr addrspace(1) %buf1) {
entry:
  %buf = addrspacecast ptr addrspace(1) %buf1 to ptr addrspace(4)
  %f = call spir_func noundef zeroext i1 @_Z37__sycl_getScalar2020SpecConstantValueIbET_PKcPKvS4_(ptr addrspace(4) noundef addrspacecast (ptr addrspace(1) @id to ptr addrspace(4)), ptr addrspace(4) noundef addrspacecast (ptr addrspace(1) @flag to ptr addrspace(4)), ptr addrspace(4) noundef %buf)
  %v = zext i1 %f to i32
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
}
declare spir_func noundef zeroext i1 @_Z37__sycl_getScalar2020SpecConstantValueIbET_PKcPKvS4_(ptr addrspace(4) noundef, ptr addrspace(4) noundef, ptr addrspace(4) noundef)
`
	for mode, wants := range map[Mode][]string{
		Native:    {"= call i8 @_Z20__spirv_SpecConstantia(i32 0, i8 1)", "%f = trunc i8 %spec.const.1 to i1"},
		Emulation: {"%spec.const.1 = load i8, ptr addrspace(4) %spec.const.2", "%f = trunc i8 %spec.const.1 to i1"},
		Defaults:  {"%f = trunc i8 1 to i1", "%v = zext i1 %f to i32"},
	} {
		r, err := Lower("b.ll", []byte(src), mode)
		if err != nil {
			t.Fatalf("%s: %v", mode, err)
		}
		for _, w := range wants {
			if !strings.Contains(string(r.Text), w) {
				t.Errorf("%s: output lacks %q:\n%s", mode, w, r.Text)
			}
		}
		if mode != Defaults {
			reg := &props.Registry{}
			r.AddProps(reg)
			checkTriples(t, reg.Set(SetName), "uidF", []uint32{0, 0, 1})
		}
	}
}

// TestZeroSizeMembers: an empty struct constant and a struct ending in a zero-length
// array lower in every mode (the descriptor walk once indexed past the last leaf).
func TestZeroSizeMembers(t *testing.T) {
	src := `target triple = "spir64-unknown-unknown"
%struct.E = type {}
%struct.W = type { i32, [0 x i8] }
@id = private unnamed_addr addrspace(1) constant [5 x i8] c"uidE\00", align 1
@id2 = private unnamed_addr addrspace(1) constant [5 x i8] c"uidW\00", align 1
@e = internal addrspace(1) constant { %struct.E } zeroinitializer, align 1
@w = internal addrspace(1) constant { %struct.W } { %struct.W { i32 3, [0 x i8] zeroinitializer } }, align 4
define spir_kernel void @K(ptr addrspace(1) %out, ptr addrspace(4) %buf) {
entry:
  %p = alloca %struct.E
  %q = alloca %struct.W
  call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI1EET_PKcPKvS5_(ptr sret(%struct.E) %p, ptr addrspace(4) noundef addrspacecast (ptr addrspace(1) @id to ptr addrspace(4)), ptr addrspace(4) noundef addrspacecast (ptr addrspace(1) @e to ptr addrspace(4)), ptr addrspace(4) %buf)
  call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI1WET_PKcPKvS5_(ptr sret(%struct.W) %q, ptr addrspace(4) noundef addrspacecast (ptr addrspace(1) @id2 to ptr addrspace(4)), ptr addrspace(4) noundef addrspacecast (ptr addrspace(1) @w to ptr addrspace(4)), ptr addrspace(4) %buf)
  ret void
}
declare spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI1EET_PKcPKvS5_(ptr sret(%struct.E), ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
declare spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI1WET_PKcPKvS5_(ptr sret(%struct.W), ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
`
	for _, m := range []Mode{Native, Emulation, Defaults} {
		r, err := Lower("e.ll", []byte(src), m)
		if err != nil {
			t.Fatalf("%s: %v", m, err)
		}
		reg := &props.Registry{}
		r.AddProps(reg)
		if m == Native {
			checkTriples(t, reg.Set(SetName), "uidE", nil)
			checkTriples(t, reg.Set(SetName), "uidW", []uint32{0, 0, 4})
		}
	}
}

// TestQuotedStructName: a constant of a struct whose LLVM name needs quotes
// (%"struct.std::array", a std::array<double, 3>, as SYCL-Bench's spec_constant_convolution
// and DPC++'s vector-convolution-demo read them) lowers to text LLVM reads: the type and
// the __spirv_SpecConstantComposite name keep their quotes. Unquoted, llc failed with
// "expected value token".
func TestQuotedStructName(t *testing.T) {
	src := `target triple = "spir64-unknown-unknown"
%"struct.std::array" = type { [3 x double] }
%"class.sycl::_V1::specialization_id" = type { %"struct.std::array" }
@id = private unnamed_addr addrspace(1) constant [5 x i8] c"uidK\00", align 1
@coeffs = internal addrspace(1) constant %"class.sycl::_V1::specialization_id" { %"struct.std::array" { [3 x double] [double 1.0, double 2.0, double 3.0] } }, align 8
define spir_kernel void @K(ptr addrspace(1) %out, ptr addrspace(1) %buf1) {
entry:
  %buf = addrspacecast ptr addrspace(1) %buf1 to ptr addrspace(4)
  %a = alloca %"struct.std::array", align 8
  %a4 = addrspacecast ptr %a to ptr addrspace(4)
  call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueISt5arrayIdLm3EEET_PKcPKvS6_(ptr addrspace(4) sret(%"struct.std::array") align 8 %a4, ptr addrspace(4) noundef addrspacecast (ptr addrspace(1) @id to ptr addrspace(4)), ptr addrspace(4) noundef addrspacecast (ptr addrspace(1) @coeffs to ptr addrspace(4)), ptr addrspace(4) noundef %buf)
  %x = load double, ptr %a, align 8
  store double %x, ptr addrspace(1) %out, align 8
  ret void
}
declare spir_func void @_Z40__sycl_getComposite2020SpecConstantValueISt5arrayIdLm3EEET_PKcPKvS6_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
`
	for _, mode := range []Mode{Native, Emulation, Defaults} {
		r, err := Lower("a.ll", []byte(src), mode)
		if err != nil {
			t.Fatalf("%s: %v", mode, err)
		}
		if mode == Native {
			for _, w := range []string{
				`= call %"struct.std::array" @"_Z29__spirv_SpecConstantCompositeA3_d_Rstruct.std::array"(`,
				`declare %"struct.std::array" @"_Z29__spirv_SpecConstantCompositeA3_d_Rstruct.std::array"([3 x double])`,
			} {
				if !strings.Contains(string(r.Text), w) {
					t.Errorf("native output lacks %q:\n%s", w, r.Text)
				}
			}
		}
		if msg := optRejects(r.Text); msg != "" {
			t.Errorf("%s: opt rejects the output: %s\n%s", mode, msg, r.Text)
		}
	}
}

// TestLargeConstantLowers: a specialization constant of 262,144 leaves (a [262144 x i8]
// array) lowers natively; its descriptor has one triple per leaf. The descriptor string
// was built by repeated concatenation, quadratic in the leaves: minutes for such a module.
func TestLargeConstantLowers(t *testing.T) {
	const n = 262144
	src := `target triple = "spir64-unknown-unknown"
%"class.sycl::_V1::specialization_id" = type { [262144 x i8] }
@id = private unnamed_addr addrspace(1) constant [5 x i8] c"uidB\00", align 1
@big = internal addrspace(1) constant %"class.sycl::_V1::specialization_id" zeroinitializer, align 1
define spir_kernel void @K(ptr addrspace(1) %out, ptr addrspace(1) %buf1) {
entry:
  %buf = addrspacecast ptr addrspace(1) %buf1 to ptr addrspace(4)
  %a = alloca [262144 x i8], align 1
  %a4 = addrspacecast ptr %a to ptr addrspace(4)
  call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueIA262144_hET_PKcPKvS4_(ptr addrspace(4) sret([262144 x i8]) align 1 %a4, ptr addrspace(4) noundef addrspacecast (ptr addrspace(1) @id to ptr addrspace(4)), ptr addrspace(4) noundef addrspacecast (ptr addrspace(1) @big to ptr addrspace(4)), ptr addrspace(4) noundef %buf)
  %x = load i8, ptr %a, align 1
  store i8 %x, ptr addrspace(1) %out, align 1
  ret void
}
declare spir_func void @_Z40__sycl_getComposite2020SpecConstantValueIA262144_hET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
`
	r, err := Lower("big.ll", []byte(src), Native)
	if err != nil {
		t.Fatal(err)
	}
	reg := &props.Registry{}
	r.AddProps(reg)
	v, ok := reg.Set(SetName).Get("uidB")
	if !ok {
		t.Fatal("no descriptor for uidB")
	}
	if got := len(v.Bytes) / 12; got < n {
		t.Errorf("descriptor has %d triples, want at least %d", got, n)
	}
}

// TestDefaultOffTheType: a default whose defined value lands on no scalar of the type
// read (here in %struct.U's tail padding) is an error at the read, in every mode: no
// descriptor would report it, and the value would be lost without a word.
func TestDefaultOffTheType(t *testing.T) {
	src, err := os.ReadFile("testdata/padded.ll")
	if err != nil {
		t.Fatal(err)
	}
	old := "@udt = internal addrspace(1) constant { { float, i32, i8 } } { { float, i32, i8 } { float 1.500000e+00, i32 7, i8 113 } }"
	in := strings.Replace(string(src), old, "@udt = internal addrspace(1) constant { <{ float, i32, i8, i8 }> } { <{ float, i32, i8, i8 }> <{ float 1.500000e+00, i32 7, i8 113, i8 5 }> }", 1)
	if in == string(src) {
		t.Fatal("the edit did not apply")
	}
	for _, mode := range []Mode{Native, Emulation, Defaults} {
		_, err := Lower("padded.ll", []byte(in), mode)
		if err == nil || !strings.Contains(err.Error(), "padded.ll:30: ") || !strings.Contains(err.Error(), "its i8 5 at offset 9 lands on no scalar of the type read") {
			t.Errorf("%v: err = %v", mode, err)
		}
	}
}
