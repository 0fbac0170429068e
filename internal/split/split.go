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
	// RequirementSplit splits every group of the mode once more by the entry points'
	// requirements, as the specification asks after any split mode (the `split` verb);
	// DPC++'s sycl-post-link does it only for per-source scope.
	RequirementSplit bool
	// VirtualFunctions groups "indirectly-callable" functions by set (and requirements)
	// in every split mode, as sycl-post-link outlines each set into images of its own.
	VirtualFunctions bool
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

// Groups computes the entry point groups, ordered by key as DPC++'s std::map is.
// sycl-post-link numbers them from the back: the last group is _0.
func Groups(m *llvmir.Module, opts Options) []*Group {
	// Today's DPC++ (selectDeviceCodeGroupScope): "auto" is per source, whatever the
	// module's indirect calls (global only for -ir-output-only, which post-link lacks).
	scope := opts.Mode
	if scope == ModeAuto {
		scope = ModeSource
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
			if _, vf := m.FnAttr(f, "indirectly-callable"); vf && opts.VirtualFunctions {
				key = moduleKey(m, f) + requirementKey(m, f)
			}
		default:
			key = moduleKey(m, f) + requirementKey(m, f)
		}
		if opts.RequirementSplit && scope != ModeSource {
			key += "\x00" + requirementKey(m, f)
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

// moduleKey and requirementKey make DPC++'s per-source category (every piece followed
// by '-'): the source module, then what the entry point requires of a device.
func moduleKey(m *llvmir.Module, f *llvmir.Function) string {
	var b strings.Builder
	for _, name := range []string{kernelinfo.ModuleIDAttr, "indirectly-callable"} {
		v, _ := m.FnAttr(f, name)
		b.WriteString(v)
		b.WriteByte('-')
	}
	return b.String()
}

func requirementKey(m *llvmir.Module, f *llvmir.Function) string {
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
