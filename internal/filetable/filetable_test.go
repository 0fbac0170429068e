package filetable

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/diag"
)

func TestParseAndWrite(t *testing.T) {
	src := "[Code|Properties|Symbols]\na_0.ll|a_0.prop|a_0.sym\n\na_1.ll|a_1.prop|a_1.sym\n"
	tab, err := Parse("t.table", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(tab.Rows) != 2 || tab.Column(Properties) != 1 || tab.Lines[1] != 4 {
		t.Fatalf("%+v", tab)
	}
	want := "[Code|Properties|Symbols]\na_0.ll|a_0.prop|a_0.sym\na_1.ll|a_1.prop|a_1.sym\n"
	if got := string(tab.Bytes()); got != want {
		t.Errorf("write: %q", got)
	}
	untitled, err := Parse("u", []byte("x|y\n"))
	if err != nil || untitled.Column("1") != 1 || untitled.Titled {
		t.Errorf("untitled: %+v %v", untitled, err)
	}
}

func TestErrors(t *testing.T) {
	for _, tc := range []struct {
		src  string
		line int
	}{
		{"[Code|Properties]\na|b\nc|d|e\n", 3},
		{"[Code|Properties\n", 1},
		{"[Code||Symbols]\n", 1},
		{"", 0},
	} {
		_, err := Parse("bad.table", []byte(tc.src))
		var ie *diag.InputError
		if !errors.As(err, &ie) || ie.Line != tc.line {
			t.Errorf("%q: %v, want line %d", tc.src, err, tc.line)
		}
	}
}

func TestResolve(t *testing.T) {
	tf := filepath.Join("out", "t.table")
	if p, err := Resolve(tf, 2, "a_0.ll", false); err != nil || p != filepath.Join("out", "a_0.ll") {
		t.Errorf("%q %v", p, err)
	}
	for _, bad := range []string{"/etc/passwd", "../x.ll", "a/../../x", ""} {
		if _, err := Resolve(tf, 2, bad, false); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if p, err := Resolve(tf, 2, "/abs/x.ll", true); err != nil || p != "/abs/x.ll" {
		t.Errorf("allowOutside: %q %v", p, err)
	}
}

func TestControlCharactersRefused(t *testing.T) {
	for _, src := range []string{"[Code]\na\x01.ll\n", "\r\r\r", "[Co\x7fde]\n"} {
		if _, err := Parse("c.table", []byte(src)); err == nil {
			t.Errorf("%q accepted", src)
		}
	}
}
