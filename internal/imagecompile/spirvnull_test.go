package imagecompile

import (
	"encoding/binary"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/cli"
	"github.com/rules-sycl/rules_sycl/internal/testutil"
)

var llvmSpirvFlag = flag.String("llvm-spirv", "", "path of llvm-spirv-15")

func spirv(words ...uint32) []byte {
	b := make([]byte, 4*len(words))
	for i, w := range words {
		binary.LittleEndian.PutUint32(b[4*i:], w)
	}
	return b
}

// TestScalarNullsRewrite: null constants of bool, 32- and 64-bit scalars become
// OpConstantFalse and OpConstant 0 of the same type and id; a null of another type
// (a vector) stays; a module without any is returned as it is.
func TestScalarNullsRewrite(t *testing.T) {
	header := []uint32{spirvMagic, 0x10000, 0, 20, 0}
	body := []uint32{
		2<<16 | opTypeBool, 1,
		4<<16 | opTypeInt, 2, 32, 0,
		3<<16 | opTypeFloat, 3, 64,
		4<<16 | 23, 4, 2, 4, // OpTypeVector %4 = 4 x %2
		3<<16 | opConstantNull, 1, 10,
		3<<16 | opConstantNull, 2, 11,
		3<<16 | opConstantNull, 3, 12,
		3<<16 | opConstantNull, 4, 13,
	}
	want := []uint32{
		2<<16 | opTypeBool, 1,
		4<<16 | opTypeInt, 2, 32, 0,
		3<<16 | opTypeFloat, 3, 64,
		4<<16 | 23, 4, 2, 4,
		3<<16 | opConstantFalse, 1, 10,
		4<<16 | opConstant, 2, 11, 0,
		5<<16 | opConstant, 3, 12, 0, 0,
		3<<16 | opConstantNull, 4, 13,
	}
	got, err := ScalarNulls(spirv(append(header, body...)...))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, spirv(append(header, want...)...)) {
		t.Errorf("rewritten module differs:\n got %x\nwant %x", got, spirv(append(header, want...)...))
	}
	plain := spirv(append(header, 4<<16|opTypeInt, 2, 32, 0)...)
	if got, err := ScalarNulls(plain); err != nil || &got[0] != &plain[0] {
		t.Errorf("a module without null scalars was copied or refused: %v", err)
	}
	for _, bad := range [][]byte{
		{1, 2, 3},
		spirv(0xdeadbeef, 0, 0, 0, 0),
		spirv(append(header, 9<<16|opTypeInt, 2)...),
		spirv(append(header, 0)...),
	} {
		if _, err := ScalarNulls(bad); err == nil {
			t.Errorf("accepted %x", bad)
		}
	}
}

// TestScalarNullsPoCL: a kernel storing literal zeros (double, int, bool-derived)
// compiles for pocl_cpu through the real llc-22 and llvm-spirv-15, which aborts on the
// unrewritten module.
func TestScalarNullsPoCL(t *testing.T) {
	tools := Tools{LLC: testutil.Tool(*llcFlag, "llc-22", "llc"), Binaries: map[string]string{"llvm-spirv": testutil.Tool(*llvmSpirvFlag, "llvm-spirv-15")}}
	if tools.LLC == "" || tools.Binaries["llvm-spirv"] == "" {
		t.Fatal("llc-22 and llvm-spirv-15 are needed (tools/bootstrap.sh installs them)")
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "k.ll"), []byte(`target triple = "spirv64-unknown-unknown"

define spir_kernel void @_ZTS4Zero(ptr addrspace(1) %d, ptr addrspace(1) %i) {
  store double 0.000000e+00, ptr addrspace(1) %d, align 8
  store i32 0, ptr addrspace(1) %i, align 4
  ret void
}
`), 0o644)
	os.WriteFile(filepath.Join(dir, "t.table"), []byte("[Code]\nk.ll\n"), 0o644)
	// Unrewritten, llvm-spirv-15 aborts (the failure this rewrite exists for).
	spv := filepath.Join(dir, "raw.spv")
	env := &cli.Env{Stdout: os.Stderr, Stderr: os.Stderr}
	if _, stderr, err := env.Run(nil, tools.LLC, "-mtriple=spirv64-unknown-unknown", "-filetype=obj", filepath.Join(dir, "k.ll"), "-o", spv); err != nil {
		t.Fatalf("llc: %v: %s", err, stderr)
	}
	if _, stderr, err := env.Run(nil, tools.Binaries["llvm-spirv"], "-r", "--spirv-target-env=CL1.2", spv, "-o", spv+".bc"); err == nil {
		t.Log("llvm-spirv-15 now reads scalar OpConstantNull; the rewrite may no longer be needed")
	} else if !strings.Contains(string(stderr), "ConstantNull") {
		t.Logf("llvm-spirv-15 failed otherwise: %s", stderr)
	}
	if err := Compile(env, filepath.Join(dir, "t.table"), target(t, "pocl_cpu"), tools, filepath.Join(dir, "img"), false); err != nil {
		t.Fatalf("pocl_cpu: %v", err)
	}
	if fi, err := os.Stat(filepath.Join(dir, "img", "k.bc")); err != nil || fi.Size() == 0 {
		t.Errorf("no SPIR 1.2 image: %v", err)
	}
}

// TestStructIndexNullWithLLC: llc-22 writes the zero index of a structure field as
// OpConstantNull, which spirv-val refuses as an OpInBoundsPtrAccessChain structure index;
// the image the AOT step writes has the equal OpConstant instead, and validates.
func TestStructIndexNullWithLLC(t *testing.T) {
	tools := Tools{LLC: testutil.Tool(*llcFlag, "llc-22", "llc")}
	val := testutil.Tool("", "spirv-val")
	if tools.LLC == "" || val == "" {
		t.Skip("llc-22 or spirv-val not found")
	}
	const src = llcHeader + `%struct.P = type { float, i32 }
define spir_kernel void @k(ptr addrspace(1) %p, i64 %i) {
  %a = getelementptr inbounds %struct.P, ptr addrspace(1) %p, i64 %i, i32 0
  store float 1.0, ptr addrspace(1) %a
  ret void
}
`
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.ll"), []byte(src), 0o644)
	if err := exec.Command(tools.LLC, "-mtriple=spirv64-unknown-unknown", "-filetype=obj", filepath.Join(dir, "a.ll"), "-o", filepath.Join(dir, "raw.spv")).Run(); err != nil {
		t.Fatal(err)
	}
	if exec.Command(val, filepath.Join(dir, "raw.spv")).Run() == nil {
		t.Errorf("llc's own output validates: the test no longer shows the case")
	}
	os.WriteFile(filepath.Join(dir, "t.table"), []byte("[Code|Symbols]\na.ll|a.sym\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "a.sym"), []byte("k\n"), 0o644)
	out := filepath.Join(dir, "out")
	if err := Compile(&cli.Env{Stdout: os.Stderr, Stderr: os.Stderr}, filepath.Join(dir, "t.table"), target(t, "spir64"), tools, out, false); err != nil {
		t.Fatal(err)
	}
	if msg, err := exec.Command(val, filepath.Join(out, "a.spv")).CombinedOutput(); err != nil {
		t.Errorf("spirv-val: %v\n%s", err, msg)
	}
}
