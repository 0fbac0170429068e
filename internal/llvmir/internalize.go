package llvmir

import "bytes"

// Words that may stand between "define" and a function's calling convention or return
// type: linkage, preemption, visibility and DLL storage. An internal function has none
// but "internal": LLVM prints neither dso_local (implied) nor a visibility (reset to
// default) nor a DLL storage class for it.
var definePrefixWords = map[string]bool{
	"private": true, "internal": true, "available_externally": true, "linkonce": true,
	"weak": true, "common": true, "appending": true, "extern_weak": true,
	"linkonce_odr": true, "weak_odr": true, "external": true,
	"dso_local": true, "dso_preemptable": true,
	"default": true, "hidden": true, "protected": true,
	"dllimport": true, "dllexport": true,
}

// HasLocalLinkage reports whether a function definition's text says internal or
// private.
func HasLocalLinkage(fn []byte) bool {
	words, _ := prefixWords(fn)
	for _, w := range words {
		if w == "internal" || w == "private" {
			return true
		}
	}
	return false
}

// prefixWords returns the linkage-like words after "define" and the offset after them
// (0 when fn does not start with "define").
func prefixWords(fn []byte) ([]string, int) {
	if !bytes.HasPrefix(fn, []byte("define")) {
		return nil, 0
	}
	var words []string
	i := len("define")
	for {
		j := i
		for j < len(fn) && (fn[j] == ' ' || fn[j] == '\t') {
			j++
		}
		k := j
		for k < len(fn) && (fn[k] >= 'a' && fn[k] <= 'z' || fn[k] == '_') {
			k++
		}
		if k == j || !definePrefixWords[string(fn[j:k])] || k < len(fn) && fn[k] != ' ' && fn[k] != '\t' {
			return words, i
		}
		words = append(words, string(fn[j:k]))
		i = k
	}
}

// InternalizeHeader rewrites a function definition's text (from "define" on; header
// the header's length) as InternalizePass leaves it for a function of a one-member
// comdat: "define internal", without preemption, visibility or DLL storage words, and
// without its comdat clause. It returns the new text and whether a comdat was dropped.
func InternalizeHeader(fn []byte, header int) ([]byte, bool) {
	_, at := prefixWords(fn)
	if at == 0 || header > len(fn) || header < at {
		return fn, false
	}
	var out bytes.Buffer
	out.Grow(len(fn) + len(" internal"))
	out.WriteString("define internal")
	rest, dropped := withoutComdat(fn[at:header])
	out.Write(rest)
	out.Write(fn[header:])
	return out.Bytes(), dropped
}

// withoutComdat removes a " comdat" or " comdat($name)" clause outside strings.
func withoutComdat(h []byte) ([]byte, bool) {
	for i := 0; i < len(h); i++ {
		switch h[i] {
		case '"':
			if j := skipString(h, i); j > i {
				i = j - 1
			}
		case ' ':
			rest := h[i+1:]
			if !bytes.HasPrefix(rest, []byte("comdat")) {
				continue
			}
			end := i + 1 + len("comdat")
			if end < len(h) && h[end] == '(' {
				close := bytes.IndexByte(h[end:], ')')
				if close < 0 {
					return h, false
				}
				end += close + 1
			} else if end < len(h) && h[end] != ' ' && h[end] != '\n' {
				continue
			}
			out := append(append([]byte(nil), h[:i]...), h[end:]...)
			return out, true
		}
	}
	return h, false
}
