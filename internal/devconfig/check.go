package devconfig

import (
	"fmt"

	"github.com/rules-sycl/rules_sycl/internal/aspects"
	"github.com/rules-sycl/rules_sycl/internal/props"
)

// Mode selects the compatibility rule.
type Mode int

const (
	// Specification is the aspect filter tool of optional-kernel-features.txt: every required
	// aspect must be listed, and a required sub-group size must be one of the target's.
	Specification Mode = iota
	// DPCPP is the check DPC++ folded into sycl-post-link: a target that may support
	// other aspects accepts unlisted ones, and ESIMD images skip the sub-group check.
	DPCPP
)

// ValidateRequirements reports a [SYCL/device requirements] set whose known properties
// have the wrong type or shape: Check would otherwise skip them, and keep an image the
// target cannot run.
func ValidateRequirements(reqs *props.Set) error {
	if reqs == nil {
		return nil
	}
	if p, found := reqs.Get("aspects"); found {
		if _, err := p.U32Array(); err != nil {
			return fmt.Errorf("property aspects: %v", err)
		}
	}
	if p, found := reqs.Get("reqd_sub_group_size"); found && p.Type != props.TypeUint32 {
		return fmt.Errorf("property reqd_sub_group_size: type %d, want %d (a 32-bit value)", p.Type, props.TypeUint32)
	}
	if p, found := reqs.Get("reqd_work_group_size_uint64_t"); found {
		if _, err := p.U64Array(); err != nil {
			return fmt.Errorf("property reqd_work_group_size_uint64_t: %v", err)
		}
	}
	return nil
}

// Check reports whether t can run an image with the given requirements set (nil: no
// requirements). When it cannot, reason uses the DPC++ runtime's kernel_not_supported
// wording.
func (t *Target) Check(reqs *props.Set, mode Mode) (ok bool, reason string) {
	if reqs == nil {
		return true, ""
	}
	table := aspects.Builtin()
	have := map[int]bool{}
	for _, v := range t.AspectValues {
		have[v] = true
	}
	esimd := false
	if p, found := reqs.Get("aspects"); found {
		vals, err := p.U32Array()
		if err != nil {
			return false, "malformed aspects property: " + err.Error()
		}
		for _, v := range vals {
			if name, _ := table.Name(int(v)); name == "ext_intel_esimd" {
				esimd = true
			}
			if !have[int(v)] && !(mode == DPCPP && t.MaySupportOther) {
				return false, fmt.Sprintf("Required aspect %s is not supported on the device", table.Display(int(v)))
			}
		}
	}
	if p, found := reqs.Get("reqd_sub_group_size"); found && p.Type == props.TypeUint32 && !(mode == DPCPP && esimd) {
		okSize := false
		for _, s := range t.SubGroupSizes {
			if uint32(s) == p.U32 {
				okSize = true
			}
		}
		if !okSize {
			return false, fmt.Sprintf("Sub-group size %d is not supported on the device", p.U32)
		}
	}
	return true, ""
}

// CheckRow judges an image row for t: its requirements (Check) and its device_if outcome
// (reg's rsycl/device_if set, written on each device_if variant by the split). For a
// target whose images are native binaries the configuration decides the conditions, as
// DPC++'s sycl-post-link does for AOT targets: only the variant whose "has" aspects the
// target lists and whose "lacks" aspects it does not is kept. A JIT target keeps every
// variant it can run; the runtime chooses by the device it finds.
func (t *Target) CheckRow(reg *props.Registry, reqs *props.Set, mode Mode) (ok bool, reason string) {
	if ok, reason = t.Check(reqs, mode); !ok || reg == nil {
		return ok, reason
	}
	set := reg.Set(props.DeviceIfSet)
	if kind, _ := LookupAOTTool(t.AOT.Tool); set == nil || kind.Format != "native" {
		return true, ""
	}
	table := aspects.Builtin()
	for _, p := range set.Props {
		vals, err := p.U32Array()
		if err != nil {
			return false, fmt.Sprintf("malformed %s property %s: %v", props.DeviceIfSet, p.Name, err)
		}
		for _, v := range vals {
			if has := t.HasAspectValue(int(v)); p.Name == "has" && !has || p.Name == "lacks" && has {
				return false, fmt.Sprintf("the device_if variant for devices %s aspect %s is another target's", map[bool]string{true: "with", false: "without"}[p.Name == "has"], table.Display(int(v)))
			}
		}
	}
	return true, ""
}

// HasAspectValue reports whether the target lists the aspect with DPC++ value v.
func (t *Target) HasAspectValue(v int) bool {
	for _, a := range t.AspectValues {
		if a == v {
			return true
		}
	}
	return false
}
