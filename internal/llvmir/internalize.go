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

// hasLocalLinkage reports whether a function definition's text says internal or
// private (the parser records it as Function.Local).
func hasLocalLinkage(fn []byte) bool {
	for w, i, ok := nextPrefixWord(fn, len("define")); ok; w, i, ok = nextPrefixWord(fn, i) {
		if string(w) == "internal" || string(w) == "private" {
			return true
		}
	}
	return false
}

// prefixEnd returns the offset after the linkage-like words that follow "define" (0 when
// fn does not start with "define").
func prefixEnd(fn []byte) int {
	i := len("define")
	for _, next, ok := nextPrefixWord(fn, i); ok; _, next, ok = nextPrefixWord(fn, i) {
		i = next
	}
	return i
}

// nextPrefixWord returns the linkage-like word after fn[:i] and the offset after it;
// ok is false when none follows, or fn does not start with "define".
func nextPrefixWord(fn []byte, i int) (word []byte, next int, ok bool) {
	if !bytes.HasPrefix(fn, []byte("define")) {
		return nil, 0, false
	}
	j := i
	for j < len(fn) && (fn[j] == ' ' || fn[j] == '\t') {
		j++
	}
	k := j
	for k < len(fn) && (fn[k] >= 'a' && fn[k] <= 'z' || fn[k] == '_') {
		k++
	}
	if k == j || !definePrefixWords[string(fn[j:k])] || k < len(fn) && fn[k] != ' ' && fn[k] != '\t' {
		return nil, 0, false
	}
	return fn[j:k], k, true
}

// InternalizeHeader rewrites a function definition's text (from "define" on; header
// the header's length) as InternalizePass leaves it for a function of a one-member
// comdat: "define internal", without preemption, visibility or DLL storage words, and
// without its comdat clause. It returns the new text and whether a comdat was dropped.
func InternalizeHeader(fn []byte, header int) ([]byte, bool) {
	if !bytes.HasPrefix(fn, []byte("define")) {
		return fn, false
	}
	at := prefixEnd(fn)
	if header > len(fn) || header < at {
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

// linkageWords are the linkage types a definition can spell ("external" included).
var linkageWords = map[string]bool{
	"private": true, "internal": true, "available_externally": true, "linkonce": true,
	"weak": true, "common": true, "appending": true, "extern_weak": true,
	"linkonce_odr": true, "weak_odr": true, "external": true,
}

// ExternalizeHeader rewrites a function definition's text (from "define" on) as LLVM
// prints it with external linkage: its linkage word dropped, its preemption, visibility,
// DLL storage and comdat kept (sycl-post-link gives "indirectly-callable" functions
// external linkage, so that the images that call them link them).
func ExternalizeHeader(fn []byte) []byte {
	var out bytes.Buffer
	at := len("define")
	for w, next, ok := nextPrefixWord(fn, at); ok; w, next, ok = nextPrefixWord(fn, next) {
		if linkageWords[string(w)] {
			out.Write(fn[:at])
			out.Write(fn[next:])
			return out.Bytes()
		}
		at = next
	}
	return fn
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
