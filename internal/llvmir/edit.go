package llvmir

import (
	"bufio"
	"bytes"
	"io"
	"sort"
	"strconv"
	"strings"
)

// Editor collects changes to a module and writes the edited text. Unchanged bytes are
// copied from the input as they are.
type Editor struct {
	m      *Module
	edits  []edit
	newMD  []string // values of new nodes: newMD[i] is node firstNew+i
	byText map[string]int
	nextID int
	// existing maps the text of the module's own small non-distinct tuples to their IDs,
	// so that added nodes reuse them (built on first use).
	existing map[string]int
	// attText caches "!name !N": a pass that gives a million functions the same
	// attachment makes the text once.
	attText map[attKey]string
}

type attKey struct {
	name      string
	id        int
	pre, post string
}

// attachmentText is pre+"!name !N"+post.
func (e *Editor) attachmentText(pre, name string, id int, post string) string {
	k := attKey{name, id, pre, post}
	if t, ok := e.attText[k]; ok {
		return t
	}
	if e.attText == nil {
		e.attText = map[attKey]string{}
	}
	t := pre + "!" + name + " !" + strconv.Itoa(id) + post
	e.attText[k] = t
	return t
}

func (e *Editor) indexSmallTuples() {
	e.existing = map[string]int{}
	for id, n := range e.m.MD {
		v := e.m.Src[n.Value.Start:n.Value.End]
		if n.Distinct || len(v) > 96 || len(v) < 3 || v[0] != '!' || v[1] != '{' {
			continue
		}
		if old, ok := e.existing[string(v)]; !ok || id < old {
			e.existing[string(v)] = id
		}
	}
}

type edit struct {
	at, end int // replace src[at:end] (end == at: insert)
	text    string
	seq     int
}

// NewEditor starts editing m.
func NewEditor(m *Module) *Editor {
	return &Editor{m: m, byText: map[string]int{}, nextID: m.MaxMD + 1}
}

// Grow makes room for n more edits: a pass that edits every function of a large module
// says so up front.
func (e *Editor) Grow(n int) {
	if n > cap(e.edits)-len(e.edits) {
		e.edits = append(make([]edit, 0, len(e.edits)+n), e.edits...)
	}
}

// AddNode appends a new numbered metadata node with the given value text (for example
// `!{!"fp64", i32 6}`) and returns its ID; identical values share one node.
func (e *Editor) AddNode(value string) int {
	if id, ok := e.byText[value]; ok {
		return id
	}
	if e.existing == nil {
		e.indexSmallTuples()
	}
	if id, ok := e.existing[value]; ok {
		e.byText[value] = id
		return id
	}
	id := e.nextID
	e.nextID++
	e.byText[value] = id
	e.newMD = append(e.newMD, value)
	return id
}

// SetAttachment gives function f the attachment "!name !id", replacing an existing
// attachment of that name. A definition gets it before its "{", a declaration after
// "declare", where LLVM's parser reads them.
func (e *Editor) SetAttachment(f *Function, name string, id int) {
	text := e.attachmentText("", name, id, "")
	for _, a := range f.Attachments {
		if a.Name == name {
			e.edits = append(e.edits, edit{at: a.Span.Start, end: a.Span.End, text: text, seq: len(e.edits)})
			return
		}
	}
	at := f.HeaderEnd
	if f.Decl {
		// A declaration's attachments come right after the keyword:
		// declare !name !N double @f(double)
		at = f.Span.Start + len("declare")
	}
	e.edits = append(e.edits, edit{at: at, end: at, text: e.attachmentText(" ", name, id, ""), seq: len(e.edits)})
}

// Changed reports whether any edit was made.
func (e *Editor) Changed() bool { return len(e.edits) > 0 || len(e.newMD) > 0 }

// WriteTo writes the edited module. New nodes are numbered as LLVM's printer numbers
// them: in the order the module first references them (edits in module order, a node's
// operands right after it), after the input's own nodes.
func (e *Editor) WriteTo(w io.Writer) (int64, error) {
	src := e.m.Src
	edits := append([]edit(nil), e.edits...)
	less := func(i, j int) bool {
		if edits[i].at != edits[j].at {
			return edits[i].at < edits[j].at
		}
		return edits[i].seq < edits[j].seq
	}
	// Edits usually come in module order already.
	if !sort.SliceIsSorted(edits, less) {
		sort.SliceStable(edits, less)
	}
	newMD := e.renumberNew(edits)
	bw := bufio.NewWriterSize(w, 1<<20)
	var n int64
	pos := 0
	win := window{drop: e.m.drop}
	for _, ed := range edits {
		if ed.at < pos {
			continue // overlapping edit: the first one wins
		}
		n += writeSpan(bw, src, pos, ed.at, &win)
		k, _ := bw.WriteString(ed.text)
		n += int64(k)
		pos = ed.end
	}
	n += writeSpan(bw, src, pos, len(src), &win)
	if len(newMD) > 0 {
		if len(src) > 0 && src[len(src)-1] != '\n' {
			bw.WriteByte('\n')
			n++
		}
		for _, t := range newMD {
			k, _ := bw.WriteString(t)
			n += int64(k)
		}
	}
	return n, bw.Flush()
}

// writeSpan writes src[lo:hi], dropChunk at a time, letting the input go behind it.
func writeSpan(bw *bufio.Writer, src []byte, lo, hi int, win *window) int64 {
	var n int64
	for lo < hi {
		win.reached(lo)
		end := hi
		if end-lo > dropChunk {
			end = lo + dropChunk
		}
		k, _ := bw.Write(src[lo:end])
		n += int64(k)
		lo = end
	}
	return n
}

// renumberNew orders the new nodes by first reference (in edits, which it rewrites in
// place, and depth first through the nodes themselves) and returns their lines.
func (e *Editor) renumberNew(edits []edit) []string {
	first := e.m.MaxMD + 1
	if len(e.newMD) == 0 {
		return nil
	}
	final := make([]int, len(e.newMD)) // old index -> new ID (-1: not yet)
	for k := range final {
		final[k] = -1
	}
	order := make([]int, 0, len(e.newMD))
	var visit func(text string)
	visit = func(text string) {
		for _, id := range mdRefIDs(text) {
			k := id - first
			if k < 0 || k >= len(e.newMD) || final[k] >= 0 {
				continue
			}
			final[k] = first + len(order)
			order = append(order, k)
			visit(e.newMD[k])
		}
	}
	seen := map[string]bool{} // edits share their texts: visit each once
	for _, ed := range edits {
		if !seen[ed.text] {
			seen[ed.text] = true
			visit(ed.text)
		}
	}
	for k := range e.newMD { // nodes nothing references: after, in creation order
		if final[k] < 0 {
			final[k] = first + len(order)
			order = append(order, k)
		}
	}
	rename := func(text string) string { return renameRefs(text, first, final) }
	renamed := map[string]string{}
	for i := range edits {
		t, ok := renamed[edits[i].text]
		if !ok {
			t = rename(edits[i].text)
			renamed[edits[i].text] = t
		}
		edits[i].text = t
	}
	lines := make([]string, len(order))
	for i, k := range order {
		lines[i] = "!" + strconv.Itoa(first+i) + " = " + rename(e.newMD[k]) + "\n"
	}
	return lines
}

// eachMDRef calls f with the span and number of each numbered node reference (!N) in
// text, in order.
func eachMDRef(text string, f func(start, end, n int)) {
	for i := 0; i < len(text); i++ {
		if text[i] != '!' || i+1 >= len(text) || !isDigit(text[i+1]) {
			continue
		}
		j := i + 1
		for j < len(text) && isDigit(text[j]) {
			j++
		}
		if n, err := strconv.Atoi(text[i+1 : j]); err == nil {
			f(i, j, n)
		}
		i = j - 1
	}
}

// mdRefIDs lists the numbered node references (!N) in text, in order.
func mdRefIDs(text string) []int {
	var out []int
	eachMDRef(text, func(_, _, n int) { out = append(out, n) })
	return out
}

// renameRefs rewrites the references to new nodes (IDs from first) in text.
func renameRefs(text string, first int, final []int) string {
	var b strings.Builder
	last := 0
	eachMDRef(text, func(start, end, n int) {
		if n >= first && n-first < len(final) {
			b.WriteString(text[last : start+1])
			b.WriteString(strconv.Itoa(final[n-first]))
			last = end
		}
	})
	if last == 0 {
		return text
	}
	b.WriteString(text[last:])
	return b.String()
}

// fixedKinds are LLVM's fixed metadata kinds (FixedMetadataKinds.def), in ID order: they
// come before every kind a module names.
var fixedKinds = []string{"dbg", "tbaa", "prof", "fpmath", "range", "tbaa.struct", "invariant.load",
	"alias.scope", "noalias", "nontemporal", "llvm.mem.parallel_loop_access", "nonnull", "dereferenceable",
	"dereferenceable_or_null", "make.implicit", "unpredictable", "invariant.group", "align", "llvm.loop",
	"type", "section_prefix", "absolute_symbol", "associated", "callees", "irr_loop", "llvm.access.group",
	"callback", "llvm.preserve.access.index", "vcall_visibility", "noundef", "annotation", "nosanitize",
	"func_sanitize", "exclude", "memprof", "callsite", "kcfi_type", "pcsections", "DIAssignID",
	"coro.outside.frame", "mmra", "noalias.addrspace"}

// KindRanker orders attachment kinds as LLVM numbers them, which is the order it prints a
// function's attachments in: the fixed kinds, then the kinds the module names in order of
// first appearance (LLVM's parser registers them so, as ours records them), then
// newKinds, the kinds a pass creates, in creation order.
func KindRanker(m *Module, newKinds ...string) func(string) int {
	return func(name string) int {
		for i, k := range fixedKinds {
			if k == name {
				return i
			}
		}
		if i, ok := m.kindOrder[name]; ok {
			return 1000 + i
		}
		for i, k := range newKinds {
			if k == name {
				return 1<<20 + i
			}
		}
		return 1 << 21
	}
}

// orderKinds numbers the kinds of first (kind: offset of its first attachment) in order
// of their offsets.
func orderKinds(first map[string]int) map[string]int {
	names := make([]string, 0, len(first))
	for name := range first {
		names = append(names, name)
	}
	sort.Slice(names, func(i, j int) bool { return first[names[i]] < first[names[j]] })
	order := make(map[string]int, len(names))
	for i, name := range names {
		order[name] = i
	}
	return order
}

// inStringOrComment reports whether offset i of src lies inside a quoted string or a
// ';' comment of its line.
func inStringOrComment(src []byte, i int) bool {
	inStr := false
	for p := bytes.LastIndexByte(src[:i], '\n') + 1; p < i; p++ {
		switch src[p] {
		case '"':
			inStr = !inStr
		case ';':
			if !inStr {
				return true
			}
		}
	}
	return inStr
}

// SetAttachmentRanked is SetAttachment that places a new attachment among f's existing
// ones where LLVM prints it (rank: KindRanker).
func (e *Editor) SetAttachmentRanked(f *Function, name string, id int, rank func(string) int) {
	if f.Attachment(name) >= 0 {
		e.SetAttachment(f, name, id)
		return
	}
	r := rank(name)
	for _, a := range f.Attachments {
		if rank(a.Name) > r {
			text := e.attachmentText("", name, id, " ")
			e.edits = append(e.edits, edit{at: a.Span.Start, end: a.Span.Start, text: text, seq: len(e.edits)})
			return
		}
	}
	if n := len(f.Attachments); f.Decl && n > 0 {
		// After a declaration's last attachment (SetAttachment puts it first).
		at := f.Attachments[n-1].Span.End
		e.edits = append(e.edits, edit{at: at, end: at, text: e.attachmentText(" ", name, id, ""), seq: len(e.edits)})
		return
	}
	e.SetAttachment(f, name, id)
}

// Replace replaces the module text in span with text (an empty text deletes it).
// Overlapping replacements keep the first one made.
func (e *Editor) Replace(span Span, text string) {
	e.edits = append(e.edits, edit{at: span.Start, end: span.End, text: text, seq: len(e.edits)})
}

// RemoveAttachment drops f's attachment "!name !N" (nothing when f has none).
func (e *Editor) RemoveAttachment(f *Function, name string) {
	for _, a := range f.Attachments {
		if a.Name == name {
			at, end := a.Span.Start, a.Span.End
			// With the blank that separates it from what precedes it.
			if at > 0 && e.m.Src[at-1] == ' ' {
				at--
			}
			e.edits = append(e.edits, edit{at: at, end: end, text: "", seq: len(e.edits)})
			return
		}
	}
}
