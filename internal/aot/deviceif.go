package aot

import (
	"os"
	"path/filepath"

	"github.com/rules-sycl/rules_sycl/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/internal/devconfig"
	"github.com/rules-sycl/rules_sycl/internal/deviceif"
	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/llvmir"
	"github.com/rules-sycl/rules_sycl/internal/props"
)

// DeviceIfSet is the property set of a JIT image variant: the aspects its device_if
// conditions were resolved with, present ("has") and absent ("lacks"). The runtime loads
// a variant only on a device that has exactly the "has" aspects of those tested.
const DeviceIfSet = "rsycl/device_if"

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
	src, err := os.ReadFile(in)
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
	var units []unit
	for _, o := range outcomes {
		o := o
		r, err := deviceif.Specialize(m, o.Holds)
		if err != nil {
			return nil, err
		}
		if r == nil {
			return self, nil
		}
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
			if err := atomicfile.WriteFile(mod, r.Text, 0o644); err != nil {
				return nil, diag.Errorf(table, line, "cannot write %s: %v", mod, err)
			}
		}
		aspects := r.Requirements.Aspects
		units = append(units, unit{in: mod, tag: tag, props: func(file string, data []byte) ([]byte, error) {
			reg, err := props.Parse(file, data)
			if err != nil {
				return nil, err
			}
			req := reg.Set(props.DeviceRequirements)
			if req == nil {
				req = reg.Add(props.DeviceRequirements)
			}
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
				s := reg.Add(DeviceIfSet)
				s.AddU32Array("has", u32s(o.Has))
				s.AddU32Array("lacks", u32s(o.Lacks))
			}
			return reg.Bytes(), nil
		}})
	}
	return units, nil
}

// u32s converts aspect values (non-negative: EvalCondition refuses others).
func u32s(v []int) []uint32 {
	out := make([]uint32, len(v))
	for i, x := range v {
		out[i] = uint32(x)
	}
	return out
}
