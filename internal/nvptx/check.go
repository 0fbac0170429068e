package nvptx

import (
	"bytes"
	"sort"
	"strings"

	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/llvmir"
)

// SubGroupSize is the sub-group size of every NVIDIA GPU: a warp.
const SubGroupSize = 32

// DeviceExterns are the functions an NVIDIA image may leave undefined: the CUDA driver
// links them (printf's vprintf, the device heap, a failed assert's report), and
// __nvvm_reflect, libdevice's query of compile options, is resolved by LLVM's NVPTX
// passes.
var DeviceExterns = map[string]bool{"vprintf": true, "malloc": true, "free": true, "__assertfail": true, "__nvvm_reflect": true}

// CheckKernels refuses a SPIR module whose kernels NVIDIA GPUs cannot run as written: a
// kernel that requires a sub-group size other than 32 (the attribute's line and the
// kernel's source are named).
func CheckKernels(file string, src []byte) error {
	if !isSPIR(src) {
		return diag.Errorf(file, 0, "the module's triple is not a SPIR triple: only DPC++'s SPIR device code is retargeted")
	}
	m, err := llvmir.Parse(file, src)
	if err != nil {
		return err
	}
	for _, f := range m.Funcs {
		if !f.IsKernel() {
			continue
		}
		id := f.Attachment("intel_reqd_sub_group_size")
		if id < 0 {
			continue
		}
		ops, ok := m.Tuple(id)
		if !ok || len(ops) != 1 || ops[0].Kind != llvmir.OpInt {
			continue
		}
		if ops[0].Int != SubGroupSize {
			return diag.Errorf(file, f.Line, "%skernel %s requires sub-group size %d; an NVIDIA GPU's sub-groups are warps of %d: drop the target or the requirement",
				where(m, f), f.Name, ops[0].Int, SubGroupSize)
		}
	}
	return nil
}

// CheckLinked refuses a module linked with the builtins that still declares a function
// no NVIDIA image can call (a __spirv_* builtin rules_sycl does not implement, a C
// library function): each is named with the sources of the kernels that reach it.
func CheckLinked(file string, src []byte) error {
	m, err := llvmir.Parse(file, src)
	if err != nil {
		return err
	}
	missing := map[string]bool{}
	for _, f := range m.Funcs {
		if f.Decl && !strings.HasPrefix(f.Name, "llvm.") && !DeviceExterns[f.Name] {
			missing[f.Name] = true
		}
	}
	if len(missing) == 0 {
		return nil
	}
	names := make([]string, 0, len(missing))
	for n := range missing {
		names = append(names, n)
	}
	sort.Strings(names)
	var users []string
	seen := map[string]bool{}
	for _, f := range m.Funcs {
		if f.IsKernel() {
			if s := moduleID(m, f); s != "" && !seen[s] {
				seen[s] = true
				users = append(users, s)
			}
		}
	}
	sort.Strings(users)
	what := "its kernels"
	if len(users) > 0 {
		what = "the kernels of " + strings.Join(users, ", ")
	}
	return diag.Errorf(file, 0, "%s call %s, which rules_sycl's NVPTX builtins do not provide: no NVIDIA image can be made of them", what, strings.Join(names, ", "))
}

// where is "SRC: " for a kernel whose module id names its source, else "".
func where(m *llvmir.Module, f *llvmir.Function) string {
	if loc := m.KernelLocation(f); loc != "" {
		return loc + ": "
	}
	if s := moduleID(m, f); s != "" {
		return s + ": "
	}
	return ""
}

func moduleID(m *llvmir.Module, f *llvmir.Function) string {
	s, _ := m.FnAttr(f, "sycl-module-id")
	return s
}

// IsSPIR says whether an LLVM text module's triple is a SPIR one.
func IsSPIR(src []byte) bool { return isSPIR(src) }

func isSPIR(src []byte) bool {
	i := bytes.Index(src, []byte("\ntarget triple = \""))
	if i < 0 && bytes.HasPrefix(src, []byte("target triple = \"")) {
		i = -1
	} else if i < 0 {
		return false
	}
	return bytes.HasPrefix(src[i+1+len(`target triple = "`):], []byte("spir"))
}
