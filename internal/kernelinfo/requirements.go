package kernelinfo

import (
	"sort"
	"strings"

	"github.com/rules-sycl/rules_sycl/internal/llvmir"
	"github.com/rules-sycl/rules_sycl/internal/props"
)

// Requirements is DPC++'s SYCLDeviceRequirements of one device image.
type Requirements struct {
	Aspects           []uint32 // sorted, unique, non-negative
	FixedTarget       []uint32
	ReqdWorkGroupSize []uint64
	WorkGroupNumDim   *uint32
	SubGroupSize      *uint32
	JointMatrix       string
	JointMatrixMad    string
}

// ComputeRequirements collects requirements over all functions of the image (aspects,
// fixed targets, work-group sizes, joint matrix) and over its entry points (required
// sub-group size), in module order, as DPC++ does. An image whose functions require
// different work-group sizes (only an unsplit module can hold them) requires none, as in
// DPC++; its work_group_num_dim stays the first function's.
func ComputeRequirements(m *llvmir.Module, funcs, entries []*llvmir.Function) Requirements {
	var r Requirements
	multipleWG := false
	aspects := map[uint32]bool{}
	fixed := map[uint32]bool{}
	for _, f := range funcs {
		for _, v := range UsedAspects(m, f) {
			if v >= 0 {
				aspects[uint32(v)] = true
			}
		}
		targets, _ := Ints(m, f, FixedTargetsMD)
		for _, v := range targets {
			fixed[uint32(v)] = true
		}
		if r.ReqdWorkGroupSize == nil {
			if v, ok := FirstInt(m, f, WorkGroupNumDimMD); ok {
				r.WorkGroupNumDim = &v
			}
		}
		if sizes, ok := Ints(m, f, ReqdWorkGroupSizeMD); ok {
			if r.ReqdWorkGroupSize == nil {
				r.ReqdWorkGroupSize = sizes
			} else if !equal(r.ReqdWorkGroupSize, sizes) {
				multipleWG = true
			}
		}
		if s := FirstString(m, f, JointMatrixMD); s != "" {
			r.JointMatrix = s
		}
		if s := FirstString(m, f, JointMatrixMadMD); s != "" {
			r.JointMatrixMad = s
		}
	}
	for _, f := range entries {
		if v, ok := Int(m, f, ReqdSubGroupSizeMD); ok && r.SubGroupSize == nil {
			r.SubGroupSize = &v
		}
	}
	if multipleWG {
		r.ReqdWorkGroupSize = nil
	}
	r.Aspects = sortedKeys(aspects)
	r.FixedTarget = sortedKeys(fixed)
	return r
}

func sortedKeys(s map[uint32]bool) []uint32 {
	out := make([]uint32, 0, len(s))
	for v := range s {
		out = append(out, v)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// AddTo appends the [SYCL/device requirements] set, properties in DPC++'s (alphabetical)
// order; aspects is always present.
func (r Requirements) AddTo(reg *props.Registry) *props.Set {
	s := reg.Add(props.DeviceRequirements)
	s.AddU32Array("aspects", r.Aspects)
	if len(r.FixedTarget) > 0 {
		s.AddU32Array("fixed_target", r.FixedTarget)
	}
	if r.JointMatrix != "" {
		s.AddBytes("joint_matrix", []byte(r.JointMatrix))
	}
	if r.JointMatrixMad != "" {
		s.AddBytes("joint_matrix_mad", []byte(r.JointMatrixMad))
	}
	if r.SubGroupSize != nil {
		s.AddU32("reqd_sub_group_size", *r.SubGroupSize)
	}
	if r.ReqdWorkGroupSize != nil {
		s.AddU64Array("reqd_work_group_size_uint64_t", r.ReqdWorkGroupSize)
	}
	if r.WorkGroupNumDim != nil {
		s.AddU32("work_group_num_dim", *r.WorkGroupNumDim)
	}
	return s
}

// Device library bits of DPC++'s DeviceLibReqMask (bit = 1 << extension).
const (
	libAssert = iota
	libMath
	libMathFP64
	libComplex
	libComplexFP64
	libCString
	libIMF
	libIMFFP64
	libIMFBF16
	libBFloat16
)

// DeviceLibMask classifies the __devicelib_* functions a SPIR module calls into DPC++'s
// fallback libraries. Modules for other triples, and upstream clang modules (which never
// call them), get 0.
func DeviceLibMask(m *llvmir.Module, funcs []*llvmir.Function, triple string) uint32 {
	if !strings.HasPrefix(triple, "spir") {
		return 0
	}
	var mask uint32
	for _, f := range funcs {
		const prefix = "__devicelib_"
		if !f.Decl || !strings.HasPrefix(f.Name, prefix) {
			continue
		}
		mask |= 1 << devicelibOf(f.Name[len(prefix):])
	}
	return mask
}

// imfLib is the library of an imf_ function (its name after "imf_").
func imfLib(rest string) uint {
	switch {
	case strings.Contains(rest, "bf16"):
		return libIMFBF16
	case strings.HasSuffix(rest, "f") || strings.Contains(rest, "f_") || !strings.Contains(rest, "double") && !strings.HasPrefix(rest, "d"):
		return libIMF
	}
	return libIMFFP64
}

func devicelibOf(n string) uint {
	switch {
	case strings.HasPrefix(n, "assert_"):
		return libAssert
	case n == "memcpy" || n == "memset" || n == "memcmp":
		return libCString
	case strings.HasPrefix(n, "ConvertBF16") || strings.HasPrefix(n, "ConvertFToBF16"):
		return libBFloat16
	case strings.HasPrefix(n, "imf_"):
		return imfLib(n[4:])
	case n == "__divsc3" || n == "__mulsc3" || isComplex(n) && strings.HasSuffix(n, "f"):
		return libComplex
	case n == "__divdc3" || n == "__muldc3" || isComplex(n):
		return libComplexFP64
	case strings.HasSuffix(n, "f") || n == "abs" || n == "labs" || n == "llabs" || n == "div" || n == "ldiv" || n == "lldiv":
		return libMath
	}
	return libMathFP64
}

var complexNames = []string{"cabs", "cacos", "cacosh", "carg", "casin", "casinh", "catan", "catanh",
	"ccos", "ccosh", "cexp", "cimag", "clog", "cpolar", "cpow", "cproj", "creal", "csin", "csinh",
	"csqrt", "ctan", "ctanh"}

func isComplex(n string) bool {
	n = strings.TrimSuffix(n, "f")
	for _, c := range complexNames {
		if n == c {
			return true
		}
	}
	return false
}
