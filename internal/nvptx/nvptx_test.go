package nvptx

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/testutil"
)

var optFlag = flag.String("opt", "", "opt (default: opt-22 or opt on PATH)")

// spirModule is a SPIR kernel with what the retarget rewrites: calling conventions,
// every address space, a cast that stays in NVPTX's generic space, a cast null in a
// static initializer, an atomic scope, an intrinsic named by its spaces, and the same
// words inside a string and a comment, which stay.
const spirModule = `target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64-unknown-unknown"

@lds = internal addrspace(3) global [4 x i32] zeroinitializer, align 4
@cst = addrspace(2) constant [2 x i8] c"ok", align 1
@nul = addrspace(1) global ptr addrspace(1) addrspacecast (ptr addrspace(4) null to ptr addrspace(1)), align 8
@name = private unnamed_addr addrspace(1) constant [22 x i8] c"spir_func addrspace(4)", align 1

; spir_kernel addrspace(4) in a comment
define weak_odr dso_local spir_kernel void @k(ptr addrspace(1) noundef align 4 %out) "sycl-module-id"="k.cpp" {
  %slot = alloca i32, align 4
  %gen = addrspacecast ptr %slot to ptr addrspace(4)
  %glob = addrspacecast ptr addrspace(1) %out to ptr addrspace(4)
  %id = call spir_func i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 0)
  %old = atomicrmw add ptr addrspace(1) %out, i32 1 syncscope("workgroup") monotonic, align 4
  store i32 %old, ptr addrspace(4) %gen, align 4
  call void @llvm.memcpy.p4.p1.i64(ptr addrspace(4) %glob, ptr addrspace(1) %out, i64 4, i1 false)
  %l = getelementptr inbounds [4 x i32], ptr addrspace(3) @lds, i64 0, i64 %id
  store i32 1, ptr addrspace(3) %l, align 4
  ret void
}

declare spir_func i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32)
declare void @llvm.memcpy.p4.p1.i64(ptr addrspace(4), ptr addrspace(1), i64, i1)
`

func TestRetargetRewrites(t *testing.T) {
	out, err := Retarget("k.ll", []byte(spirModule))
	if err != nil {
		t.Fatal(err)
	}
	text := string(out)
	for _, want := range []string{
		`target triple = "nvptx64-nvidia-cuda"`,
		`target datalayout = "` + DataLayout + `"`,
		"define weak_odr dso_local ptx_kernel void @k(",
		"%gen = bitcast ptr %slot to ptr addrspace(0)",
		"%glob = addrspacecast ptr addrspace(1) %out to ptr addrspace(0)",
		"call i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32 0)",
		`syncscope("block")`,
		"@cst = addrspace(4) constant",
		"@nul = addrspace(1) global ptr addrspace(1) null, align 8",
		`c"spir_func addrspace(4)"`,
		"; spir_kernel addrspace(4) in a comment",
		"ptr addrspace(3) @lds",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("retargeted module lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "spir_func i64") || strings.Contains(text, `syncscope("workgroup")`) {
		t.Errorf("SPIR left in the retargeted module:\n%s", text)
	}
}

// TestRetargetVerifiesWithOpt: LLVM's own parser and verifier accept the retargeted module
// as NVPTX (the intrinsic's name is remangled for its new spaces).
func TestRetargetVerifiesWithOpt(t *testing.T) {
	opt := testutil.Tool(*optFlag, "opt-22", "opt")
	if opt == "" {
		t.Skip("no opt")
	}
	out, err := Retarget("k.ll", []byte(spirModule))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "k.ll")
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(opt, "-mtriple=nvptx64-nvidia-cuda", "-passes=verify", "-S", path, "-o", "-")
	res, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("opt refused the retargeted module: %v\n%s", err, res)
	}
	if !strings.Contains(string(res), "@llvm.memcpy.p0.p1.i64") {
		t.Errorf("the memcpy intrinsic was not remangled for its spaces:\n%s", res)
	}
}

func TestRetargetRefuses(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"not SPIR", "target triple = \"x86_64-unknown-linux-gnu\"\n", "not a SPIR triple"},
		{"unknown space", "target triple = \"spir64-unknown-unknown\"\n@g = addrspace(9) global i32 0\n", "k.ll:2: address space 9"},
		{"unknown scope", "target triple = \"spir64-unknown-unknown\"\ndefine void @f(ptr %p) {\n  %o = atomicrmw add ptr %p, i32 1 syncscope(\"gpu\") monotonic\n  ret void\n}\n", `k.ll:3: atomic scope "gpu"`},
	} {
		_, err := Retarget("k.ll", []byte(c.src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error with %q", c.name, err, c.want)
		}
	}
}

func TestCheckKernelsSubGroupSize(t *testing.T) {
	mod := func(size string) string {
		return "target triple = \"spir64-unknown-unknown\"\n" +
			"define spir_kernel void @k() \"sycl-module-id\"=\"src/k.cpp\" !intel_reqd_sub_group_size !0 {\n  ret void\n}\n" +
			"!0 = !{i32 " + size + "}\n"
	}
	if err := CheckKernels("k.ll", []byte(mod("32"))); err != nil {
		t.Errorf("a sub-group size of 32 was refused: %v", err)
	}
	err := CheckKernels("k.ll", []byte(mod("16")))
	if err == nil || !strings.Contains(err.Error(), "k.ll:2: src/k.cpp: kernel k requires sub-group size 16") {
		t.Errorf("got %v, want the kernel and its source named", err)
	}
}

func TestCheckLinked(t *testing.T) {
	ok := "target triple = \"nvptx64-nvidia-cuda\"\n" +
		"define ptx_kernel void @k() \"sycl-module-id\"=\"a.cpp\" {\n  ret void\n}\n" +
		"declare i32 @vprintf(ptr, ptr)\ndeclare i32 @__nvvm_reflect(ptr)\ndeclare i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
	if err := CheckLinked("l.ll", []byte(ok)); err != nil {
		t.Errorf("what the CUDA driver and LLVM resolve was refused: %v", err)
	}
	missing := ok + "declare float @_Z22__spirv_ocl_lgamma_rfPi(float, ptr)\ndeclare i32 @strlen(ptr)\n"
	err := CheckLinked("l.ll", []byte(missing))
	if err == nil || !strings.Contains(err.Error(), "the kernels of a.cpp call _Z22__spirv_ocl_lgamma_rfPi, strlen, which rules_sycl's NVPTX builtins do not provide") {
		t.Errorf("got %v, want both functions and the source named", err)
	}
}
