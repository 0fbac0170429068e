package llvmir

import "bytes"

// Byte classes and small lexing helpers shared by the reader.

var identChar [256]bool

func init() {
	for c := 'a'; c <= 'z'; c++ {
		identChar[c] = true
	}
	for c := 'A'; c <= 'Z'; c++ {
		identChar[c] = true
	}
	for c := '0'; c <= '9'; c++ {
		identChar[c] = true
	}
	for _, c := range "-$._" {
		identChar[c] = true
	}
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isWordStart(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' }

func isWordChar(c byte) bool { return isWordStart(c) || isDigit(c) || c == '.' }

// scanName reads the name after a sigil (@, %, $) at src[i:]: either a quoted string
// (with LLVM's \xx escapes) or a run of identifier characters. It returns the unescaped
// name, the offset after it, and ok=false for an unterminated quote or an empty name.
func scanName(src []byte, i int) (name string, end int, ok bool) {
	if i < len(src) && src[i] == '"' {
		j := i + 1
		for j < len(src) && src[j] != '"' && src[j] != '\n' {
			j++
		}
		if j >= len(src) || src[j] != '"' {
			return "", j, false
		}
		return unescape(src[i+1 : j]), j + 1, true
	}
	j := i
	for j < len(src) && identChar[src[j]] {
		j++
	}
	if j == i {
		return "", j, false
	}
	return string(src[i:j]), j, true
}

func hexVal(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// unescape decodes LLVM's \xx and \\ escapes in a quoted name or string.
func unescape(b []byte) string {
	hasEsc := false
	for _, c := range b {
		if c == '\\' {
			hasEsc = true
			break
		}
	}
	if !hasEsc {
		return string(b)
	}
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		if b[i] == '\\' && i+1 < len(b) && b[i+1] == '\\' {
			out = append(out, '\\')
			i++
			continue
		}
		if b[i] == '\\' && i+2 < len(b) {
			h, ok1 := hexVal(b[i+1])
			l, ok2 := hexVal(b[i+2])
			if ok1 && ok2 {
				out = append(out, h<<4|l)
				i += 2
				continue
			}
		}
		out = append(out, b[i])
	}
	return string(out)
}

// skipString returns the offset after the string literal starting at src[i] == '"', or
// -1 when it is not terminated on the same line.
func skipString(src []byte, i int) int {
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '"':
			return j + 1
		case '\n':
			return -1
		}
	}
	return -1
}

// lineEnd returns the offset of the newline ending the line containing i (or len).
func lineEnd(src []byte, i int) int {
	if j := bytes.IndexByte(src[i:], '\n'); j >= 0 {
		return i + j
	}
	return len(src)
}

// atoi reads a metadata ID or attribute group number: LLVM's are unsigned 32-bit.
func atoi(b []byte) (int, bool) {
	if len(b) == 0 || len(b) > 10 {
		return 0, false
	}
	n := 0
	for _, c := range b {
		if !isDigit(c) {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, n <= 1<<32-1
}

// hasWordAt reports whether src[i:] starts with word followed by a non-word byte.
func hasWordAt(src []byte, i int, word string) bool {
	if i+len(word) > len(src) || string(src[i:i+len(word)]) != word {
		return false
	}
	return i+len(word) == len(src) || !isWordChar(src[i+len(word)])
}

// digitChar and wordChar are byte classes for cursor.scanWhile.
var digitChar, wordChar [256]bool

func init() {
	for c := 0; c < 256; c++ {
		digitChar[c] = isDigit(byte(c))
		wordChar[c] = isWordChar(byte(c))
	}
}

// cursor is a position in a line of IR text: it reads src[i:end]. The reader's
// sub-scanners take numbers, names and runs of a byte class through it, so that every
// name form is decoded in one place.
type cursor struct {
	src    []byte
	i, end int
}

// more reports whether bytes are left.
func (c *cursor) more() bool { return c.i < c.end }

// at reports whether the next byte is b.
func (c *cursor) at(b byte) bool { return c.i < c.end && c.src[c.i] == b }

// scanWhile advances over the bytes of class and returns them.
func (c *cursor) scanWhile(class *[256]bool) []byte {
	start := c.i
	c.i = scanClass(c.src, start, c.end, class)
	return c.src[start:c.i]
}

// scanClass returns the end of the run of bytes of class at src[i:end] (the reader's
// innermost loop: locals only).
func scanClass(src []byte, i, end int, class *[256]bool) int {
	if end < len(src) {
		src = src[:end] // i < len(src): no bounds check in the loop
	}
	for i < len(src) && class[src[i]] {
		i++
	}
	return i
}

// number reads a decimal number (an unsigned 32-bit value). ok is false when there is
// no digit or the number is too large; the digits are consumed either way.
func (c *cursor) number() (int, bool) {
	return atoi(c.scanWhile(&digitChar))
}

// name reads the name after a sigil: a quoted string (unescaped) or a run of identifier
// characters. ok is false for an unterminated quote or an empty name.
func (c *cursor) name() (string, bool) {
	name, j, ok := scanName(c.src[:c.end], c.i)
	c.i = j
	return name, ok
}

// skip passes over the name after a sigil without decoding it (ok as for name).
func (c *cursor) skip() bool {
	if c.at('"') {
		j := skipString(c.src[:c.end], c.i)
		if j < 0 {
			c.i = c.end
			return false
		}
		c.i = j
		return true
	}
	start := c.i
	c.i = scanClass(c.src, start, c.end, &identChar)
	return c.i > start
}

// skipSpaces advances over blanks and tabs.
func (c *cursor) skipSpaces() { c.i = skipSpaces(c.src, c.i, c.end) }
