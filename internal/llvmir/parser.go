package llvmir

import (
	"bytes"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/rules-sycl/rules_sycl/internal/diag"
)

type parser struct {
	file string
	src  []byte
	m    *Module
	pos  int // start of the current line
	line int // 1-based number of the line at pos
	// structLen marks the lengths of the module's unquoted struct names (the last entry:
	// any longer one), so that most %values need no map lookup.
	structLen [129]bool
	// bodies are the function bodies left for parseBodies (the top-level pass only finds
	// where each ends).
	bodies []bodyTask
	// deferBodies makes the top-level pass leave bodies to parseBodies.
	deferBodies bool
	// window lets the input go behind the top-level pass and the bodies' pass.
	window window
	// kinds holds the offset of the first attachment ("!name !N") of each kind this
	// parser has read.
	kinds map[string]int
	// speculate lets the top-level pass start an early reader of bodies (early); late
	// types records a type definition after the first body.
	speculate bool
	early     *early
	lateTypes bool
	// earlyStart, when not nil, is closed when the early reader may start (the input
	// check has left its processor).
	earlyStart <-chan struct{}
}

// noteKind records an attachment of kind name at offset at.
func (p *parser) noteKind(name []byte, at int) {
	if first, ok := p.kinds[string(name)]; !ok || at < first {
		if p.kinds == nil {
			p.kinds = map[string]int{}
		}
		p.kinds[string(name)] = at
	}
}

// kindAt returns the kind of an attachment "!name !..." at src[i] (a '!'), if one is.
func kindAt(src []byte, i, end int) ([]byte, bool) {
	j := kindEnd(src, i, end)
	if j < 0 || j+1 >= end || src[j] != ' ' || src[j+1] != '!' {
		return nil, false
	}
	return src[i+1 : j], true
}

// kindEnd reads the name of an attachment kind after the '!' at src[i], as LLVM's lexer
// reads a metadata name ([-a-zA-Z$._][-a-zA-Z$._0-9]*): the offset after it, or -1 when
// no name is there.
func kindEnd(src []byte, i, end int) int {
	j := i + 1
	for j < end && identChar[src[j]] {
		j++
	}
	if j == i+1 || isDigit(src[i+1]) {
		return -1
	}
	return j
}

// mergeKinds adds kinds another parser has read (see parser.kinds) to p's.
func (p *parser) mergeKinds(kinds map[string]int) {
	for name, at := range kinds {
		p.noteKind([]byte(name), at)
	}
}

// bodyTask is a function body to parse: its first line's offset and number.
type bodyTask struct {
	f         *Function
	pos, line int
}

// mayBeStruct reports whether an unquoted %name could name a struct type.
func (p *parser) mayBeStruct(n int) bool {
	if n >= len(p.structLen) {
		n = len(p.structLen) - 1
	}
	return p.structLen[n]
}

// item records a top-level entity; consecutive "other" lines merge into one item, as do
// consecutive blank lines and comments.
func (p *parser) item(kind ItemKind, start, end, index int) {
	items := p.m.Items
	if (kind == ItemOther || kind == ItemBlank) && len(items) > 0 && items[len(items)-1].Kind == kind && items[len(items)-1].Span.End == start {
		p.m.Items[len(items)-1].Span.End = end
		return
	}
	p.m.Items = append(p.m.Items, Item{Kind: kind, Span: Span{start, end}, Index: index})
}

func (p *parser) errorf(line int, format string, args ...interface{}) error {
	return diag.Errorf(p.file, line, format, args...)
}

var callingConvs = map[string]bool{
	"spir_kernel": true, "spir_func": true, "ptx_kernel": true, "ptx_device": true,
	"amdgpu_kernel": true, "amdgpu_gfx": true, "fastcc": true, "coldcc": true, "ccc": true,
	"x86_stdcallcc": true, "x86_fastcallcc": true, "x86_vectorcallcc": true,
}

// callingConvNames maps each of callingConvs to itself: a function's convention is
// looked up without a copy of its bytes and stored as a string all functions share.
var callingConvNames = func() map[string]string {
	names := map[string]string{}
	for name := range callingConvs {
		names[name] = name
	}
	return names
}()

// parse scans the module line by line.
func (p *parser) parse() error {
	src := p.src
	for p.pos < len(src) {
		p.window.reached(p.pos)
		start := p.pos
		end := lineEnd(src, start)
		i := start
		for i < end && (src[i] == ' ' || src[i] == '\t' || src[i] == '\r') {
			i++
		}
		var err error
		switch {
		case i == end || src[i] == ';':
			// blank or comment
		case hasWordAt(src, i, "define"), hasWordAt(src, i, "declare"):
			decl := src[i+1] == 'e' && src[i+2] == 'c'
			kw := len("define")
			if decl {
				kw = len("declare")
			}
			// function() advances pos and line past the whole function.
			if err := p.function(start, i+kw, decl); err != nil {
				return err
			}
			f := p.m.Funcs[len(p.m.Funcs)-1]
			p.item(ItemFunc, f.Span.Start, f.Span.End, len(p.m.Funcs)-1)
			if p.speculate && len(p.bodies) > 0 {
				// The bodies found so far are done with here: the early reader may have them.
				if p.early == nil {
					p.startEarly()
				}
				p.sendEarly()
			}
			continue
		case src[i] == '@':
			err = p.global(start, i, end)
		case src[i] == '%':
			err = p.typeDef(i, end)
		case src[i] == '!':
			err = p.metadata(start, i, end)
		case hasWordAt(src, i, "attributes"):
			err = p.attrGroup(i+len("attributes"), end)
		case src[i] == '$' || isWordStart(src[i]):
			// source_filename, target, module asm, uselistorder, comdats and constructs
			// newer LLVM releases add: passed through.
			err = p.checkStrings(i, end)
		default:
			err = p.errorf(p.line, "unexpected token %q", string(src[i]))
		}
		if err != nil {
			return err
		}
		p.lineItem(start, i, end)
		p.nextLine(end)
	}
	return nil
}

// lineItem records the top-level line src[start:end] (first token at i) as an item.
func (p *parser) lineItem(start, i, end int) {
	src := p.src
	lineEndIncl := min(end+1, len(src))
	switch {
	case i < end && src[i] == '@':
		p.item(ItemGlobal, start, lineEndIncl, len(p.m.Globals)-1)
	case i < end && src[i] == '!' && i+1 < end && isDigit(src[i+1]):
		c := cursor{src: src, i: i + 1, end: end}
		id, _ := c.number()
		p.item(ItemMD, start, lineEndIncl, id)
	case i < end && src[i] == '!':
		p.item(ItemNamedMD, start, lineEndIncl, len(p.m.NamedMD)-1)
	case i == end || src[i] == ';':
		p.item(ItemBlank, start, lineEndIncl, -1)
	default:
		p.item(ItemOther, start, lineEndIncl, -1)
	}
}

func (p *parser) nextLine(end int) {
	p.pos = end + 1
	p.line++
}

func (p *parser) checkStrings(i, end int) error {
	for ; i < end; i++ {
		if p.src[i] == '"' {
			j := skipString(p.src, i)
			if j < 0 {
				return p.errorf(p.line, "unterminated string")
			}
			i = j - 1
		} else if p.src[i] == ';' {
			return nil
		}
	}
	return nil
}

// scanner accumulates what a region of text uses.
type scanner struct {
	p        *parser
	tu       *TypeUse
	seen     map[string]bool
	mdRefs   *[]mdRef
	line     int
	noTypes  bool // collect references only (debug intrinsics)
	lineUses []string
	calleeAt int // offset of the '@' of this line's direct callee (not a value reference)
	depth    int // bracket depth where the last region ended: 0 when balanced
	// pending collects every %name of a type definition (by value or not), resolved
	// against the module's types once the whole module is read (forward references).
	pending *[]pendingType
}

type pendingType struct {
	name    string
	byValue bool
}

// once appends name to *list the first time key is seen in this scanner.
func (s *scanner) once(key, name string, list *[]string) {
	if s.seen[key] {
		return
	}
	if s.seen == nil {
		s.seen = map[string]bool{}
	}
	s.seen[key] = true
	*list = append(*list, name)
}

func (s *scanner) addStruct(name string)  { s.once(name, name, &s.tu.Structs) }
func (s *scanner) addTypeRef(name string) { s.once("%"+name, name, &s.tu.TypeRefs) }
func (s *scanner) addGlobal(name string)  { s.once("@"+name, name, &s.tu.Globals) }

// isPointerSuffix reports whether the type ending at i is followed by '*' (optionally
// after "addrspace(N)"): a typed pointer, which never carries aspects.
func isPointerSuffix(src []byte, i, end int) bool {
	for i < end && src[i] == ' ' {
		i++
	}
	if i < end && src[i] == '*' {
		return true
	}
	if hasWordAt(src, i, "addrspace") {
		for i < end && src[i] != ')' {
			i++
		}
		i++
		for i < end && src[i] == ' ' {
			i++
		}
		return i < end && src[i] == '*'
	}
	return false
}

// attributes whose parenthesised operand is a pointee type, not a value type.
var typeAttrs = map[string]bool{"byval": true, "sret": true, "byref": true, "elementtype": true, "inalloca": true, "preallocated": true}

// region scans src[i:end] and returns the offset where it stopped (end, a ';' comment,
// or the closing parenthesis when stopAtClose and the depth drops below zero).
// It records types, global references and metadata references into s.
func (s *scanner) region(i, end int, stopAtClose bool) (int, error) {
	src := s.p.src
	if end > len(src) {
		end = len(src)
	}
	depth := 0
	var err error
	line := src[:end] // i < len(line): no bounds checks in the loops below
	for i < len(line) {
		switch regionClass[line[i]] {
		case rPlain:
			i++
			for i < len(line) && regionClass[line[i]] == rPlain {
				i++
			}
			continue
		case rString:
			j := skipString(src, i)
			if j < 0 {
				return i, s.p.errorf(s.line, "unterminated string")
			}
			i = j
		case rComment:
			return i, nil
		case rOpen:
			depth++
			i++
		case rClose:
			depth--
			if depth < 0 && stopAtClose {
				return i, nil
			}
			i++
		case rGlobal:
			i, err = s.globalRef(i, end)
		case rLocal:
			if j, ok := s.plainLocal(line, i); ok {
				i = j
				continue
			}
			i, err = s.localRef(i, end)
		case rMeta:
			i, err = s.metadataRef(i, end)
		case rKeyword:
			if i+1 < len(line) && !keywordPrefix(line[i], line[i+1]) { // i32, ptr: a plain word
				i = scanClass(src, i+1, end, &wordChar)
				continue
			}
			i, err = s.keyword(i, end)
		case rWord:
			// A word no keyword starts with: skipped whole.
			i = scanClass(src, i+1, end, &wordChar)
		case rAttr:
			i = s.attrRef(i, end)
		}
		if err != nil {
			return i, err
		}
	}
	s.depth = depth
	return i, nil
}

// plainLocal skips the common local references of region: a numbered value, or a named
// value whose name is no struct's length (localRef has the others). ok is false when
// localRef must read the reference.
func (s *scanner) plainLocal(line []byte, i int) (next int, ok bool) {
	j := i + 1
	if j >= len(line) || s.pending != nil {
		return i, false
	}
	if isDigit(line[j]) {
		return scanClass(line, j, len(line), &digitChar), true
	}
	if k := scanClass(line, j, len(line), &identChar); line[j] != '"' && !s.p.mayBeStruct(k-j) {
		return k, true
	}
	return i, false
}

// Byte classes of region's dispatch.
const (
	rPlain = iota
	rString
	rComment
	rOpen
	rClose
	rGlobal
	rLocal
	rMeta
	rKeyword // a word that may be one keyword handles (double, half, byval, ...)
	rWord    // any other word
	rAttr
)

var regionClass [256]uint8

// keywordSecond holds, for each first letter of a keyword region handles, the second
// letters ('a'..'z' as bits) such keywords have.
var keywordSecond [256]uint32

// keywordPrefix reports whether a keyword region handles may start with c0 c1.
func keywordPrefix(c0, c1 byte) bool {
	return c1 >= 'a' && c1 <= 'z' && keywordSecond[c0]&(1<<(c1-'a')) != 0
}

func init() {
	for c := 0; c < 256; c++ {
		if isWordStart(byte(c)) {
			regionClass[c] = rWord
		}
	}
	// The first letters of "double", "half" and the typeAttrs, and their second letters.
	for _, w := range []string{"double", "half"} {
		regionClass[w[0]] = rKeyword
		keywordSecond[w[0]] |= 1 << (w[1] - 'a')
	}
	for w := range typeAttrs {
		regionClass[w[0]] = rKeyword
		keywordSecond[w[0]] |= 1 << (w[1] - 'a')
	}
	for c, k := range map[byte]uint8{'"': rString, ';': rComment, '(': rOpen, '{': rOpen, '[': rOpen, '<': rOpen,
		')': rClose, '}': rClose, ']': rClose, '>': rClose, '@': rGlobal, '%': rLocal, '!': rMeta, '#': rAttr} {
		regionClass[c] = k
	}
}

// unbalanced is the message for a statement whose brackets do not close on its line.
func (s *scanner) unbalanced(what string) error {
	if s.depth > 0 {
		return s.p.errorf(s.line, "%s: unclosed '(', '[', '{' or '<'", what)
	}
	return s.p.errorf(s.line, "%s: unexpected ')', ']', '}' or '>'", what)
}

// globalRef reads @name at src[i]: a reference unless it is the line's direct callee.
func (s *scanner) globalRef(i, end int) (int, error) {
	c := cursor{src: s.p.src, i: i + 1, end: end}
	name, ok := c.name()
	if !ok {
		return i, s.p.errorf(s.line, "bad global name")
	}
	if i != s.calleeAt {
		s.addGlobal(name)
	}
	return c.i, nil
}

// localRef reads %N (a numbered value: skipped) or %name at src[i]: a named type is
// recorded as a type reference, and as a use by value unless a '*' follows. (Plain
// indices here: this runs for every %token of the module.)
func (s *scanner) localRef(i, end int) (int, error) {
	src := s.p.src
	j := i + 1
	if j < end && isDigit(src[j]) {
		return scanClass(src, j, end, &digitChar), nil
	}
	var name string
	k := j
	if j < end && src[j] == '"' {
		var ok bool
		if name, k, ok = scanName(src, j); !ok {
			return i, s.p.errorf(s.line, "unterminated quoted name")
		}
	} else {
		k = scanClass(src, j, end, &identChar)
		if s.pending == nil && (!s.p.mayBeStruct(k-j) || s.p.m.Structs[string(src[j:k])] == nil) {
			return k, nil // a value, not a type (looked up without a copy)
		}
		name = string(src[j:k])
	}
	if s.pending != nil {
		*s.pending = append(*s.pending, pendingType{name, !s.noTypes && !isPointerSuffix(src, k, end)})
	} else if st := s.p.m.Structs[name]; st != nil {
		s.addTypeRef(st.Name)
		if !s.noTypes && !isPointerSuffix(src, k, end) {
			s.addStruct(st.Name)
			s.lineUses = append(s.lineUses, st.Name)
		}
	}
	return k, nil
}

// metadataRef reads !N (recorded), !"string" or !name at src[i].
func (s *scanner) metadataRef(i, end int) (int, error) {
	src := s.p.src
	c := cursor{src: src, i: i + 1, end: end}
	switch {
	case c.more() && isDigit(src[c.i]):
		id, ok := c.number()
		if !ok {
			return i, s.p.errorf(s.line, "bad metadata reference")
		}
		if s.mdRefs != nil {
			*s.mdRefs = append(*s.mdRefs, mdRef{int32(id), int32(s.line)})
		}
		return c.i, nil
	case c.at('"'):
		k := skipString(src, c.i)
		if k < 0 {
			return i, s.p.errorf(s.line, "unterminated metadata string")
		}
		return k, nil
	}
	if kind, ok := kindAt(src, i, end); ok {
		s.p.noteKind(kind, i)
	}
	return c.i, nil
}

// keyword reads a word at src[i]: double and half used by value, and the pointee-type
// attributes (byval(%T) and friends), whose operand is not a use by value.
func (s *scanner) keyword(i, end int) (int, error) {
	src := s.p.src
	j := scanClass(src, i+1, end, &wordChar)
	w := src[i:j]
	switch {
	case s.noTypes:
	case len(w) == 6 && string(w) == "double":
		if !isPointerSuffix(src, j, end) {
			s.tu.Double = true
			s.lineUses = append(s.lineUses, "double")
		}
	case len(w) == 4 && string(w) == "half":
		if !isPointerSuffix(src, j, end) {
			s.tu.Half = true
			s.lineUses = append(s.lineUses, "half")
		}
	case j < end && src[j] == '(' && typeAttrs[string(w)]:
		k, err := skipParens(s.p, src, j, end, s.line)
		if err != nil {
			return i, err
		}
		saved := s.noTypes
		s.noTypes = true
		if _, err := s.region(j+1, k-1, false); err != nil {
			return i, err
		}
		s.noTypes = saved
		j = k
	}
	return j, nil
}

// attrRef reads #N (an attribute group reference) at src[i].
func (s *scanner) attrRef(i, end int) int {
	c := cursor{src: s.p.src, i: i + 1, end: end}
	if id, ok := c.number(); ok {
		s.tu.AttrRefs = append(s.tu.AttrRefs, id)
	}
	if c.i == i+1 {
		c.i++
	}
	return c.i
}

func skipParens(p *parser, src []byte, i, end, line int) (int, error) {
	depth := 0
	for ; i < end; i++ {
		switch src[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i + 1, nil
			}
		case '"':
			j := skipString(src, i)
			if j < 0 {
				return i, p.errorf(line, "unterminated string")
			}
			i = j - 1
		}
	}
	return i, p.errorf(line, "unbalanced parentheses")
}

// attachment reads "!name !N" at i into f.Attachments and returns the offset after it.
func (p *parser) attachment(f *Function, i, end int, of string) (int, error) {
	src := p.src
	j := kindEnd(src, i, end)
	if j < 0 {
		return 0, p.errorf(p.line, "malformed metadata attachment on %s", of)
	}
	aname := string(src[i+1 : j])
	k := skipSpaces(src, j, end)
	if k >= end || src[k] != '!' {
		return 0, p.errorf(p.line, "malformed metadata attachment on %s", of)
	}
	c := cursor{src: src, i: k + 1, end: end}
	id, ok := c.number()
	if !ok {
		return 0, p.errorf(p.line, "malformed metadata attachment !%s on %s", aname, of)
	}
	f.Attachments = append(f.Attachments, Attachment{Name: aname, ID: id, Span: Span{i, c.i}})
	if kind, ok := kindAt(src, i, end); ok {
		p.noteKind(kind, i)
	}
	return c.i, nil
}

func skipSpaces(src []byte, i, end int) int {
	for i < end && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	return i
}

// function parses a define or declare starting on the current line; on return p.pos and
// p.line are at the line after it.
func (p *parser) function(lineStart, i int, decl bool) error {
	src := p.src
	f := &Function{Line: p.line, Decl: decl, FirstDbg: -1}
	f.Span.Start = lineStart
	end := lineEnd(src, lineStart)
	sig := &scanner{p: p, tu: &f.Sig, line: p.line, mdRefs: &f.mdRefs, calleeAt: -1}
	i, err := p.funcPrefix(f, sig, i, end)
	if err != nil {
		return err
	}
	if i >= end {
		return p.errorf(p.line, "function without a name")
	}
	c := cursor{src: src, i: i + 1, end: end}
	name, ok := c.name()
	if !ok {
		return p.errorf(p.line, "bad function name")
	}
	f.Name = name
	if !c.at('(') {
		return p.errorf(p.line, "expected '(' after @%s", name)
	}
	// Parameters.
	k, err := sig.region(c.i+1, end, true)
	if err != nil {
		return err
	}
	if k >= end || src[k] != ')' {
		return p.errorf(p.line, "unterminated parameter list of @%s", name)
	}
	bodyOpen, err := p.funcSuffix(f, k+1, end)
	if err != nil {
		return err
	}
	if decl {
		if bodyOpen >= 0 {
			return p.errorf(p.line, "declaration of @%s has a body", name)
		}
		f.HeaderEnd = end
		f.Span.End = min(end+1, len(src))
		p.nextLine(end)
		return p.addFunc(f)
	}
	if bodyOpen < 0 {
		return p.errorf(p.line, "definition of @%s: expected '{' at the end of the line", name)
	}
	f.Local = hasLocalLinkage(src[lineStart:end])
	f.HeaderEnd = bodyOpen
	for f.HeaderEnd > lineStart && src[f.HeaderEnd-1] == ' ' {
		f.HeaderEnd--
	}
	startLine := p.line
	p.nextLine(end)
	if p.deferBodies {
		if next, lines, ok := bodyEnd(src, p.pos); ok {
			p.bodies = append(p.bodies, bodyTask{f: f, pos: p.pos, line: p.line})
			f.Span.End = next
			p.pos = next
			p.line += lines
			return p.addFunc(f)
		}
		// No closing line: parse it now, so that an error in it is reported first.
	}
	if err := p.body(f); err != nil {
		return err
	}
	if f.Span.End == 0 {
		return p.errorf(startLine, "function @%s has no closing '}'", name)
	}
	return p.addFunc(f)
}

// funcPrefix reads a function header up to its @name: linkage, calling convention,
// return attributes and type. A declaration's attachments come here too:
// declare !name !N double @f(double). It returns the offset of the '@' (or end).
func (p *parser) funcPrefix(f *Function, sig *scanner, i, end int) (int, error) {
	src := p.src
	var err error
	for i < end && src[i] != '@' {
		c := src[i]
		switch {
		case c == '!' && f.Decl:
			i, err = p.attachment(f, i, end, "a declaration")
		case isWordStart(c):
			i, err = p.funcPrefixWord(f, sig, i, end)
		case c == '%' || c == '{' || c == '<' || c == '[':
			// Aggregate or named return type: scan to the next space at depth 0.
			j := i
			depth := 0
			for j < end && !(depth == 0 && j > i && src[j] == ' ') && src[j] != '@' {
				switch src[j] {
				case '{', '<', '[', '(':
					depth++
				case '}', '>', ']', ')':
					depth--
				}
				j++
			}
			_, err = sig.region(i, j, false)
			i = j
		case c == '"':
			j := skipString(src, i)
			if j < 0 {
				return i, p.errorf(p.line, "unterminated string")
			}
			i = j
		default:
			i++
		}
		if err != nil {
			return i, err
		}
	}
	return i, nil
}

// funcPrefixWord reads a word of a function header: a calling convention ("cc N"
// included), or a type or attribute (with its parenthesised operand).
func (p *parser) funcPrefixWord(f *Function, sig *scanner, i, end int) (int, error) {
	src := p.src
	c := cursor{src: src, i: i, end: end}
	w := c.scanWhile(&wordChar) // compared and looked up without a copy
	j := c.i
	cc, isCC := callingConvNames[string(w)]
	switch {
	case isCC:
		f.CallConv = cc
	case string(w) == "cc":
		c.skipSpaces()
		f.CallConv = "cc " + string(c.scanWhile(&digitChar))
		j = c.i
	default:
		// A type or attribute: scan it as a region of one token.
		if _, err := sig.region(i, j, false); err != nil {
			return i, err
		}
		if j < end && src[j] == '(' {
			k, err := skipParens(p, src, j, end, p.line)
			if err != nil {
				return i, err
			}
			if !typeAttrs[string(w)] {
				if _, err := sig.region(j, k, false); err != nil {
					return i, err
				}
			}
			j = k
		}
	}
	return j, nil
}

// funcSuffix reads what follows a function's parameter list: attribute groups, string
// attributes, attachments, comdat, and "{" for a definition (its offset, else -1).
func (p *parser) funcSuffix(f *Function, i, end int) (bodyOpen int, err error) {
	src := p.src
	bodyOpen = -1
	for i < end {
		c := src[i]
		switch {
		case c == '#':
			cur := cursor{src: src, i: i + 1, end: end}
			if id, ok := cur.number(); ok {
				f.AttrGroups = append(f.AttrGroups, id)
			}
			i = cur.i
		case c == '"':
			var key, val string
			key, val, i, err = p.stringAttr(i, end)
			if err != nil {
				return -1, err
			}
			if f.StrAttrs == nil {
				f.StrAttrs = map[string]string{}
			}
			f.StrAttrs[key] = val
		case c == '!':
			if i, err = p.attachment(f, i, end, "@"+f.Name); err != nil {
				return -1, err
			}
		case c == '{':
			bodyOpen = i
			i = end
		case c == ';':
			i = end
		case c == 'c' && hasWordAt(src, i, "comdat"):
			f.Comdat, i, err = p.comdat(i+len("comdat"), end, f.Name)
			if err != nil {
				return -1, err
			}
		case c == '@':
			cur := cursor{src: src, i: i + 1, end: end}
			if !cur.skip() {
				return -1, p.errorf(p.line, "bad name")
			}
			i = cur.i
		default:
			i++
		}
	}
	return bodyOpen, nil
}

// comdat reads what follows "comdat" at src[i]: "($name)" names the comdat, otherwise
// it is the function's own name.
func (p *parser) comdat(i, end int, self string) (string, int, error) {
	if i+1 < end && p.src[i] == '(' && p.src[i+1] == '$' {
		c := cursor{src: p.src, i: i + 2, end: end}
		name, ok := c.name()
		if !ok {
			return "", i, p.errorf(p.line, "bad comdat name")
		}
		return name, c.i, nil
	}
	return self, i, nil
}

func min(a, b int) int {
	if a < b {
		return a
	}
	return b
}

func (p *parser) addFunc(f *Function) error {
	if old := p.m.funcByName[f.Name]; old != nil {
		return p.errorf(f.Line, "redefinition of @%s (first defined at line %d)", f.Name, old.Line)
	}
	p.m.funcByName[f.Name] = f
	f.Index = len(p.m.Funcs)
	p.m.Funcs = append(p.m.Funcs, f)
	return nil
}

// isCall reports whether an opcode is a call, invoke or callbr.
func isCall(op []byte) bool {
	switch string(op) {
	case "call", "invoke", "callbr":
		return true
	}
	return false
}

// bodyEnd finds the line holding only "}" that ends the body starting at pos, as body
// reads lines: the offset after that line and the number of lines up to and including
// it. ok is false when no line closes the body.
func bodyEnd(src []byte, pos int) (next, lines int, ok bool) {
	// Only a line with a '}' can close the body: look at those (memchr), not at every
	// line, and count the lines once the closing one is found.
	start, ls := pos, pos // ls: the start of the line at pos
	for pos < len(src) {
		k := bytes.IndexByte(src[pos:], '}')
		if k < 0 {
			return 0, 0, false
		}
		at := pos + k
		if nl := bytes.LastIndexByte(src[pos:at], '\n'); nl >= 0 {
			ls = pos + nl + 1
		}
		end := lineEnd(src, at)
		i := skipSpaces(src, ls, end)
		e := end
		for e > i && (src[e-1] == ' ' || src[e-1] == '\r' || src[e-1] == '\t') {
			e--
		}
		if e-i == 1 && i == at {
			return min(end+1, len(src)), bytes.Count(src[start:end], []byte{'\n'}) + 1, true
		}
		pos = at + 1
	}
	return 0, 0, false
}

// parallelBodies is the size of function bodies from which parseBodies spreads them
// over the processors.
const parallelBodies = 1 << 20

// parseBodies parses the bodies the top-level pass left, spread over the processors when
// there is enough of them. Each body is independent: it reads only what the top-level
// pass recorded (struct types) and writes only its function. The first error in file
// order is returned, whatever the order the bodies were parsed in. The first parsed
// bodies were read early (see early): only their calls are left to resolve.
func (p *parser) parseBodies(parsed int) error {
	tasks := p.bodies
	p.bodies = nil
	if len(tasks) == 0 {
		return nil
	}
	size := 0
	for _, t := range tasks {
		size += t.f.Span.End - t.pos
	}
	workers := runtime.GOMAXPROCS(0)
	if workers > len(tasks) {
		workers = len(tasks)
	}
	errs := make([]error, len(tasks))
	// One reader per worker, moved from body to body.
	run := func(q *parser, k int) {
		if k < parsed { // read early: only its calls are left
			p.m.resolveCalls(tasks[k].f)
			return
		}
		q.pos, q.line = tasks[k].pos, tasks[k].line
		if errs[k] = q.body(tasks[k].f); errs[k] == nil {
			p.m.resolveCalls(tasks[k].f)
		}
	}
	win := window{drop: p.window.drop, done: tasks[0].pos}
	if workers < 2 || size < parallelBodies {
		for k := range tasks {
			win.reached(tasks[k].pos)
			if run(p, k); errs[k] != nil {
				return errs[k]
			}
		}
		return nil
	}
	// The bodies go in batches of about dropChunk bytes, so that the input behind a
	// finished batch can go.
	var kindsMu sync.Mutex
	for lo := 0; lo < len(tasks); {
		hi := lo + 1
		for hi < len(tasks) && tasks[hi].pos-tasks[lo].pos < dropChunk {
			hi++
		}
		next := int64(lo - 1)
		var wg sync.WaitGroup
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				q := &parser{file: p.file, src: p.src, m: p.m, structLen: p.structLen}
				for k := int(atomic.AddInt64(&next, 1)); k < hi; k = int(atomic.AddInt64(&next, 1)) {
					run(q, k)
				}
				kindsMu.Lock()
				p.mergeKinds(q.kinds)
				kindsMu.Unlock()
			}()
		}
		wg.Wait()
		for _, err := range errs[lo:hi] {
			if err != nil {
				return err
			}
		}
		win.reached(tasks[hi-1].f.Span.End)
		lo = hi
	}
	return nil
}

// body scans instruction lines until a line holding only "}".
func (p *parser) body(f *Function) error {
	src := p.src
	s := &scanner{p: p, tu: &f.Body, mdRefs: &f.mdRefs, calleeAt: -1}
	for p.pos < len(src) {
		start := p.pos
		end := lineEnd(src, start)
		i := skipSpaces(src, start, end)
		e := end
		for e > i && (src[e-1] == ' ' || src[e-1] == '\r' || src[e-1] == '\t') {
			e--
		}
		if e-i == 1 && src[i] == '}' {
			f.Span.End = min(end+1, len(src))
			p.nextLine(end)
			return nil
		}
		if i < e && src[i] != ';' {
			if err := p.instruction(f, s, i, e); err != nil {
				return err
			}
		}
		p.nextLine(end)
	}
	return nil
}

// instruction scans one instruction line of f: its types, references and metadata, its
// direct or indirect call, 64-bit atomics, and the !dbg of the line's first uses.
func (p *parser) instruction(f *Function, s *scanner, i, end int) error {
	src := p.src
	s.line = p.line
	s.lineUses = s.lineUses[:0]
	if src[i] == '#' { // debug records: #dbg_value(...)
		s.noTypes = true
		_, err := s.region(i, end, false)
		s.noTypes = false
		return err
	}
	op, k, label, err := p.opcode(i, end)
	if err != nil || label {
		return err
	}
	if isAtomic64(src, op, k, end) {
		f.Atomic64 = true
		s.lineUses = append(s.lineUses, "atomic64")
	}
	s.calleeAt = -1
	if isCall(op) {
		if err := p.callee(f, s, k, end); err != nil {
			return err
		}
	}
	// Everything: types, references, metadata.
	mdBefore := len(f.mdRefs)
	_, err = s.region(k, end, false)
	s.noTypes = false
	if err != nil {
		return err
	}
	// A statement is one line, except the case lists of switch and indirectbr, which
	// open a '[' closed on a later line (whose own depth goes below zero).
	if s.depth > 0 && !multiLine(op) {
		return s.unbalanced(string(op))
	}
	// Attachments of the instruction: ", !dbg !N", ", !sycl_used_aspects !N".
	dbg := -1
	if len(f.mdRefs) > mdBefore {
		dbg = p.instrAttachments(f, k, end)
	}
	if isCall(op) && len(f.Calls) > 0 && f.Calls[len(f.Calls)-1].Line == p.line {
		f.Calls[len(f.Calls)-1].Dbg = dbg
	}
	if dbg >= 0 && f.FirstDbg < 0 {
		f.FirstDbg = dbg
	}
	if isCast(op) {
		p.resultUsesFirst(s, k, end)
	}
	for _, u := range s.lineUses {
		if f.FirstUse == nil {
			f.FirstUse = map[string]int{}
		}
		if first, ok := f.FirstUse[u]; !ok {
			f.FirstUse[u] = dbg
			f.UseOrder = append(f.UseOrder, u)
		} else if first < 0 && dbg >= 0 {
			// The first use with a source location (an alloca or a parameter's store
			// has none): diagnostics point at it, with its column.
			f.FirstUse[u] = dbg
		}
	}
	return nil
}

// opcode reads "[%result =] [tail|musttail|notail] opcode" at src[i]: the opcode and
// the offset after it; label is true for a label line ("name:", or a quoted or numbered
// label).
func (p *parser) opcode(i, end int) (op []byte, next int, label bool, err error) {
	src := p.src[:end]
	j := i
	if src[i] == '%' {
		// The result's name: %N, %name or %"name".
		n := i + 1
		if n < len(src) && src[n] == '"' {
			n = skipString(src, n)
		} else if n = scanClass(src, n, len(src), &identChar); n == i+1 {
			n = -1
		}
		if n < 0 {
			return nil, i, false, p.errorf(p.line, "bad value name")
		}
		if n = skipSpaces(src, n, len(src)); n < len(src) && src[n] == '=' {
			j = skipSpaces(src, n+1, len(src))
		}
	}
	k := scanClass(src, j, end, &wordChar)
	op = src[j:k]
	if string(op) == "tail" || string(op) == "musttail" || string(op) == "notail" {
		j = skipSpaces(src, k, end)
		k = scanClass(src, j, end, &wordChar)
		op = src[j:k]
	}
	if len(op) == 0 && j < end && (src[j] == '"' || isDigit(src[j])) {
		return nil, k, true, nil
	}
	if k < end && src[k] == ':' {
		return nil, k, true, nil
	}
	return op, k, false, nil
}

// isAtomic64 reports whether an instruction is a 64-bit integer atomicrmw, cmpxchg, or
// atomic load or store; k is the offset after the opcode.
func isAtomic64(src []byte, op []byte, k, end int) bool {
	switch string(op) {
	case "atomicrmw", "cmpxchg":
		return atomicValueIsI64(src, k, end)
	case "load", "store":
		at := skipSpaces(src, k, end)
		if !hasWordAt(src, at, "atomic") {
			return false
		}
		w, l := word(src, skipSpaces(src, at+len("atomic"), end), end)
		if w == "volatile" {
			w, _ = word(src, skipSpaces(src, l, end), end)
		}
		return w == "i64"
	}
	return false
}

// callee finds the callee of a call, invoke or callbr: the first @name( (a direct call,
// recorded in f.Calls) or %name( (an indirect one) of the line after k.
func (p *parser) callee(f *Function, s *scanner, k, end int) error {
	src := p.src
	for q := k; q < end; {
		c := src[q]
		switch {
		case c == '"':
			r := skipString(src, q)
			if r < 0 {
				return p.errorf(p.line, "unterminated string")
			}
			q = r
		case c == '@' || c == '%':
			cur := cursor{src: src, i: q + 1, end: end}
			name, ok := cur.name()
			if !ok {
				return p.errorf(p.line, "bad name")
			}
			if !cur.at('(') {
				q = cur.i
				continue
			}
			if c == '%' {
				f.IndirectCalls++
				return nil
			}
			s.calleeAt = q
			f.Calls = append(f.Calls, Call{Callee: name, Line: p.line, Dbg: -1})
			if strings.HasPrefix(name, "llvm.dbg.") {
				s.noTypes = true
			}
			return nil
		default:
			q++
		}
	}
	return nil
}

// instrAttachments finds "!name !N" pairs at depth 0 of an instruction line; it records
// aspect attachments and returns the !dbg ID (or -1).
func (p *parser) instrAttachments(f *Function, i, end int) int {
	src := p.src
	dbg := -1
	depth := 0
	for ; i < end; i++ {
		switch c := src[i]; {
		case c == '"':
			j := skipString(src, i)
			if j < 0 {
				return dbg
			}
			i = j - 1
		case c == '(' || c == '{' || c == '[' || c == '<':
			depth++
		case c == ')' || c == '}' || c == ']' || c == '>':
			depth--
		case c == '!' && depth == 0 && i+1 < end && isWordStart(src[i+1]):
			j := i + 1
			for j < end && isWordChar(src[j]) {
				j++
			}
			name := string(src[i+1 : j])
			k := skipSpaces(src, j, end)
			if k < end && src[k] == '!' {
				c := cursor{src: src, i: k + 1, end: end}
				id, ok := c.number()
				l := c.i
				if ok {
					switch name {
					case "dbg":
						dbg = id
					case "sycl_used_aspects", "intel_used_aspects":
						f.InstrAspectMD = append(f.InstrAspectMD, id)
					}
				}
				i = l - 1
			}
		}
	}
	return dbg
}

func word(src []byte, i, end int) (string, int) {
	j := i
	for j < end && isWordChar(src[j]) {
		j++
	}
	return string(src[i:j]), j
}

// atomicValueIsI64 looks at the type after the first top-level comma of an atomicrmw or
// cmpxchg (the value operand's type).
func atomicValueIsI64(src []byte, i, end int) bool {
	depth := 0
	for ; i < end; i++ {
		switch src[i] {
		case '(', '[', '{', '<':
			depth++
		case ')', ']', '}', '>':
			depth--
		case ',':
			if depth == 0 {
				w, _ := word(src, skipSpaces(src, i+1, end), end)
				return w == "i64"
			}
		}
	}
	return false
}

// defHead reads "@name =" or "%name =" at src[i] (the sigil) and returns the name and
// the offset after '='; what names the entity kind in errors ("global", "type").
func (p *parser) defHead(i, end int, what string) (string, int, error) {
	c := cursor{src: p.src, i: i + 1, end: end}
	name, ok := c.name()
	if !ok {
		return "", i, p.errorf(p.line, "bad %s name", what)
	}
	c.skipSpaces()
	if !c.at('=') {
		return "", i, p.errorf(p.line, "expected '=' after %c%s", p.src[i], name)
	}
	return name, c.i + 1, nil
}

// global parses "@name = ... global|constant|alias|ifunc ...".
func (p *parser) global(lineStart, i, end int) error {
	src := p.src
	name, j, err := p.defHead(i, end, "global")
	if err != nil {
		return err
	}
	g := &Global{Name: name, Line: p.line, Span: Span{lineStart, min(end+1, len(src))}}
	k := j + 1
	for k < end {
		k = skipSpaces(src, k, end)
		w, l := word(src, k, end)
		if w == "" {
			if k < end && src[k] == '"' { // section/partition strings
				r := skipString(src, k)
				if r < 0 {
					return p.errorf(p.line, "unterminated string")
				}
				k = r
				continue
			}
			k++
			continue
		}
		k = l
		if w == "global" || w == "constant" || w == "alias" || w == "ifunc" {
			g.Kind = w
			break
		}
		switch w {
		case "private", "internal", "available_externally", "linkonce", "weak", "common",
			"appending", "extern_weak", "linkonce_odr", "weak_odr", "external":
			g.Linkage = w
		}
		if w == "addrspace" && k < end && src[k] == '(' {
			r, err := skipParens(p, src, k, end, p.line)
			if err != nil {
				return err
			}
			k = r
		}
	}
	if g.Kind == "" {
		return p.errorf(p.line, "@%s: expected global, constant, alias or ifunc", name)
	}
	s := &scanner{p: p, tu: &g.Types, line: p.line, mdRefs: &g.mdRefs, calleeAt: -1}
	if _, err := s.region(k, end, false); err != nil {
		return err
	}
	if s.depth != 0 {
		return s.unbalanced("@" + name)
	}
	g.Comdat = globalComdat(src, k, end, name)
	if old := p.m.globalByName[name]; old != nil {
		return p.errorf(p.line, "redefinition of @%s (first defined at line %d)", name, old.Line)
	}
	p.m.globalByName[name] = g
	p.m.Globals = append(p.m.Globals, g)
	return nil
}

// globalComdat finds ", comdat" or ", comdat($name)" at the top level of a global line.
func globalComdat(src []byte, i, end int, self string) string {
	depth := 0
	for ; i < end; i++ {
		switch c := src[i]; c {
		case '"':
			j := skipString(src, i)
			if j < 0 {
				return ""
			}
			i = j - 1
		case '(', '[', '{', '<':
			depth++
		case ')', ']', '}', '>':
			depth--
		case ';':
			return ""
		case ',':
			if depth != 0 {
				continue
			}
			j := skipSpaces(src, i+1, end)
			if !hasWordAt(src, j, "comdat") {
				continue
			}
			j += len("comdat")
			if j+1 < end && src[j] == '(' && src[j+1] == '$' {
				name, _, ok := scanName(src, j+2)
				if ok {
					return name
				}
				return ""
			}
			return self
		}
	}
	return ""
}

// typeDef parses "%name = type ...".
func (p *parser) typeDef(i, end int) error {
	src := p.src
	name, j, err := p.defHead(i, end, "type")
	if err != nil {
		return err
	}
	j = skipSpaces(src, j, end)
	if w, _ := word(src, j, end); w != "type" {
		return p.errorf(p.line, "expected 'type' in the definition of %%%s", name)
	}
	st := &StructType{Name: name, Line: p.line}
	if p.early != nil {
		p.lateTypes = true
	}
	if p.m.Structs[name] != nil {
		return p.errorf(p.line, "redefinition of type %%%s", name)
	}
	p.m.Structs[name] = st
	n := len(name)
	if n >= len(p.structLen) {
		n = len(p.structLen) - 1
	}
	p.structLen[n] = true
	s := &scanner{p: p, tu: &st.Members, line: p.line, calleeAt: -1, pending: &st.pending}
	if skipSpaces(src, j+4, end) >= end {
		return p.errorf(p.line, "expected type after 'type' in the definition of %%%s", name)
	}
	if _, err = s.region(j+4, end, false); err != nil {
		return err
	}
	if s.depth != 0 {
		return s.unbalanced("definition of %" + name)
	}
	return nil
}

// isCast reports whether an opcode is a conversion ("OP T1 %v to T2").
func isCast(op []byte) bool {
	switch string(op) {
	case "trunc", "zext", "sext", "fptrunc", "fpext", "fptoui", "fptosi", "uitofp", "sitofp",
		"ptrtoint", "inttoptr", "bitcast", "addrspacecast":
		return true
	}
	return false
}

// resultUsesFirst reorders a conversion's uses as DPC++'s aspect pass visits them: the
// instruction's own (result) type before its operands', although the text names the
// result type last ("fpext half %h to double" uses double, then half).
func (p *parser) resultUsesFirst(s *scanner, k, end int) {
	to := bytes.LastIndex(p.src[k:end], []byte(" to "))
	if to < 0 || len(s.lineUses) < 2 {
		return
	}
	r := &scanner{p: p, tu: &TypeUse{}, line: s.line, calleeAt: -1}
	if _, err := r.region(k+to+4, end, false); err != nil || len(r.lineUses) == 0 {
		return
	}
	ordered := append([]string(nil), r.lineUses...)
	for _, u := range s.lineUses {
		dup := false
		for _, o := range ordered {
			dup = dup || o == u
		}
		if !dup {
			ordered = append(ordered, u)
		}
	}
	s.lineUses = append(s.lineUses[:0], ordered...)
}

// multiLine reports whether an instruction may continue on the next lines.
func multiLine(op []byte) bool {
	return string(op) == "switch" || string(op) == "indirectbr"
}

// resolveCalls points f's calls at the functions they call, once every function of the
// module is known (bodies are read after the top-level pass; no function is added then).
func (m *Module) resolveCalls(f *Function) {
	for i := range f.Calls {
		f.Calls[i].Target = m.funcByName[f.Calls[i].Callee]
	}
}

// resolveTypes turns the names collected in type definitions into member types, now
// that every type of the module is known.
func (p *parser) resolveTypes() {
	for _, st := range p.m.Structs {
		s := &scanner{p: p, tu: &st.Members}
		for _, pt := range st.pending {
			if p.m.Structs[pt.name] == nil {
				continue
			}
			s.addTypeRef(pt.name)
			if pt.byValue {
				s.addStruct(pt.name)
			}
		}
		st.pending = nil
	}
}

// metadata parses "!N = [distinct] value" and "!name = !{...}".
func (p *parser) metadata(lineStart, i, end int) error {
	j := i + 1
	if j < end && isDigit(p.src[j]) {
		return p.numberedMD(lineStart, j, end)
	}
	return p.namedMD(lineStart, j, end)
}

// numberedMD parses "!N = [distinct] value" (N at j).
func (p *parser) numberedMD(lineStart, j, end int) error {
	src := p.src
	c := cursor{src: src, i: j, end: end}
	id, ok := c.number()
	if !ok {
		return p.errorf(p.line, "bad metadata number")
	}
	k := skipSpaces(src, c.i, end)
	if k >= end || src[k] != '=' {
		return p.errorf(p.line, "expected '=' after !%d", id)
	}
	k = skipSpaces(src, k+1, end)
	n := &MDNode{ID: id, Line: p.line}
	if hasWordAt(src, k, "distinct") {
		n.Distinct = true
		k = skipSpaces(src, k+len("distinct"), end)
	}
	e := end
	for e > k && (src[e-1] == ' ' || src[e-1] == '\r') {
		e--
	}
	n.Span = Span{lineStart, e}
	n.Value = Span{k, e}
	if k >= e {
		return p.errorf(p.line, "!%d has no value", id)
	}
	// A node: "!{...}" or a specialized node such as "!DILocation(...)".
	if src[k] != '!' || k+1 >= e || (src[k+1] != '{' && !isWordStart(src[k+1])) {
		return p.errorf(p.line, "expected '{' after '!' in the value of !%d", id)
	}
	refs, err := p.mdRefsIn(k, e)
	if err != nil {
		return err
	}
	n.Refs = refs
	if p.m.MD[id] != nil {
		return p.errorf(p.line, "redefinition of metadata !%d", id)
	}
	p.m.MD[id] = n
	if id > p.m.MaxMD {
		p.m.MaxMD = id
	}
	return nil
}

// namedMD parses "!name = !{...}" (name at j).
func (p *parser) namedMD(lineStart, j, end int) error {
	src := p.src
	k := j
	for k < end && (isWordChar(src[k]) || src[k] == '-' || src[k] == '\\') {
		k++
	}
	if k == j {
		return p.errorf(p.line, "unexpected token after '!'")
	}
	name := string(src[j:k])
	k = skipSpaces(src, k, end)
	if k >= end || src[k] != '=' {
		return p.errorf(p.line, "expected '=' after !%s", name)
	}
	refs, err := p.mdRefsIn(k+1, end)
	if err != nil {
		return err
	}
	nm := &NamedMD{Name: name, Line: p.line, Span: Span{lineStart, min(end+1, len(src))}, Refs: refs}
	p.m.NamedMD = append(p.m.NamedMD, nm)
	p.m.namedByName[name] = nm
	return nil
}

// mdRefsIn returns the !N references in src[i:end], checking strings and brackets.
func (p *parser) mdRefsIn(i, end int) ([]int, error) {
	src := p.src
	var refs []int
	depth := 0
	for i < end {
		c := src[i]
		switch {
		case c == '"':
			j := skipString(src, i)
			if j < 0 {
				return nil, p.errorf(p.line, "unterminated string")
			}
			i = j
			continue
		case c == '!' && i+1 < end && isDigit(src[i+1]):
			cur := cursor{src: src, i: i + 1, end: end}
			id, ok := cur.number()
			if !ok {
				return nil, p.errorf(p.line, "bad metadata reference")
			}
			refs = append(refs, id)
			i = cur.i
			continue
		case c == '{' || c == '(':
			depth++
		case c == '}' || c == ')':
			depth--
			if depth < 0 {
				return nil, p.errorf(p.line, "unbalanced %q", string(c))
			}
		case c == ';' && depth == 0:
			end = i
		}
		i++
	}
	if depth != 0 {
		return nil, p.errorf(p.line, "unterminated metadata node")
	}
	return refs, nil
}

// stringAttr reads a string attribute "key" or "key"="value" starting at src[i] == '"'
// and returns the offset after it.
func (p *parser) stringAttr(i, end int) (key, val string, next int, err error) {
	src := p.src
	j := skipString(src, i)
	if j < 0 {
		return "", "", i, p.errorf(p.line, "unterminated string")
	}
	key = unescape(src[i+1 : j-1])
	if j < end && src[j] == '=' && j+1 < end && src[j+1] == '"' {
		k := skipString(src, j+1)
		if k < 0 {
			return "", "", i, p.errorf(p.line, "unterminated string")
		}
		val = unescape(src[j+2 : k-1])
		j = k
	}
	return key, val, j, nil
}

// attrGroup parses "attributes #N = { ... }".
func (p *parser) attrGroup(i, end int) error {
	src := p.src
	i = skipSpaces(src, i, end)
	if i >= end || src[i] != '#' {
		return p.errorf(p.line, "expected '#' after 'attributes'")
	}
	c := cursor{src: src, i: i + 1, end: end}
	id, ok := c.number()
	if !ok {
		return p.errorf(p.line, "bad attribute group number")
	}
	j := c.i
	ag := &AttrGroup{ID: id, Line: p.line, StrAttrs: map[string]string{}}
	open := -1
	for k := j; k < end; k++ {
		if src[k] == '{' {
			open = k
			break
		}
	}
	if open < 0 {
		return p.errorf(p.line, "expected '{' in attribute group #%d", id)
	}
	k := open + 1
	closed := false
	for k < end {
		c := src[k]
		switch {
		case c == '"':
			key, val, r, err := p.stringAttr(k, end)
			if err != nil {
				return err
			}
			ag.StrAttrs[key] = val
			k = r
		case c == '}':
			closed = true
			k = end
		case isWordStart(c):
			w, r := word(src, k, end)
			ag.Words = append(ag.Words, w)
			k = r
			if k < end && src[k] == '(' {
				q, err := skipParens(p, src, k, end, p.line)
				if err != nil {
					return err
				}
				k = q
			}
		default:
			k++
		}
	}
	if !closed {
		return p.errorf(p.line, "unterminated attribute group #%d", id)
	}
	p.m.AttrGroups[id] = ag
	return nil
}

// String renders a span of the module text.
func (m *Module) Text(s Span) string { return string(m.Src[s.Start:s.End]) }

// ID formats a metadata reference.
func ID(id int) string { return "!" + strconv.Itoa(id) }
