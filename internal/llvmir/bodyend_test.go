package llvmir

import (
	"bytes"
	"math/rand"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/testutil/irgen"
)

// bodyEndByLines is bodyEnd as body reads a body: line by line.
func bodyEndByLines(src []byte, pos int) (next, lines int, ok bool) {
	for pos < len(src) {
		end := lineEnd(src, pos)
		lines++
		i := skipSpaces(src, pos, end)
		e := end
		for e > i && (src[e-1] == ' ' || src[e-1] == '\r' || src[e-1] == '\t') {
			e--
		}
		if e-i == 1 && src[i] == '}' {
			return min(end+1, len(src)), lines, true
		}
		pos = end + 1
	}
	return 0, 0, false
}

// TestBodyEndAsLines: bodyEnd, which looks only at lines with a '}', finds the end and
// counts the lines as reading line by line does, on generated modules and on lines
// with braces, spaces, tabs and carriage returns in every position.
func TestBodyEndAsLines(t *testing.T) {
	var b bytes.Buffer
	if err := irgen.Write(&b, irgen.Options{Kernels: 20, Helpers: 200, Body: 6, Seed: 5, Debug: true}); err != nil {
		t.Fatal(err)
	}
	src := b.Bytes()
	check := func(src []byte, pos int) {
		t.Helper()
		n1, l1, ok1 := bodyEnd(src, pos)
		n2, l2, ok2 := bodyEndByLines(src, pos)
		if n1 != n2 || l1 != l2 || ok1 != ok2 {
			t.Fatalf("at %d of %q: bodyEnd %d %d %v, by lines %d %d %v", pos, src[pos:min(pos+80, len(src))], n1, l1, ok1, n2, l2, ok2)
		}
	}
	for pos := 0; pos < len(src); pos++ {
		if pos == 0 || src[pos-1] == '\n' {
			check(src, pos)
		}
	}
	pieces := []string{"}", " }", "\t}", "} ", "}\r", "{ i32 1 }", "}}", " ", "\t", "\r", "\n", "x", "%a = add i32 1, 2", "\"}\""}
	rng := rand.New(rand.NewSource(1))
	for n := 0; n < 20000; n++ {
		var s []byte
		for k := rng.Intn(12); k >= 0; k-- {
			s = append(s, pieces[rng.Intn(len(pieces))]...)
		}
		check(s, 0)
	}
}
