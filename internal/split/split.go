// Package split implements DPC++'s device-code split (sycl-post-link): entry points are
// grouped so that two of them share a device image only when they need exactly the same
// device features, every group becomes a module holding its entry points and everything
// they reach, and every module is described by a property set (SYCL/device requirements)
// and a symbol list.
package split

import (
	"sort"
	"strconv"
	"strings"

	"github.com/rules-sycl/rules_sycl/internal/llvmir"
)

// Mode is the split mode of -split=.
type Mode int

// Split modes.
const (
	ModeAuto Mode = iota
	ModeSource
	ModeKernel
	ModeNone
)

// ParseMode reads a -split= value (DPC++'s names, plus the Bazel attribute spellings).
func ParseMode(s string) (Mode, bool) {
	switch s {
	case "auto":
		return ModeAuto, true
	case "source", "per_source":
		return ModeSource, true
	case "kernel", "per_kernel":
		return ModeKernel, true
	case "none", "off":
		return ModeNone, true
	}
	return 0, false
}

// Options control grouping.
type Options struct {
	Mode Mode
	// EmitOnlyKernels makes only kernels (and "indirectly-callable" functions) entry
	// points, not SYCL_EXTERNAL functions.
	EmitOnlyKernels bool
}

// Group is a set of entry points that share a device image.
type Group struct {
	Key     string
	Entries []*llvmir.Function // module order
}

// Names returns the entry point names.
func (g *Group) Names() []string {
	out := make([]string, len(g.Entries))
	for i, f := range g.Entries {
		out[i] = f.Name
	}
	return out
}

func isKernel(f *llvmir.Function) bool {
	switch f.CallConv {
	case "spir_kernel", "ptx_kernel", "amdgpu_kernel":
		return true
	}
	return false
}

func builtinAfterZ(name, prefix string) bool {
	if !strings.HasPrefix(name, "_Z") {
		return false
	}
	return strings.HasPrefix(strings.TrimLeft(name[2:], "0123456789"), prefix)
}

// IsEntryPoint is sycl-post-link's definition of an entry point.
func IsEntryPoint(m *llvmir.Module, f *llvmir.Function, emitOnlyKernels bool) bool {
	if f.Decl {
		return false
	}
	if isKernel(f) {
		return true
	}
	if !emitOnlyKernels {
		if _, ok := m.FnAttr(f, "sycl-module-id"); !ok {
			return false
		}
		n := f.Name
		return !builtinAfterZ(n, "__spirv_") && !builtinAfterZ(n, "__sycl_") &&
			!builtinAfterZ(n, "__esimd_") && !strings.HasPrefix(n, "__builtin_")
	}
	_, ok := m.FnAttr(f, "indirectly-callable")
	return ok
}

// HasIndirectCallsOrAddressTaken reports whether any function makes an indirect call or
// a defined function is referenced other than by a direct call: then "auto" split keeps
// everything in one module, as DPC++ does.
func HasIndirectCallsOrAddressTaken(m *llvmir.Module) bool {
	for _, f := range m.Funcs {
		if f.IndirectCalls > 0 {
			return true
		}
		for _, g := range f.Body.Globals {
			if fn := m.Func(g); fn != nil && !fn.Decl {
				return true
			}
		}
	}
	for _, g := range m.Globals {
		for _, r := range g.Types.Globals {
			if fn := m.Func(r); fn != nil && !fn.Decl && !strings.HasPrefix(g.Name, "llvm.") {
				return true
			}
		}
	}
	return false
}

// Groups computes the entry point groups, ordered by key as DPC++'s std::map is.
// sycl-post-link numbers them from the back: the last group is _0.
func Groups(m *llvmir.Module, opts Options) []*Group {
	scope := opts.Mode
	if scope == ModeAuto {
		scope = ModeSource
		if HasIndirectCallsOrAddressTaken(m) {
			scope = ModeNone
		}
	}
	byKey := map[string]*Group{}
	var keys []string
	for _, f := range m.Funcs {
		if !IsEntryPoint(m, f, opts.EmitOnlyKernels) {
			continue
		}
		var key string
		switch scope {
		case ModeNone:
			key = "<GLOBAL>"
		case ModeKernel:
			key = f.Name
		default:
			key = sourceKey(m, f)
		}
		g := byKey[key]
		if g == nil {
			g = &Group{Key: key}
			byKey[key] = g
			keys = append(keys, key)
		}
		g.Entries = append(g.Entries, f)
	}
	sort.Strings(keys)
	out := make([]*Group, len(keys))
	for i, k := range keys {
		out[i] = byKey[k]
	}
	return out
}

// sourceKey is DPC++'s per-source category: every piece is followed by '-'.
func sourceKey(m *llvmir.Module, f *llvmir.Function) string {
	var b strings.Builder
	attr := func(name string) {
		v, _ := m.FnAttr(f, name)
		b.WriteString(v)
		b.WriteByte('-')
	}
	ints := func(md string) {
		if id := f.Attachment(md); id >= 0 {
			ops, _ := m.Tuple(id)
			for _, op := range ops {
				if op.Kind == llvmir.OpInt {
					b.WriteString("-" + strconv.FormatUint(zext(op), 10))
				}
			}
		}
		b.WriteByte('-')
	}
	strs := func(md string) {
		if id := f.Attachment(md); id >= 0 {
			ops, _ := m.Tuple(id)
			for _, op := range ops {
				if op.Kind == llvmir.OpString {
					b.WriteString("-" + op.Str)
				}
			}
		}
		b.WriteByte('-')
	}
	attr("sycl-module-id")
	attr("indirectly-callable")
	attr("sycl-register-alloc-mode")
	attr("sycl-grf-size")
	vals := usedAspects(m, f)
	sorted := make([]uint64, 0, len(vals))
	for _, v := range vals {
		sorted = append(sorted, uint64(uint32(int32(v))))
	}
	sort.Slice(sorted, func(i, j int) bool { return sorted[i] < sorted[j] })
	for _, v := range sorted {
		b.WriteString("-" + strconv.FormatUint(v, 10))
	}
	b.WriteByte('-')
	ints("reqd_work_group_size")
	ints("work_group_num_dim")
	ints("intel_reqd_sub_group_size")
	attr("sycl-optlevel")
	strs("sycl_joint_matrix")
	strs("sycl_joint_matrix_mad")
	return b.String()
}

// zext is ConstantInt::getZExtValue for an i32 operand (negative values wrap).
func zext(op llvmir.Operand) uint64 {
	if op.Int < 0 && op.Int >= -1<<31 {
		return uint64(uint32(int32(op.Int)))
	}
	return uint64(op.Int)
}

// usedAspects reads !sycl_used_aspects (or the older !intel_used_aspects): plain i32
// values or references to !{!"name", i32 V} pairs.
func usedAspects(m *llvmir.Module, f *llvmir.Function) []int64 {
	var out []int64
	for _, name := range []string{"sycl_used_aspects", "intel_used_aspects"} {
		id := f.Attachment(name)
		if id < 0 {
			continue
		}
		ops, _ := m.Tuple(id)
		for _, op := range ops {
			switch op.Kind {
			case llvmir.OpInt:
				out = append(out, op.Int)
			case llvmir.OpRef:
				if pair, ok := m.Tuple(op.Ref); ok && len(pair) == 2 && pair[1].Kind == llvmir.OpInt {
					out = append(out, pair[1].Int)
				}
			}
		}
		return out
	}
	return out
}
