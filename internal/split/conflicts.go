package split

import (
	"strconv"

	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/kernelinfo"
	"github.com/rules-sycl/rules_sycl/internal/llvmir"
)

// CheckConflicts refuses a group whose entry points require different work-group or
// sub-group sizes: one image cannot satisfy both (DPC++'s post-link keeps the first).
func CheckConflicts(m *llvmir.Module, g *Group) error {
	type req struct {
		f    *llvmir.Function
		text string
	}
	var wg, sg *req
	for _, f := range g.Entries {
		if v, ok := kernelinfo.Ints(m, f, kernelinfo.ReqdWorkGroupSizeMD); ok {
			t := kernelinfo.JoinDims(v)
			if wg != nil && wg.text != t {
				return diag.Errorf(m.File, f.Line, "kernels %s and %s share a device image but require different work-group sizes (%s and %s)", wg.f.Name, f.Name, wg.text, t)
			}
			wg = &req{f, t}
		}
		if v, ok := kernelinfo.Int(m, f, kernelinfo.ReqdSubGroupSizeMD); ok {
			t := strconv.FormatUint(uint64(v), 10)
			if sg != nil && sg.text != t {
				return diag.Errorf(m.File, f.Line, "kernels %s and %s share a device image but require different sub-group sizes (%s and %s)", sg.f.Name, f.Name, sg.text, t)
			}
			sg = &req{f, t}
		}
	}
	return nil
}
