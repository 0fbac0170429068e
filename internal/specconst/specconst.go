// Package specconst lowers SYCL 2020 specialization constants in a device image, as
// DPC++'s sycl-post-link does with -spec-const=native or -spec-const=emulation.
//
// DPC++'s front end turns kernel_handler::get_specialization_constant<id>() into a call
//
//	T __sycl_getScalar2020SpecConstantValue<T>(const char *SymbolicID,
//	                                           const void *DefaultValue, const void *RTBuffer)
//
// whose first argument is the constant's symbolic ID (a c"..." string), the second the
// specialization_id object holding its default, and the third the kernel's
// specialization-constant buffer (null where the device compiles SPIR-V constants
// natively). Per image, constants are numbered in the order the image first reads them.
//
//   - Native (JIT SPIR-V): each read becomes __spirv_SpecConstant(i32 ID, T default),
//     which the SPIR-V back end writes as OpSpecConstant with a SpecId decoration; the
//     runtime sets the values with the program's specialization-constant API.
//   - Emulation (AOT targets, NVPTX, AMDGCN): each read becomes a load from the buffer at
//     the constant's offset (offsets in order, each aligned to its type); the runtime
//     fills the buffer from its blob, whose defaults the image carries.
//
// The image's property sets tell the runtime the layout: [SYCL/specialization constants]
// maps each symbolic ID to (ID, offset in the constant, size) triples, an ID of
// 0xFFFFFFFF marking padding; [SYCL/specialization constants default values] "all"
// holds the defaults in the buffer's layout (in both modes: libsycl reads it to tell a
// value set by the program from the default).
package specconst

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/llvmir"
	"github.com/rules-sycl/rules_sycl/internal/props"
)

// Mode is how an image's specialization constants are lowered.
type Mode int

const (
	// None leaves them alone.
	None Mode = iota
	// Native: SPIR-V specialization constants.
	Native
	// Emulation: loads from the kernel's specialization-constant buffer.
	Emulation
	// Defaults: each read is its default value (sycl-post-link
	// -generate-device-image-default-spec-consts makes such an image for the runtime to
	// use while no value is set).
	Defaults
)

// ParseMode reads sycl-post-link's -spec-const values ("rt" and "default" are DPC++'s
// older spellings of native and emulation).
func ParseMode(s string) (Mode, bool) {
	switch s {
	case "", "none":
		return None, true
	case "native", "rt":
		return Native, true
	case "emulation", "default":
		return Emulation, true
	}
	return None, false
}

func (m Mode) String() string {
	switch m {
	case Native:
		return "native"
	case Emulation:
		return "emulation"
	case Defaults:
		return "defaults"
	}
	return "none"
}

// Property set names.
const (
	SetName         = "SYCL/specialization constants"
	DefaultsSetName = "SYCL/specialization constants default values"
	// PaddingID marks a padding element in a constant's descriptor.
	PaddingID = 0xFFFFFFFF
)

// Callee name prefixes (Itanium-mangled) of the SYCL 2020 reads and of the older API.
const (
	scalar2020    = "_Z37__sycl_getScalar2020SpecConstantValue"
	composite2020 = "_Z40__sycl_getComposite2020SpecConstantValue"
	scalarOld     = "_Z33__sycl_getScalarSpecConstantValue"
	compositeOld  = "_Z36__sycl_getCompositeSpecConstantValue"
)

// Marker is a substring every image that reads a specialization constant contains: a
// quick test before parsing.
var Marker = []byte("SpecConstantValue")

// Const is one specialization constant of an image.
type Const struct {
	SymID string
	Type  string // the LLVM type as written
	// ID is the first SpecId of its scalar leaves (native) or its index (emulation).
	ID     uint32
	Size   int // with tail padding
	Offset int // in the emulation buffer
	// Pad is the padding after the constant in the emulation buffer.
	Pad     int
	Default string // the default's LLVM constant text
	defType string // its type (the read type, or another of the same values' offsets)
	typ     *ltype
	leaves  []leaf
	bytes   []byte
	native  bool
}

// leaf is a scalar element of a constant: its type, value and offset in the constant.
// An element of an aggregate whose default is undef or poison (the padding fields DPC++'s
// front end adds to an over-aligned struct) is one leaf of its own type, undef: as
// DPC++'s pass does, it takes a SpecId that no descriptor reports, is passed to the
// composite as undef and reads as zero bytes in the defaults.
type leaf struct {
	t      *ltype
	value  string
	offset int
	undef  bool
	depth  int // nesting of an undef element: 1 for a member of the constant's type
}

// Result is a lowered image.
type Result struct {
	Text   []byte
	Mode   Mode
	Consts []*Const
}

// Reads tells from the parsed module, without reading its text (a large mapped input
// stays out of memory), whether it calls a specialization-constant read.
func Reads(m *llvmir.Module) bool {
	for _, f := range m.Funcs {
		if f.Decl && strings.Contains(f.Name, string(Marker)) {
			return true
		}
	}
	return false
}

// Lower rewrites the specialization-constant reads of module text src (file names it in
// errors). It returns nil when the module reads none.
func Lower(file string, src []byte, mode Mode) (*Result, error) {
	if mode == None || !bytes.Contains(src, Marker) {
		return nil, nil
	}
	m, err := llvmir.Parse(file, src)
	if err != nil {
		return nil, err
	}
	l, err := run(m, mode)
	if err != nil || len(l.consts) == 0 {
		return nil, err
	}
	return &Result{Text: l.write(), Mode: mode, Consts: l.consts}, nil
}

// Check runs the lowering's checks of every read in the parsed module m (symbolic IDs,
// types, defaults; SPIR-V's native mode) and writes nothing: the split runs it on its
// input, so that a bad read is refused at the user's line before any image is made.
func Check(m *llvmir.Module) error {
	_, err := run(m, Native)
	return err
}

// run lowers every read of m in mode, collecting the constants.
func run(m *llvmir.Module, mode Mode) (*lowering, error) {
	l := &lowering{m: m, mode: mode, byID: map[string]*Const{}, decls: map[string]string{}}
	l.lineStarts()
	l.types = &typeParser{cache: map[string]*ltype{}, bodies: l.structBody}
	for _, f := range m.Funcs {
		if f.Decl {
			continue
		}
		for _, c := range f.Calls {
			if err := l.call(f, c); err != nil {
				return nil, err
			}
		}
	}
	return l, nil
}

type lowering struct {
	m      *llvmir.Module
	mode   Mode
	starts []int
	consts []*Const
	byID   map[string]*Const
	edits  []edit
	decls  map[string]string // new declarations by callee name
	nDecl  []string          // their order
	tmp    int
	nextID uint32 // the next native SpecId
	types  *typeParser
	strs   []string // symbolic-ID string globals the reads used
	olds   map[string]bool
	end    int // emulation buffer size so far
}

type edit struct {
	start, end int
	text       string
}

func (l *lowering) lineStarts() {
	l.starts = []int{0}
	for i, b := range l.m.Src {
		if b == '\n' {
			l.starts = append(l.starts, i+1)
		}
	}
}

// lineSpan is the byte span of 1-based line n without its newline.
func (l *lowering) lineSpan(n int) (int, int) {
	s := l.starts[n-1]
	e := len(l.m.Src)
	if n < len(l.starts) {
		e = l.starts[n] - 1
	}
	return s, e
}

func (l *lowering) errorf(line int, format string, args ...interface{}) error {
	return diag.Errorf(l.m.File, line, format, args...)
}

// call lowers one call instruction if it reads a specialization constant.
func (l *lowering) call(f *llvmir.Function, c llvmir.Call) error {
	switch {
	case strings.HasPrefix(c.Callee, scalar2020), strings.HasPrefix(c.Callee, composite2020):
	case strings.HasPrefix(c.Callee, scalarOld), strings.HasPrefix(c.Callee, compositeOld):
		return l.errorf(c.Line, "in %s: @%s is the SYCL 1.2.1 specialization-constant API, which rules_sycl does not lower: use SYCL 2020's specialization_id and kernel_handler", f.Name, c.Callee)
	default:
		return nil
	}
	if c.Line < 1 || c.Line > len(l.starts) {
		return l.errorf(c.Line, "call of @%s: no such line", c.Callee)
	}
	s, e := l.lineSpan(c.Line)
	in, err := parseCall(string(l.m.Src[s:e]), c.Callee)
	if err != nil {
		return l.errorf(c.Line, "call of @%s: %v", c.Callee, err)
	}
	sc, err := l.constant(c, in)
	if err != nil {
		return err
	}
	// A bool is read as i1 and kept as i8 (its specialization_id's type): the value is
	// read as i8 and truncated, as DPC++'s pass does.
	result := in.result
	boolRead := in.sret == "" && in.retType == "i1"
	if boolRead {
		result = l.temp()
	}
	var text string
	switch l.mode {
	case Native:
		var b strings.Builder
		name := result
		if in.sret != "" {
			name = l.temp()
		}
		next := 0
		l.nativeValue(&b, in.indent, sc, sc.typ, 0, &next, name, in.trailer)
		text = b.String() + l.store(in, sc, sc.Type, name)
	case Emulation:
		if in.bufValue == "null" || in.bufValue == "undef" || in.bufValue == "poison" {
			return l.errorf(c.Line, "in %s: specialization constant %q is read for emulation (an AOT, NVPTX or AMDGCN image), but the kernel passes no specialization-constant buffer (%s): only DPC++'s front end, compiling for this target, passes one; device code from upstream clang (rsycl) or compiled for SPIR-V's native constants reads specialization constants on JIT SPIR-V targets only (spir64, intel_cpu)", f.Name, sc.SymID, in.bufValue)
		}
		gep := l.temp()
		name := result
		if in.sret != "" {
			name = l.temp()
		}
		text = fmt.Sprintf("%s%s = getelementptr i8, %s %s, i32 %d\n%s%s = load %s, %s %s, align %d%s\n",
			in.indent, gep, in.bufType, in.bufValue, sc.Offset,
			in.indent, name, sc.Type, in.bufType, gep, sc.typ.align, in.trailer) + l.store(in, sc, sc.Type, name)
	case Defaults:
		if in.sret != "" {
			text = l.store(in, sc, sc.defType, sc.Default)
		} else if boolRead {
			text = fmt.Sprintf("%s%s = trunc i8 %s to i1%s\n", in.indent, in.result, sc.Default, in.trailer)
			boolRead = false
		} else {
			// As DPC++ does: the read goes, and its uses take the default itself.
			if e < len(l.m.Src) {
				e++ // the line's newline too
			}
			l.edits = append(l.edits, edit{s, e, ""})
			l.renameUses(f, c.Line, in.result, sc.Default)
			text = ""
		}
	}
	if boolRead {
		text += fmt.Sprintf("%s%s = trunc i8 %s to i1%s\n", in.indent, in.result, result, in.trailer)
	}
	if text != "" {
		l.edits = append(l.edits, edit{s, e, strings.TrimSuffix(text, "\n")})
	}
	if l.olds == nil {
		l.olds = map[string]bool{}
	}
	l.olds[c.Callee] = true
	return nil
}

// renameUses replaces every use of local value name (defined at line def) in function f
// with value: the operand text that follows its type in any instruction, so a use reads
// the same with either.
func (l *lowering) renameUses(f *llvmir.Function, def int, name, value string) {
	src := l.m.Src
	ds, de := l.lineSpan(def)
	for i := f.Span.Start; i < f.Span.End; {
		j := bytes.Index(src[i:f.Span.End], []byte(name))
		if j < 0 {
			return
		}
		at := i + j
		end := at + len(name)
		i = end
		if at >= ds && at < de {
			continue // the definition
		}
		if at > 0 && isNameByte(src[at-1]) || end < len(src) && isNameByte(src[end]) && name[len(name)-1] != '"' {
			continue // part of another name
		}
		l.edits = append(l.edits, edit{at, end, value})
	}
}

// isNameByte tells whether c can continue an LLVM local or global name.
func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '$' || c == '-' || c == '%'
}

// structBody is the text after "= type " of struct %name's definition.
func (l *lowering) structBody(name string) (string, bool) {
	st := l.m.Structs[name]
	if st == nil || st.Line < 1 || st.Line > len(l.starts) {
		return "", false
	}
	s, e := l.lineSpan(st.Line)
	line := string(l.m.Src[s:e])
	i := strings.Index(line, "= type ")
	if i < 0 {
		return "", false
	}
	return line[i+len("= type "):], true
}

// temp is a fresh value name.
func (l *lowering) temp() string {
	l.tmp++
	return fmt.Sprintf("%%spec.const.%d", l.tmp)
}

// store writes value v of type typ to a read's sret pointer ("" when the read returns
// it).
func (l *lowering) store(in *callInst, sc *Const, typ, v string) string {
	if in.sret == "" {
		return ""
	}
	return fmt.Sprintf("%sstore %s %s, %s, align %d%s\n", in.indent, typ, v, in.sret, sc.typ.align, in.trailer)
}

// nativeValue writes the __spirv_SpecConstant reads of a constant's leaves and the
// __spirv_SpecConstantComposite calls that assemble them, and returns the value.
// The outermost value is named v (with the call's attachments, trailer); inner ones
// get fresh names. The walk takes the constant's scalar leaves in order (they are listed
// depth first, as the walk visits them): *next is the first one not yet read, and its
// position is its SpecId's offset from the constant's first.
func (l *lowering) nativeValue(b *strings.Builder, indent string, sc *Const, t *ltype, depth int, next *int, v, trailer string) {
	if t.scalar != "" {
		lf := sc.leaves[*next]
		id := sc.ID + uint32(*next)
		*next++
		name := "_Z20__spirv_SpecConstanti" + mangle(t.scalar)
		l.declare(name, fmt.Sprintf("declare %s @%s(i32, %s)", t.text, llvmir.QuoteName(name), t.text))
		fmt.Fprintf(b, "%s%s = call %s @%s(i32 %d, %s %s)%s\n", indent, v, t.text, llvmir.QuoteName(name), id, t.text, lf.value, trailer)
		return
	}
	var args, types []string
	for i := 0; i < t.n(); i++ {
		e := t.element(i)
		if *next < len(sc.leaves) && sc.leaves[*next].undef && sc.leaves[*next].depth == depth+1 {
			*next++ // its SpecId is taken, and reported nowhere
			args = append(args, e.typeText()+" undef")
			types = append(types, e.typeText())
			continue
		}
		ev := l.temp()
		l.nativeValue(b, indent, sc, e, depth+1, next, ev, "")
		args = append(args, e.typeText()+" "+ev)
		types = append(types, e.typeText())
	}
	var m strings.Builder
	for i := 0; i < t.n(); i++ {
		m.WriteString(t.element(i).mangled())
	}
	name := "_Z29__spirv_SpecConstantComposite" + m.String() + "_R" + t.mangled()
	// A struct's name in the mangling may hold characters an LLVM identifier cannot
	// (std::array): the name is quoted then.
	l.declare(name, fmt.Sprintf("declare %s @%s(%s)", t.typeText(), llvmir.QuoteName(name), strings.Join(types, ", ")))
	fmt.Fprintf(b, "%s%s = call %s @%s(%s)%s\n", indent, v, t.typeText(), llvmir.QuoteName(name), strings.Join(args, ", "), trailer)
}

// constant returns the constant a read names, numbering it on its first read.
func (l *lowering) constant(c llvmir.Call, in *callInst) (*Const, error) {
	symGlobal := firstGlobal(in.args[0])
	if symGlobal == "" {
		return nil, l.errorf(c.Line, "call of @%s: its first argument names no symbolic-ID string: %s", c.Callee, in.args[0])
	}
	sym, err := l.m.CString(symGlobal)
	if err == nil {
		err = props.CheckName(sym) // it names a property of [SYCL/specialization constants]
	}
	if err != nil {
		return nil, l.errorf(c.Line, "call of @%s: symbolic ID: %v", c.Callee, err)
	}
	t, _, err := l.types.parse(in.retType)
	if err != nil {
		return nil, l.errorf(c.Line, "specialization constant %q: %v", sym, err)
	}
	if t.scalar == "i1" {
		t, _, _ = l.types.parse("i8") // a bool: i8 in memory (call reads it and truncates)
	}
	def, ft, err := l.defaultValue(c, in.args[1], t)
	if err != nil {
		return nil, err
	}
	if sc := l.byID[sym]; sc != nil {
		if sc.Type != t.typeText() {
			return nil, l.errorf(c.Line, "specialization constant %q is read as %s here and as %s before", sym, t.typeText(), sc.Type)
		}
		return sc, nil
	}
	sc := &Const{SymID: sym, Type: t.typeText(), Size: t.allocSize(), Default: def, defType: ft.typeText(), typ: t, native: l.mode == Native}
	if sc.leaves, err = l.typeLeaves(t, ft, def); err != nil {
		return nil, l.errorf(c.Line, "specialization constant %q: default %s: %v", sym, def, err)
	}
	if l.mode == Defaults && in.sret == "" && sc.defType != sc.Type {
		return nil, l.errorf(c.Line, "specialization constant %q: its default is a %s, but the read returns a %s by value", sym, sc.defType, sc.Type)
	}
	sc.bytes = make([]byte, sc.Size)
	for _, lf := range sc.leaves {
		if lf.undef {
			continue // zero bytes
		}
		b, err := encode(lf.t.scalar, lf.value)
		if err != nil {
			return nil, l.errorf(c.Line, "specialization constant %q: default %s %s: %v", sym, lf.t.text, lf.value, err)
		}
		copy(sc.bytes[lf.offset:], b)
	}
	switch l.mode {
	case Native:
		sc.ID = l.nextID
		l.nextID += uint32(len(sc.leaves))
	default:
		sc.ID = uint32(len(l.consts))
	}
	if l.mode == Emulation {
		a := t.align
		off := (l.end + a - 1) / a * a
		if n := len(l.consts); n > 0 && off > l.end {
			l.consts[n-1].Pad = off - l.end
		}
		sc.Offset = off
		l.end = off + sc.Size
	}
	l.byID[sym] = sc
	l.consts = append(l.consts, sc)
	l.strs = append(l.strs, symGlobal)
	return sc, nil
}

// leaves lists the scalar elements of constant text v of type t at their offsets from
// base (zeroinitializer reads as zeros; so do undef and poison as the whole constant),
// an undef or poison element of an aggregate as one undef leaf; depth is t's nesting in
// the constant's type.
func (l *lowering) leaves(t *ltype, v string, base, depth int) ([]leaf, error) {
	v = strings.TrimSpace(v)
	isZero := v == "zeroinitializer" || v == "undef" || v == "poison"
	if depth > 0 && (v == "undef" || v == "poison") {
		return []leaf{{t: t, value: "undef", offset: base, undef: true, depth: depth}}, nil
	}
	if t.scalar != "" {
		if isZero {
			v = zero(t.scalar)
		}
		if t.scalar == "ptr" {
			return nil, fmt.Errorf("a pointer cannot be a specialization constant")
		}
		return []leaf{{t: t, value: v, offset: base}}, nil
	}
	var elems []string
	if !isZero {
		if strings.HasPrefix(v, `c"`) && t.array {
			return l.stringLeaves(t, v, base)
		}
		open := 0
		if t.packed {
			open = 1
		}
		if len(v) < 2+2*open {
			return nil, fmt.Errorf("not an aggregate constant")
		}
		elems = splitTop(v[1+open : len(v)-1-open])
		if len(elems) != t.n() {
			return nil, fmt.Errorf("%d elements for a type of %d", len(elems), t.n())
		}
	}
	var out []leaf
	for i := 0; i < t.n(); i++ {
		e := t.element(i)
		ev := "zeroinitializer"
		if !isZero {
			_, rest, err := l.types.parse(elems[i])
			if err != nil {
				return nil, err
			}
			ev = rest
		}
		ls, err := l.leaves(e, ev, base+t.offset(i), depth+1)
		if err != nil {
			return nil, err
		}
		out = append(out, ls...)
	}
	return out, nil
}

// typeLeaves lists the leaves of a constant of type t whose default def is written as a
// constant of type ft, as DPC++'s pass matches them: by offset. The default's defined
// scalars are placed at their offsets in t; an element of t in whose bytes the default
// defines nothing (the padding fields DPC++'s front end adds to the type read, which
// a literal-struct default lacks, or an undef member) is an undef leaf. A defined
// scalar of the default that lands on no scalar of t (inside one, or in padding) is an
// error: no descriptor would report it, and the value would be lost.
func (l *lowering) typeLeaves(t, ft *ltype, def string) ([]leaf, error) {
	dl, err := l.leaves(ft, def, 0, 0)
	if err != nil {
		return nil, err
	}
	defs := make(map[int]leaf, len(dl))
	var offsets []int
	for _, lf := range dl {
		if !lf.undef {
			if _, dup := defs[lf.offset]; !dup {
				defs[lf.offset] = lf
				offsets = append(offsets, lf.offset)
			}
		}
	}
	sort.Ints(offsets)
	used := make(map[int]bool, len(defs))
	out, err := place(t, 0, 0, defs, offsets, used)
	if err != nil {
		return nil, err
	}
	for _, off := range offsets {
		if !used[off] {
			d := defs[off]
			return nil, fmt.Errorf("its %s %s at offset %d lands on no scalar of the type read (%s): the value would be lost", d.t.scalar, d.value, off, t.typeText())
		}
	}
	return out, nil
}

// place walks type t at offset base (nesting depth) taking its scalars from defs, whose
// offsets are sorted in offsets, marking each it takes in used.
func place(t *ltype, base, depth int, defs map[int]leaf, offsets []int, used map[int]bool) ([]leaf, error) {
	if t.scalar != "" {
		d, ok := defs[base]
		if !ok {
			return []leaf{{t: t, value: zero(t.scalar), offset: base}}, nil // an undef default
		}
		if d.t.scalar != t.scalar {
			return nil, fmt.Errorf("its value at offset %d is %s, where the type read has %s", base, d.t.scalar, t.scalar)
		}
		used[base] = true
		return []leaf{{t: t, value: d.value, offset: base}}, nil
	}
	var out []leaf
	for i := 0; i < t.n(); i++ {
		e, off := t.element(i), base+t.offset(i)
		if !definesIn(offsets, off, off+e.allocSize()) {
			out = append(out, leaf{t: e, value: "undef", offset: off, undef: true, depth: depth + 1})
			continue
		}
		ls, err := place(e, off, depth+1, defs, offsets, used)
		if err != nil {
			return nil, err
		}
		out = append(out, ls...)
	}
	return out, nil
}

// definesIn tells whether a sorted offset lies in [from, to).
func definesIn(offsets []int, from, to int) bool {
	i := sort.SearchInts(offsets, from)
	return i < len(offsets) && offsets[i] < to
}

// stringLeaves reads a c"..." array constant.
func (l *lowering) stringLeaves(t *ltype, v string, base int) ([]leaf, error) {
	if t.elems[0].scalar != "i8" {
		return nil, fmt.Errorf("a c\"...\" constant of %s", t.typeText())
	}
	raw := v[2 : len(v)-1]
	var out []leaf
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		if c == '\\' && i+2 < len(raw) {
			n, err := strconv.ParseUint(raw[i+1:i+3], 16, 8)
			if err != nil {
				return nil, err
			}
			c = byte(n)
			i += 2
		}
		out = append(out, leaf{t: t.elems[0], value: strconv.Itoa(int(int8(c))), offset: base + len(out)})
	}
	if len(out) != t.count {
		return nil, fmt.Errorf("string of %d bytes for %s", len(out), t.typeText())
	}
	return out, nil
}

// defaultValue is the default of a read: the first field of the specialization_id
// global the second argument points at, as written ("zeroinitializer" for a zero
// initializer or a null pointer).
func (l *lowering) defaultValue(c llvmir.Call, arg string, t *ltype) (string, *ltype, error) {
	name := firstGlobal(arg)
	if name == "" {
		if strings.HasSuffix(strings.TrimSpace(arg), "null") {
			return zeroText(t), t, nil
		}
		return "", nil, l.errorf(c.Line, "call of @%s: its second argument names no specialization_id: %s", c.Callee, arg)
	}
	g := l.m.Global(name)
	if g == nil {
		return "", nil, l.errorf(c.Line, "call of @%s: @%s is not defined", c.Callee, name)
	}
	text := string(l.m.Src[g.Span.Start:g.Span.End])
	if i := strings.IndexByte(text, '\n'); i >= 0 {
		text = text[:i]
	}
	// "@id = ... constant TYPE VALUE, align N": the value after the global's type.
	kw := strings.Index(text, " constant ")
	if kw < 0 {
		kw = strings.Index(text, " global ")
	}
	if kw < 0 {
		return "", nil, l.errorf(g.Line, "@%s, the default of a specialization constant, has no initializer", name)
	}
	body := text[kw+1:]
	body = body[strings.IndexByte(body, ' ')+1:]
	_, rest, err := l.types.parse(body)
	if err != nil {
		return "", nil, l.errorf(g.Line, "@%s: %v", name, err)
	}
	init := strings.TrimSpace(rest)
	if f := splitTop(init); len(f) > 0 {
		init = f[0] // drop ", align N" and the like
	}
	if init == "zeroinitializer" {
		return zeroText(t), t, nil
	}
	if !strings.HasPrefix(init, "{") {
		return "", nil, l.errorf(g.Line, "@%s, the default of a specialization constant, has no { value } initializer", name)
	}
	fields := splitTop(init[1 : len(init)-1])
	if len(fields) == 0 {
		return "", nil, l.errorf(g.Line, "@%s: an empty initializer", name)
	}
	ft, v, err := l.types.parse(fields[0])
	if err != nil {
		return "", nil, l.errorf(g.Line, "@%s: %v", name, err)
	}
	v = strings.TrimSpace(v)
	if v == "zeroinitializer" {
		return zeroText(t), t, nil
	}
	return v, ft, nil
}

// zeroText is the zero of a type as a constant operand.
func zeroText(t *ltype) string {
	if t.scalar != "" {
		return zero(t.scalar)
	}
	return "zeroinitializer"
}

func (l *lowering) declare(name, text string) {
	if _, ok := l.decls[name]; !ok {
		l.decls[name] = text
		l.nDecl = append(l.nDecl, name)
	}
}

// write applies the edits, drops the declarations of the reads and the symbolic-ID
// strings nothing uses any more, and appends the new declarations and DPC++'s
// !sycl.specialization-constants metadata.
func (l *lowering) write() []byte {
	for _, f := range l.m.Funcs {
		if f.Decl && l.olds[f.Name] {
			l.edits = append(l.edits, edit{f.Span.Start, f.Span.End, ""})
		}
	}
	out := apply(l.m.Src, l.edits)
	// Private or internal symbolic-ID strings that only the reads used go, as DPC++'s
	// clean-up drops them.
	var drops []edit
	for _, name := range dedupe(l.strs) {
		g := l.m.Global(name)
		if g == nil || !g.Discardable() {
			continue
		}
		if refs(out, name) == 1 {
			if s := bytes.Index(out, []byte("@"+name+" = ")); s >= 0 {
				e := s + bytes.IndexByte(out[s:], '\n') + 1
				if e <= s {
					e = len(out)
				}
				drops = append(drops, edit{s, e, ""})
			}
		}
	}
	out = apply(out, drops)
	var b bytes.Buffer
	b.Write(out)
	if len(out) > 0 && out[len(out)-1] != '\n' {
		b.WriteByte('\n')
	}
	for _, n := range l.nDecl {
		b.WriteString("\n" + l.decls[n] + "\n")
	}
	b.WriteString(l.metadata())
	return b.Bytes()
}

// metadata is DPC++'s !sycl.specialization-constants (per constant: symbolic ID, then
// its descriptor triples) and !sycl.specialization-constants-default-values.
func (l *lowering) metadata() string {
	next := l.m.MaxMD + 1
	var nodes, ids, defs []string
	add := func(v string) string {
		id := "!" + strconv.Itoa(next)
		next++
		nodes = append(nodes, id+" = "+v)
		return id
	}
	for _, sc := range l.consts {
		// One builder per constant: a constant of a million leaves has three million
		// numbers (repeated concatenation was quadratic: minutes for a [1048576 x i8]).
		var v strings.Builder
		fmt.Fprintf(&v, "!{!%q", sc.SymID)
		for _, t := range sc.triples() {
			v.WriteString(", i32 ")
			v.WriteString(strconv.FormatInt(int64(int32(t)), 10))
		}
		v.WriteString("}")
		ids = append(ids, add(v.String()))
	}
	for _, sc := range l.consts {
		defs = append(defs, add(fmt.Sprintf("!{%s %s}", sc.defType, sc.Default)))
		if sc.Pad > 0 {
			defs = append(defs, add(fmt.Sprintf("!{[%d x i8] zeroinitializer}", sc.Pad)))
		}
	}
	var b strings.Builder
	b.WriteString("\n!sycl.specialization-constants = !{" + strings.Join(ids, ", ") + "}\n")
	b.WriteString("!sycl.specialization-constants-default-values = !{" + strings.Join(defs, ", ") + "}\n")
	for _, n := range nodes {
		b.WriteString(n + "\n")
	}
	return b.String()
}

// triples is a constant's descriptor: native, (SpecId, offset in the constant, size)
// per scalar leaf and a padding element (ID 0xFFFFFFFF) for its tail padding;
// emulated, (index, 0, size) and a padding element for the buffer's padding after it.
func (sc *Const) triples() []uint32 {
	if !sc.native {
		t := []uint32{sc.ID, 0, uint32(sc.Size)}
		if sc.Pad > 0 {
			t = append(t, PaddingID, uint32(sc.Size), uint32(sc.Pad))
		}
		return t
	}
	d := descriptor{sc: sc}
	offset := 0
	d.walk(sc.typ, 0, &offset)
	return d.out
}

// descriptor walks a native constant's type as DPC++'s pass does to describe it: a
// triple per scalar leaf, none for an undef element (whose SpecId is still taken; the
// offset does not move past it), and after each struct whose last element ends before
// its size, a padding triple for the rest.
type descriptor struct {
	sc   *Const
	next int // the next leaf
	out  []uint32
}

func (d *descriptor) walk(t *ltype, depth int, offset *int) {
	if d.next < len(d.sc.leaves) && d.sc.leaves[d.next].undef && d.sc.leaves[d.next].depth == depth {
		d.next++
		return
	}
	switch {
	case t.scalar != "":
		d.out = append(d.out, d.sc.ID+uint32(d.next), uint32(*offset), uint32(t.size))
		d.next++
		*offset += t.size
	case t.array || t.vector:
		for i := 0; i < t.count; i++ {
			d.walk(t.elems[0], depth+1, offset)
		}
	default:
		base, local := *offset, *offset
		for i, e := range t.elems {
			local = base + t.offsets[i]
			d.walk(e, depth+1, &local)
		}
		if pad := base + t.allocSize() - local; pad > 0 {
			d.out = append(d.out, PaddingID, uint32(local), uint32(pad))
		}
		*offset = base + t.allocSize()
	}
}

// AddProps adds the image's specialization-constant property sets to reg.
func (r *Result) AddProps(reg *props.Registry) {
	if r.Mode == Defaults {
		// Nothing left to set: the runtime may use this image while no value is set.
		reg.Ensure("SYCL/misc properties").AddU32("specConstsReplacedWithDefault", 1)
		return
	}
	set := reg.Ensure(SetName)
	var blob []byte
	for _, sc := range r.Consts {
		set.AddU32Array(sc.SymID, sc.triples())
		blob = append(blob, sc.bytes...)
		blob = append(blob, make([]byte, sc.Pad)...)
	}
	// The defaults in both modes, as sycl-post-link writes them: libsycl compares a value
	// the program sets with its default, and passes to the device only values that
	// differ; without the defaults it takes a zeroed blob for them, and a constant set
	// to zero kept its SPIR-V default.
	reg.Ensure(DefaultsSetName).AddBytes("all", blob)
}

// callInst is the parsed text of one call instruction.
type callInst struct {
	indent, result, retType string
	args                    []string // symbolic ID, default, buffer
	sret                    string   // "ptr %x": where an sret read stores its value
	bufType, bufValue       string
	trailer                 string // ", !dbg !N" and other attachments
}

func parseCall(line, callee string) (*callInst, error) {
	in := &callInst{}
	trimmed := strings.TrimLeft(line, " \t")
	in.indent = line[:len(line)-len(trimmed)]
	rest := trimmed
	if eq := strings.Index(trimmed, " = "); eq >= 0 && strings.HasPrefix(trimmed, "%") {
		in.result = trimmed[:eq]
		rest = trimmed[eq+3:]
	}
	at := strings.Index(rest, "@"+callee+"(")
	if at < 0 {
		return nil, fmt.Errorf("not a direct call")
	}
	prefix := strings.TrimSpace(rest[:at])
	open := at + len(callee) + 1
	close := matching(rest, open)
	if close < 0 {
		return nil, fmt.Errorf("unbalanced argument list")
	}
	in.args = splitTop(rest[open+1 : close])
	if len(in.args) == 4 {
		// sret form: the value goes to the first argument's pointer.
		a := in.args[0]
		i := strings.Index(a, "sret(")
		if i < 0 {
			return nil, fmt.Errorf("4 arguments, but the first is not sret")
		}
		j := matching(a, i+4)
		if j < 0 {
			return nil, fmt.Errorf("malformed sret attribute")
		}
		in.retType = a[i+5 : j]
		f := strings.Fields(a)
		ptrType := f[0]
		if len(f) > 1 && strings.HasPrefix(f[1], "addrspace(") {
			ptrType += " " + f[1]
		}
		in.sret = ptrType + " " + f[len(f)-1]
		in.args = in.args[1:]
	} else {
		// The return type is the last type before the callee: a name or a scalar.
		w := strings.Fields(prefix)
		if len(w) == 0 {
			return nil, fmt.Errorf("no return type")
		}
		in.retType = w[len(w)-1]
		if in.result == "" {
			return nil, fmt.Errorf("its value is not used (no result): nothing to replace")
		}
		if strings.HasSuffix(in.retType, "}") || strings.HasSuffix(in.retType, "]") || strings.HasSuffix(in.retType, ">") {
			return nil, fmt.Errorf("a literal aggregate return type: rules_sycl reads named struct types and scalars")
		}
	}
	if len(in.args) != 3 {
		return nil, fmt.Errorf("want 3 arguments (symbolic ID, default, buffer), got %d", len(in.args))
	}
	buf := strings.Fields(in.args[2])
	if len(buf) < 2 {
		return nil, fmt.Errorf("buffer argument %q", in.args[2])
	}
	in.bufValue = buf[len(buf)-1]
	in.bufType = buf[0]
	if len(buf) > 2 && strings.HasPrefix(buf[1], "addrspace(") {
		in.bufType += " " + buf[1]
	}
	if i := strings.Index(rest[close:], ", !"); i >= 0 {
		in.trailer = rest[close+i:]
	}
	return in, nil
}

// scanTop calls f for each byte of s from from on that lies outside quoted strings,
// with the bracket depth after it; it stops when f returns false.
func scanTop(s string, from int, f func(i, depth int) bool) {
	depth := 0
	inStr := false
	for i := from; i < len(s); i++ {
		ch := s[i]
		if inStr {
			inStr = ch != '"'
			continue
		}
		switch ch {
		case '"':
			inStr = true
			continue
		case '(', '[', '{', '<':
			depth++
		case ')', ']', '}', '>':
			depth--
		}
		if !f(i, depth) {
			return
		}
	}
}

// matching returns the index of the bracket closing the one at open, or -1.
func matching(s string, open int) int {
	close := -1
	scanTop(s, open, func(i, depth int) bool {
		if depth == 0 {
			close = i
			return false
		}
		return true
	})
	return close
}

// splitTop splits s at the commas outside brackets and strings.
func splitTop(s string) []string {
	var out []string
	start := 0
	scanTop(s, 0, func(i, depth int) bool {
		if depth == 0 && s[i] == ',' {
			out = append(out, strings.TrimSpace(s[start:i]))
			start = i + 1
		}
		return true
	})
	if t := strings.TrimSpace(s[start:]); t != "" {
		out = append(out, t)
	}
	return out
}

// firstGlobal is the first @name in s ("" when none).
func firstGlobal(s string) string {
	i := strings.IndexByte(s, '@')
	if i < 0 {
		return ""
	}
	j := i + 1
	if j < len(s) && s[j] == '"' {
		k := strings.IndexByte(s[j+1:], '"')
		if k < 0 {
			return ""
		}
		return s[j+1 : j+1+k]
	}
	for j < len(s) && (isIdent(s[j])) {
		j++
	}
	return s[i+1 : j]
}

func isIdent(c byte) bool {
	return c == '_' || c == '.' || c == '$' || c == '-' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

// refs counts the references to @name in text (its definition included).
func refs(text []byte, name string) int {
	n := 0
	pat := []byte("@" + name)
	for i := 0; ; {
		j := bytes.Index(text[i:], pat)
		if j < 0 {
			return n
		}
		e := i + j + len(pat)
		if e >= len(text) || !isIdent(text[e]) {
			n++
		}
		i = e
	}
}

func apply(src []byte, edits []edit) []byte {
	if len(edits) == 0 {
		return src
	}
	sortEdits(edits)
	var b bytes.Buffer
	pos := 0
	for _, e := range edits {
		if e.start < pos {
			continue
		}
		b.Write(src[pos:e.start])
		b.WriteString(e.text)
		pos = e.end
	}
	b.Write(src[pos:])
	return b.Bytes()
}

func sortEdits(e []edit) {
	sort.SliceStable(e, func(i, j int) bool { return e[i].start < e[j].start })
}

func dedupe(s []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range s {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// scalar types: size (also the alignment) and Itanium mangling.
var scalars = map[string]struct {
	size   int
	mangle string
}{
	"i1": {1, "b"}, "i8": {1, "a"}, "i16": {2, "s"}, "i32": {4, "i"}, "i64": {8, "x"},
	"half": {2, "Dh"}, "float": {4, "f"}, "double": {8, "d"},
}

func sizeOf(t string) int    { return scalars[t].size }
func align(t string) int     { return scalars[t].size }
func mangle(t string) string { return scalars[t].mangle }

func zero(t string) string {
	switch t {
	case "i1":
		return "false"
	case "half":
		return "0xH0000"
	case "float", "double":
		return "0.000000e+00"
	}
	return "0"
}

// encode is the little-endian bytes of a constant of scalar type t written as LLVM
// prints it.
func encode(t, v string) ([]byte, error) {
	b := make([]byte, sizeOf(t))
	switch t {
	case "i1":
		switch v {
		case "true":
			b[0] = 1
		case "false":
		default:
			return nil, fmt.Errorf("not a boolean")
		}
	case "i8", "i16", "i32", "i64":
		bits := 8 * len(b)
		n, err := strconv.ParseInt(v, 10, bits)
		if err != nil {
			u, uerr := strconv.ParseUint(v, 10, bits)
			if uerr != nil {
				return nil, fmt.Errorf("not an integer of %d bits", bits)
			}
			n = int64(u)
		}
		var full [8]byte
		binary.LittleEndian.PutUint64(full[:], uint64(n))
		copy(b, full[:len(b)])
	case "half":
		if !strings.HasPrefix(v, "0xH") {
			return nil, fmt.Errorf("a half is written 0xHXXXX")
		}
		u, err := strconv.ParseUint(v[3:], 16, 16)
		if err != nil {
			return nil, err
		}
		binary.LittleEndian.PutUint16(b, uint16(u))
	case "float", "double":
		var f float64
		if strings.HasPrefix(v, "0x") {
			// LLVM writes a float or double it cannot print exactly as the double's bits.
			u, err := strconv.ParseUint(v[2:], 16, 64)
			if err != nil {
				return nil, err
			}
			f = math.Float64frombits(u)
		} else {
			var err error
			if f, err = strconv.ParseFloat(v, 64); err != nil {
				return nil, err
			}
		}
		if t == "float" {
			binary.LittleEndian.PutUint32(b, math.Float32bits(float32(f)))
		} else {
			binary.LittleEndian.PutUint64(b, math.Float64bits(f))
		}
	}
	return b, nil
}
