package specconst

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rules-sycl/rules_sycl/internal/llvmir"
)

// ltype is an LLVM type as the lowering needs it: its layout and, for aggregates, its
// elements.
type ltype struct {
	text   string // as written (named structs: %name)
	scalar string // i32, double, ... ("" for aggregates)
	elems  []*ltype
	count  int  // array or vector length
	vector bool // <N x T>
	array  bool // [N x T]
	packed bool
	size   int // store size in bytes
	align  int
	// offsets of the elements of a struct
	offsets []int
	// nodes counts the type's scalars, structs and array elements as the lowering visits
	// them (a zero-size element is a visit too): bounded by MaxNodes.
	nodes int
}

// Bounds of one specialization constant's type: its size in bytes and the elements the
// lowering visits. Each array dimension is also bounded (2^20), but only the whole type's
// bounds keep [1048576 x [1048576 x i32]] (2^40 leaves) from exhausting memory.
const (
	MaxBytes = 16 << 20
	MaxNodes = 1 << 22
)

// bounded refuses a type over MaxBytes or MaxNodes.
func bounded(t *ltype) (*ltype, error) {
	if t.size > MaxBytes {
		return nil, fmt.Errorf("a type of %d bytes or more (at most %d)", t.size, MaxBytes)
	}
	if t.nodes > MaxNodes {
		return nil, fmt.Errorf("a type of %d elements or more (at most %d)", t.nodes, MaxNodes)
	}
	return t, nil
}

// allocSize is the size with tail padding, as an array element or a load.
func (t *ltype) allocSize() int { return (t.size + t.align - 1) / t.align * t.align }

// typeParser reads LLVM type text, resolving named structs through bodies.
type typeParser struct {
	bodies func(name string) (string, bool) // the body text of %name ("{ i32, ... }")
	cache  map[string]*ltype
	depth  int
}

func (p *typeParser) parse(s string) (*ltype, string, error) {
	s = strings.TrimLeft(s, " ")
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > 64 {
		return nil, s, fmt.Errorf("type nested too deeply")
	}
	switch {
	case s == "":
		return nil, s, fmt.Errorf("missing type")
	case s[0] == '%':
		name, rest := nameAt(s[1:])
		if t := p.cache[name]; t != nil {
			return t, rest, nil
		}
		body, ok := p.bodies(name)
		if !ok {
			return nil, s, fmt.Errorf("%%%s is not a defined struct type", name)
		}
		t, _, err := p.parse(body)
		if err != nil {
			return nil, s, fmt.Errorf("%%%s: %v", name, err)
		}
		named := *t
		named.text = "%" + llvmir.QuoteName(name) // %"struct.std::array" keeps its quotes
		p.cache[name] = &named
		return &named, rest, nil
	case strings.HasPrefix(s, "<{"):
		return p.structure(s[1:], true)
	case s[0] == '{':
		return p.structure(s, false)
	case s[0] == '[' || s[0] == '<':
		return p.sequence(s)
	}
	w := s
	if i := strings.IndexAny(s, " ,]}>)"); i >= 0 {
		w = s[:i]
	}
	rest := s[len(w):]
	if w == "ptr" {
		if strings.HasPrefix(strings.TrimLeft(rest, " "), "addrspace(") {
			r := strings.TrimLeft(rest, " ")
			j := strings.IndexByte(r, ')')
			w += " " + r[:j+1]
			rest = r[j+1:]
		}
		return &ltype{text: w, scalar: "ptr", size: 8, align: 8, nodes: 1}, rest, nil
	}
	size := scalars[w].size
	if size == 0 {
		return nil, s, fmt.Errorf("type %q: want an integer, half, float, double or an aggregate of them", w)
	}
	return &ltype{text: w, scalar: w, size: size, align: size, nodes: 1}, rest, nil
}

func (p *typeParser) structure(s string, packed bool) (*ltype, string, error) {
	t := &ltype{text: "", packed: packed, align: 1, nodes: 1}
	rest := strings.TrimLeft(s[1:], " ")
	off := 0
	for !strings.HasPrefix(rest, "}") {
		e, r, err := p.parse(rest)
		if err != nil {
			return nil, s, err
		}
		if !packed {
			off = (off + e.align - 1) / e.align * e.align
			if e.align > t.align {
				t.align = e.align
			}
		}
		t.elems = append(t.elems, e)
		t.offsets = append(t.offsets, off)
		off += e.allocSize()
		t.nodes += e.nodes
		if off > MaxBytes || t.nodes > MaxNodes {
			t.size = off
			_, err := bounded(t)
			return nil, s, err
		}
		rest = strings.TrimLeft(r, " ")
		if strings.HasPrefix(rest, ",") {
			rest = strings.TrimLeft(rest[1:], " ")
		} else if !strings.HasPrefix(rest, "}") {
			return nil, s, fmt.Errorf("malformed struct type")
		}
	}
	rest = rest[1:]
	if packed {
		if !strings.HasPrefix(rest, ">") {
			return nil, s, fmt.Errorf("malformed packed struct type")
		}
		rest = rest[1:]
	}
	t.size = off
	return t, rest, nil
}

func (p *typeParser) sequence(s string) (*ltype, string, error) {
	vector := s[0] == '<'
	close := "]"
	if vector {
		close = ">"
	}
	r := strings.TrimLeft(s[1:], " ")
	x := strings.Index(r, " x ")
	if x < 0 {
		return nil, s, fmt.Errorf("malformed array or vector type")
	}
	n, err := strconv.Atoi(strings.TrimSpace(r[:x]))
	if err != nil || n < 0 || n > 1<<20 {
		return nil, s, fmt.Errorf("bad element count %q", r[:x])
	}
	e, rest, err := p.parse(r[x+3:])
	if err != nil {
		return nil, s, err
	}
	rest = strings.TrimLeft(rest, " ")
	if !strings.HasPrefix(rest, close) {
		return nil, s, fmt.Errorf("malformed array or vector type")
	}
	// n and the element's bounds are at most 2^20 and 2^24: the products fit an int.
	t := &ltype{elems: []*ltype{e}, count: n, vector: vector, array: !vector, align: e.align, size: n * e.allocSize(), nodes: 1 + n*e.nodes}
	if _, err := bounded(t); err != nil {
		return nil, s, err
	}
	if vector {
		t.size = n * e.size
		t.align = 1
		for t.align < t.size {
			t.align *= 2
		}
	}
	return t, rest[1:], nil
}

// nameAt reads a type name (quoted or not) and returns it and the rest.
func nameAt(s string) (string, string) {
	if strings.HasPrefix(s, `"`) {
		if j := strings.IndexByte(s[1:], '"'); j >= 0 {
			return s[1 : 1+j], s[2+j:]
		}
		return s, ""
	}
	j := 0
	for j < len(s) && isIdent(s[j]) {
		j++
	}
	return s[:j], s[j:]
}

// element is the i-th element type of an aggregate.
func (t *ltype) element(i int) *ltype {
	if t.array || t.vector {
		return t.elems[0]
	}
	return t.elems[i]
}

// n is the number of elements of an aggregate.
func (t *ltype) n() int {
	if t.array || t.vector {
		return t.count
	}
	return len(t.elems)
}

// offset is the byte offset of element i.
func (t *ltype) offset(i int) int {
	if !t.array && !t.vector {
		return t.offsets[i]
	}
	if t.vector {
		return i * t.elems[0].size
	}
	return i * t.elems[0].allocSize()
}

// mangled is the Itanium-style spelling DPC++ gives a type in __spirv_SpecConstant
// names: scalars by their code, a struct by its name, arrays A<N>_, vectors Dv<N>_.
func (t *ltype) mangled() string {
	switch {
	case t.scalar != "":
		return mangle(t.scalar)
	case strings.HasPrefix(t.text, "%"):
		return strings.Trim(t.text[1:], `"`)
	case t.vector:
		return "Dv" + strconv.Itoa(t.count) + "_" + t.elems[0].mangled()
	case t.array:
		return "A" + strconv.Itoa(t.count) + "_" + t.elems[0].mangled()
	}
	return "struct"
}

// typeText is how a type is written: its name, or its structure.
func (t *ltype) typeText() string {
	if t.text != "" {
		return t.text
	}
	switch {
	case t.vector:
		return "<" + strconv.Itoa(t.count) + " x " + t.elems[0].typeText() + ">"
	case t.array:
		return "[" + strconv.Itoa(t.count) + " x " + t.elems[0].typeText() + "]"
	}
	parts := make([]string, len(t.elems))
	for i, e := range t.elems {
		parts[i] = e.typeText()
	}
	if t.packed {
		return "<{ " + strings.Join(parts, ", ") + " }>"
	}
	return "{ " + strings.Join(parts, ", ") + " }"
}
