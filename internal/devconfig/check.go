package devconfig

import (
	"fmt"

	"github.com/rules-sycl/rules_sycl/internal/aspects"
	"github.com/rules-sycl/rules_sycl/internal/props"
)

// Mode selects the compatibility rule.
type Mode int

const (
	// DesignDocument is the aspect filter tool of the design document: every required
	// aspect must be listed, and a required sub-group size must be one of the target's.
	DesignDocument Mode = iota
	// DPCPP is the check DPC++ folded into sycl-post-link: a target that may support
	// other aspects accepts unlisted ones, and ESIMD images skip the sub-group check.
	DPCPP
)

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
