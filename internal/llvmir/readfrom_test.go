package llvmir

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
)

// readerAt reads src, counting reads, or fails every read.
type readerAt struct {
	src   []byte
	reads int
	fail  bool
}

func (r *readerAt) ReadAt(p []byte, off int64) (int, error) {
	r.reads++
	if r.fail {
		return 0, errors.New("unreadable")
	}
	if n := copy(p, r.src[off:]); n < len(p) {
		return n, errors.New("short")
	}
	return len(p), nil
}

// TestReadFunctionsFrom: modules extracted with the functions' text read through a
// reader (runs of nearby functions, one window at a time) are the bytes of those read
// from Module.Src, also where every read fails; the reader is used. The generated module
// has functions farther apart than a run's gap and more text than one run holds.
func TestReadFunctionsFrom(t *testing.T) {
	var gen strings.Builder
	gen.WriteString("target triple = \"spirv64-unknown-unknown\"\n\n")
	for i := 0; i < 800; i++ {
		if i%7 == 0 {
			fmt.Fprintf(&gen, "; %s\n", strings.Repeat("gap ", runGap/3))
		}
		fmt.Fprintf(&gen, "define internal void @f%d() !dbg !%d {\n", i, i%3)
		for k := 0; k < 80; k++ {
			fmt.Fprintf(&gen, "  %%v%d = add i32 %d, %d ; filler filler filler\n", k, i, k)
		}
		if i > 0 {
			fmt.Fprintf(&gen, "  call void @f%d()\n", i-1-i%3)
		}
		gen.WriteString("  ret void\n}\n\n")
	}
	gen.WriteString("define spir_kernel void @k() {\n  call void @f799()\n  call void @f400()\n  ret void\n}\n")
	gen.WriteString("!0 = !{!\"a\"}\n!1 = !{!\"b\"}\n!2 = !{!\"c\"}")
	if gen.Len() < 2*runMax {
		t.Fatalf("the generated module has %d bytes, fewer than two runs", gen.Len())
	}
	files := map[string][]byte{"generated": []byte(gen.String())}
	for _, f := range allTestIR(t) {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		files[f] = src
	}
	for name, src := range files {
		m, err := Parse(name, src)
		if err != nil {
			continue // an input the parser refuses (a test of errors)
		}
		plain := NewExtractor(m)
		good := &readerAt{src: src}
		read := NewExtractor(m)
		read.ReadFunctionsFrom(good)
		failing := NewExtractor(m)
		failing.ReadFunctionsFrom(&readerAt{src: src, fail: true})
		var sets [][]*Function
		var all []*Function
		for _, f := range m.Funcs {
			if !f.Decl {
				all = append(all, f)
			}
		}
		step := len(all)/25 + 1 // a few dozen sets of one
		for i := 0; i < len(all); i += step {
			sets = append(sets, all[i:i+1])
		}
		sets = append(sets, all)
		for _, entries := range sets {
			for label, e := range map[string]*Extractor{"read": read, "failing": failing} {
				c := e.Closure(entries)
				for f := range c.Funcs {
					if !f.Local && f.Index%2 == 0 {
						c.Internal = map[*Function]bool{f: true} // InternalizeHeader on read text
					}
				}
				pc := plain.Closure(entries)
				pc.Internal = c.Internal
				want := plain.Module(pc)
				if got := e.Module(c); !bytes.Equal(got, want) {
					t.Fatalf("%s: entries from @%s (%d): %s differs:\n%s\nwant:\n%s", name, entries[0].Name, len(entries), label, got, want)
				}
			}
		}
		if len(all) > 0 && good.reads == 0 {
			t.Errorf("%s: the reader was not used", name)
		}
	}
}
