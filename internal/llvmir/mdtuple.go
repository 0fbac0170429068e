package llvmir

import (
	"strconv"
	"strings"
)

// OperandKind classifies a metadata tuple operand.
type OperandKind int

// Operand kinds.
const (
	OpOther  OperandKind = iota
	OpRef                // !N
	OpString             // !"text"
	OpInt                // iN V (a ConstantAsMetadata integer)
	OpNull               // null
)

// Operand is one operand of a generic metadata tuple !{...}.
type Operand struct {
	Kind OperandKind
	Ref  int
	Str  string
	Int  int64
	Text string
}

// Tuple returns the operands of node id when it is a generic tuple (!{...}); ok is false
// for specialised nodes (!DILocation(...)) and missing ids.
func (m *Module) Tuple(id int) (ops []Operand, ok bool) {
	n := m.MD[id]
	if n == nil {
		return nil, false
	}
	v := m.Src[n.Value.Start:n.Value.End]
	if len(v) < 3 || v[0] != '!' || v[1] != '{' || v[len(v)-1] != '}' {
		return nil, false
	}
	return ParseTuple(string(v[2 : len(v)-1])), true
}

// ParseTuple splits the inside of a metadata tuple into operands.
func ParseTuple(s string) []Operand {
	var ops []Operand
	for _, part := range splitTop(s) {
		t := strings.TrimSpace(part)
		if t == "" {
			continue
		}
		op := Operand{Kind: OpOther, Text: t}
		switch {
		case t == "null":
			op.Kind = OpNull
		case len(t) > 1 && t[0] == '!' && t[1] >= '0' && t[1] <= '9':
			if n, err := strconv.Atoi(t[1:]); err == nil {
				op.Kind, op.Ref = OpRef, n
			}
		case strings.HasPrefix(t, `!"`) && strings.HasSuffix(t, `"`) && len(t) >= 3:
			op.Kind, op.Str = OpString, unescape([]byte(t[2:len(t)-1]))
		case len(t) > 1 && t[0] == 'i' && t[1] >= '0' && t[1] <= '9':
			if sp := strings.IndexByte(t, ' '); sp > 0 {
				if n, err := strconv.ParseInt(strings.TrimSpace(t[sp+1:]), 10, 64); err == nil {
					op.Kind, op.Int = OpInt, n
				}
			}
		}
		ops = append(ops, op)
	}
	return ops
}

// splitTop splits s at commas outside brackets and strings.
func splitTop(s string) []string {
	var parts []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"':
			j := strings.IndexByte(s[i+1:], '"')
			if j < 0 {
				i = len(s)
			} else {
				i += j + 1
			}
		case '(', '{', '[', '<':
			depth++
		case ')', '}', ']', '>':
			depth--
		case ',':
			if depth == 0 {
				parts = append(parts, s[start:i])
				start = i + 1
			}
		}
	}
	return append(parts, s[start:])
}

// Field returns the value of field name in a specialised node such as
// !DILocation(line: 3, column: 7, scope: !5), or "" when absent.
func (m *Module) Field(id int, name string) string {
	n := m.MD[id]
	if n == nil {
		return ""
	}
	v := string(m.Src[n.Value.Start:n.Value.End])
	open := strings.IndexByte(v, '(')
	if open < 0 || !strings.HasSuffix(v, ")") {
		return ""
	}
	for _, part := range splitTop(v[open+1 : len(v)-1]) {
		t := strings.TrimSpace(part)
		if strings.HasPrefix(t, name+":") {
			val := strings.TrimSpace(t[len(name)+1:])
			if len(val) >= 2 && val[0] == '"' && val[len(val)-1] == '"' {
				return unescape([]byte(val[1 : len(val)-1]))
			}
			return val
		}
	}
	return ""
}

// Kind returns the specialised node kind ("DILocation", ...) of id, or "" for tuples.
func (m *Module) Kind(id int) string {
	n := m.MD[id]
	if n == nil {
		return ""
	}
	v := m.Src[n.Value.Start:n.Value.End]
	if len(v) < 2 || v[0] != '!' {
		return ""
	}
	j := 1
	for j < len(v) && isWordChar(v[j]) {
		j++
	}
	return string(v[1:j])
}

// Location describes where a function or instruction comes from, from debug info:
// "file:line:col" (col omitted when unknown), or "" without debug info.
func (m *Module) Location(dbg int) string {
	if dbg < 0 {
		return ""
	}
	line, col, scope := "", "", -1
	switch m.Kind(dbg) {
	case "DILocation":
		line, col = m.Field(dbg, "line"), m.Field(dbg, "column")
		scope = refOf(m.Field(dbg, "scope"))
	case "DISubprogram":
		line = m.Field(dbg, "line")
		scope = dbg
	default:
		return ""
	}
	file := m.scopeFile(scope, 0)
	if file == "" || line == "" {
		return ""
	}
	if col != "" && col != "0" {
		return file + ":" + line + ":" + col
	}
	return file + ":" + line
}

func refOf(s string) int {
	if len(s) > 1 && s[0] == '!' {
		if n, err := strconv.Atoi(s[1:]); err == nil {
			return n
		}
	}
	return -1
}

// scopeFile follows file:/scope: fields up to a DIFile and returns its filename.
func (m *Module) scopeFile(id, depth int) string {
	if id < 0 || depth > 64 {
		return ""
	}
	if m.Kind(id) == "DIFile" {
		return m.Field(id, "filename")
	}
	if f := refOf(m.Field(id, "file")); f >= 0 && m.Kind(f) == "DIFile" {
		return m.Field(f, "filename")
	}
	return m.scopeFile(refOf(m.Field(id, "scope")), depth+1)
}

// KernelLocation says where the source defines a kernel entry point, from debug info:
// "file:line", or "" without it. A SYCL kernel's own subprogram is artificial (no line):
// the place is then that of the first function it calls whose subprogram is in the
// kernel's own file (the kernel lambda's or functor's operator()).
func (m *Module) KernelLocation(f *Function) string {
	sp := -1
	for _, a := range f.Attachments {
		if a.Name == "dbg" {
			sp = a.ID
		}
	}
	if sp < 0 || m.Kind(sp) != "DISubprogram" {
		return ""
	}
	if l := m.Field(sp, "line"); l != "" && l != "0" {
		return m.Location(sp)
	}
	file := m.scopeFile(sp, 0)
	for _, c := range f.Calls {
		g := m.Func(c.Callee)
		if g == nil || g.Decl {
			continue
		}
		for _, a := range g.Attachments {
			if a.Name == "dbg" && m.Kind(a.ID) == "DISubprogram" && m.scopeFile(a.ID, 0) == file {
				if l := m.Field(a.ID, "line"); l != "" && l != "0" {
					return file + ":" + l
				}
			}
		}
	}
	return file
}
