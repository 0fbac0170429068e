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
	line := 0
	if g := m.Global(llvmir.AnnotationsGlobal); g != nil {
		line = g.Line
	}
	errorf := func(a *llvmir.Annotation, format string, args ...interface{}) error {
		return diag.Errorf(m.File, line, "%s:%d: [[clang::annotate(%q)]]: %s", a.File, a.Line, a.Name, fmt.Sprintf(format, args...))
	}
	byFunc := map[*llvmir.Function]*lowered{}
	var order []*lowered
	condSeen := map[*llvmir.Function]bool{}
	var condCallers []*llvmir.Function
	var condFrom []string
	get := func(f *llvmir.Function) *lowered {
		l := byFunc[f]
		if l == nil {
			l = &lowered{f: f}
			byFunc[f] = l
			order = append(order, l)
		}
		return l
	}
	ours := func(a *llvmir.Annotation) bool {
		switch a.Name {
		case DeviceHasAnnotation, KernelDeviceHasAnnotation, KernelWorkGroupSizeAnnotation, KernelSubGroupSizeAnnotation, CondCallerAttr:
			return true
		}
		return false
	}
	for i := range anns {
		a := &anns[i]
		if !ours(a) {
			continue
		}
		var f *llvmir.Function
		args := a.Args
		if a.Name == CondCallerAttr {
			if f = m.Func(a.Target); f == nil {
				return nil, errorf(a, "@%s is not a function", a.Target)
			}
			if !condSeen[f] {
				condSeen[f] = true
				condCallers = append(condCallers, f)
				condFrom = append(condFrom, fmt.Sprintf("%s:%d", a.File, a.Line))
			}
			continue
		}
		if a.Name == DeviceHasAnnotation {
			if f = m.Func(a.Target); f == nil {
				return nil, errorf(a, "@%s is not a function", a.Target)
			}
		} else {
			if len(args) == 0 || !args[0].IsString {
				return nil, errorf(a, "the first argument must be the kernel's name")
			}
			if f = m.Func(args[0].Str); f == nil || f.Decl || !f.IsKernel() {
				return nil, errorf(a, "the module defines no kernel %s", args[0].Str)
			}
			args = args[1:]
		}
		ints := make([]int64, len(args))
		for j, arg := range args {
			if arg.IsString || arg.Int < 0 || arg.Int > 1<<32-1 {
				return nil, errorf(a, "argument %d must be an integer in [0, 2^32)", j+1)
			}
			ints[j] = arg.Int
		}
		l := get(f)
		from := fmt.Sprintf("%s:%d", a.File, a.Line)
		switch a.Name {
		case DeviceHasAnnotation, KernelDeviceHasAnnotation:
			l.hasDecl = true
			l.declared = appendNew(l.declared, ints)
		case KernelWorkGroupSizeAnnotation:
			if len(ints) < 1 || len(ints) > 3 {
				return nil, errorf(a, "a work-group size has 1 to 3 dimensions, not %d", len(ints))
			}
			if l.wg != nil && !equalInts(l.wg, ints) {
				return nil, errorf(a, "kernel %s already requires work-group size %s (%s)", f.Name, JoinDims(l.wg), l.wgFrom)
			}
			l.wg, l.wgFrom = ints, from
		case KernelSubGroupSizeAnnotation:
			if len(ints) != 1 || ints[0] == 0 {
				return nil, errorf(a, "want one non-zero sub-group size")
			}
			if l.sgFrom != "" && l.sg != ints[0] {
				return nil, errorf(a, "kernel %s already requires sub-group size %d (%s)", f.Name, l.sg, l.sgFrom)
			}
			l.sg, l.sgFrom = ints[0], from
		}
	}
	if len(order) == 0 && len(condCallers) == 0 {
		return nil, nil
	}
	ed := llvmir.NewEditor(m)
	for _, l := range order {
		if err := l.apply(m, ed); err != nil {
			return nil, err
		}
	}
	for i, f := range condCallers {
		if err := lowerCondCaller(m, ed, f, condFrom[i]); err != nil {
			return nil, err
		}
	}
	ed.RemoveAnnotations(anns, ours)
	var b strings.Builder
	if _, err := ed.WriteTo(&b); err != nil {
		return nil, err
	}
	return []byte(b.String()), nil
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

func equalInts(a, b []int64) bool {
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
