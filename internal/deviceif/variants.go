package deviceif

import (
	"crypto/sha256"

	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/kernelinfo"
	"github.com/rules-sycl/rules_sycl/internal/llvmir"
	"github.com/rules-sycl/rules_sycl/internal/props"
)

// Variant is one image of a device_if image: the module specialised for an outcome of the
// aspects its conditions test, and the properties it carries.
type Variant struct {
	Tag   string // the outcome in image names (Outcome.Suffix): "if10", "if1x"
	Text  []byte
	Props *props.Registry // the image's, with the variant's aspects and its rsycl/device_if set
}

// HasCondCallers tells from the parsed module, without reading its text (a large mapped
// input stays out of memory), whether it declares a conditional caller.
func HasCondCallers(m *llvmir.Module) bool {
	for _, f := range m.Funcs {
		if f.Decl && kernelinfo.IsCondCaller(m, f) {
			return true
		}
	}
	return false
}

// CheckConditions evaluates every device_if condition of the module once, so that a
// malformed condition is refused at its line of the module (the split's input) before
// any image is specialised.
func CheckConditions(m *llvmir.Module) error {
	calls, err := kernelinfo.CondCalls(m)
	if err != nil {
		return err
	}
	for _, c := range calls {
		if _, err := kernelinfo.EvalCondition(c.Cond, func(int) bool { return false }); err != nil {
			return diag.Errorf(m.File, c.Site.Line, "%v", err)
		}
	}
	return nil
}

// Variants resolves the device_if calls of an image (text; file and line name its first
// entry point in the split's input, for messages) into one variant per outcome of the
// aspects its conditions test. Outcomes that give the same module and together are all
// outcomes of the aspects they agree on share one variant (an aspect in neither list:
// "x" in the tag). base is the image's properties; emit receives the variants in outcome
// order, all present first. It returns false, emitting nothing, when the image calls no
// conditional caller.
//
// Every variant is made here, before the aspect filter: the filter then keeps those a
// target can run (for a target of native images only the one its configuration's aspects
// give), and the runtime chooses among a JIT target's by the device it finds.
func Variants(file string, line int, text []byte, base *props.Registry, emit func(Variant) error) (bool, error) {
	if !Has(text) {
		return false, nil
	}
	m, err := llvmir.Parse(file, text)
	if err != nil {
		return false, err
	}
	tested, err := Tested(m)
	if err != nil || len(tested) == 0 {
		return false, err
	}
	if len(tested) > kernelinfo.MaxDeviceIfTested {
		return false, diag.Errorf(file, line, "the device_if conditions of this kernel's image test %d aspects; every outcome is an image, and at most %d aspects (%d images) are supported", len(tested), kernelinfo.MaxDeviceIfTested, 1<<kernelinfo.MaxDeviceIfTested)
	}
	groups, err := sameModule(m, Outcomes(tested))
	if err != nil || groups == nil {
		return false, err
	}
	// Each distinct module is made once more and emitted for its outcomes: at most one
	// specialised text is held at a time (64 outcomes of a 10 MB image held 2.8 GB).
	for _, outs := range groups {
		r, err := Specialize(m, outs[0].Holds)
		if err != nil {
			return false, err
		}
		for _, o := range mergeOutcomes(tested, outs) {
			reg := variantProps(base, r.Requirements.Aspects, o)
			if err := emit(Variant{Tag: o.Suffix(tested), Text: r.Text, Props: reg}); err != nil {
				return false, err
			}
		}
	}
	return true, nil
}

// sameModule specialises m for every outcome and groups the outcomes that give the same
// module, in order of first appearance; only each text's hash is kept. nil when m calls
// no conditional caller.
func sameModule(m *llvmir.Module, outcomes []Outcome) ([][]Outcome, error) {
	var groups [][]Outcome
	index := map[[sha256.Size]byte]int{}
	for _, o := range outcomes {
		r, err := Specialize(m, o.Holds)
		if err != nil || r == nil {
			return nil, err
		}
		h := sha256.Sum256(r.Text)
		if i, ok := index[h]; ok {
			groups[i] = append(groups[i], o)
			continue
		}
		index[h] = len(groups)
		groups = append(groups, []Outcome{o})
	}
	return groups, nil
}

// mergeOutcomes returns one outcome with don't-cares when outs are exactly the outcomes
// that agree on some of the tested aspects, else outs as they are.
func mergeOutcomes(tested []int, outs []Outcome) []Outcome {
	if len(outs) == 1 {
		return outs
	}
	m := Outcome{Has: []int{}, Lacks: []int{}}
	for _, a := range tested {
		all, none := true, true
		for _, o := range outs {
			if o.Holds(a) {
				none = false
			} else {
				all = false
			}
		}
		if all {
			m.Has = append(m.Has, a)
		} else if none {
			m.Lacks = append(m.Lacks, a)
		}
	}
	free := len(tested) - len(m.Has) - len(m.Lacks)
	if len(outs) != 1<<free {
		return outs
	}
	return []Outcome{m}
}

// variantProps is base with the variant's aspects as its [SYCL/device requirements]
// aspects and the outcome as its rsycl/device_if set.
func variantProps(base *props.Registry, aspects []uint32, o Outcome) *props.Registry {
	reg := base.Clone()
	req := reg.Ensure(props.DeviceRequirements)
	tmp := &props.Set{}
	tmp.AddU32Array("aspects", aspects)
	replaced := false
	for i, p := range req.Props {
		if p.Name == "aspects" {
			req.Props[i] = tmp.Props[0]
			replaced = true
		}
	}
	if !replaced {
		req.Props = append([]props.Property{tmp.Props[0]}, req.Props...)
	}
	s := reg.Add(props.DeviceIfSet)
	s.AddU32Array("has", u32s(o.Has))
	s.AddU32Array("lacks", u32s(o.Lacks))
	return reg
}

// u32s converts aspect values (non-negative: EvalCondition refuses others).
func u32s(v []int) []uint32 {
	out := make([]uint32, len(v))
	for i, x := range v {
		out[i] = uint32(x)
	}
	return out
}
