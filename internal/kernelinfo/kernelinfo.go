// Package kernelinfo reads the SYCL meaning of device IR: which functions are entry
// points, the aspect lists DPC++'s front end and propagation attach, and the required
// work-group and sub-group sizes, fixed targets and module ids of kernels. The
// propagate and split passes both read the IR through it, so they agree on every fact.
package kernelinfo

import (
	"strings"

	"github.com/rules-sycl/rules_sycl/internal/llvmir"
)

// Names of metadata and attributes, in today's DPC++ spelling (first) and the design
// document's older one where there is one.
var (
	UsedAspectsMD     = []string{"sycl_used_aspects", "intel_used_aspects"}
	DeclaredAspectsMD = []string{"sycl_declared_aspects", "intel_declared_aspects"}
	TypesMD           = []string{"sycl_types_that_use_aspects", "intel_types_that_use_aspects"}
)

// Metadata attachments and function attributes of kernels.
const (
	ReqdWorkGroupSizeMD = "reqd_work_group_size"
	WorkGroupNumDimMD   = "work_group_num_dim"
	ReqdSubGroupSizeMD  = "intel_reqd_sub_group_size"
	FixedTargetsMD      = "sycl_fixed_targets"
	// OmitArgsMD is DPC++'s dead-argument elimination result on a kernel: one i1 per
	// argument of the kernel as the source wrote it, true where the front end removed it.
	OmitArgsMD       = "sycl_kernel_omit_args"
	JointMatrixMD    = "sycl_joint_matrix"
	JointMatrixMadMD = "sycl_joint_matrix_mad"
	ModuleIDAttr     = "sycl-module-id"
)

// IsBuiltin reports whether name is a SPIR-V, SYCL or ESIMD builtin (mangled
// _Z<n>__spirv_…, _Z<n>__sycl_…, _Z<n>__esimd_…) or a __builtin_ function: these
// never are entry points, whatever attributes they carry.
func IsBuiltin(name string) bool {
	if strings.HasPrefix(name, "__builtin_") {
		return true
	}
	if !strings.HasPrefix(name, "_Z") {
		return false
	}
	rest := strings.TrimLeft(name[2:], "0123456789")
	return strings.HasPrefix(rest, "__spirv_") || strings.HasPrefix(rest, "__sycl_") || strings.HasPrefix(rest, "__esimd_")
}

// IsEntryPoint is DPC++'s definition of an entry point: a kernel definition, or a
// definition carrying "sycl-module-id" (a SYCL_EXTERNAL function) that is not a builtin.
// With onlyKernels (sycl-post-link's -emit-only-kernels-as-entry-points), the second
// kind is replaced by "indirectly-callable" definitions.
func IsEntryPoint(m *llvmir.Module, f *llvmir.Function, onlyKernels bool) bool {
	if f.Decl {
		return false
	}
	if f.IsKernel() {
		return true
	}
	if onlyKernels {
		_, ok := m.FnAttr(f, "indirectly-callable")
		return ok
	}
	_, ok := m.FnAttr(f, ModuleIDAttr)
	return ok && !IsBuiltin(f.Name)
}

// Zext is ConstantInt::getZExtValue for an i32 operand (negative values wrap).
func Zext(op llvmir.Operand) uint64 {
	if op.Int < 0 && op.Int >= -1<<31 {
		return uint64(uint32(int32(op.Int)))
	}
	return uint64(op.Int)
}

// UsedAspects reads f's used-aspect list (today's spelling first): plain i32 values or
// references to !{!"name", i32 V} pairs; malformed operands are skipped.
func UsedAspects(m *llvmir.Module, f *llvmir.Function) []int64 {
	var out []int64
	for _, name := range UsedAspectsMD {
		id := f.Attachment(name)
		if id < 0 {
			continue
		}
		ops, _ := m.Tuple(id)
		for _, op := range ops {
			if v, ok := AspectValue(m, op); ok {
				out = append(out, v)
			}
		}
		return out
	}
	return out
}

// AspectValue reads one operand of an aspect list: i32 V, or a reference to
// !{!"name", i32 V}.
func AspectValue(m *llvmir.Module, op llvmir.Operand) (int64, bool) {
	v, _, ok := AspectOperand(m, op)
	return v, ok
}

// AspectOperand is AspectValue that also returns the aspect's name when the operand is
// a name/value pair.
func AspectOperand(m *llvmir.Module, op llvmir.Operand) (value int64, name string, ok bool) {
	switch op.Kind {
	case llvmir.OpInt:
		return op.Int, "", true
	case llvmir.OpRef:
		pair, ok := m.Tuple(op.Ref)
		if ok && len(pair) == 2 && pair[0].Kind == llvmir.OpString && pair[1].Kind == llvmir.OpInt {
			return pair[1].Int, pair[0].Str, true
		}
		if ok && len(pair) == 2 && pair[1].Kind == llvmir.OpInt {
			return pair[1].Int, "", true
		}
	}
	return 0, "", false
}

// Ints returns the integer operands of f's attachment md, zero-extended, and whether f
// has the attachment at all.
func Ints(m *llvmir.Module, f *llvmir.Function, md string) ([]uint64, bool) {
	id := f.Attachment(md)
	if id < 0 {
		return nil, false
	}
	ops, _ := m.Tuple(id)
	out := []uint64{}
	for _, op := range ops {
		if op.Kind == llvmir.OpInt {
			out = append(out, Zext(op))
		}
	}
	return out, true
}

// Int returns the value of f's attachment md when it is a single integer.
func Int(m *llvmir.Module, f *llvmir.Function, md string) (uint32, bool) {
	if id := f.Attachment(md); id >= 0 {
		if ops, _ := m.Tuple(id); len(ops) == 1 && ops[0].Kind == llvmir.OpInt {
			return uint32(Zext(ops[0])), true
		}
	}
	return 0, false
}

// Bools returns the i1 operands of f's attachment md (i1 true, i1 false, or an i1 as an
// integer), whether f has the attachment, and whether every operand was an i1.
func Bools(m *llvmir.Module, f *llvmir.Function, md string) (vals []bool, present, ok bool) {
	id := f.Attachment(md)
	if id < 0 {
		return nil, false, true
	}
	ops, _ := m.Tuple(id)
	vals = make([]bool, 0, len(ops))
	for _, op := range ops {
		switch {
		case op.Kind == llvmir.OpInt:
			vals = append(vals, op.Int != 0)
		case op.Text == "i1 true":
			vals = append(vals, true)
		case op.Text == "i1 false":
			vals = append(vals, false)
		default:
			return nil, true, false
		}
	}
	return vals, true, true
}

// FirstInt returns the first operand of f's attachment md when it is an integer.
func FirstInt(m *llvmir.Module, f *llvmir.Function, md string) (uint32, bool) {
	if id := f.Attachment(md); id >= 0 {
		if ops, _ := m.Tuple(id); len(ops) > 0 && ops[0].Kind == llvmir.OpInt {
			return uint32(Zext(ops[0])), true
		}
	}
	return 0, false
}

// Strings returns the string operands of f's attachment md.
func Strings(m *llvmir.Module, f *llvmir.Function, md string) []string {
	var out []string
	if id := f.Attachment(md); id >= 0 {
		ops, _ := m.Tuple(id)
		for _, op := range ops {
			if op.Kind == llvmir.OpString {
				out = append(out, op.Str)
			}
		}
	}
	return out
}

// FirstString returns the first operand of f's attachment md when it is a string.
func FirstString(m *llvmir.Module, f *llvmir.Function, md string) string {
	if id := f.Attachment(md); id >= 0 {
		if ops, _ := m.Tuple(id); len(ops) > 0 && ops[0].Kind == llvmir.OpString {
			return ops[0].Str
		}
	}
	return ""
}
