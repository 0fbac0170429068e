package depcheck

import (
	"reflect"
	"strings"
	"testing"
)

func TestParseMake(t *testing.T) {
	text := "out.o: a.cpp \\\n  dir/with\\ space.h sub/../b.h \\\n  /usr/include/c++/12/vector x\\#y.h cost$$.h\n"
	want := []string{"a.cpp", "dir/with space.h", "sub/../b.h", "/usr/include/c++/12/vector", "x#y.h", "cost$.h"}
	if got := ParseMake(text); !reflect.DeepEqual(got, want) {
		t.Errorf("ParseMake = %q, want %q", got, want)
	}
	if got := ParseMake("no rule here"); got != nil {
		t.Errorf("no rule: %q", got)
	}
}

func TestNormalize(t *testing.T) {
	for in, want := range map[string]string{"a/./b/../c.h": "a/c.h", "/usr//include/../lib/x": "/usr/lib/x", "./x.h": "x.h", "/..": "/"} {
		if got, esc := Normalize(in); got != want || esc {
			t.Errorf("Normalize(%q) = %q, %v; want %q", in, got, esc, want)
		}
	}
	if _, esc := Normalize("a/../../etc/passwd"); !esc {
		t.Errorf("a climb out of the root was not noticed")
	}
}

func TestUndeclared(t *testing.T) {
	c := &Checker{
		Declared:    map[string]bool{"pkg/a.cpp": true, "pkg/a.h": true},
		BuiltinDirs: []string{"/usr/include", "external/sysroot/usr/include/"},
	}
	got := c.Undeclared([]string{"pkg/a.cpp", "pkg/./a.h", "/usr/include/stdio.h", "external/sysroot/usr/include/x.h",
		"/usr/includes/x.h", "/abs/dev.h", "pkg/hidden.h", "../outside.h", "pkg/hidden.h",
		"/proc/self/cwd/pkg/a.h", "/proc/self/cwd/pkg/../pkg/other.h", "/proc/self/cwdx/pkg/a.h"})
	if len(got) != 6 {
		t.Fatalf("got %d undeclared, want 6: %q", len(got), got)
	}
	for i, want := range []string{"/usr/includes/x.h (an absolute path", "/abs/dev.h (an absolute path", "pkg/hidden.h (not in the hdrs", "../outside.h (outside the execution root",
		"/proc/self/cwd/pkg/../pkg/other.h (not in the hdrs", "/proc/self/cwdx/pkg/a.h (an absolute path"} {
		if !strings.HasPrefix(got[i], want) {
			t.Errorf("#%d = %q, want %q...", i, got[i], want)
		}
	}
}
