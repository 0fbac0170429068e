package llvmir

import (
	"bytes"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// textKindOrder is the attachment kinds of a module's text in order of first
// appearance, found by reading the whole text: every "!name !" outside strings,
// comments and named metadata definitions. It is the reference for the kinds the parser
// records as it reads.
func textKindOrder(src []byte) map[string]int {
	order := map[string]int{}
	for i := 0; i < len(src); {
		k := bytes.IndexByte(src[i:], '!')
		if k < 0 {
			break
		}
		i += k
		name, ok := kindAt(src, i, len(src))
		if ok && !inStringOrComment(src, i) {
			if _, seen := order[string(name)]; !seen {
				order[string(name)] = len(order)
			}
		}
		i++
	}
	return order
}

// TestKindOrder: the kinds the parser records (function, global and instruction
// attachments, bodies read in parallel) are those of the whole text, in the same order,
// for every test module and for a module whose kinds first appear deep in late bodies.
func TestKindOrder(t *testing.T) {
	var gen bytes.Buffer
	gen.WriteString("@g = global i32 0, !gk !0\n")
	for i := 0; i < 3000; i++ {
		gen.WriteString("define void @f" + strconv.Itoa(i) + "() !fk !0 {\n")
		for k := 0; k < 30; k++ {
			gen.WriteString("  %v" + strconv.Itoa(k) + " = add i32 1, 2, !dbg !0\n")
		}
		if i == 2500 {
			gen.WriteString("  %late = add i32 1, 2, !late !0 ; !comment !0\n  %s = add i32 1, 2, !\"str\" !0\n")
		}
		if i == 2000 {
			gen.WriteString("  %early = add i32 1, 2, !early !0\n")
		}
		gen.WriteString("  ret void\n}\n")
	}
	gen.WriteString("!named = !{!0}\n!0 = !{}\n")
	files := map[string][]byte{"generated": gen.Bytes()}
	for _, f := range allTestIR(t) {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		files[f] = src
	}
	seen := 0
	for name, src := range files {
		m, err := Parse(name, src)
		if err != nil {
			continue
		}
		want := textKindOrder(src)
		if len(want) == 0 && len(m.kindOrder) == 0 {
			continue
		}
		seen++
		if !reflect.DeepEqual(m.kindOrder, want) {
			t.Errorf("%s: kinds %v, the text's %v", name, m.kindOrder, want)
		}
	}
	if m, _ := Parse("generated", gen.Bytes()); m == nil || m.kindOrder["late"] != 4 || m.kindOrder["early"] != 3 {
		t.Errorf("generated: kinds %v", m.kindOrder)
	}
	if seen < 3 { // the generated one and test modules (Bazel's test has this package's)
		t.Errorf("only %d modules have attachments", seen)
	}
}

// TestIsASCII: a byte of 0x80 or more at any position of texts of any length (the
// 32-byte steps and the tail) is found.
func TestIsASCII(t *testing.T) {
	for n := 0; n < 100; n++ {
		b := bytes.Repeat([]byte{'a'}, n)
		if !isASCII(b) {
			t.Fatalf("%d ASCII bytes: not ASCII", n)
		}
		for i := 0; i < n; i++ {
			for _, c := range []byte{0x80, 0xc3, 0xff} {
				b[i] = c
				if isASCII(b) {
					t.Fatalf("byte %#x at %d of %d: ASCII", c, i, n)
				}
				b[i] = 'a'
			}
		}
	}
}

// TestAttachmentNames: a function attachment's kind is a metadata name as LLVM's lexer
// reads one ('$', '.', '-' and digits after the first character), recorded with the
// kinds; a name that starts with a digit is no kind.
func TestAttachmentNames(t *testing.T) {
	m, err := Parse("names.ll", []byte("define void @f() !my$kind.x-1 !0 {\n  ret void\n}\n!0 = !{}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if f := m.Func("f"); f.Attachment("my$kind.x-1") != 0 {
		t.Errorf("attachments %+v", f.Attachments)
	}
	if _, ok := m.kindOrder["my$kind.x-1"]; !ok {
		t.Errorf("kinds %v", m.kindOrder)
	}
	_, err = Parse("digit.ll", []byte("define void @f() !0kind !0 {\n  ret void\n}\n!0 = !{}\n"))
	if err == nil || !strings.Contains(err.Error(), "digit.ll:1: malformed metadata attachment") {
		t.Errorf("a kind starting with a digit: %v", err)
	}
}
