package aot

import (
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"

	"github.com/rules-sycl/rules_sycl/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/internal/devconfig"
	"github.com/rules-sycl/rules_sycl/internal/deviceif"
	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/llvmir"
	"github.com/rules-sycl/rules_sycl/internal/mapfile"
	"github.com/rules-sycl/rules_sycl/internal/props"
)

// unit is one image to make from a row: the module to compile, a name tag ("" for the
// row's own image) and the edit of the row's properties.
type unit struct {
	in    string
	tag   string
	props func(file string, data []byte) ([]byte, error)
}

func keepProps(_ string, data []byte) ([]byte, error) { return data, nil }

// deviceIfUnits resolves the row's device_if calls for target t: one module for an AOT
// target (its configuration's aspects), one per outcome for a JIT target. A row without
// conditional calls is one unit, the row itself.
func deviceIfUnits(table string, line int, in, base, stage string, t *devconfig.Target, kind devconfig.AOTTool, dryRun bool) ([]unit, error) {
	self := []unit{{in: in, props: keepProps}}
	src, err := mapfile.ReadInput(in)
	if err != nil || !deviceif.Has(src) {
		return self, nil // an unreadable module is the tools' error to report
	}
	m, err := llvmir.Parse(in, src)
	if err != nil {
		return nil, err
	}
	tested, err := deviceif.Tested(m)
	if err != nil {
		return nil, err
	}
	var outcomes []deviceif.Outcome
	jit := kind.Format != "native"
	if jit {
		if len(tested) > deviceif.MaxTested {
			return nil, diag.Errorf(table, line, "%s: its device_if conditions test %d aspects; a JIT target gets one image per outcome, and at most %d aspects (%d images) are supported", filepath.Base(in), len(tested), deviceif.MaxTested, 1<<deviceif.MaxTested)
		}
		outcomes = deviceif.Outcomes(tested)
	} else {
		o := deviceif.Outcome{Has: []int{}, Lacks: []int{}}
		for _, a := range tested {
			if t.HasAspectValue(a) {
				o.Has = append(o.Has, a)
			} else {
				o.Lacks = append(o.Lacks, a)
			}
		}
		outcomes = []deviceif.Outcome{o}
	}
	variants, err := specializeAll(table, line, m, outcomes, base, stage, dryRun)
	if err != nil || variants == nil {
		if err == nil {
			return self, nil
		}
		return nil, err
	}
	var units []unit
	for _, v := range variants {
		for _, o := range mergeOutcomes(tested, v.outs) {
			u, err := variantUnit(table, line, base, stage, v.r, v.file, o, tested, jit, dryRun)
			if err != nil {
				return nil, err
			}
			units = append(units, u)
		}
		if v.file != "" {
			os.Remove(v.file)
		}
	}
	return units, nil
}

// variant is one distinct specialised module and the outcomes that give it.
type variant struct {
	r    *deviceif.Result // its Text dropped once written
	file string
	outs []deviceif.Outcome
}

// specializeAll specialises m for every outcome; outcomes that give the same module share
// one image when together they are all outcomes of the aspects they agree on (a branch
// that does not depend on an aspect: "x" in the name, the aspect in neither list). The
// variants are streamed: each distinct module text is written to a staging file as soon
// as it is made and kept only by its hash, so at most one specialised text is in memory
// (64 outcomes of a 10 MB image held 2.8 GB). nil without conditional calls.
func specializeAll(table string, line int, m *llvmir.Module, outcomes []deviceif.Outcome, base, stage string, dryRun bool) ([]*variant, error) {
	var variants []*variant
	byHash := map[[sha256.Size]byte]*variant{}
	for _, o := range outcomes {
		r, err := deviceif.Specialize(m, o.Holds)
		if err != nil || r == nil {
			for _, v := range variants {
				os.Remove(v.file)
			}
			return nil, err
		}
		h := sha256.Sum256(r.Text)
		if v := byHash[h]; v != nil {
			v.outs = append(v.outs, o)
			continue
		}
		v := &variant{r: r, outs: []deviceif.Outcome{o}}
		if !dryRun {
			v.file = filepath.Join(stage, fmt.Sprintf("%s.variant%d.ll", base, len(variants)))
			if err := atomicfile.WriteFile(v.file, r.Text, 0o644); err != nil {
				return nil, diag.Errorf(table, line, "cannot write %s: %v", v.file, err)
			}
		}
		r.Text = nil
		byHash[h] = v
		variants = append(variants, v)
	}
	return variants, nil
}

// mergeOutcomes returns one outcome with don't-cares when outs are exactly the outcomes
// that agree on some of the tested aspects, else outs as they are.
func mergeOutcomes(tested []int, outs []deviceif.Outcome) []deviceif.Outcome {
	if len(outs) == 1 {
		return outs
	}
	m := deviceif.Outcome{Has: []int{}, Lacks: []int{}}
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
	return []deviceif.Outcome{m}
}

// variantUnit is the unit of outcome o of a variant whose text is in file (written by
// deviceIfUnits; "" in a dry run).
func variantUnit(table string, line int, base, stage string, r *deviceif.Result, file string, o deviceif.Outcome, tested []int, jit, dryRun bool) (unit, error) {
	tag := ""
	if jit {
		tag = o.Suffix(tested)
	}
	name := base + ".if"
	if tag != "" {
		name = base + "." + tag
	}
	mod := filepath.Join(stage, name+".ll")
	if !dryRun {
		text, err := os.ReadFile(file)
		if err == nil {
			err = atomicfile.WriteFile(mod, text, 0o644)
		}
		if err != nil {
			return unit{}, diag.Errorf(table, line, "cannot write %s: %v", mod, err)
		}
	}
	aspects := r.Requirements.Aspects
	return unit{in: mod, tag: tag, props: func(file string, data []byte) ([]byte, error) {
		reg, err := props.Parse(file, data)
		if err != nil {
			return nil, err
		}
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
		if jit {
			s := reg.Add(props.DeviceIfSet)
			s.AddU32Array("has", u32s(o.Has))
			s.AddU32Array("lacks", u32s(o.Lacks))
		}
		return reg.Bytes(), nil
	}}, nil
}

// u32s converts aspect values (non-negative: EvalCondition refuses others).
func u32s(v []int) []uint32 {
	out := make([]uint32, len(v))
	for i, x := range v {
		out[i] = uint32(x)
	}
	return out
}
