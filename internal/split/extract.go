package split

import (
	"bytes"
	"sort"
	"strconv"
	"strings"

	"github.com/rules-sycl/rules_sycl/internal/llvmir"
)

// Extractor builds the module of a group from one parsed input module. It is safe to
// call Extract for several groups of the same module.
type Extractor struct {
	m *llvmir.Module
	// indirect holds the "referenced-indirectly" non-kernel definitions: an indirect call
	// may reach any of them (a superset of DPC++'s same-signature rule).
	indirect []*llvmir.Function
	// mdGlobals maps a metadata node to the global values its text names.
	mdGlobals map[int][]string
}

// NewExtractor prepares extraction from m.
func NewExtractor(m *llvmir.Module) *Extractor {
	e := &Extractor{m: m, mdGlobals: map[int][]string{}}
	for _, f := range m.Funcs {
		if _, ok := m.FnAttr(f, "referenced-indirectly"); ok && !isKernel(f) && !f.Decl {
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
			j := bytes.IndexByte(v[i+1:], '"')
			if j < 0 {
				return out
			}
			i += j + 1
		case '@':
			j := i + 1
			if j < len(v) && v[j] == '"' {
				k := bytes.IndexByte(v[j+1:], '"')
				if k < 0 {
					return out
				}
				out = append(out, string(v[j+1:j+1+k]))
				i = j + 1 + k
				continue
			}
			for j < len(v) && (isIdent(v[j])) {
				j++
			}
			out = append(out, string(v[i+1:j]))
			i = j - 1
		}
	}
	return out
}

func isIdent(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '$' || c == '-'
}

// Contents is what a group's module holds.
type Contents struct {
	Funcs   map[*llvmir.Function]bool // definitions and the declarations they need
	Globals map[*llvmir.Global]bool
}

// Closure collects the entry points and everything they reach, DPC++'s way: calls,
// references from instructions, constants and global initializers, every
// non-discardable global (and what it references), and for an indirect call every
// "referenced-indirectly" function.
func (e *Extractor) Closure(entries []*llvmir.Function) *Contents {
	m := e.m
	c := &Contents{Funcs: map[*llvmir.Function]bool{}, Globals: map[*llvmir.Global]bool{}}
	var fq []*llvmir.Function
	var gq []*llvmir.Global
	addF := func(f *llvmir.Function) {
		if f != nil && !c.Funcs[f] {
			c.Funcs[f] = true
			fq = append(fq, f)
		}
	}
	addG := func(g *llvmir.Global) {
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
	for _, g := range m.Globals {
		if !g.Discardable() {
			addG(g)
		}
	}
	for len(fq) > 0 || len(gq) > 0 {
		for len(fq) > 0 {
			f := fq[len(fq)-1]
			fq = fq[:len(fq)-1]
			if f.Decl {
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
	m := e.m
	defined := func(name string) bool {
		if f := m.Func(name); f != nil {
			return c.Funcs[f]
		}
		if g := m.Global(name); g != nil {
			return c.Globals[g]
		}
		return true // not a global value of this module (an intrinsic, say)
	}
	// Nodes that (transitively) name a global value left out cannot be kept.
	badMemo := map[int]int8{} // 1 bad, 2 good, 3 in progress
	var bad func(id int) bool
	bad = func(id int) bool {
		switch badMemo[id] {
		case 1:
			return true
		case 2, 3:
			return false
		}
		badMemo[id] = 3
		res := false
		for _, name := range e.mdGlobals[id] {
			if !defined(name) {
				res = true
				break
			}
		}
		if n := m.MD[id]; n != nil && !res {
			for _, r := range n.Refs {
				if bad(r) {
					res = true
					break
				}
			}
		}
		badMemo[id] = 2
		if res {
			badMemo[id] = 1
		}
		return res
	}
	namedOps := make([][]int, len(m.NamedMD))
	for i, nm := range m.NamedMD {
		for _, r := range nm.Refs {
			if !bad(r) {
				namedOps[i] = append(namedOps[i], r)
			}
		}
	}
	// What the kept functions and globals reference.
	types := map[string]bool{}
	var typeStack []string
	useType := func(name string) {
		if !types[name] {
			types[name] = true
			typeStack = append(typeStack, name)
		}
	}
	attrs := map[int]bool{}
	comdats := map[string]bool{}
	for _, f := range m.Funcs {
		if !c.Funcs[f] {
			continue
		}
		for _, t := range f.Sig.TypeRefs {
			useType(t)
		}
		for _, t := range f.Body.TypeRefs {
			useType(t)
		}
		for _, a := range f.AttrGroups {
			attrs[a] = true
		}
		for _, a := range f.Body.AttrRefs {
			attrs[a] = true
		}
		if f.Comdat != "" {
			comdats[f.Comdat] = true
		}
	}
	for _, g := range m.Globals {
		if !c.Globals[g] {
			continue
		}
		for _, t := range g.Types.TypeRefs {
			useType(t)
		}
		if g.Comdat != "" {
			comdats[g.Comdat] = true
		}
	}
	for len(typeStack) > 0 {
		t := typeStack[len(typeStack)-1]
		typeStack = typeStack[:len(typeStack)-1]
		if st := m.Structs[t]; st != nil {
			for _, r := range st.Members.TypeRefs {
				useType(r)
			}
		}
	}

	var head, typeDefs, comdatDefs, globals, funcs, attrDefs, rest, named bytes.Buffer
	attrLines := map[int][]byte{}
	for _, it := range m.Items {
		text := m.Src[it.Span.Start:it.Span.End]
		switch it.Kind {
		case llvmir.ItemOther:
			for len(text) > 0 {
				nl := bytes.IndexByte(text, '\n')
				line := text
				if nl >= 0 {
					line, text = text[:nl+1], text[nl+1:]
				} else {
					text = nil
				}
				e.classifyLine(line, types, comdats, attrs, &head, &typeDefs, &comdatDefs, attrLines, &rest)
			}
		case llvmir.ItemFunc:
			if c.Funcs[m.Funcs[it.Index]] {
				funcs.WriteByte('\n')
				funcs.Write(withNewline(text))
			}
		case llvmir.ItemGlobal:
			if c.Globals[m.Globals[it.Index]] {
				globals.Write(withNewline(text))
			}
		case llvmir.ItemNamedMD:
			nm := m.NamedMD[it.Index]
			if len(namedOps[it.Index]) == len(nm.Refs) {
				named.Write(withNewline(text))
				break
			}
			ids := make([]string, len(namedOps[it.Index]))
			for i, r := range namedOps[it.Index] {
				ids[i] = "!" + strconv.Itoa(r)
			}
			named.WriteString("!" + nm.Name + " = !{" + strings.Join(ids, ", ") + "}\n")
		}
	}
	var body bytes.Buffer
	for _, part := range []*bytes.Buffer{&head, &typeDefs, &comdatDefs, &globals, &funcs, &rest} {
		if part.Len() > 0 {
			if body.Len() > 0 && part != &funcs {
				body.WriteByte('\n')
			}
			body.Write(part.Bytes())
		}
	}
	rn := newRenumberer()
	out := rn.rewrite(body.Bytes())
	// Attribute groups in order of first use.
	out = append(out, '\n')
	for _, old := range rn.attrOrder {
		if line, ok := attrLines[old]; ok {
			out = append(out, rn.rewrite(line)...)
		}
	}
	_ = attrDefs
	if named.Len() > 0 {
		out = append(out, '\n')
		out = append(out, rn.rewrite(named.Bytes())...)
	}
	// Metadata nodes in order of first use; rewriting a node may number new ones.
	if len(rn.mdOrder) > 0 {
		out = append(out, '\n')
	}
	for i := 0; i < len(rn.mdOrder); i++ {
		n := m.MD[rn.mdOrder[i]]
		if n == nil {
			continue
		}
		out = append(out, rn.rewrite(withNewline(m.Src[n.Span.Start:n.Span.End]))...)
	}
	return out
}

func withNewline(b []byte) []byte {
	if len(b) > 0 && b[len(b)-1] != '\n' {
		return append(append([]byte(nil), b...), '\n')
	}
	return b
}

// classifyLine sorts a top-level line that is not a function, global or metadata node.
func (e *Extractor) classifyLine(line []byte, types, comdats map[string]bool, attrs map[int]bool,
	head, typeDefs, comdatDefs *bytes.Buffer, attrLines map[int][]byte, rest *bytes.Buffer) {
	t := bytes.TrimLeft(line, " \t")
	if len(bytes.TrimSpace(t)) == 0 || t[0] == ';' {
		return // blank lines and comments
	}
	switch {
	case t[0] == '%':
		if name, ok := defName(t[1:]); ok && !types[name] {
			return
		}
		typeDefs.Write(withNewline(line))
	case t[0] == '$':
		if name, ok := defName(t[1:]); ok && !comdats[name] {
			return
		}
		comdatDefs.Write(withNewline(line))
	case bytes.HasPrefix(t, []byte("attributes #")):
		k := len("attributes #")
		j := k
		for j < len(t) && t[j] >= '0' && t[j] <= '9' {
			j++
		}
		id, err := strconv.Atoi(string(t[k:j]))
		if err != nil || !attrs[id] {
			return
		}
		attrLines[id] = withNewline(line)
	case bytes.HasPrefix(t, []byte("source_filename")), bytes.HasPrefix(t, []byte("target ")),
		bytes.HasPrefix(t, []byte("module asm")):
		head.Write(withNewline(line))
	default:
		rest.Write(withNewline(line))
	}
}

// defName reads the (possibly quoted) name at the start of a definition line.
func defName(b []byte) (string, bool) {
	if len(b) > 0 && b[0] == '"' {
		j := bytes.IndexByte(b[1:], '"')
		if j < 0 {
			return "", false
		}
		return unescapeName(b[1 : 1+j]), true
	}
	j := 0
	for j < len(b) && isIdent(b[j]) {
		j++
	}
	return string(b[:j]), j > 0
}

func unescapeName(b []byte) string {
	if bytes.IndexByte(b, '\\') < 0 {
		return string(b)
	}
	var out []byte
	for i := 0; i < len(b); i++ {
		if b[i] == '\\' && i+2 < len(b) {
			if v, err := strconv.ParseUint(string(b[i+1:i+3]), 16, 8); err == nil {
				out = append(out, byte(v))
				i += 2
				continue
			}
		}
		out = append(out, b[i])
	}
	return string(out)
}

// renumberer maps metadata IDs and attribute group numbers to new numbers in order of
// first appearance.
type renumberer struct {
	md        map[int]int
	mdOrder   []int // old IDs by new ID
	attr      map[int]int
	attrOrder []int
}

func newRenumberer() *renumberer { return &renumberer{md: map[int]int{}, attr: map[int]int{}} }

func (r *renumberer) rewrite(src []byte) []byte {
	out := make([]byte, 0, len(src)+16)
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '"':
			j := bytes.IndexByte(src[i+1:], '"')
			if j < 0 {
				return append(out, src[i:]...)
			}
			out = append(out, src[i:i+j+2]...)
			i += j + 1
		case (c == '!' || c == '#') && i+1 < len(src) && src[i+1] >= '0' && src[i+1] <= '9':
			j := i + 1
			for j < len(src) && src[j] >= '0' && src[j] <= '9' {
				j++
			}
			old, _ := strconv.Atoi(string(src[i+1 : j]))
			var n int
			if c == '!' {
				v, ok := r.md[old]
				if !ok {
					v = len(r.mdOrder)
					r.md[old] = v
					r.mdOrder = append(r.mdOrder, old)
				}
				n = v
			} else {
				v, ok := r.attr[old]
				if !ok {
					v = len(r.attrOrder)
					r.attr[old] = v
					r.attrOrder = append(r.attrOrder, old)
				}
				n = v
			}
			out = append(out, c)
			out = strconv.AppendInt(out, int64(n), 10)
			i = j - 1
		case c == ';':
			// Trailing comment of an instruction line (e.g. "; preds = %3"): keep as is.
			j := bytes.IndexByte(src[i:], '\n')
			if j < 0 {
				return append(out, src[i:]...)
			}
			out = append(out, src[i:i+j]...)
			i += j - 1
		default:
			out = append(out, c)
		}
	}
	return out
}

// FuncsInOrder returns the functions of c in module order.
func (e *Extractor) FuncsInOrder(c *Contents) []*llvmir.Function {
	var out []*llvmir.Function
	for _, f := range e.m.Funcs {
		if c.Funcs[f] {
			out = append(out, f)
		}
	}
	return out
}

// sortedNames is a helper for stable output.
func sortedNames(fs []*llvmir.Function) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.Name
	}
	sort.Strings(out)
	return out
}
