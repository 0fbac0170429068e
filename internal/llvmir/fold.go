package llvmir

import "bytes"

// foldConstExprs rewrites the constant expressions LLVM's reader folds, so that an
// emitted image reads as LLVM prints the same module: with opaque pointers, a
// getelementptr whose indices are all zero is its base pointer, and a bitcast to the
// operand's own type is the operand (LLVM 22's opt -S prints them so). Other text is
// copied as is.
func foldConstExprs(src []byte) []byte {
	if !bytes.Contains(src, []byte("getelementptr")) && !bytes.Contains(src, []byte("bitcast (")) {
		return src
	}
	var out []byte
	start := 0
	f := newFinder(src, foldOps[:])
	for i := 0; i < len(src); {
		k := f.next(i)
		if k == len(src) {
			break
		}
		end, repl, ok := foldAt(src, k)
		if !ok {
			i = k + 1
			continue
		}
		if out == nil {
			out = make([]byte, 0, len(src))
		}
		out = append(out, src[start:k]...)
		out = append(out, repl...)
		start, i = end, end
	}
	if out == nil {
		return src
	}
	return append(out, src[start:]...)
}

var foldOps = [...][]byte{[]byte("getelementptr"), []byte("bitcast (")}

// foldAt folds the constant expression starting at src[k] (an operator of foldOps):
// its end, and the text that replaces src[k:end]. Names (@getelementptr), strings and
// comments are not expressions.
func foldAt(src []byte, k int) (end int, repl []byte, ok bool) {
	if k > 0 && (isWordChar(src[k-1]) || src[k-1] == '@' || src[k-1] == '%' || src[k-1] == '$') {
		return 0, nil, false
	}
	if inStringOrComment(src, k) {
		return 0, nil, false
	}
	gep := bytes.HasPrefix(src[k:], []byte("getelementptr"))
	j := k + bytes.IndexByte(src[k:], '(')
	if gep {
		if j, ok = gepOperands(src, k+len("getelementptr")); !ok {
			return 0, nil, false
		}
	}
	if j < k || j >= len(src) || src[j] != '(' {
		return 0, nil, false
	}
	spans, after, ok := topLevel(src, j)
	if !ok || src[after-1] != ')' {
		return 0, nil, false
	}
	if gep {
		val, ok := zeroGEPBase(src, spans)
		return after, val, ok
	}
	// bitcast (TYPE VALUE to TYPE)
	inner := src[j+1 : after-1]
	to := bytes.LastIndex(inner, []byte(" to "))
	if to < 0 {
		return 0, nil, false
	}
	typ, val, ok := typedOperand(inner[:to])
	if !ok || !bytes.Equal(typ, bytes.TrimSpace(inner[to+4:])) {
		return 0, nil, false
	}
	return after, val, true
}

// gepOperands skips a constant getelementptr's flags (inbounds, nuw, nusw) from j and
// returns where its operand list starts; ok is false for inrange (a range changes what
// the result may address) and for an instruction ("getelementptr inbounds i8, ...").
func gepOperands(src []byte, j int) (int, bool) {
	for {
		j = skipSpaces(src, j, len(src))
		w, n := word(src, j, len(src))
		if w == "" {
			return j, true
		}
		if w != "inbounds" && w != "nuw" && w != "nusw" {
			return 0, false
		}
		j = n
	}
}

// zeroGEPBase returns the base pointer of a getelementptr whose indices are all zero
// (spans: the type, the base, the indices), the value it folds to.
func zeroGEPBase(src []byte, spans []Span) ([]byte, bool) {
	if len(spans) < 3 {
		return nil, false
	}
	for _, idx := range spans[2:] {
		f := bytes.Fields(src[idx.Start:idx.End])
		if len(f) != 2 || f[0][0] != 'i' || string(f[1]) != "0" {
			return nil, false
		}
	}
	typ, val, ok := typedOperand(src[spans[1].Start:spans[1].End])
	if !ok || !bytes.HasPrefix(typ, []byte("ptr")) {
		return nil, false
	}
	return val, true
}

// typedOperand splits "ptr addrspace(1) @x" into its type and a simple value (a global
// or another operand without spaces).
func typedOperand(s []byte) (typ, val []byte, ok bool) {
	s = bytes.TrimSpace(s)
	sp := bytes.LastIndexByte(s, ' ')
	if sp < 0 {
		return nil, nil, false
	}
	val = s[sp+1:]
	if len(val) == 0 || val[0] != '@' {
		return nil, nil, false
	}
	return bytes.TrimSpace(s[:sp]), val, true
}
