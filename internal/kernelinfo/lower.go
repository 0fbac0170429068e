package kernelinfo

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/llvmir"
)

// Annotation names rsycl/sycl_lite.h writes with [[clang::annotate]]: clang-22 ignores
// [[sycl::device_has]], [[sycl::reqd_work_group_size]] and
// [[intel::reqd_sub_group_size]], so the header carries them this way and Lower turns
// them into DPC++'s metadata before propagation.
const (
	// On any device function: the aspects of [[sycl::device_has()]] (integers).
	DeviceHasAnnotation = "sycl-device-has"
	// On a marker function the kernel calls: (kernel name, aspects...).
	KernelDeviceHasAnnotation = "rsycl-kernel-device-has"
	// (kernel name, dims... in SYCL order, 1 to 3 of them).
	KernelWorkGroupSizeAnnotation = "rsycl-kernel-reqd-work-group-size"
	// (kernel name, size).
	KernelSubGroupSizeAnnotation = "rsycl-kernel-reqd-sub-group-size"
)

// lowered is what the annotations give one function.
type lowered struct {
	f        *llvmir.Function
	declared []int64
	hasDecl  bool
	wg       []int64
	wgFrom   string
	sg       int64
	sgFrom   string
}

// Lower turns the requirement annotations of rsycl/sycl_lite.h into DPC++'s IR form:
// !sycl_declared_aspects (plain i32 operands, as DPC++'s front end writes them),
// !reqd_work_group_size (i32, in reversed, SPIR-V order) with !work_group_num_dim, and
// !intel_reqd_sub_group_size; the lowered entries leave @llvm.global.annotations. It
// returns the edited module text, or nil when the module has none of them. Conditional
// callers (device_if) become DPC++'s declarations taking their action first.
func Lower(m *llvmir.Module) ([]byte, error) {
	anns, err := m.Annotations()
	if err != nil {
		return nil, err
	}
	c := &lowering{m: m, byFunc: map[*llvmir.Function]*lowered{}, condSeen: map[*llvmir.Function]bool{}}
	if g := m.Global(llvmir.AnnotationsGlobal); g != nil {
		c.line = g.Line
	}
	for i := range anns {
		if a := &anns[i]; ours(a) {
			if a.ArgsErr != nil {
				return nil, a.ArgsErr
			}
			if err := c.add(a); err != nil {
				return nil, err
			}
		}
	}
	if len(c.order) == 0 && len(c.condCallers) == 0 {
		return nil, nil
	}
	ed := llvmir.NewEditor(m)
	for _, l := range c.order {
		if err := l.apply(m, ed); err != nil {
			return nil, err
		}
	}
	for i, f := range c.condCallers {
		if err := lowerCondCaller(m, ed, f, c.condFrom[i]); err != nil {
			return nil, err
		}
	}
	ed.RemoveAnnotations(anns, ours)
	var b strings.Builder
	if _, err := ed.WriteTo(&b); err != nil {
		return nil, err
	}
	out := []byte(b.String())
	if len(c.condCallers) > 0 {
		// A conditional caller's header is rewritten from its text: one the reader
		// tolerated but cannot take back (a malformed parameter list) is the input's error.
		if _, err := llvmir.Parse(m.File, out); err != nil {
			f := c.condCallers[0]
			return nil, diag.Errorf(m.File, f.Line, "conditional caller @%s: its header cannot be rewritten as a declaration: %v", f.Name, err)
		}
	}
	return out, nil
}

// ours says whether an annotation is one of rsycl/sycl_lite.h's (a user's own are left
// alone).
func ours(a *llvmir.Annotation) bool {
	switch a.Name {
	case DeviceHasAnnotation, KernelDeviceHasAnnotation, KernelWorkGroupSizeAnnotation, KernelSubGroupSizeAnnotation, CondCallerAttr:
		return true
	}
	return false
}

// lowering collects what Lower's annotations ask for, per function in module order.
type lowering struct {
	m           *llvmir.Module
	line        int // @llvm.global.annotations' line, for errors
	byFunc      map[*llvmir.Function]*lowered
	order       []*lowered
	condSeen    map[*llvmir.Function]bool
	condCallers []*llvmir.Function
	condFrom    []string
}

func (c *lowering) errorf(a *llvmir.Annotation, format string, args ...interface{}) error {
	return diag.Errorf(c.m.File, c.line, "%s:%d: [[clang::annotate(%q)]]: %s", a.File, a.Line, a.Name, fmt.Sprintf(format, args...))
}

func (c *lowering) get(f *llvmir.Function) *lowered {
	l := c.byFunc[f]
	if l == nil {
		l = &lowered{f: f}
		c.byFunc[f] = l
		c.order = append(c.order, l)
	}
	return l
}

// add records one of our annotations.
func (c *lowering) add(a *llvmir.Annotation) error {
	if a.Name == CondCallerAttr {
		f := c.m.Func(a.Target)
		if f == nil {
			return c.errorf(a, "@%s is not a function", a.Target)
		}
		if !c.condSeen[f] {
			c.condSeen[f] = true
			c.condCallers = append(c.condCallers, f)
			c.condFrom = append(c.condFrom, fmt.Sprintf("%s:%d", a.File, a.Line))
		}
		return nil
	}
	f, ints, err := c.target(a)
	if err != nil {
		return err
	}
	l := c.get(f)
	from := fmt.Sprintf("%s:%d", a.File, a.Line)
	switch a.Name {
	case DeviceHasAnnotation, KernelDeviceHasAnnotation:
		l.hasDecl = true
		l.declared = appendNew(l.declared, ints)
	case KernelWorkGroupSizeAnnotation:
		if len(ints) < 1 || len(ints) > 3 {
			return c.errorf(a, "a work-group size has 1 to 3 dimensions, not %d", len(ints))
		}
		for _, d := range ints {
			if d == 0 {
				return c.errorf(a, "a work-group size has no zero dimension, not %s", JoinDims(ints))
			}
		}
		if l.wg != nil && !equal(l.wg, ints) {
			return c.errorf(a, "kernel %s already requires work-group size %s (%s)", f.Name, JoinDims(l.wg), l.wgFrom)
		}
		l.wg, l.wgFrom = ints, from
	case KernelSubGroupSizeAnnotation:
		if len(ints) != 1 || ints[0] == 0 {
			return c.errorf(a, "want one non-zero sub-group size")
		}
		if l.sgFrom != "" && l.sg != ints[0] {
			return c.errorf(a, "kernel %s already requires sub-group size %d (%s)", f.Name, l.sg, l.sgFrom)
		}
		l.sg, l.sgFrom = ints[0], from
	}
	return nil
}

// target is the function a requirement annotation is about (the annotated function, or
// the kernel its first argument names) and its integer arguments.
func (c *lowering) target(a *llvmir.Annotation) (*llvmir.Function, []int64, error) {
	var f *llvmir.Function
	args := a.Args
	if a.Name == DeviceHasAnnotation {
		if f = c.m.Func(a.Target); f == nil {
			return nil, nil, c.errorf(a, "@%s is not a function", a.Target)
		}
	} else {
		if len(args) == 0 || !args[0].IsString {
			return nil, nil, c.errorf(a, "the first argument must be the kernel's name")
		}
		if f = c.m.Func(args[0].Str); f == nil || f.Decl || !f.IsKernel() {
			return nil, nil, c.errorf(a, "the module defines no kernel %s", args[0].Str)
		}
		args = args[1:]
	}
	ints := make([]int64, len(args))
	for j, arg := range args {
		if arg.IsString || arg.Int < 0 || arg.Int > 1<<32-1 {
			return nil, nil, c.errorf(a, "argument %d must be an integer in [0, 2^32)", j+1)
		}
		ints[j] = arg.Int
	}
	return f, ints, nil
}

func (l *lowered) apply(m *llvmir.Module, ed *llvmir.Editor) error {
	f := l.f
	if l.hasDecl {
		vals := l.declared
		if id := f.Attachment(DeclaredAspectsMD[0]); id >= 0 {
			ops, _ := m.Tuple(id)
			var old []int64
			for _, op := range ops {
				if v, ok := AspectValue(m, op); ok {
					old = append(old, v)
				}
			}
			vals = appendNew(old, vals)
		}
		ed.SetAttachment(f, DeclaredAspectsMD[0], ed.AddNode(i32Tuple(vals)))
	}
	if l.wg != nil {
		rev := make([]int64, len(l.wg))
		for i, v := range l.wg {
			rev[len(l.wg)-1-i] = v
		}
		if old, ok := Ints(m, f, ReqdWorkGroupSizeMD); ok && !equalU(old, rev) {
			return diag.Errorf(m.File, f.Line, "%s: requires work-group size %s (%s), but its !%s says otherwise", f.Name, JoinDims(l.wg), l.wgFrom, ReqdWorkGroupSizeMD)
		}
		ed.SetAttachment(f, ReqdWorkGroupSizeMD, ed.AddNode(i32Tuple(rev)))
		ed.SetAttachment(f, WorkGroupNumDimMD, ed.AddNode(i32Tuple([]int64{int64(len(rev))})))
	}
	if l.sgFrom != "" {
		if old, ok := Int(m, f, ReqdSubGroupSizeMD); ok && int64(old) != l.sg {
			return diag.Errorf(m.File, f.Line, "%s: requires sub-group size %d (%s), but its !%s is %d", f.Name, l.sg, l.sgFrom, ReqdSubGroupSizeMD, old)
		}
		ed.SetAttachment(f, ReqdSubGroupSizeMD, ed.AddNode(i32Tuple([]int64{l.sg})))
	}
	return nil
}

func appendNew(dst, vals []int64) []int64 {
	for _, v := range vals {
		dup := false
		for _, d := range dst {
			dup = dup || d == v
		}
		if !dup {
			dst = append(dst, v)
		}
	}
	if dst == nil {
		dst = []int64{}
	}
	return dst
}

func i32Tuple(vals []int64) string {
	parts := make([]string, len(vals))
	for i, v := range vals {
		parts[i] = "i32 " + strconv.FormatInt(v, 10)
	}
	return "!{" + strings.Join(parts, ", ") + "}"
}

// equal says whether a and b hold the same values in the same order.
func equal[T comparable](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func equalU(a []uint64, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != uint64(b[i]) {
			return false
		}
	}
	return true
}

// JoinDims writes sizes as DPC++'s messages do: "64x1x1".
func JoinDims[T int64 | uint64](v []T) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, "x")
}
