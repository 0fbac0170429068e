package llvmir

import (
	"bytes"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/testutil/irgen"
)

// parseSequential parses as the reader did before it spread bodies over the processors.
func parseSequential(t *testing.T, file string, src []byte) (*Module, error) {
	t.Helper()
	p := &parser{file: file, src: src, line: 1, m: &Module{
		File: file, Src: src, Structs: map[string]*StructType{}, MD: map[int]*MDNode{}, MaxMD: -1,
		AttrGroups: map[int]*AttrGroup{}, funcByName: map[string]*Function{}, globalByName: map[string]*Global{},
		namedByName: map[string]*NamedMD{},
	}}
	if err := p.parse(); err != nil {
		return nil, err
	}
	p.resolveTypes()
	for _, f := range p.m.Funcs {
		p.m.resolveCalls(f)
	}
	return p.m, p.checkRefs()
}

// TestParallelBodiesAsSequential: a module large enough for the bodies to be parsed in
// parallel reads exactly as the sequential reader reads it, and the first error in file
// order is the one reported.
func TestParallelBodiesAsSequential(t *testing.T) {
	var b bytes.Buffer
	if err := irgen.Write(&b, irgen.Options{Kernels: 200, Helpers: 2000, Body: 14, Seed: 3, Debug: true}); err != nil {
		t.Fatal(err)
	}
	src := b.Bytes()
	if len(src) < 2*parallelBodies {
		t.Fatalf("module of %d bytes: too small for the parallel path", len(src))
	}
	par, err := Parse("big.ll", src)
	if err != nil {
		t.Fatal(err)
	}
	seq, err := parseSequential(t, "big.ll", src)
	if err != nil {
		t.Fatal(err)
	}
	if len(par.Funcs) != len(seq.Funcs) {
		t.Fatalf("%d functions, sequentially %d", len(par.Funcs), len(seq.Funcs))
	}
	for i := range par.Funcs {
		if !reflect.DeepEqual(par.Funcs[i], seq.Funcs[i]) {
			t.Fatalf("function %s differs from the sequential reading:\n%+v\n%+v", par.Funcs[i].Name, par.Funcs[i], seq.Funcs[i])
		}
	}
	if !reflect.DeepEqual(par.Items, seq.Items) {
		t.Errorf("items differ")
	}

	// Errors: a bad instruction late in the file and another early: the early one wins,
	// also when a top-level error follows.
	lines := strings.Split(string(src), "\n")
	var early, late int
	for i, l := range lines {
		if strings.HasPrefix(l, "  ") && strings.Contains(l, " = ") {
			if early == 0 && i > len(lines)/10 {
				early = i
			}
			if i > len(lines)*9/10 {
				late = i
				break
			}
		}
	}
	lines[early] = "  %bad = add i32 0, !" + `"unterminated`
	lines[late] = "  %bad2 = add i32 0, !" + `"unterminated`
	lines = append(lines, "& not IR")
	bad := []byte(strings.Join(lines, "\n"))
	_, perr := Parse("bad.ll", bad)
	_, serr := parseSequential(t, "bad.ll", bad)
	if perr == nil || serr == nil || perr.Error() != serr.Error() {
		t.Fatalf("errors differ: parallel %v, sequential %v", perr, serr)
	}
	if !strings.Contains(perr.Error(), "bad.ll:"+strconv.Itoa(early+1)+":") {
		t.Errorf("error %v is not at line %d", perr, early+1)
	}
}

// TestEarlyBodies: on a large module the top-level pass hands bodies to the early reader,
// whose work stands, and the module reads as it reads without it; a type definition
// after a body makes the early work not stand, and the module then reads as it reads
// without it (the late type is seen in the first body).
func TestEarlyBodies(t *testing.T) {
	var b bytes.Buffer
	if err := irgen.Write(&b, irgen.Options{Kernels: 200, Helpers: 2000, Body: 14, Seed: 5}); err != nil {
		t.Fatal(err)
	}
	src := b.Bytes()
	text := string(src)
	at := strings.Index(text, "\ndefine ")
	at += strings.Index(text[at:], "{\n") + 2
	late := []byte(text[:at] + "  %late = alloca %late.T, align 4\n" + text[at:] + "\n%late.T = type { double }\n")
	for _, c := range []struct {
		name     string
		src      []byte
		standing bool
	}{{"big.ll", src, true}, {"late.ll", late, false}} {
		p := newParser(c.name, c.src, nil)
		p.speculate = true
		if _, err := p.parseUnchecked(); err != nil {
			t.Fatal(err)
		}
		sent := p.early.sent
		if parsed, ok := p.endEarly(); ok != c.standing || ok && (parsed != sent || sent == 0) {
			t.Errorf("%s: early reader: %d of the %d bodies sent, ok %v", c.name, parsed, sent, ok)
		}
		with, err := Parse(c.name, c.src)
		if err != nil {
			t.Fatal(err)
		}
		without, err := ParseWith(c.name, c.src, ParseOptions{sequentialTop: true})
		if err != nil {
			t.Fatal(err)
		}
		for i := range with.Funcs {
			if !reflect.DeepEqual(with.Funcs[i], without.Funcs[i]) {
				t.Fatalf("%s: function %s differs from the reading without early bodies:\n%+v\n%+v", c.name, with.Funcs[i].Name, with.Funcs[i], without.Funcs[i])
			}
		}
		if !reflect.DeepEqual(with.kindOrder, without.kindOrder) {
			t.Errorf("%s: kinds %v, without early bodies %v", c.name, with.kindOrder, without.kindOrder)
		}
		if f := with.Funcs[0]; c.name == "late.ll" && !strings.Contains(strings.Join(f.Body.Structs, ","), "late.T") {
			t.Errorf("%s does not use %%late.T by value: %+v", f.Name, f.Body)
		}
	}
}
