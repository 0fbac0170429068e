package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// body returns n statements of one line each.
func body(n int, stmt string) string {
	return strings.Repeat(stmt+"\n", n)
}

func TestGoLength(t *testing.T) {
	lim := Limits{Lines: 10, Complexity: 25}
	// A function of exactly 10 lines (func line, 8 statements, closing brace) passes.
	ok := "package p\n\nfunc f() {\n" + body(8, "\t_ = 1") + "}\n"
	if got, err := CheckGo("ok.go", []byte(ok), lim); err != nil || len(got) != 0 {
		t.Fatalf("10 lines: %v, %v", got, err)
	}
	long := "package p\n\ntype T struct{}\n\nfunc (t *T) g() {\n" + body(9, "\t_ = 1") + "}\n"
	got, err := CheckGo("long.go", []byte(long), lim)
	if err != nil || len(got) != 1 || got[0].String() != "long.go:5: func (T).g is 11 lines (at most 10)" {
		t.Fatalf("11 lines: %v, %v", got, err)
	}
	// Tests are held to the complexity limit only.
	if got, err := CheckGo("long_test.go", []byte(long), lim); err != nil || len(got) != 0 {
		t.Fatalf("a test file: %v, %v", got, err)
	}
}

func TestComplexity(t *testing.T) {
	for _, c := range []struct {
		body string
		want int
	}{
		{"", 1},
		{"if a && b || c {}", 4},
		{"for i := 0; i < 1; i++ {}; for range x {}", 3},
		{"switch x { case 1, 2: case 3: default: }", 3},
		{"select { case <-ch: default: }", 2},
		{"f := func() { if a {} }; _ = f", 2},
	} {
		src := fmt.Sprintf("package p\n\nfunc f() {\n%s\n}\n", c.body)
		lim := Limits{Lines: 100, Complexity: c.want - 1}
		got, err := CheckGo("c.go", []byte(src), lim)
		if err != nil {
			t.Fatalf("%q: %v", c.body, err)
		}
		want := fmt.Sprintf("c.go:3: func f has complexity %d (at most %d)", c.want, c.want-1)
		if len(got) != 1 || got[0].String() != want {
			t.Errorf("%q: got %v, want %s", c.body, got, want)
		}
		if got, _ := CheckGo("c.go", []byte(src), Limits{Lines: 100, Complexity: c.want}); len(got) != 0 {
			t.Errorf("%q at its own complexity: %v", c.body, got)
		}
	}
}

func TestStarlark(t *testing.T) {
	lim := Limits{Lines: 5, Complexity: 25}
	src := "def short():\n" + body(4, "    x = 1") + "\ndef long(ctx):\n" + body(5, "    x = 1") + "    for a in ctx.attr.srcs:\n        pass\n"
	got, err := CheckStarlark("a.bzl", []byte(src), lim)
	if err != nil || len(got) != 1 || got[0].String() != "a.bzl:7: def long is 8 lines (at most 5)" {
		t.Fatalf("got %v, %v", got, err)
	}
}

func TestRun(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.go")
	bad := filepath.Join(dir, "bad.bzl")
	broken := filepath.Join(dir, "broken.go")
	for name, src := range map[string]string{
		good:   "package p\n\nfunc f() {}\n",
		bad:    "def f():\n" + body(3, "    pass"),
		broken: "package p\n\nfunc f( {\n",
	} {
		if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var out, errs bytes.Buffer
	if rc := run([]string{good}, &out, &errs); rc != 0 || out.Len() != 0 {
		t.Fatalf("good: rc %d, %q %q", rc, out.String(), errs.String())
	}
	if rc := run([]string{"-max-lines=3", good, bad}, &out, &errs); rc != 1 || out.String() != bad+":1: def f is 4 lines (at most 3)\n" {
		t.Fatalf("bad: rc %d, %q %q", rc, out.String(), errs.String())
	}
	out.Reset()
	errs.Reset()
	if rc := run([]string{broken}, &out, &errs); rc != 2 || !strings.Contains(errs.String(), "broken.go:3") {
		t.Fatalf("broken: rc %d, %q %q", rc, out.String(), errs.String())
	}
}
