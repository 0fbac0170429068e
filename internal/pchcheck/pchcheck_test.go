package pchcheck

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/diag"
)

// project writes files (path relative to a temporary directory) and returns the directory.
func project(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestCheck(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		// want is "" for a TU that may use the precompiled header, else the error's
		// file:line (relative to the project) and a part of its message.
		want, msg string
	}{
		{name: "first", files: map[string]string{"tu.cpp": "// A kernel.\n\n#include <sycl/sycl.hpp>\n#define AFTER 1\nint x;\n"}},
		{name: "quoted", files: map[string]string{"tu.cpp": "#include \"sycl/sycl.hpp\"\n"}},
		{name: "standard headers first", files: map[string]string{"tu.cpp": "#include <vector>\n#include <cmath>\n#include <sycl/sycl.hpp>\n"}},
		{name: "other SYCL headers first", files: map[string]string{"tu.cpp": "#include <sycl/ext/oneapi/bfloat16.hpp>\n#include <CL/sycl.hpp>\n#include <sycl/sycl.hpp>\n"}},
		{name: "pragmas and line", files: map[string]string{"tu.cpp": "#pragma GCC diagnostic push\n#line 7\n#\n#include <sycl/sycl.hpp>\n"}},
		{name: "comments", files: map[string]string{"tu.cpp": "/* #define A 1\n   int code; */\n// #define B 2 \\\n   still a comment\n#include /* x */ <sycl/sycl.hpp> // y\n"}},
		{name: "continued include", files: map[string]string{"tu.cpp": "#include \\\n  <sycl/sycl.hpp>\n"}},
		{name: "byte order mark", files: map[string]string{"tu.cpp": "\xef\xbb\xbf#include <sycl/sycl.hpp>\n"}},
		{name: "crlf", files: map[string]string{"tu.cpp": "// x\r\n#include <sycl/sycl.hpp>\r\n"}},
		{name: "project header with pragma once", files: map[string]string{
			"tu.cpp":   "#include \"common.h\"\n#include \"other.h\"\n",
			"common.h": "#pragma once\n#include <cmath>\n#include <sycl/sycl.hpp>\n#define LATER 1\n",
		}},
		{name: "project header with a guard", files: map[string]string{
			"tu.cpp":   "#include \"common.h\"\n",
			"common.h": "// Common.\n#ifndef COMMON_H\n#define COMMON_H\n#include <sycl/sycl.hpp>\n#endif\n",
		}},
		{name: "guard as if !defined", files: map[string]string{
			"tu.cpp":   "#include \"a.h\"\n",
			"a.h":      "#pragma once\n#if !defined(A_H)\n#define A_H\n#include \"b/b.h\"\n#endif\n",
			"b/b.h":    "#if ! defined B_H\n#define B_H\n#endif\n",
			"unused.h": "#define X\n",
		}, want: "tu.cpp:0", msg: "does not include <sycl/sycl.hpp>"},
		{name: "guarded headers, then sycl", files: map[string]string{
			"tu.cpp": "#include \"a.h\"\n#include <sycl/sycl.hpp>\n",
			"a.h":    "#ifndef A_H\n#define A_H\n#include \"b.h\"\n#endif\n",
			"b.h":    "#ifndef B_H\n#define B_H\n#include \"a.h\"\n#endif\n",
		}},
		{name: "header from -I", files: map[string]string{
			"tu.cpp":            "#include <proj/common.h>\n",
			"inc/proj/common.h": "#pragma once\n#define CONFIG 1\n#include <sycl/sycl.hpp>\n",
		}, want: "inc/proj/common.h:2", msg: "#define before the include of <sycl/sycl.hpp>"},
		{name: "define first", files: map[string]string{"tu.cpp": "// Swizzles.\n#define SYCL_SIMPLE_SWIZZLES\n#include <sycl/sycl.hpp>\n"},
			want: "tu.cpp:2", msg: "#define before the include of <sycl/sycl.hpp>"},
		{name: "undef first", files: map[string]string{"tu.cpp": "#undef NDEBUG\n#include <sycl/sycl.hpp>\n"},
			want: "tu.cpp:1", msg: "#undef"},
		{name: "conditional first", files: map[string]string{"tu.cpp": "#ifdef USE_SYCL\n#include <sycl/sycl.hpp>\n#endif\n"},
			want: "tu.cpp:1", msg: "#ifdef"},
		{name: "guard in the TU itself", files: map[string]string{"tu.cpp": "#ifndef TU\n#define TU\n#include <sycl/sycl.hpp>\n#endif\n"},
			want: "tu.cpp:1", msg: "#ifndef"},
		{name: "code first", files: map[string]string{"tu.cpp": "#include <cstdlib>\nstatic int f(int x) { return abs(x); }\n#include <sycl/sycl.hpp>\n"},
			want: "tu.cpp:2", msg: "code before the include"},
		{name: "define in a header", files: map[string]string{
			"tu.cpp":   "// First.\n#include \"common.h\"\n",
			"common.h": "#pragma once\n#define SYCL_SIMPLE_SWIZZLES\n#include <sycl/sycl.hpp>\n",
		}, want: "common.h:2", msg: "tu.cpp:2)"},
		{name: "macro include", files: map[string]string{"tu.cpp": "#include SYCL_HEADER\n"},
			want: "tu.cpp:1", msg: "cannot read"},
		{name: "import", files: map[string]string{"tu.cpp": "#import <x.h>\n#include <sycl/sycl.hpp>\n"},
			want: "tu.cpp:1", msg: "#import"},
		{name: "no sycl", files: map[string]string{"tu.cpp": "#include <vector>\n"},
			want: "tu.cpp:0", msg: "does not include <sycl/sycl.hpp>"},
		{name: "binary", files: map[string]string{"tu.cpp": "\x00\x01"},
			want: "tu.cpp:0", msg: "NUL"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := project(t, tc.files)
			err := Check(filepath.Join(dir, "tu.cpp"), Options{Dirs: []string{filepath.Join(dir, "inc")}})
			if tc.want == "" {
				if err != nil {
					t.Fatalf("Check: %v", err)
				}
				return
			}
			var ie *diag.InputError
			if !errors.As(err, &ie) {
				t.Fatalf("Check: %v, want an input error at %s", err, tc.want)
			}
			rel, _ := filepath.Rel(dir, ie.File)
			if got := rel + ":" + strconv.Itoa(ie.Line); got != tc.want {
				t.Errorf("error at %s, want %s: %v", got, tc.want, err)
			}
			if !strings.Contains(err.Error(), tc.msg) || !strings.Contains(err.Error(), "host_pch") {
				t.Errorf("error %q does not say %q", err, tc.msg)
			}
		})
	}
}

func TestSearchOrder(t *testing.T) {
	// "x.h" is the including file's directory's before -iquote's, -I's and -isystem's;
	// <x.h> skips the including file's directory and -iquote.
	dir := project(t, map[string]string{
		"tu.cpp":      "#include \"x.h\"\n#include <y.h>\n#include <sycl/sycl.hpp>\n",
		"x.h":         "#pragma once\n",
		"q/x.h":       "#define BAD\n",
		"q/y.h":       "#define BAD\n",
		"sys/y.h":     "#define ALSO_BAD\n",
		"inc/other.h": "",
	})
	o := Options{QuoteDirs: []string{filepath.Join(dir, "q")}, SystemDirs: []string{filepath.Join(dir, "sys")}}
	err := Check(filepath.Join(dir, "tu.cpp"), o)
	var ie *diag.InputError
	if !errors.As(err, &ie) || filepath.Base(filepath.Dir(ie.File)) != "sys" || ie.Line != 1 {
		t.Fatalf("Check: %v, want the error in sys/y.h:1 (<y.h> is not searched in -iquote)", err)
	}
}

func TestMissingSource(t *testing.T) {
	err := Check(filepath.Join(t.TempDir(), "gone.cpp"), Options{})
	var ie *diag.InputError
	if !errors.As(err, &ie) || !strings.HasSuffix(ie.File, "gone.cpp") {
		t.Fatalf("Check: %v, want an input error naming gone.cpp", err)
	}
}

func TestTooLarge(t *testing.T) {
	dir := project(t, map[string]string{"tu.cpp": "#include \"big.h\"\n", "big.h": "// big\n"})
	o := Options{Read: func(p string) ([]byte, error) {
		if strings.HasSuffix(p, "big.h") {
			return nil, errors.New("larger than the limit")
		}
		return os.ReadFile(p)
	}}
	err := Check(filepath.Join(dir, "tu.cpp"), o)
	if err == nil || !strings.Contains(err.Error(), "tu.cpp:1:") || !strings.Contains(err.Error(), "larger than the limit") {
		t.Fatalf("Check: %v, want the include line of the unreadable header", err)
	}
}

func FuzzCheck(f *testing.F) {
	f.Add([]byte("#include <sycl/sycl.hpp>\n"))
	f.Add([]byte("/* a\n b */ #define X \\\n 1\n// c \\\n d\n\"s\\\"\" '\\''\n"))
	// The TU is read from memory in an empty directory (no file written per input):
	// its includes resolve to nothing and are not followed.
	p := filepath.Join(f.TempDir(), "tu.cpp")
	f.Fuzz(func(t *testing.T, data []byte) {
		ls := logicalLines(data)
		last := 0
		for _, l := range ls {
			if l.line <= last && last != 0 || l.line < 1 {
				t.Fatalf("line numbers not increasing: %v", ls)
			}
			last = l.line
		}
		if n := strings.Count(string(data), "\n") + 1; last > n {
			t.Fatalf("line %d past the file's %d lines", last, n)
		}
		read := func(path string) ([]byte, error) {
			if path != p {
				return nil, os.ErrNotExist
			}
			return data, nil
		}
		if err := Check(p, Options{Read: read}); err != nil {
			var ie *diag.InputError
			if !errors.As(err, &ie) {
				t.Fatalf("Check: %v is not an input error", err)
			}
		}
	})
}
