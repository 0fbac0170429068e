package llvmir

import (
	"bytes"
	"io"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Extractor builds modules holding a subset of one parsed input module (the device
// images of sycl-post-link): Closure computes what a set of entry points needs, Module
// renders it. It is safe to use for several subsets of the same module.
type Extractor struct {
	m *Module
	// indirect holds the "referenced-indirectly" non-kernel definitions: an indirect call
	// may reach any of them (a superset of DPC++'s same-signature rule).
	indirect []*Function
	// mdGlobals maps a metadata node to the global values its text names.
	mdGlobals map[int][]string
	// Item positions, so that a module costs time in proportion to what it holds.
	funcItem   []int // by Function.Index
	globalItem map[*Global]int
	mdItem     map[int]int
	fixedItems []int // named-metadata items, needed by every module
	lines      []otherLine
	// Indexes into lines, so that a module visits only the lines it may need: lines
	// every module keeps (head and unclassified lines), and those kept by name or number.
	alwaysLines []int
	typeLines   map[string][]int
	comdatLines map[string][]int
	attrLines   map[int][]int
	// kept holds the globals every module keeps (the non-discardable ones).
	kept []*Global
	// namedAlways[i][k]: operand k of named node i is kept by every module (no global
	// value it reaches matters); namedAlwaysOps lists those operands, and
	// namedAllAlways says that they are all of them.
	namedAlways    [][]bool
	namedAlwaysOps [][]int
	namedAllAlways bool
	// parts holds *moduleParts for reuse: a split into 100k images would otherwise
	// allocate, and grow, a set of buffers for each.
	parts sync.Pool
	// text, when set, reads the functions' text (ReadFunctionsFrom).
	text io.ReaderAt
}

// ReadFunctionsFrom makes Module read the functions' text with r, which holds the
// module's text (the input file), instead of through Module.Src. An image's functions
// lie all over the input: read through a mapped input (internal/mapfile), every image
// would fault in pages across the whole file, and the kernel maps the pages around each
// fault too, so that the input soon becomes resident whole. Reads are of runs of nearby
// functions in module order; where r fails, Module.Src is read instead (same bytes).
func (e *Extractor) ReadFunctionsFrom(r io.ReaderAt) {
	e.text = r
}

// Kinds of top-level lines that are not functions, globals or metadata.
const (
	lineHead = iota // source_filename, target, module asm
	lineType
	lineComdat
	lineAttrs
	lineRest
)

// otherLine is a classified top-level line (blank lines and comments are dropped).
type otherLine struct {
	kind int
	name string // type or comdat name
	attr int    // attribute group number
	text []byte // with its newline
	item int    // index of its item, for ordering
}

// NewExtractor prepares extraction from m.
func NewExtractor(m *Module) *Extractor {
	e := &Extractor{m: m, mdGlobals: map[int][]string{},
		funcItem: make([]int, len(m.Funcs)), globalItem: map[*Global]int{},
		mdItem:    map[int]int{},
		typeLines: map[string][]int{}, comdatLines: map[string][]int{}, attrLines: map[int][]int{}}
	for i, it := range m.Items {
		switch it.Kind {
		case ItemFunc:
			e.funcItem[it.Index] = i
		case ItemGlobal:
			e.globalItem[m.Globals[it.Index]] = i
		case ItemMD:
			e.mdItem[it.Index] = i
		case ItemNamedMD:
			e.fixedItems = append(e.fixedItems, i)
		case ItemOther:
			text := m.Src[it.Span.Start:it.Span.End]
			for len(text) > 0 {
				nl := bytes.IndexByte(text, '\n')
				line := text
				if nl >= 0 {
					line, text = text[:nl+1], text[nl+1:]
				} else {
					text = nil
				}
				if ol, ok := classify(line); ok {
					ol.item = i
					e.lines = append(e.lines, ol)
				}
			}
		}
	}
	for i, ol := range e.lines {
		switch ol.kind {
		case lineType:
			e.typeLines[ol.name] = append(e.typeLines[ol.name], i)
		case lineComdat:
			e.comdatLines[ol.name] = append(e.comdatLines[ol.name], i)
		case lineAttrs:
			e.attrLines[ol.attr] = append(e.attrLines[ol.attr], i)
		default:
			e.alwaysLines = append(e.alwaysLines, i)
		}
	}
	for _, g := range m.Globals {
		if !g.Discardable() {
			e.kept = append(e.kept, g)
		}
	}
	for _, f := range m.Funcs {
		if _, ok := m.FnAttr(f, "referenced-indirectly"); ok && !f.IsKernel() && !f.Decl {
			e.indirect = append(e.indirect, f)
		}
	}
	for id, n := range m.MD {
		if names := globalNames(m.Src[n.Value.Start:n.Value.End]); len(names) > 0 {
			e.mdGlobals[id] = names
		}
	}
	return e
}

// globalNames returns the @names in a metadata value, outside strings.
func globalNames(v []byte) []string {
	if bytes.IndexByte(v, '@') < 0 {
		return nil
	}
	var out []string
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '"':
			j := skipString(v, i)
			if j < 0 {
				return out
			}
			i = j - 1
		case '@':
			name, j, ok := scanName(v, i+1)
			if !ok {
				if j >= len(v) || v[j] != '"' {
					continue // "@" alone: not a name
				}
				return out // unterminated quoted name
			}
			out = append(out, name)
			i = j - 1
		}
	}
	return out
}

// Contents is what a group's module holds.
type Contents struct {
	Funcs   map[*Function]bool // definitions and the declarations they need
	Globals map[*Global]bool
	// DeclOnly are definitions the module holds as declarations (sycl-post-link's
	// virtual functions outside their own image); Closure does not look into them.
	DeclOnly map[*Function]bool
	// Stubs are definitions whose body becomes "ret void" / "ret T poison" (a dummy
	// virtual-functions image), without their used-aspect attachments.
	Stubs map[*Function]bool
	// Internal holds the definitions the module gives internal linkage (InternalizeHeader:
	// no preemption, visibility or DLL storage words, no comdat); the caller picks only
	// functions that are alone in their comdat.
	Internal map[*Function]bool
	// External holds the definitions the module gives external linkage
	// (ExternalizeHeader).
	External map[*Function]bool
}

// Exclude keeps the named global out of every module, though LLVM may not drop it
// (sycl-post-link erases @llvm.used from its images).
func (e *Extractor) Exclude(name string) {
	kept := e.kept[:0]
	for _, g := range e.kept {
		if g.Name != name {
			kept = append(kept, g)
		}
	}
	e.kept = kept
}

// Closure collects the entry points and everything they reach, DPC++'s way: calls,
// references from instructions, constants and global initializers, every
// non-discardable global (and what it references), and for an indirect call every
// "referenced-indirectly" function.
func (e *Extractor) Closure(entries []*Function) *Contents {
	return e.ClosureWith(entries, nil, nil)
}

// ClosureWith is Closure where the definitions for which declOnly returns true are
// held as declarations, and those for which stub returns true with an empty body;
// neither is looked into.
func (e *Extractor) ClosureWith(entries []*Function, declOnly, stub func(*Function) bool) *Contents {
	m := e.m
	c := &Contents{Funcs: map[*Function]bool{}, Globals: map[*Global]bool{}, DeclOnly: map[*Function]bool{}, Stubs: map[*Function]bool{}}
	var fq []*Function
	var gq []*Global
	addF := func(f *Function) {
		if f != nil && !c.Funcs[f] {
			c.Funcs[f] = true
			fq = append(fq, f)
		}
	}
	addG := func(g *Global) {
		if g != nil && !c.Globals[g] {
			c.Globals[g] = true
			gq = append(gq, g)
		}
	}
	addName := func(name string) {
		if f := m.Func(name); f != nil {
			addF(f)
		} else if g := m.Global(name); g != nil {
			addG(g)
		}
	}
	for _, f := range entries {
		addF(f)
	}
	for _, g := range e.kept {
		addG(g)
	}
	for len(fq) > 0 || len(gq) > 0 {
		for len(fq) > 0 {
			f := fq[len(fq)-1]
			fq = fq[:len(fq)-1]
			if f.Decl {
				continue
			}
			if declOnly != nil && declOnly(f) {
				c.DeclOnly[f] = true
				continue
			}
			if stub != nil && stub(f) {
				c.Stubs[f] = true
				continue
			}
			for _, call := range f.Calls {
				addName(call.Callee)
			}
			for _, r := range f.Body.Globals {
				addName(r)
			}
			for _, r := range f.Sig.Globals { // personality, prefix, prologue
				addName(r)
			}
			if f.IndirectCalls > 0 {
				for _, t := range e.indirect {
					addF(t)
				}
			}
		}
		for len(gq) > 0 {
			g := gq[len(gq)-1]
			gq = gq[:len(gq)-1]
			for _, r := range g.Types.Globals {
				addName(r)
			}
		}
	}
	return c
}

// Module renders the text of a module holding c in a canonical form: only the entities
// c holds and the types, comdats, attribute groups and metadata they reference; no
// comments; metadata and attribute groups renumbered in order of first use and emitted in
// that order. The bytes therefore depend only on what the group's entry points reach,
// not on unrelated code of the input module (what keeps Bazel shards stable).
func (e *Extractor) Module(c *Contents) []byte {
	parts, _ := e.parts.Get().(*moduleParts)
	if parts == nil {
		parts = newModuleParts()
	}
	e.gather(parts, c, e.keptNamedOps(c), e.referenced(c, &parts.refs))
	parts.internal, parts.external = c.Internal, c.External
	parts.declOnly, parts.stubs = c.DeclOnly, c.Stubs
	out := e.emit(parts)
	parts.reset()
	e.parts.Put(parts)
	return out
}

// reset empties p for reuse, keeping the room its buffers have.
func (p *moduleParts) reset() {
	for _, b := range []*bytes.Buffer{&p.head, &p.typeDefs, &p.comdatDefs, &p.globals, &p.rest, &p.named} {
		b.Reset()
	}
	p.funcsLen = 0
	for k := range p.attrLines {
		delete(p.attrLines, k)
	}
	p.items = p.items[:0]
	p.internal, p.external, p.declOnly, p.stubs = nil, nil, nil, nil
	clearMap(p.refs.types)
	clearMap(p.refs.attrs)
	clearMap(p.refs.comdats)
	for _, n := range []*numbering{&p.rn.mds, &p.rn.attrs} {
		clearMap(n.new)
		n.order = n.order[:0]
	}
}

func newModuleParts() *moduleParts {
	return &moduleParts{attrLines: map[int][]byte{},
		refs: references{types: map[string]bool{}, attrs: map[int]bool{}, comdats: map[string]bool{}},
		rn:   renumberer{mds: numbering{new: map[int]int{}}, attrs: numbering{new: map[int]int{}}}}
}

// clearMap empties m, keeping its room (Go 1.19 has no clear).
func clearMap[K comparable, V any](m map[K]V) {
	for k := range m {
		delete(m, k)
	}
}

// keptNamedOps returns, per named metadata node, the operands that can be kept: nodes
// that (transitively) name a global value left out of c cannot.
//
// An operand that is good when no global value at all is kept is good for every
// module: those are found once (most named metadata names no global value), and only
// the others are walked for each module. The result is shared: callers only read it.
func (e *Extractor) keptNamedOps(c *Contents) [][]int {
	if e.namedAlways == nil {
		e.findNamedAlways()
	}
	if e.namedAllAlways {
		return e.namedAlwaysOps
	}
	var w *mdWalk
	namedOps := make([][]int, len(e.m.NamedMD))
	for i, nm := range e.m.NamedMD {
		for k, r := range nm.Refs {
			if !e.namedAlways[i][k] {
				if w == nil {
					w = &mdWalk{e: e, c: c, state: map[int]int8{}}
				}
				if w.isBad(r) {
					continue
				}
			}
			namedOps[i] = append(namedOps[i], r)
		}
	}
	return namedOps
}

// findNamedAlways finds the named metadata operands every module keeps.
func (e *Extractor) findNamedAlways() {
	w := &mdWalk{e: e, c: &Contents{}, state: map[int]int8{}} // nothing kept
	e.namedAlways = make([][]bool, len(e.m.NamedMD))
	e.namedAlwaysOps = make([][]int, len(e.m.NamedMD))
	e.namedAllAlways = true
	for i, nm := range e.m.NamedMD {
		e.namedAlways[i] = make([]bool, len(nm.Refs))
		for k, r := range nm.Refs {
			if e.namedAlways[i][k] = !w.isBad(r); e.namedAlways[i][k] {
				e.namedAlwaysOps[i] = append(e.namedAlwaysOps[i], r)
			} else {
				e.namedAllAlways = false
			}
		}
	}
}

// The states of a metadata node in an mdWalk.
const (
	mdUnknown = iota
	mdBad
	mdGood
	mdInProgress
)

// mdWalk classifies metadata nodes as bad (naming, directly or through the nodes they
// reach, a global value left out of c) or good, remembering each answer.
type mdWalk struct {
	e     *Extractor
	c     *Contents
	state map[int]int8
}

// defined says whether global value name is kept (or is no global value of the module:
// an intrinsic, say).
func (w *mdWalk) defined(name string) bool {
	m := w.e.m
	if f := m.Func(name); f != nil {
		return w.c.Funcs[f]
	}
	if g := m.Global(name); g != nil {
		return w.c.Globals[g]
	}
	return true
}

// hasUndefined: node id names a global value that is not kept.
func (w *mdWalk) hasUndefined(id int) bool {
	for _, name := range w.e.mdGlobals[id] {
		if !w.defined(name) {
			return true
		}
	}
	return false
}

// isBad: the node, or one it reaches, names a global value that is not kept. A node on
// the walk's current path (a cycle) counts as good there. The walk keeps its own stack:
// metadata chains can be millions of nodes deep.
func (w *mdWalk) isBad(root int) bool {
	switch w.state[root] {
	case mdBad:
		return true
	case mdGood, mdInProgress:
		return false
	}
	type frame struct{ id, next int }
	var stack []frame
	push := func(id int) bool { // false: the node is bad by itself
		w.state[id] = mdInProgress
		if w.hasUndefined(id) {
			w.state[id] = mdBad
			return false
		}
		stack = append(stack, frame{id: id})
		return true
	}
	if !push(root) {
		return true
	}
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		var refs []int
		if n := w.e.m.MD[top.id]; n != nil {
			refs = n.Refs
		}
		childBad, descended := false, false
		for top.next < len(refs) && !childBad && !descended {
			r := refs[top.next]
			top.next++
			switch w.state[r] {
			case mdBad:
				childBad = true
			case mdUnknown:
				if push(r) {
					descended = true // walk r first
				} else {
					childBad = true
				}
			}
		}
		if descended {
			continue
		}
		if childBad {
			// Bad: so is every node on the path to it.
			for _, f := range stack {
				w.state[f.id] = mdBad
			}
			return true
		}
		w.state[top.id] = mdGood
		stack = stack[:len(stack)-1]
	}
	return w.state[root] == mdBad
}

// references is what the kept functions and globals use.
type references struct {
	types   map[string]bool
	attrs   map[int]bool
	comdats map[string]bool
}

func (e *Extractor) referenced(c *Contents, r *references) *references {
	m := e.m
	var typeStack []string
	useType := func(name string) {
		if !r.types[name] {
			r.types[name] = true
			typeStack = append(typeStack, name)
		}
	}
	// The sets are the same whatever the order: visit only what c holds.
	for f := range c.Funcs {
		for _, t := range f.Sig.TypeRefs {
			useType(t)
		}
		for _, a := range f.AttrGroups {
			r.attrs[a] = true
		}
		if c.DeclOnly[f] || c.Stubs[f] {
			if c.Stubs[f] && f.Comdat != "" {
				r.comdats[f.Comdat] = true
			}
			continue // the body is not written
		}
		for _, t := range f.Body.TypeRefs {
			useType(t)
		}
		for _, a := range f.Body.AttrRefs {
			r.attrs[a] = true
		}
		if f.Comdat != "" && !c.Internal[f] {
			r.comdats[f.Comdat] = true
		}
	}
	for g := range c.Globals {
		for _, t := range g.Types.TypeRefs {
			useType(t)
		}
		if g.Comdat != "" {
			r.comdats[g.Comdat] = true
		}
	}
	for len(typeStack) > 0 {
		t := typeStack[len(typeStack)-1]
		typeStack = typeStack[:len(typeStack)-1]
		if st := m.Structs[t]; st != nil {
			for _, ref := range st.Members.TypeRefs {
				useType(ref)
			}
		}
	}
	return r
}

// moduleParts are the sections of an extracted module before renumbering.
type moduleParts struct {
	head, typeDefs, comdatDefs, globals, rest, named bytes.Buffer
	out                                              bytes.Buffer // emit's, reused
	refs                                             references   // referenced's, reused
	rn                                               renumberer   // emit's, reused
	funcsLen                                         int
	attrLines                                        map[int][]byte
	items                                            []int // kept items, in module order
	internal, external, declOnly, stubs              map[*Function]bool
	// win holds the input text [winStart, winStart+len(win)) read by funcText.
	win      []byte
	winStart int
}

// Runs of functions read at once by funcText: functions at most runGap bytes apart,
// runMax bytes in all (unless one function is larger).
const (
	runGap = 4 << 10
	runMax = 1 << 20
)

// funcText returns the text of the function item p.items[k], read with e.text when set
// (with the functions after it that are near it in the input, for the next calls), or
// from the module's text. The bytes are good until the next call.
func (e *Extractor) funcText(p *moduleParts, k int) []byte {
	m := e.m
	sp := m.Items[p.items[k]].Span
	if e.text == nil {
		return m.Src[sp.Start:sp.End]
	}
	if sp.Start >= p.winStart && sp.End <= p.winStart+len(p.win) {
		return p.win[sp.Start-p.winStart : sp.End-p.winStart]
	}
	end := sp.End
	for _, idx := range p.items[k+1:] {
		next := m.Items[idx]
		if next.Kind != ItemFunc || next.Span.Start-end > runGap || next.Span.End-sp.Start > runMax {
			break
		}
		end = next.Span.End
	}
	if cap(p.win) < end-sp.Start {
		p.win = make([]byte, end-sp.Start)
	}
	p.win, p.winStart = p.win[:end-sp.Start], sp.Start
	if _, err := e.text.ReadAt(p.win, int64(sp.Start)); err != nil {
		p.win = p.win[:0]
		return m.Src[sp.Start:sp.End]
	}
	return p.win[:sp.End-sp.Start]
}

func (e *Extractor) gather(p *moduleParts, c *Contents, namedOps [][]int, refs *references) {
	m := e.m
	p.items = append(p.items[:0], e.fixedItems...)
	for f := range c.Funcs {
		p.items = append(p.items, e.funcItem[f.Index])
	}
	for g := range c.Globals {
		p.items = append(p.items, e.globalItem[g])
	}
	sort.Ints(p.items)
	for _, idx := range p.items {
		it := m.Items[idx]
		text := m.Src[it.Span.Start:it.Span.End]
		switch it.Kind {
		case ItemFunc:
			p.funcsLen += len(text) + 2
		case ItemGlobal:
			p.globals.Write(withNewline(text))
		case ItemNamedMD:
			nm := m.NamedMD[it.Index]
			if len(namedOps[it.Index]) == len(nm.Refs) {
				p.named.Write(withNewline(text))
				break
			}
			ids := make([]string, len(namedOps[it.Index]))
			for i, r := range namedOps[it.Index] {
				ids[i] = "!" + strconv.Itoa(r)
			}
			p.named.WriteString("!" + nm.Name + " = !{" + strings.Join(ids, ", ") + "}\n")
		}
	}
	// The lines this module may hold, in input order.
	lines := append([]int(nil), e.alwaysLines...)
	for t := range refs.types {
		lines = append(lines, e.typeLines[t]...)
	}
	for cd := range refs.comdats {
		lines = append(lines, e.comdatLines[cd]...)
	}
	for a := range refs.attrs {
		lines = append(lines, e.attrLines[a]...)
	}
	sort.Ints(lines)
	for _, i := range lines {
		ol := e.lines[i]
		switch ol.kind {
		case lineHead:
			p.head.Write(ol.text)
		case lineType:
			p.typeDefs.Write(ol.text)
		case lineComdat:
			p.comdatDefs.Write(ol.text)
		case lineAttrs:
			p.attrLines[ol.attr] = ol.text
		default:
			p.rest.Write(ol.text)
		}
	}
}

// emit writes the parts in LLVM's order, renumbering metadata and attribute groups.
func (e *Extractor) emit(p *moduleParts) []byte {
	m := e.m
	rn := &p.rn
	// The module is built in p's buffer, which keeps its room from image to image, and
	// copied out at its exact size.
	out := &p.out
	out.Reset()
	// What the parts hold, with room for the attribute groups and a little slack.
	size := p.head.Len() + p.typeDefs.Len() + p.comdatDefs.Len() + p.globals.Len() + p.funcsLen + p.rest.Len() + p.named.Len()
	for _, text := range p.attrLines {
		size += len(text) + 1
	}
	out.Grow(size + size/16 + 64)
	first := true
	for _, part := range []*bytes.Buffer{&p.head, &p.typeDefs, &p.comdatDefs, &p.globals} {
		if part.Len() > 0 {
			if !first {
				out.WriteByte('\n')
			}
			first = false
			rn.rewriteTo(out, part.Bytes())
		}
	}
	e.emitFuncs(p)
	if p.rest.Len() > 0 {
		out.WriteByte('\n')
		rn.rewriteTo(out, p.rest.Bytes())
	}
	// Attribute groups in order of first use.
	out.WriteByte('\n')
	for _, old := range rn.attrs.order {
		if line, ok := p.attrLines[old]; ok {
			rn.rewriteTo(out, line)
		}
	}
	if p.named.Len() > 0 {
		out.WriteByte('\n')
		rn.rewriteTo(out, p.named.Bytes())
	}
	// Metadata nodes in order of first use; rewriting a node may number new ones.
	if len(rn.mds.order) > 0 {
		out.WriteByte('\n')
	}
	for i := 0; i < len(rn.mds.order); i++ {
		n := m.MD[rn.mds.order[i]]
		if n == nil {
			continue
		}
		rn.rewriteTo(out, m.Src[n.Span.Start:n.Span.End])
		out.WriteByte('\n')
	}
	if out.Len() > 1<<20 {
		// A large module is handed over whole, not copied; the parts get a new buffer.
		text := out.Bytes()
		p.out = bytes.Buffer{}
		return text
	}
	return append([]byte(nil), out.Bytes()...)
}

// emitFuncs writes the image's functions into p.out, straight from the input text:
// declarations and stubs where the image only calls them, internalized where asked.
func (e *Extractor) emitFuncs(p *moduleParts) {
	m, rn, out := e.m, &p.rn, &p.out
	p.win = p.win[:0]
	for k, idx := range p.items {
		it := m.Items[idx]
		if it.Kind != ItemFunc {
			continue
		}
		out.WriteByte('\n')
		f := m.Funcs[it.Index]
		var text []byte
		switch {
		case p.declOnly[f]:
			text = []byte(DeclarationOf(m, f))
		case p.stubs[f]:
			text = []byte(StubOf(m, f))
			if p.external[f] {
				text = ExternalizeHeader(text)
			}
		default:
			text = e.funcText(p, k)
			if p.external[f] {
				text = ExternalizeHeader(text)
			}
			if p.internal[f] {
				text, _ = InternalizeHeader(text, f.HeaderEnd-it.Span.Start)
			}
		}
		writeWithoutCommentLines(rn, out, text)
		// Only the module's last item can lack its newline.
		if it.Span.End == len(m.Src) && it.Span.End > it.Span.Start && m.Src[it.Span.End-1] != '\n' {
			out.WriteByte('\n')
		}
	}
}

// writeWithoutCommentLines rewrites a function's text without its whole-line comments,
// which LLVM's printer never writes inside a body (trailing comments such as
// "; preds = %3" stay).
func writeWithoutCommentLines(rn *renumberer, out *bytes.Buffer, fn []byte) {
	if bytes.IndexByte(fn, ';') < 0 {
		rn.rewriteTo(out, fn)
		return
	}
	start := 0 // fn[start:i] is pending
	for i := 0; i < len(fn); {
		end := bytes.IndexByte(fn[i:], '\n')
		if end < 0 {
			end = len(fn)
		} else {
			end += i + 1
		}
		t := bytes.TrimLeft(fn[i:end], " \t")
		if len(t) > 0 && t[0] == ';' {
			rn.rewriteTo(out, fn[start:i])
			start = end
		}
		i = end
	}
	rn.rewriteTo(out, fn[start:])
}

func withNewline(b []byte) []byte {
	if len(b) > 0 && b[len(b)-1] != '\n' {
		return append(append([]byte(nil), b...), '\n')
	}
	return b
}

// classify sorts a top-level line that is not a function, global or metadata node;
// blank lines and comments give ok=false.
func classify(line []byte) (otherLine, bool) {
	t := bytes.TrimLeft(line, " \t")
	if len(bytes.TrimSpace(t)) == 0 || t[0] == ';' {
		return otherLine{}, false
	}
	ol := otherLine{kind: lineRest, text: withNewline(line)}
	switch {
	case t[0] == '%':
		ol.kind = lineType
		ol.name, _, _ = scanName(t, 1)
	case t[0] == '$':
		ol.kind = lineComdat
		ol.name, _, _ = scanName(t, 1)
	case bytes.HasPrefix(t, []byte("attributes #")):
		c := cursor{src: t, i: len("attributes #"), end: len(t)}
		id, ok := c.number()
		if !ok {
			return ol, true
		}
		ol.kind, ol.attr = lineAttrs, id
	case bytes.HasPrefix(t, []byte("source_filename")), bytes.HasPrefix(t, []byte("target ")),
		bytes.HasPrefix(t, []byte("module asm")):
		ol.kind = lineHead
	}
	return ol, true
}

// numbering maps old numbers to new ones in order of first appearance.
type numbering struct {
	new   map[int]int
	order []int // old numbers by new number
}

func (n *numbering) number(old int) int {
	v, ok := n.new[old]
	if !ok {
		v = len(n.order)
		n.new[old] = v
		n.order = append(n.order, old)
	}
	return v
}

// renumberer renumbers metadata IDs and attribute groups in order of first appearance.
type renumberer struct {
	mds, attrs numbering
}

// rewriteStops are the bytes rewriteTo stops at: strings, metadata and attribute group
// references, comments.
var rewriteStops = [][]byte{[]byte(`"`), []byte("!"), []byte("#"), []byte(";")}

func (r *renumberer) rewriteTo(out *bytes.Buffer, src []byte) {
	src = foldConstExprs(src)
	start := 0 // src[start:i] is pending, unchanged text
	stops := newFinder(src, rewriteStops)
	for i := 0; i < len(src); i++ {
		if i = stops.next(i); i == len(src) {
			break
		}
		c := src[i]
		switch {
		case c == '"':
			j := bytes.IndexByte(src[i+1:], '"')
			if j < 0 {
				i = len(src)
				continue
			}
			i += j + 1
		case (c == '!' || c == '#') && i+1 < len(src) && isDigit(src[i+1]):
			cur := cursor{src: src, i: i + 1, end: len(src)}
			old, _ := cur.number()
			j := cur.i
			nb := &r.attrs
			if c == '!' {
				nb = &r.mds
			}
			n := nb.number(old)
			out.Write(src[start : i+1])
			var num [20]byte
			out.Write(strconv.AppendInt(num[:0], int64(n), 10))
			start = j
			i = j - 1
		case c == ';':
			// Trailing comment of an instruction line (e.g. "; preds = %3"): kept as is.
			j := bytes.IndexByte(src[i:], '\n')
			if j < 0 {
				i = len(src)
				continue
			}
			i += j - 1
		}
	}
	out.Write(src[start:])
}

// FuncsInOrder returns the functions of c in module order.
func (e *Extractor) FuncsInOrder(c *Contents) []*Function {
	out := make([]*Function, 0, len(c.Funcs))
	for f := range c.Funcs {
		out = append(out, f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Index < out[j].Index })
	return out
}
