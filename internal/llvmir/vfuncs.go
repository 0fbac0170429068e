package llvmir

import (
	"strings"
)

// DeclarationOf is the declaration LLVM prints for definition f once its body is
// deleted (sycl-post-link's clean-up keeps a virtual function so outside its own image):
// "declare", no linkage, the parameters without names, and of what follows them only
// what a declaration carries (no comdat, no metadata attachments, no personality).
func DeclarationOf(m *Module, f *Function) string {
	before, params, after, ok := SplitHeader(m.Header(f), f.Name)
	if !ok {
		return m.Header(f) + "\n" // left for LLVM to report
	}
	var b strings.Builder
	b.WriteString("declare")
	for i, w := range strings.Fields(before) {
		if i == 0 || LinkageWords[w] {
			continue
		}
		b.WriteString(" " + w)
	}
	b.WriteString(" @" + QuoteName(f.Name) + "(")
	for i, p := range params {
		fs := strings.Fields(p)
		if len(fs) > 1 && strings.HasPrefix(fs[len(fs)-1], "%") {
			fs = fs[:len(fs)-1]
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strings.Join(fs, " "))
	}
	b.WriteString(")")
	toks := headerTokens(after)
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch {
		case t == "comdat" || strings.HasPrefix(t, "comdat("):
		case strings.HasPrefix(t, "!"):
			i++ // "!kind !N"
		case t == "personality" || t == "prefix" || t == "prologue":
			i += 2 // "personality ptr @f"
		default:
			b.WriteString(" " + t)
		}
	}
	b.WriteString("\n")
	return b.String()
}

// StubOf is definition f with an empty body ("ret void", or "unreachable" for a value
// it would return) and without its used-aspect attachments: a function of DPC++'s dummy
// virtual-functions image.
func StubOf(m *Module, f *Function) string {
	header := m.Header(f)
	for _, kind := range []string{"sycl_used_aspects", "intel_used_aspects"} {
		header = dropAttachment(header, kind)
	}
	body := "  unreachable\n"
	if before, _, _, ok := SplitHeader(header, f.Name); ok {
		if ws := strings.Fields(before); len(ws) > 0 && ws[len(ws)-1] == "void" {
			body = "  ret void\n"
		}
	}
	return strings.TrimRight(header, " ") + " {\nentry:\n" + body + "}\n"
}

// dropAttachment removes " !kind !N" from a function header.
func dropAttachment(header, kind string) string {
	needle := " !" + kind + " !"
	i := strings.Index(header, needle)
	if i < 0 {
		return header
	}
	j := i + len(needle)
	for j < len(header) && header[j] >= '0' && header[j] <= '9' {
		j++
	}
	return header[:i] + header[j:]
}

// LinkageWords are the linkage keywords, which a declaration cannot carry.
var LinkageWords = map[string]bool{
	"private": true, "internal": true, "available_externally": true, "linkonce": true,
	"weak": true, "common": true, "appending": true, "extern_weak": true,
	"linkonce_odr": true, "weak_odr": true, "external": true,
}

// headerTokens splits the text after a header's parameters at spaces outside quotes and
// brackets.
func headerTokens(s string) []string {
	var out []string
	depth, start := 0, -1
	inStr := false
	for i := 0; i <= len(s); i++ {
		if i == len(s) || (!inStr && depth == 0 && (s[i] == ' ' || s[i] == '\t')) {
			if start >= 0 {
				out = append(out, s[start:i])
				start = -1
			}
			continue
		}
		if start < 0 {
			start = i
		}
		switch s[i] {
		case '"':
			inStr = !inStr
		case '(', '[', '{', '<':
			if !inStr {
				depth++
			}
		case ')', ']', '}', '>':
			if !inStr {
				depth--
			}
		}
	}
	return out
}
