package llvmir

import (
	"bytes"
	"fmt"
	"strconv"

	"github.com/rules-sycl/rules_sycl/internal/diag"
)

// AnnotationsGlobal is the global clang fills with [[clang::annotate]] entries.
const AnnotationsGlobal = "llvm.global.annotations"

// AnnotationArg is one argument of an annotation: a string or an integer.
type AnnotationArg struct {
	IsString bool
	Str      string
	Int      int64
}

// Annotation is one entry of @llvm.global.annotations: clang's
// { ptr @target, ptr @name, ptr @file, i32 line, ptr @args | null }.
type Annotation struct {
	Target string // the annotated function or global
	Name   string // the annotation string
	File   string // the source file clang recorded
	Line   int    // the source line clang recorded
	Args   []AnnotationArg
	// ArgsErr says why the arguments could not be read (a float, a pointer to something
	// else): only a reader that uses this annotation's arguments fails on it.
	ArgsErr error
	span    Span // of the entry's value in the module text
}

// Annotations reads the entries of @llvm.global.annotations (none when the module has
// no such global). A malformed entry is an error naming the global's line; arguments it
// cannot read are the annotation's ArgsErr (a user's own annotation may take a float).
func (m *Module) Annotations() ([]Annotation, error) {
	g := m.Global(AnnotationsGlobal)
	if g == nil {
		return nil, nil
	}
	bad := func(format string, args ...interface{}) error {
		return diag.Errorf(m.File, g.Line, "@%s: %s", AnnotationsGlobal, fmt.Sprintf(format, args...))
	}
	src := m.Src[:g.Span.End]
	// The initializer is the array after "global [N x {...}]".
	open := arrayValueStart(src, g.Span.Start)
	if open < 0 {
		return nil, bad("no array initializer")
	}
	// Its type is "[N x { ... }]": what RemoveAnnotations rewrites.
	if typeOpen := bytes.IndexByte(src[g.Span.Start:open], '['); typeOpen < 0 ||
		!bytes.Contains(src[g.Span.Start+typeOpen:open], []byte(" x ")) ||
		bytes.LastIndexByte(src[:open], ']') < g.Span.Start+typeOpen {
		return nil, bad("the type is not an array [N x {...}]")
	}
	entries, _, ok := topLevel(src, open)
	if !ok {
		return nil, bad("unbalanced brackets")
	}
	var out []Annotation
	for _, e := range entries {
		// Each element is "{ types } { values }": the value struct is the last braces.
		v := bytes.LastIndexByte(src[e.Start:e.End], '{')
		if v < 0 {
			return nil, bad("element %q is not a struct", src[e.Start:e.End])
		}
		fields, _, ok := topLevel(src, e.Start+v)
		if !ok || len(fields) != 5 {
			return nil, bad("element %q does not have 5 fields", src[e.Start:e.End])
		}
		a := Annotation{span: Span{e.Start + v, e.End}}
		var err error
		if a.Target, ok = firstGlobalRef(src, fields[0]); !ok {
			return nil, bad("no annotated symbol in %q", src[fields[0].Start:fields[0].End])
		}
		if a.Name, err = m.stringField(src, fields[1]); err != nil {
			return nil, bad("annotation string: %v", err)
		}
		if a.File, err = m.stringField(src, fields[2]); err != nil {
			return nil, bad("file name: %v", err)
		}
		line, err := intField(src, fields[3])
		if err != nil {
			return nil, bad("line: %v", err)
		}
		a.Line = int(line)
		if args, ok := firstGlobalRef(src, fields[4]); ok {
			if a.Args, err = m.annotationArgs(args); err != nil {
				a.Args, a.ArgsErr = nil, bad("arguments of %q: %v", a.Name, err)
			}
		}
		out = append(out, a)
	}
	return out, nil
}

// arrayValueStart finds the '[' opening the initializer of an array global: the second
// top-level '[' after the global's '=' (the first opens its type).
func arrayValueStart(src []byte, start int) int {
	n := 0
	depth := 0
	for i := start; i < len(src); i++ {
		switch src[i] {
		case '"':
			j := skipString(src, i)
			if j < 0 {
				return -1
			}
			i = j - 1
		case '[':
			if depth == 0 {
				n++
				if n == 2 {
					return i
				}
			}
			depth++
		case ']':
			depth--
		case '\n':
			return -1
		}
	}
	return -1
}

// topLevel splits the bracketed list opening at src[open] ('[', '{' or '(') into its
// comma-separated elements (trimmed spans) and returns the offset after its close.
func topLevel(src []byte, open int) ([]Span, int, bool) {
	var out []Span
	depth := 0
	start := open + 1
	for i := open; i < len(src); i++ {
		switch c := src[i]; c {
		case '"':
			j := skipString(src, i)
			if j < 0 {
				return nil, 0, false
			}
			i = j - 1
		case '[', '{', '(', '<':
			depth++
		case ']', '}', ')', '>':
			depth--
			if depth == 0 {
				if s := trimSpan(src, start, i); s.End > s.Start {
					out = append(out, s)
				}
				return out, i + 1, true
			}
		case ',':
			if depth == 1 {
				out = append(out, trimSpan(src, start, i))
				start = i + 1
			}
		case '\n':
			return nil, 0, false
		}
	}
	return nil, 0, false
}

func trimSpan(src []byte, s, e int) Span {
	for s < e && (src[s] == ' ' || src[s] == '\t') {
		s++
	}
	for e > s && (src[e-1] == ' ' || src[e-1] == '\t') {
		e--
	}
	return Span{s, e}
}

// firstGlobalRef returns the first @name inside the span.
func firstGlobalRef(src []byte, s Span) (string, bool) {
	for i := s.Start; i < s.End; i++ {
		if src[i] == '"' {
			if j := skipString(src, i); j > 0 {
				i = j - 1
				continue
			}
			return "", false
		}
		if src[i] == '@' {
			name, _, ok := scanName(src[:s.End], i+1)
			return name, ok
		}
	}
	return "", false
}

func intField(src []byte, s Span) (int64, error) {
	f := bytes.Fields(src[s.Start:s.End])
	if len(f) != 2 || len(f[0]) < 2 || f[0][0] != 'i' {
		return 0, fmt.Errorf("%q is not an integer constant", src[s.Start:s.End])
	}
	return strconv.ParseInt(string(f[1]), 10, 64)
}

// stringField reads the C string a field points to.
func (m *Module) stringField(src []byte, s Span) (string, error) {
	name, ok := firstGlobalRef(src, s)
	if !ok {
		return "", fmt.Errorf("%q names no string", src[s.Start:s.End])
	}
	return m.CString(name)
}

// CString returns the value of a global initialized with c"...": the bytes up to the
// first NUL.
func (m *Module) CString(name string) (string, error) {
	g := m.Global(name)
	if g == nil {
		return "", fmt.Errorf("@%s is not defined", name)
	}
	src := m.Src[g.Span.Start:g.Span.End]
	i := bytes.Index(src, []byte(` c"`))
	if i < 0 {
		return "", fmt.Errorf("@%s is not a c\"...\" string", name)
	}
	j := skipString(src, i+2)
	if j < 0 {
		return "", fmt.Errorf("@%s: unterminated string", name)
	}
	s := unescape(src[i+3 : j-1])
	if k := bytes.IndexByte([]byte(s), 0); k >= 0 {
		s = s[:k]
	}
	return s, nil
}

// annotationArgs reads the constant struct clang emits for an annotation's arguments.
func (m *Module) annotationArgs(name string) ([]AnnotationArg, error) {
	g := m.Global(name)
	if g == nil {
		return nil, fmt.Errorf("@%s is not defined", name)
	}
	src := m.Src[:g.Span.End]
	// "= private unnamed_addr constant { types } { values }": the value is the last struct.
	line := src[g.Span.Start:lineEnd(src, g.Span.Start)]
	open := bytes.LastIndex(line, []byte("} {"))
	if open < 0 {
		return nil, fmt.Errorf("@%s is not a constant struct", name)
	}
	fields, _, ok := topLevel(src, g.Span.Start+open+2)
	if !ok {
		return nil, fmt.Errorf("@%s: unbalanced brackets", name)
	}
	var out []AnnotationArg
	for _, f := range fields {
		if ref, ok := firstGlobalRef(src, f); ok {
			s, err := m.CString(ref)
			if err != nil {
				return nil, err
			}
			out = append(out, AnnotationArg{IsString: true, Str: s})
			continue
		}
		v, err := intField(src, f)
		if err != nil {
			return nil, err
		}
		out = append(out, AnnotationArg{Int: v})
	}
	return out, nil
}

// RemoveAnnotations rewrites @llvm.global.annotations without the entries for which
// drop returns true (the global goes when none is left). The strings and argument
// structs the dropped entries referenced stay; they are private and unused, so the
// optimiser and the split drop them.
func (e *Editor) RemoveAnnotations(all []Annotation, drop func(*Annotation) bool) {
	g := e.m.Global(AnnotationsGlobal)
	if g == nil {
		return
	}
	var kept []string
	for i := range all {
		if !drop(&all[i]) {
			kept = append(kept, string(e.m.Src[all[i].span.Start:all[i].span.End]))
		}
	}
	if len(kept) == len(all) {
		return
	}
	if len(kept) == 0 {
		e.edits = append(e.edits, edit{at: g.Span.Start, end: g.Span.End, text: "", seq: len(e.edits)})
		return
	}
	src := e.m.Src
	open := arrayValueStart(src, g.Span.Start)
	_, close, _ := topLevel(src, open)
	// The element type "{ ... }" precedes each value; keep the text of the type once.
	typeOpen := bytes.IndexByte(src[g.Span.Start:open], '[') + g.Span.Start
	xAt := bytes.Index(src[typeOpen:open], []byte(" x "))
	elemType := string(bytes.TrimSpace(src[typeOpen+xAt+3 : bytes.LastIndexByte(src[:open], ']')]))
	var b bytes.Buffer
	b.Write(src[g.Span.Start : typeOpen+1])
	b.WriteString(strconv.Itoa(len(kept)))
	b.Write(src[typeOpen+xAt : open])
	b.WriteByte('[')
	for i, k := range kept {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(elemType + " " + k)
	}
	b.WriteByte(']')
	b.Write(src[close:g.Span.End])
	e.edits = append(e.edits, edit{at: g.Span.Start, end: g.Span.End, text: b.String(), seq: len(e.edits)})
}
