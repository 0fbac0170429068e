package llvmir

import (
	"bytes"
	"strings"
)

// CallSite is one call instruction of a named function, read from its line: the text
// before the callee, the arguments (each as written: type, attributes, value) and the
// text after the closing parenthesis (call-site attributes, !dbg).
type CallSite struct {
	Caller *Function
	Line   int
	Span   Span   // the whole line, without its newline
	Prefix string // up to and including '@' of the callee
	// ArgsAt is the module offset just after the callee's '(' (where arguments begin).
	ArgsAt int
	Args   []string
	Suffix string // from the closing parenthesis on, excluded
}

// CallSites returns the call instructions in caller's body that call callee directly, in
// order. A line that names the callee without a readable argument list is skipped.
func (m *Module) CallSites(caller *Function, callee string) []CallSite {
	if caller.Decl {
		return nil
	}
	needle := []byte("@" + QuoteName(callee) + "(")
	body := m.Src[caller.HeaderEnd:caller.Span.End]
	line := caller.Line + bytes.Count(m.Src[caller.Span.Start:caller.HeaderEnd], []byte("\n"))
	var out []CallSite
	pos := 0
	for pos < len(body) {
		end := bytes.IndexByte(body[pos:], '\n')
		if end < 0 {
			end = len(body)
		} else {
			end += pos
		}
		text := body[pos:end]
		if i := bytes.Index(text, needle); i >= 0 && isCallBefore(text[:i]) {
			open := i + len(needle)
			args, close, ok := splitArgs(text, open)
			if ok {
				out = append(out, CallSite{
					Caller: caller,
					Line:   line,
					Span:   Span{caller.HeaderEnd + pos, caller.HeaderEnd + end},
					Prefix: string(text[:i+1]),
					ArgsAt: caller.HeaderEnd + pos + open,
					Args:   args,
					Suffix: string(text[close+1:]),
				})
			}
		}
		line++
		pos = end + 1
	}
	return out
}

// isCallBefore reports whether the text before a callee is that of a call instruction.
func isCallBefore(before []byte) bool {
	s := " " + string(bytes.TrimSpace(before)) + " "
	return strings.Contains(s, " call ") || strings.Contains(s, " invoke ")
}

// splitArgs splits the argument list whose '(' is at open-1 (topLevel's elements, as
// strings) and returns the index of the closing parenthesis.
func splitArgs(text []byte, open int) ([]string, int, bool) {
	spans, after, ok := topLevel(text, open-1)
	if !ok {
		return nil, 0, false
	}
	args := make([]string, len(spans))
	for i, sp := range spans {
		args[i] = string(text[sp.Start:sp.End])
	}
	return args, after - 1, true
}

// QuoteName spells a global's name as it follows '@' in the module text.
func QuoteName(name string) string {
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '$' || c == '-') {
			return `"` + name + `"`
		}
	}
	return name
}

// Header returns the text of f's header: from "define"/"declare" up to the body's "{"
// (for a declaration, its whole line).
func (m *Module) Header(f *Function) string {
	return string(m.Src[f.Span.Start:f.HeaderEnd])
}

// SplitHeader splits a function header at its parameter list: the text before the
// name's '@', the name as written, the parameters (each as written) and the text after
// the closing parenthesis.
func SplitHeader(header string, name string) (before string, params []string, after string, ok bool) {
	needle := "@" + QuoteName(name) + "("
	i := strings.Index(header, needle)
	if i < 0 {
		return "", nil, "", false
	}
	args, close, ok := splitArgs([]byte(header), i+len(needle))
	if !ok {
		return "", nil, "", false
	}
	return header[:i], args, header[close+1:], true
}
