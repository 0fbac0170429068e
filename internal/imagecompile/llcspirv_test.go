package imagecompile

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/cli"
	"github.com/rules-sycl/rules_sycl/internal/devconfig"
	"github.com/rules-sycl/rules_sycl/internal/testutil"
)

const llcHeader = `target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64-unknown-unknown"
`

// An over-aligned struct's padding field (undef, as DPC++'s front end writes it) in a
// global initializer, a string that spells " undef," and a global named @undef.
const undefGlobals = llcHeader + `%struct.P = type { i8, [3 x i8] }
@p = internal addrspace(1) constant %struct.P { i8 1, [3 x i8] undef }, align 4
@q = internal addrspace(1) global [2 x i32] poison, align 4
@s = private unnamed_addr addrspace(1) constant [8 x i8] c" undef,\00", align 1
@undef = internal addrspace(1) global i32 5, align 4

define spir_kernel void @K(ptr addrspace(1) %out) {
entry:
  %v = load i8, ptr addrspace(1) @p, align 4
  %w = load i8, ptr addrspace(1) @s, align 1
  %u = load i32, ptr addrspace(1) @undef, align 4
  %x = add i8 %v, %w
  store i8 %x, ptr addrspace(1) %out, align 1
  %y = insertvalue { i32, i32 } undef, i32 %u, 0
  ret void
}
`

// A kernel that calls through a function pointer kept in a table.
const indirectCall = llcHeader + `@table = internal addrspace(1) constant [1 x ptr] [ptr @twice], align 8

define internal spir_func i32 @twice(i32 %x) {
  %r = shl i32 %x, 1
  ret i32 %r
}

define spir_kernel void @K(ptr addrspace(1) %out) {
entry:
  %f = load ptr, ptr addrspace(1) @table, align 8
  %r = call spir_func i32 %f(i32 21)
  store i32 %r, ptr addrspace(1) %out, align 4
  ret void
}
`

func TestForLLCSPIRV(t *testing.T) {
	fixed, exts, err := ForLLCSPIRV("u.ll", []byte(undefGlobals))
	if err != nil {
		t.Fatal(err)
	}
	if len(exts) != 0 {
		t.Errorf("extensions %v for a module without function pointers", exts)
	}
	for _, want := range []string{
		"constant %struct.P { i8 1, [3 x i8] zeroinitializer }, align 4",
		"global [2 x i32] zeroinitializer, align 4",
		`c" undef,\00"`,
		"@undef = internal addrspace(1) global i32 5",
		"insertvalue { i32, i32 } undef, i32 %u, 0", // instructions are left alone
	} {
		if !bytes.Contains(fixed, []byte(want)) {
			t.Errorf("prepared module lacks %q:\n%s", want, fixed)
		}
	}
	fixed, exts, err = ForLLCSPIRV("i.ll", []byte(indirectCall))
	if err != nil || fixed != nil || len(exts) != 1 || exts[0] != FunctionPointers {
		t.Errorf("indirect call: fixed=%v exts=%v err=%v", fixed != nil, exts, err)
	}
	// A table of function addresses alone needs the extension too.
	table := strings.Replace(indirectCall, "%r = call spir_func i32 %f(i32 21)", "%r = ptrtoint ptr %f to i32", 1)
	if _, exts, _ := ForLLCSPIRV("t.ll", []byte(table)); len(exts) != 1 {
		t.Errorf("function table: extensions %v", exts)
	}
}

// TestLLCSPIRVQuirksWithLLC: both modules compile for spir64 with the real llc (each
// fails without the preparation: an abort, and a refused indirect call).
func TestLLCSPIRVQuirksWithLLC(t *testing.T) {
	tools := Tools{LLC: testutil.Tool(*llcFlag, "llc-22", "llc")}
	if tools.LLC == "" {
		t.Skip("llc-22 not found")
	}
	for _, tc := range []struct {
		name, src string
		wants     []string
	}{
		{"undef", undefGlobals, nil},
		{"indirect", indirectCall, []string{"FunctionPointersINTEL"}},
		// An override only other images call: marked, and linkonce_odr kept.
		{"virtual", virtualSet, []string{"ReferencedIndirectlyINTEL", `"_ZN1S1fEv" LinkOnceODR`}},
	} {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "t.table"), []byte("[Code|Symbols]\na.ll|a.sym\n"), 0o644)
		os.WriteFile(filepath.Join(dir, "a.ll"), []byte(tc.src), 0o644)
		os.WriteFile(filepath.Join(dir, "a.sym"), []byte("K\n"), 0o644)
		out := filepath.Join(dir, "out")
		var log bytes.Buffer
		if err := Compile(&cli.Env{Stdout: &log, Stderr: &log}, filepath.Join(dir, "t.table"), target(t, "spir64"), tools, out, false); err != nil {
			t.Fatalf("%s: %v\n%s", tc.name, err, log.String())
		}
		entries, _ := os.ReadDir(out)
		for _, e := range entries {
			if strings.HasSuffix(e.Name(), ".ll") {
				t.Errorf("%s: staged file %s left in the output", tc.name, e.Name())
			}
		}
		if dis := testutil.Tool("", "spirv-dis"); dis != "" {
			text, err := exec.Command(dis, filepath.Join(out, "a.spv")).CombinedOutput()
			for _, want := range tc.wants {
				if err != nil || !strings.Contains(string(text), want) {
					t.Errorf("%s: image lacks %s: %v\n%s", tc.name, want, err, text)
				}
			}
		}
	}
}

// A virtual-function set's image: overrides that only other images call, through vtables.
const virtualSet = llcHeader + `define linkonce_odr spir_func i32 @_ZN1S1fEv(ptr addrspace(4) %this) #0 comdat align 2 {
  ret i32 1
}

define spir_func i32 @plain() #1 {
  ret i32 2
}

$_ZN1S1fEv = comdat any

attributes #0 = { "indirectly-callable"="_ZTSv" "sycl-module-id"="v.cpp" }
attributes #1 = { "sycl-module-id"="v.cpp" }
`

// TestVirtualFunctionSetImage: an override gets "referenced-indirectly" (llc writes
// ReferencedIndirectlyINTEL for it, without which Intel's CPU compiler drops it from an
// image that does not call it), the image enables function pointers, and linkonce_odr
// stays linkonce_odr (two images libsycl links may both define it); the SPIR-V is
// checked with the real llc in TestLLCSPIRVQuirksWithLLC.
func TestVirtualFunctionSetImage(t *testing.T) {
	fixed, exts, err := ForLLCSPIRV("v.ll", []byte(virtualSet))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(fixed, []byte(`@_ZN1S1fEv(ptr addrspace(4) %this) #0 "referenced-indirectly" comdat align 2 {`)) {
		t.Errorf("override not marked:\n%s", fixed)
	}
	if bytes.Contains(fixed, []byte(`@plain() #1 "referenced-indirectly"`)) {
		t.Errorf("a function that is not virtual was marked")
	}
	if strings.Join(exts, ",") != FunctionPointers+","+LinkOnceODR {
		t.Errorf("extensions %v", exts)
	}
}

// TestLLCKnowsWithLLC: llcKnows is what the real llc's SPIR-V back end accepts among
// DPC++'s extensions (it refuses an unknown name), so that every llc compile can be
// given the family's list.
func TestLLCKnowsWithLLC(t *testing.T) {
	llc := testutil.Tool(*llcFlag, "llc-22", "llc")
	if llc == "" {
		t.Skip("llc-22 not found")
	}
	in := filepath.Join(t.TempDir(), "a.ll")
	os.WriteFile(in, []byte(llcHeader+"define spir_kernel void @k() {\n  ret void\n}\n"), 0o644)
	spir, _ := devconfig.LookupFamily("spir64")
	for _, e := range spir.SPIRVExtensions {
		out, err := exec.Command(llc, "-mtriple=spirv64-unknown-unknown", "-filetype=obj", "--spirv-ext=+"+e, in, "-o", os.DevNull).CombinedOutput()
		// llc also knows SPV_INTEL_kernel_attributes, which DPC++'s driver leaves out of
		// llc's list.
		if accepted := err == nil; accepted != llcKnows[e] && e != "SPV_INTEL_kernel_attributes" {
			t.Errorf("%s: llc accepts it: %v, llcKnows says %v (%s)", e, accepted, llcKnows[e], out)
		}
	}
}

// TestDPCPPExtensionBuiltinsWithLLC: the builtins DPC++'s headers call for sub-group
// shuffles and floating-point atomics compile with the family's extensions (llc refuses
// each without its extension), and the image declares them.
func TestDPCPPExtensionBuiltinsWithLLC(t *testing.T) {
	tools := Tools{LLC: testutil.Tool(*llcFlag, "llc-22", "llc")}
	if tools.LLC == "" {
		t.Skip("llc-22 not found")
	}
	const src = llcHeader + `define spir_kernel void @k(ptr addrspace(1) %p, ptr addrspace(1) %f) {
  %v = load i32, ptr addrspace(1) %p
  %s = call spir_func i32 @_Z28__spirv_SubgroupShuffleINTELIiET_S0_j(i32 %v, i32 1)
  store i32 %s, ptr addrspace(1) %p
  %a = call spir_func float @_Z21__spirv_AtomicFAddEXTPU3AS1fiif(ptr addrspace(1) %f, i32 1, i32 0, float 1.0)
  %m = call spir_func float @_Z21__spirv_AtomicFMinEXTPU3AS1fiif(ptr addrspace(1) %f, i32 1, i32 0, float %a)
  ret void
}

declare spir_func i32 @_Z28__spirv_SubgroupShuffleINTELIiET_S0_j(i32, i32)
declare spir_func float @_Z21__spirv_AtomicFAddEXTPU3AS1fiif(ptr addrspace(1), i32, i32, float)
declare spir_func float @_Z21__spirv_AtomicFMinEXTPU3AS1fiif(ptr addrspace(1), i32, i32, float)
`
	dir := t.TempDir()
	in := filepath.Join(dir, "a.ll")
	os.WriteFile(in, []byte(src), 0o644)
	if out, err := exec.Command(tools.LLC, "-mtriple=spirv64-unknown-unknown", "-filetype=obj", in, "-o", os.DevNull).CombinedOutput(); err == nil {
		t.Errorf("llc compiled the builtins without extensions: the test no longer shows the need\n%s", out)
	}
	os.WriteFile(filepath.Join(dir, "t.table"), []byte("[Code|Symbols]\na.ll|a.sym\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "a.sym"), []byte("k\n"), 0o644)
	for _, name := range []string{"spir64", "intel_gpu_pvc"} {
		tt := target(t, name)
		if tt.AOT.Tool != "" {
			tt = &devconfig.Target{Name: name, Triple: tt.Triple} // the SPIR-V only: ocloc's own test is elsewhere
		}
		out := filepath.Join(dir, "out-"+name)
		var log bytes.Buffer
		if err := Compile(&cli.Env{Stdout: &log, Stderr: &log}, filepath.Join(dir, "t.table"), tt, tools, out, false); err != nil {
			t.Fatalf("%s: %v\n%s", name, err, log.String())
		}
		if dis := testutil.Tool("", "spirv-dis"); dis != "" {
			text, err := exec.Command(dis, filepath.Join(out, "a.spv")).CombinedOutput()
			for _, want := range []string{`"SPV_INTEL_subgroups"`, `"SPV_EXT_shader_atomic_float_add"`, `"SPV_EXT_shader_atomic_float_min_max"`} {
				if err != nil || !strings.Contains(string(text), want) {
					t.Errorf("%s: image lacks %s: %v", name, want, err)
				}
			}
		}
	}
}

// TestLLCPreparationTokens: undef after a tab (or any white space) is rewritten, undef in
// a comment and inside names is not; the referenced-indirectly marker goes after the
// attribute group reference, not into a section name that spells " #0", nor after " #1"
// when the group is #12.
func TestLLCPreparationTokens(t *testing.T) {
	src := llcHeader + `%struct.P = type { i8, [3 x i8] }
@p = internal addrspace(1) constant %struct.P { i8 1, [3 x i8]` + "\t" + `undef }, align 4 ; undef here is a comment
@undef.x = internal addrspace(1) constant i32 0
define spir_func void @vf(ptr addrspace(4) %this) #1 section "s #1" {
  ret void
}
define spir_func void @vg(ptr addrspace(4) %this) #12 {
  ret void
}
attributes #1 = { "indirectly-callable"="_ZTSv" }
attributes #12 = { "indirectly-callable"="_ZTSv" }
`
	fixed, _, err := ForLLCSPIRV("a.ll", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	out := string(fixed)
	for _, want := range []string{
		"{ i8 1, [3 x i8]\tzeroinitializer }, align 4 ; undef here is a comment",
		"@undef.x = internal",
		`#1 "referenced-indirectly" section "s #1" {`,
		`@vg(ptr addrspace(4) %this) #12 "referenced-indirectly" {`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if opt := testutil.Tool("", "opt-22"); opt != "" {
		cmd := exec.Command(opt, "-passes=verify", "-disable-output", "-")
		cmd.Stdin = strings.NewReader(out)
		if msg, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("opt refuses the output: %v\n%s", err, msg)
		}
	}
}
