package llvmir

import "bytes"

// Words that may stand between "define" and a function's calling convention or return
// type: linkage, preemption, visibility and DLL storage.
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
