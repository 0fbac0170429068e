package llvmir

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// llvmName writes name after a sigil as LLVM prints it: bare when every byte is an
// identifier character and it does not start with a digit, else quoted with \XX escapes
// for '"', '\' and bytes outside printable ASCII.
func llvmName(name string) string {
	bare := name != "" && !isDigit(name[0])
	for i := 0; i < len(name); i++ {
		if !identChar[name[i]] {
			bare = false
		}
	}
	if bare {
		return name
	}
	out := []byte{'"'}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c == '"' || c == '\\' || c < 0x20 || c >= 0x7f {
			out = append(out, fmt.Sprintf("\\%02X", c)...)
		} else {
			out = append(out, c)
		}
	}
	return string(append(out, '"'))
}

// randomName draws names mixing identifier characters, spaces, quotes, backslashes,
// punctuation, digits first, and non-ASCII bytes.
func randomName(r *rand.Rand) string {
	alphabet := []byte("abcXYZ_.$-0129 \"\\@%!#(){},;:=\t\x01\x7f\xc3\xa9")
	n := 1 + r.Intn(12)
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[r.Intn(len(alphabet))]
	}
	return string(b)
}

// TestNameFormsRoundTrip: every name form LLVM prints reads back to the same name
// through the one lexer, wherever it appears: a definition, a direct call, a type and
// comdat definition line of the extractor, and a metadata operand.
func TestNameFormsRoundTrip(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	names := []string{"plain", "_Z3fooi", "a.b$c-d", "1digit", "with space", `q"uote`, `back\slash`, `\\`, `\41`, "é"}
	for i := 0; i < 500; i++ {
		names = append(names, randomName(r))
	}
	type form struct{ name, written string }
	var forms []form
	for _, name := range names {
		forms = append(forms, form{name, llvmName(name)})
		if w := llvmName(name); strings.Contains(w, `\5C`) {
			// LLVM's lexer also reads \\ as a backslash.
			forms = append(forms, form{name, strings.ReplaceAll(w, `\5C`, `\\`)})
		}
	}
	for _, fm := range forms {
		name, w := fm.name, fm.written
		src := fmt.Sprintf("%%%s = type { i32 }\n$%s = comdat any\n\n@g = global i32 0\n\ndefine void @%s() {\n  call void @%s()\n  ret void\n}\n\n!0 = !{ptr @%s}\n", w, w, w, w, w)
		m, err := Parse("names.ll", []byte(src))
		if err != nil {
			t.Fatalf("%q (written %s): %v", name, w, err)
		}
		f := m.Func(name)
		if f == nil || len(f.Calls) != 1 || f.Calls[0].Callee != name {
			t.Fatalf("%q (written %s): function or call not read back: %+v", name, w, m.Funcs)
		}
		if m.Structs[name] == nil {
			t.Errorf("%q (written %s): type not read back", name, w)
		}
		e := NewExtractor(m)
		if got := e.mdGlobals[0]; len(got) != 1 || got[0] != name {
			t.Errorf("%q (written %s): metadata operand read as %q", name, w, got)
		}
		var typeName, comdatName string
		for _, ol := range e.lines {
			switch ol.kind {
			case lineType:
				typeName = ol.name
			case lineComdat:
				comdatName = ol.name
			}
		}
		if typeName != name || comdatName != name {
			t.Errorf("%q (written %s): extractor read type %q, comdat %q", name, w, typeName, comdatName)
		}
	}
}
