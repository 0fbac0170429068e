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

	"github.com/rules-sycl/rules_sycl/internal/kernelinfo"
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

// IsEntryPoint is sycl-post-link's definition of an entry point.
func IsEntryPoint(m *llvmir.Module, f *llvmir.Function, emitOnlyKernels bool) bool {
	return kernelinfo.IsEntryPoint(m, f, emitOnlyKernels)
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
		vals, _ := kernelinfo.Ints(m, f, md)
		for _, v := range vals {
			b.WriteString("-" + strconv.FormatUint(v, 10))
		}
		b.WriteByte('-')
	}
	strs := func(md string) {
		for _, s := range kernelinfo.Strings(m, f, md) {
			b.WriteString("-" + s)
		}
		b.WriteByte('-')
	}
	attr(kernelinfo.ModuleIDAttr)
	attr("indirectly-callable")
	attr("sycl-register-alloc-mode")
	attr("sycl-grf-size")
	vals := kernelinfo.UsedAspects(m, f)
	sorted := make([]uint64, 0, len(vals))
	for _, v := range vals {
		sorted = append(sorted, uint64(uint32(int32(v))))
	}
	sort.Slice(sorted, func(i, j int) bool { return sorted[i] < sorted[j] })
	for _, v := range sorted {
		b.WriteString("-" + strconv.FormatUint(v, 10))
	}
	b.WriteByte('-')
	ints(kernelinfo.ReqdWorkGroupSizeMD)
	ints(kernelinfo.WorkGroupNumDimMD)
	ints(kernelinfo.ReqdSubGroupSizeMD)
	attr("sycl-optlevel")
	strs(kernelinfo.JointMatrixMD)
	strs(kernelinfo.JointMatrixMadMD)
	return b.String()
}
