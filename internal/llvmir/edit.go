package llvmir

import (
	"bufio"
	"io"
	"sort"
	"strconv"
)

// Editor collects changes to a module and writes the edited text. Unchanged bytes are
// copied from the input as they are.
type Editor struct {
	m      *Module
	edits  []edit
	newMD  []string // text of new nodes, numbered from firstNew
	byText map[string]int
	nextID int
	// existing maps the text of the module's own small non-distinct tuples to their IDs,
	// so that added nodes reuse them (built on first use).
	existing map[string]int
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
	e.newMD = append(e.newMD, "!"+strconv.Itoa(id)+" = "+value+"\n")
	return id
}

// SetAttachment gives function f the attachment "!name !id", replacing an existing
// attachment of that name. A definition gets it before its "{", a declaration after
// "declare", where LLVM's parser reads them.
func (e *Editor) SetAttachment(f *Function, name string, id int) {
	text := "!" + name + " !" + strconv.Itoa(id)
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
	e.edits = append(e.edits, edit{at: at, end: at, text: " " + text, seq: len(e.edits)})
}

// Changed reports whether any edit was made.
func (e *Editor) Changed() bool { return len(e.edits) > 0 || len(e.newMD) > 0 }

// WriteTo writes the edited module.
func (e *Editor) WriteTo(w io.Writer) (int64, error) {
	src := e.m.Src
	edits := append([]edit(nil), e.edits...)
	sort.SliceStable(edits, func(i, j int) bool {
		if edits[i].at != edits[j].at {
			return edits[i].at < edits[j].at
		}
		return edits[i].seq < edits[j].seq
	})
	bw := bufio.NewWriterSize(w, 1<<20)
	var n int64
	pos := 0
	for _, ed := range edits {
		if ed.at < pos {
			continue // overlapping edit: the first one wins
		}
		k, _ := bw.Write(src[pos:ed.at])
		n += int64(k)
		k, _ = bw.WriteString(ed.text)
		n += int64(k)
		pos = ed.end
	}
	k, _ := bw.Write(src[pos:])
	n += int64(k)
	if len(e.newMD) > 0 {
		if len(src) > 0 && src[len(src)-1] != '\n' {
			bw.WriteByte('\n')
			n++
		}
		for _, t := range e.newMD {
			k, _ := bw.WriteString(t)
			n += int64(k)
		}
	}
	return n, bw.Flush()
}
