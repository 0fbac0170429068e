// Package deviceif resolves device_if (sycl_ext_oneapi_device_if) calls for one device:
// every call of a conditional caller (DPC++'s IR form, written by propagate's lowering)
// becomes a direct call of its action when the condition holds for the device's aspects
// and disappears when it does not; what no entry point reaches any more is dropped, and
// the image's used aspects are propagated again, so that the aspects of the kept branches
// become requirements and those of the discarded ones vanish.
//
// The split makes every image's variants where it computes requirements (Variants: one
// per outcome of the aspects the conditions test); the aspect filter keeps, for an AOT
// target, the one its device configuration's aspects give (DPC++'s DeviceIf design,
// "Changes to the sycl-post-link tool (AOT)"), and for a JIT target every one it can
// run, which the runtime chooses among by the device it finds. The other parts of the
// feature: its IR form and its limit, kernelinfo.MaxDeviceIfTested (kernelinfo/condcall.go);
// the conditions' aspect pairs, found by the propagation analysis (aspectprop/conditional.go);
// the runtime's variant table (wrap/variants.go). docs/DEVICE_IF.md maps them.
package deviceif

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/rules-sycl/rules_sycl/internal/aspectprop"
	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/kernelinfo"
	"github.com/rules-sycl/rules_sycl/internal/llvmir"
)

// Has quickly tells whether module text may hold conditional callers.
func Has(src []byte) bool {
	return bytes.Contains(src, []byte(kernelinfo.CondCallerAttr))
}

// Result is a specialised module.
type Result struct {
	Text         []byte
	Requirements kernelinfo.Requirements
	Kept, Gone   int // conditional calls made direct, and removed
}

// Tested returns the aspects the conditions of m test, ascending.
func Tested(m *llvmir.Module) ([]int, error) {
	calls, err := kernelinfo.CondCalls(m)
	if err != nil {
		return nil, err
	}
	seen := map[int]bool{}
	var out []int
	for _, c := range calls {
		for _, a := range kernelinfo.CondAspects(c.Cond) {
			if !seen[a] {
				seen[a] = true
				out = append(out, a)
			}
		}
	}
	sort.Ints(out)
	return out, nil
}

// Specialize resolves m's conditional calls for a device whose aspects has reports.
// It returns nil when m calls no conditional caller.
func Specialize(m *llvmir.Module, has func(aspect int) bool) (*Result, error) {
	calls, err := kernelinfo.CondCalls(m)
	if err != nil {
		return nil, err
	}
	if len(calls) == 0 {
		return nil, nil
	}
	res := &Result{}
	ed := llvmir.NewEditor(m)
	for _, c := range calls {
		ok, err := kernelinfo.EvalCondition(c.Cond, has)
		if err != nil {
			return nil, diag.Errorf(m.File, c.Site.Line, "%v", err)
		}
		if ok {
			res.Kept++
			ed.Replace(c.Site.Span, c.Site.Prefix+llvmir.QuoteName(c.Action)+"("+c.This+")"+c.Site.Suffix)
		} else {
			res.Gone++
			end := c.Site.Span.End
			if end < len(m.Src) && m.Src[end] == '\n' {
				end++
			}
			ed.Replace(llvmir.Span{Start: c.Site.Span.Start, End: end}, "")
		}
	}
	for _, f := range m.Funcs {
		ed.RemoveAttachment(f, kernelinfo.ConditionallyUsedAspectsMD)
	}
	var b bytes.Buffer
	if _, err := ed.WriteTo(&b); err != nil {
		return nil, err
	}
	resolved, err := llvmir.Parse(m.File, b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("%s: the specialised module does not read back (a bug): %v", m.File, err)
	}
	// Only what the entry points still reach.
	var entries []*llvmir.Function
	for _, f := range resolved.Funcs {
		if kernelinfo.IsEntryPoint(resolved, f, false) {
			entries = append(entries, f)
		}
	}
	ex := llvmir.NewExtractor(resolved)
	kept, err := llvmir.Parse(m.File, ex.Module(ex.Closure(entries)))
	if err != nil {
		return nil, fmt.Errorf("%s: the specialised module does not read back (a bug): %v", m.File, err)
	}
	// The kept branches' aspects become the image's.
	pr, err := aspectprop.Run(kept, aspectprop.Options{Infer: aspectprop.RerunInference(kept)})
	if err != nil {
		return nil, err
	}
	b.Reset()
	if _, err := pr.Editor.WriteTo(&b); err != nil {
		return nil, err
	}
	final, err := llvmir.Parse(m.File, b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("%s: the specialised module does not read back (a bug): %v", m.File, err)
	}
	var finalEntries []*llvmir.Function
	for _, f := range final.Funcs {
		if kernelinfo.IsEntryPoint(final, f, false) {
			finalEntries = append(finalEntries, f)
		}
	}
	res.Text = b.Bytes()
	res.Requirements = kernelinfo.ComputeRequirements(final, final.Funcs, finalEntries)
	return res, nil
}

// Outcome is one JIT variant: the tested aspects assumed present and absent.
type Outcome struct {
	Has, Lacks []int
}

// Outcomes enumerates the 2^len(tested) assignments, all present first.
func Outcomes(tested []int) []Outcome {
	n := len(tested)
	out := make([]Outcome, 0, 1<<n)
	for mask := (1 << n) - 1; mask >= 0; mask-- {
		o := Outcome{Has: []int{}, Lacks: []int{}}
		for i, a := range tested {
			if mask&(1<<(n-1-i)) != 0 {
				o.Has = append(o.Has, a)
			} else {
				o.Lacks = append(o.Lacks, a)
			}
		}
		out = append(out, o)
	}
	return out
}

// Holds reports whether aspect a is present in the outcome.
func (o Outcome) Holds(a int) bool {
	for _, h := range o.Has {
		if h == a {
			return true
		}
	}
	return false
}

// Suffix names the outcome in image names: "if" then, per tested aspect, 1 (present),
// 0 (absent) or x (either).
func (o Outcome) Suffix(tested []int) string {
	var b strings.Builder
	b.WriteString("if")
	for _, a := range tested {
		switch {
		case o.Holds(a):
			b.WriteByte('1')
		case o.lacks(a):
			b.WriteByte('0')
		default:
			b.WriteByte('x')
		}
	}
	return b.String()
}

func (o Outcome) lacks(a int) bool {
	for _, l := range o.Lacks {
		if l == a {
			return true
		}
	}
	return false
}
