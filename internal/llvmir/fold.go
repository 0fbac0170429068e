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
	for i := 0; i < len(src); {
		k := nextFoldable(src, i)
		if k < 0 {
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

var foldOps = [][]byte{[]byte("getelementptr"), []byte("bitcast (")}

// nextFoldable is the offset of the next operator foldAt may fold, or -1.
func nextFoldable(src []byte, i int) int {
	best := -1
	for _, op := range foldOps {
		if j := bytes.Index(src[i:], op); j >= 0 && (best < 0 || i+j < best) {
			best = i + j
		}
	}
	return best
}

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
	op := src[k:]
	j := k
	switch {
	case bytes.HasPrefix(op, []byte("getelementptr")):
		j += len("getelementptr")
		// Flags before the operand list: inbounds, nuw, nusw, inrange(...).
		for {
			j = skipSpaces(src, j, len(src))
			w, n := word(src, j, len(src))
			if w == "" {
				break
			}
			if w == "inrange" {
				return 0, nil, false // a range changes what the result may address
			}
			if w != "inbounds" && w != "nuw" && w != "nusw" {
				return 0, nil, false // an instruction ("getelementptr inbounds i8, ...")
			}
			j = n
		}
	default:
		j += bytes.IndexByte(op, '(')
	}
	if j >= len(src) || src[j] != '(' {
		return 0, nil, false
	}
	close := matchParen(src, j)
	if close < 0 {
		return 0, nil, false
	}
	inner := src[j+1 : close]
	if bytes.HasPrefix(op, []byte("getelementptr")) {
		args := splitOperands(inner)
		if len(args) < 3 {
			return 0, nil, false
		}
		ptr := args[1]
		for _, idx := range args[2:] {
			f := bytes.Fields(idx)
			if len(f) != 2 || f[0][0] != 'i' || string(f[1]) != "0" {
				return 0, nil, false
			}
		}
		typ, val, ok := typedOperand(ptr)
		if !ok || !bytes.HasPrefix(typ, []byte("ptr")) {
			return 0, nil, false
		}
		return close + 1, val, true
	}
	// bitcast (TYPE VALUE to TYPE)
	to := bytes.LastIndex(inner, []byte(" to "))
	if to < 0 {
		return 0, nil, false
	}
	typ, val, ok := typedOperand(inner[:to])
	if !ok || !bytes.Equal(typ, bytes.TrimSpace(inner[to+4:])) {
		return 0, nil, false
	}
	return close + 1, val, true
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

// matchParen is the offset of the ')' closing the '(' at src[i] on its line, or -1.
func matchParen(src []byte, i int) int {
	depth := 0
	for j := i; j < len(src); j++ {
		switch src[j] {
		case '"':
			k := skipString(src, j)
			if k < 0 {
				return -1
			}
			j = k - 1
		case '(', '[', '{', '<':
			depth++
		case ')', ']', '}', '>':
			depth--
			if depth == 0 {
				if src[j] != ')' {
					return -1
				}
				return j
			}
		case '\n':
			return -1
		}
	}
	return -1
}

// splitOperands splits an operand list at its top-level commas.
func splitOperands(s []byte) [][]byte {
	var out [][]byte
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '[', '{', '<':
			depth++
		case ')', ']', '}', '>':
			depth--
		case '"':
			if k := skipString(s, i); k > 0 {
				i = k - 1
			}
		case ',':
			if depth == 0 {
				out = append(out, bytes.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	return append(out, bytes.TrimSpace(s[start:]))
}
