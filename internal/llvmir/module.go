// Package llvmir reads the structure of textual LLVM IR (as LLVM 14–22 print it) without
// modelling instructions: one streaming scan records, for every function, its calling
// convention, attributes, metadata attachments, the functions it calls, the globals it
// references, the types it uses and its 64-bit atomics, and remembers the byte range of
// every top-level entity. Output is produced by splicing edits into the original text,
// so unchanged text is re-emitted byte for byte.
//
// Constructs it does not know are passed through. Truly malformed input (an unterminated
// function or string, a dangling metadata reference, an unexpected token) is an error of
// the form "file:line: message".
package llvmir

import (
	"bytes"
	"encoding/binary"
	"runtime"
	"sort"
	"unicode/utf8"

	"github.com/rules-sycl/rules_sycl/internal/diag"
)

// Span is a byte range [Start, End) of the module text.
type Span struct{ Start, End int }

// Attachment is a function metadata attachment such as !dbg !12.
type Attachment struct {
	Name string // without '!'
	ID   int
	Span Span // of "!name !N" in the header
}

// Call is a direct call (call, invoke, callbr) of a named function.
type Call struct {
	Callee string
	// Target is the function called Callee, or nil when the module has none.
	Target *Function
	Line   int
	Dbg    int // !dbg of the call instruction, or -1
}

// TypeUse summarises the types an entity uses (never through pointers).
type TypeUse struct {
	Double bool
	Half   bool
	// Structs are the names (without '%') of the named types used by value.
	Structs []string
	// TypeRefs are all named types mentioned, also through pointers and attributes.
	TypeRefs []string
	// AttrRefs are the attribute groups (#N) mentioned (call sites, headers).
	AttrRefs []int
	// Globals are the names of the globals and functions referenced as values.
	Globals []string
}

// Function is a define or declare.
type Function struct {
	Name string
	// Index is the function's position in Module.Funcs.
	Index int
	Line  int
	Decl  bool
	// Local is set for a definition with internal or private linkage.
	Local    bool
	CallConv string // e.g. spir_kernel; "" for the default
	Span     Span   // from the first byte of "define"/"declare" to after the final newline
	// HeaderEnd is the offset of " {" ending a definition's header (the place to insert
	// new attachments), or the end of a declaration's line.
	HeaderEnd   int
	Attachments []Attachment
	AttrGroups  []int             // #N references
	StrAttrs    map[string]string // inline "key"="value" (or "key") attributes
	Sig         TypeUse           // return and parameter types
	Body        TypeUse           // types used by instructions
	Calls       []Call
	// IndirectCalls counts calls through a pointer.
	IndirectCalls int
	// Comdat is the comdat the function belongs to ("" for none).
	Comdat string
	// Atomic64 is set when the body has a 64-bit integer atomicrmw, cmpxchg or atomic
	// load/store.
	Atomic64 bool
	// InstrAspectMD are !sycl_used_aspects / !intel_used_aspects attachments on
	// instructions.
	InstrAspectMD []int
	// FirstDbg is the !dbg of the first instruction that has one, or -1.
	FirstDbg int
	// FirstUse maps "double", "half", "atomic64" and struct names to the !dbg of the first
	// instruction using them that has one (-1 when none has).
	FirstUse map[string]int
	// UseOrder lists the keys of FirstUse in the order the body first uses them.
	UseOrder []string
	mdRefs   []mdRef
}

// MetadataRefs returns every metadata node the function references (attachments and
// references inside its body), possibly with repeats.
func (f *Function) MetadataRefs() []int {
	out := make([]int, 0, len(f.Attachments)+len(f.mdRefs))
	for _, a := range f.Attachments {
		out = append(out, a.ID)
	}
	for _, r := range f.mdRefs {
		out = append(out, int(r.id))
	}
	return out
}

// IsKernel reports whether f has a kernel calling convention (SPIR, PTX, AMDGPU).
func (f *Function) IsKernel() bool {
	switch f.CallConv {
	case "spir_kernel", "ptx_kernel", "amdgpu_kernel":
		return true
	}
	return false
}

// Attachment returns the ID of attachment name, or -1.
func (f *Function) Attachment(name string) int {
	for _, a := range f.Attachments {
		if a.Name == name {
			return a.ID
		}
	}
	return -1
}

// Global is a global variable, alias or ifunc.
type Global struct {
	Name    string
	Line    int
	Kind    string // "global", "constant", "alias", "ifunc"
	Linkage string // "" (external), "internal", "private", "linkonce_odr", "external", ...
	Comdat  string // the comdat the global belongs to ("" for none)
	Span    Span
	Types   TypeUse
	mdRefs  []mdRef
}

// Discardable reports whether LLVM may drop the global when unused (local, linkonce or
// available_externally linkage).
func (g *Global) Discardable() bool {
	switch g.Linkage {
	case "internal", "private", "linkonce", "linkonce_odr", "available_externally":
		return true
	}
	return false
}

// MetadataRefs returns the metadata nodes the global references.
func (g *Global) MetadataRefs() []int {
	out := make([]int, len(g.mdRefs))
	for i, r := range g.mdRefs {
		out[i] = int(r.id)
	}
	return out
}

// ItemKind classifies a top-level item of the module text.
type ItemKind int

// Item kinds.
const (
	ItemOther   ItemKind = iota // source_filename, target, types, comdats, attributes
	ItemFunc                    // Funcs[Index]
	ItemGlobal                  // Globals[Index]
	ItemNamedMD                 // NamedMD[Index]
	ItemMD                      // numbered metadata node Index (an ID)
	// ItemBlank is blank lines and comments: a reader can pass them by without reading
	// them (between every two functions of LLVM's output; reading them would touch every
	// page of a mapped input).
	ItemBlank
)

// Item is a top-level entity with its full byte range (newline included).
type Item struct {
	Kind  ItemKind
	Span  Span
	Index int
}

// StructType is a named type definition.
type StructType struct {
	Name    string
	Line    int
	Members TypeUse // members, not through pointers
	pending []pendingType
}

// MDNode is a numbered metadata node.
type MDNode struct {
	ID       int
	Line     int
	Distinct bool
	Span     Span // the whole line, without the newline
	Value    Span // the value after "= [distinct] "
	Refs     []int
}

// NamedMD is a named metadata node such as !llvm.module.flags.
type NamedMD struct {
	Name string
	Line int
	Span Span
	Refs []int
}

// AttrGroup is an "attributes #N = { ... }" definition.
type AttrGroup struct {
	ID       int
	Line     int
	StrAttrs map[string]string
	Words    []string
}

type mdRef struct{ id, line int32 }

// Module is a parsed module.
type Module struct {
	File       string
	Src        []byte
	Funcs      []*Function
	Globals    []*Global
	Structs    map[string]*StructType
	MD         map[int]*MDNode
	MaxMD      int
	NamedMD    []*NamedMD
	AttrGroups map[int]*AttrGroup
	// Items lists the whole text in order; concatenating their spans gives Src.
	Items []Item

	funcByName   map[string]*Function
	globalByName map[string]*Global
	// drop is ParseOptions.Drop while Src is the bytes given to ParseWith.
	drop        func(lo, hi int)
	namedByName map[string]*NamedMD
	// kindOrder numbers the attachment kinds of the module's functions, globals and
	// instructions in order of first appearance.
	kindOrder map[string]int
}

// Func returns the function called name, or nil.
func (m *Module) Func(name string) *Function { return m.funcByName[name] }

// Global returns the global called name, or nil.
func (m *Module) Global(name string) *Global { return m.globalByName[name] }

// Named returns the named metadata node called name, or nil.
func (m *Module) Named(name string) *NamedMD { return m.namedByName[name] }

// FnAttr returns the value of string attribute key on f, looking at inline attributes
// first and then at f's attribute groups.
func (m *Module) FnAttr(f *Function, key string) (string, bool) {
	if v, ok := f.StrAttrs[key]; ok {
		return v, true
	}
	for _, g := range f.AttrGroups {
		if ag := m.AttrGroups[g]; ag != nil {
			if v, ok := ag.StrAttrs[key]; ok {
				return v, true
			}
		}
	}
	return "", false
}

// Parse reads module text. file names the input in error messages.
func Parse(file string, src []byte) (*Module, error) {
	return ParseWith(file, src, ParseOptions{})
}

// ParseOptions tune ParseWith.
type ParseOptions struct {
	// Drop, when set, is told the ranges of src that the reader (and later an Editor
	// writing the module) has gone through and does not need for now; it may read them
	// again. A mapped input gives their pages back (mapfile.File.Drop).
	Drop func(lo, hi int)
	// sequentialTop keeps bodies from being read beside the top-level pass (the early
	// reader): tests compare the two readings.
	sequentialTop bool
}

// dropChunk is how much of the input a pass reads before it lets the bytes behind it go.
const dropChunk = 4 << 20

// window lets the input go behind a pass that reads it in order, dropChunk at a time.
type window struct {
	drop func(lo, hi int)
	done int // the bytes before done are let go
}

// reached tells the window that the pass is at pos.
func (w *window) reached(pos int) {
	if w.drop != nil && pos-w.done >= dropChunk {
		w.drop(w.done, pos)
		w.done = pos
	}
}

// ParseWith reads module text with options.
func ParseWith(file string, src []byte, opts ParseOptions) (*Module, error) {
	// The input check (UTF-8, carriage returns) runs beside the top-level pass, which
	// keeps one processor busy; its verdict counts first.
	type verdict struct {
		bad   int
		hasCR bool
	}
	checked := make(chan verdict, 1)
	checkDone := make(chan struct{})
	go func() {
		bad, hasCR := checkInput(src, opts.Drop)
		checked <- verdict{bad, hasCR}
		close(checkDone)
	}()
	p := newParser(file, src, opts.Drop)
	p.speculate = !opts.sequentialTop && len(src) >= parallelBodies && runtime.GOMAXPROCS(0) >= 2
	p.earlyStart = checkDone
	crashed, errTop := p.parseUnchecked()
	parsed, ok := p.stopEarly()
	v := <-checked
	if v.bad >= 0 {
		// LLVM prints every other byte escaped: raw invalid UTF-8 means a damaged file.
		return nil, diag.Errorf(file, bytes.Count(src[:v.bad], []byte("\n"))+1, "invalid UTF-8 byte 0x%02x", src[v.bad])
	}
	if crashed != nil {
		panic(crashed) // on valid input: a bug
	}
	if v.hasCR && len(src) > 0 {
		if text := loneCRToLF(src); &text[0] != &src[0] {
			// Lines end at lone carriage returns too: read the converted copy.
			p, parsed, ok = newParser(file, text, nil), 0, true
			if crashed, errTop = p.parseUnchecked(); crashed != nil {
				panic(crashed)
			}
		}
	}
	if !ok {
		// The bodies read early do not stand: read the module again without them.
		p, parsed = newParser(file, src, opts.Drop), 0
		if crashed, errTop = p.parseUnchecked(); crashed != nil {
			panic(crashed)
		}
	}
	// Bodies that precede a top-level error are parsed too: an error in one of them comes
	// first in the file.
	if err := p.parseBodies(parsed); err != nil {
		return nil, err
	}
	if errTop != nil {
		return nil, errTop
	}
	p.resolveTypes()
	if err := p.checkRefs(); err != nil {
		return nil, err
	}
	p.m.kindOrder = orderKinds(p.kinds)
	return p.m, nil
}

func newParser(file string, src []byte, drop func(lo, hi int)) *parser {
	p := &parser{
		file: file,
		src:  src,
		m: &Module{
			File:         file,
			Src:          src,
			Structs:      map[string]*StructType{},
			MD:           map[int]*MDNode{},
			MaxMD:        -1,
			AttrGroups:   map[int]*AttrGroup{},
			funcByName:   map[string]*Function{},
			globalByName: map[string]*Global{},
			namedByName:  map[string]*NamedMD{},
			drop:         drop,
		},
		line:        1,
		deferBodies: true,
		window:      window{drop: drop},
	}
	return p
}

// parseUnchecked is the top-level pass over text whose check may not have finished:
// on text that fails it (invalid UTF-8), what the pass does does not count, a panic
// included, which it returns instead of raising.
func (p *parser) parseUnchecked() (crashed interface{}, err error) {
	defer func() {
		crashed = recover()
	}()
	return nil, p.parse()
}

// checkInput goes through src once, dropChunk at a time: the offset of its first byte
// that is not valid UTF-8 (or -1), and whether it holds a carriage return.
// isASCII reports whether b holds only ASCII bytes (what LLVM's printer writes, escaping
// the others in strings), 32 bytes at a time: about three times as fast as utf8.Valid,
// which is then needed only for text that has other bytes.
func isASCII(b []byte) bool {
	for len(b) >= 32 {
		v := binary.LittleEndian.Uint64(b) | binary.LittleEndian.Uint64(b[8:]) |
			binary.LittleEndian.Uint64(b[16:]) | binary.LittleEndian.Uint64(b[24:32])
		if v&0x8080808080808080 != 0 {
			return false
		}
		b = b[32:]
	}
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}

func checkInput(src []byte, drop func(lo, hi int)) (bad int, hasCR bool) {
	w := window{drop: drop}
	for lo := 0; lo < len(src); {
		hi := lo + dropChunk
		if hi >= len(src) {
			hi = len(src)
		} else {
			// End the chunk at the start of a character.
			for hi > lo && !utf8.RuneStart(src[hi]) {
				hi--
			}
		}
		if hi == lo { // no character starts in the chunk: invalid anyway
			hi = lo + dropChunk
		}
		chunk := src[lo:hi]
		if !isASCII(chunk) && !utf8.Valid(chunk) {
			for i := 0; i < len(chunk); {
				r, n := utf8.DecodeRune(chunk[i:])
				if r == utf8.RuneError && n <= 1 {
					return lo + i, hasCR
				}
				i += n
			}
		}
		hasCR = hasCR || bytes.IndexByte(chunk, '\r') >= 0
		lo = hi
		w.reached(lo)
	}
	return -1, hasCR
}

// loneCRToLF ends lines at a lone CR as at LF. LLVM's lexer ends a comment at either and
// treats CR as white space otherwise, so a file with CR-only line ends is a valid module;
// read by lines, it would be one comment line, every instruction after the first comment
// hidden (a double kernel without fp64). Outside strings and comments a CR is white
// space, and in a comment it ends the line, so writing it as LF changes nothing LLVM
// reads; a CR inside a string stays. CRLF stays as it is (the reader strips the CR).
// Returns src itself when it has no lone CR.
func loneCRToLF(src []byte) []byte {
	i := bytes.IndexByte(src, '\r')
	for i >= 0 && i+1 < len(src) && src[i+1] == '\n' {
		j := bytes.IndexByte(src[i+1:], '\r')
		if j < 0 {
			return src
		}
		i += 1 + j
	}
	if i < 0 {
		return src
	}
	out := append([]byte(nil), src...)
	inString := false
	for k := 0; k < len(out); k++ {
		switch c := out[k]; {
		case c == '"':
			inString = !inString
		case inString:
		case c == ';':
			// A comment, to the end of its line (LF or CR): quotes in it mean nothing.
			for k+1 < len(out) && out[k+1] != '\n' && out[k+1] != '\r' {
				k++
			}
		case c == '\r' && (k+1 == len(out) || out[k+1] != '\n'):
			out[k] = '\n'
		}
	}
	return out
}

func (p *parser) checkRefs() error {
	m := p.m
	var bad []mdRef
	check := func(id, line int) {
		if _, ok := m.MD[id]; !ok {
			bad = append(bad, mdRef{int32(id), int32(line)})
		}
	}
	for _, f := range m.Funcs {
		for _, a := range f.Attachments {
			check(a.ID, f.Line)
		}
		for _, r := range f.mdRefs {
			check(int(r.id), int(r.line))
		}
	}
	for _, g := range m.Globals {
		for _, r := range g.mdRefs {
			check(int(r.id), int(r.line))
		}
	}
	for _, n := range m.MD {
		for _, r := range n.Refs {
			check(r, n.Line)
		}
	}
	for _, n := range m.NamedMD {
		for _, r := range n.Refs {
			check(r, n.Line)
		}
	}
	if len(bad) == 0 {
		return nil
	}
	sort.Slice(bad, func(i, j int) bool {
		if bad[i].line != bad[j].line {
			return bad[i].line < bad[j].line
		}
		return bad[i].id < bad[j].id
	})
	return diag.Errorf(p.file, int(bad[0].line), "reference to undefined metadata !%d", bad[0].id)
}

// NotBitcode returns an error naming file when data is LLVM bitcode (raw, or in the
// bitcode wrapper), which the textual reader cannot take; otherwise nil.
func NotBitcode(file string, data []byte) error {
	if bytes.HasPrefix(data, []byte("BC\xc0\xde")) || bytes.HasPrefix(data, []byte{0xde, 0xc0, 0x17, 0x0b}) {
		return diag.Errorf(file, 0, "this is LLVM bitcode; convert it with llvm-dis first")
	}
	return nil
}
