package sycl

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"syscall"
	"testing"
	"time"
)

func TestScanFile(t *testing.T) {
	src := `// #include "commented.h"
#include <cstdio>
#include "lib/scale.h"  // the scale function
/* #include <sycl/sycl.hpp>
   int main() { } */
  #  include "rsycl/sycl_lite.h"
const char *s = "int main(";
int x = 1'000'000; char c = '"';
int main(int argc, char **argv) { return 0; }
`
	fi := scanFile("app", "main.cpp", []byte(src))
	want := []include{
		{Path: "cstdio", Line: 2},
		{Path: "lib/scale.h", Quoted: true, Line: 3},
		{Path: "rsycl/sycl_lite.h", Quoted: true, Line: 6},
	}
	if !reflect.DeepEqual(fi.Includes, want) {
		t.Errorf("includes = %+v, want %+v", fi.Includes, want)
	}
	if !fi.Marker || !fi.HasMain || fi.Rel != "app/main.cpp" {
		t.Errorf("got %+v", fi)
	}
}

func TestScanFileMarkersAndMain(t *testing.T) {
	for _, tc := range []struct {
		src          string
		marker, main bool
	}{
		{"#include <sycl/sycl.hpp>\n", true, false},
		{"#include <CL/sycl.hpp>\n", true, false},
		{"#include <vector>\nint f();\n", false, false},
		{"[[clang::sycl_external]] float f(float);\n", true, false},
		{"SYCL_EXTERNAL void g();\n", true, false},
		{"// SYCL_EXTERNAL\nint main() {}\n", false, true},
		{"const char *m = \"sycl_kernel_entry_point\";\n", false, false},
		{"int mymain() {}\nint ns::main() {}\n", false, false},
		{"int\nmain2();\nstatic int main (void) { return 0; }\n", false, true},
	} {
		fi := scanFile("", "x.cpp", []byte(tc.src))
		if fi.Marker != tc.marker || fi.HasMain != tc.main {
			t.Errorf("%q: marker=%v main=%v, want %v %v", tc.src, fi.Marker, fi.HasMain, tc.marker, tc.main)
		}
	}
}

func TestStripKeepsLines(t *testing.T) {
	src := []byte("a /* b\nc */ d \"e\\\"f\" // g\nh\n")
	got := string(stripCommentsAndStrings(src))
	want := "a     \n     d \"    \"     \nh\n"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestReadFileInfoRegularOnly: a header that is a symlink to /dev/zero or a FIFO is
// refused at once with a message, not read (it used to take 4 GB, or hang).
func TestReadFileInfoRegularOnly(t *testing.T) {
	dir := t.TempDir()
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero.h")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo.h"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "big.h"), make([]byte, maxSourceBytes+1), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"zero.h", "fifo.h", "big.h"} {
		done := make(chan error, 1)
		go func() { _, err := readFileInfo(dir, "pkg", name); done <- err }()
		select {
		case err := <-done:
			if err == nil {
				t.Errorf("%s: read", name)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: still reading after 10 s", name)
		}
	}
}

// TestLongIncludeChain: a chain of 20,000 headers, each including the next and the last
// including <sycl/sycl.hpp>, makes every one SYCL code in one pass over the include edges
// (the closure used to pass over every file once per link: minutes for such a chain).
func TestLongIncludeChain(t *testing.T) {
	const n = 20000
	files := map[string]*fileInfo{}
	var names []string
	for i := 0; i < n; i++ {
		name := fmt.Sprintf("h%05d.h", i)
		fi := &fileInfo{Name: name, Rel: "pkg/" + name}
		if i+1 < n {
			fi.Includes = []include{{Path: fmt.Sprintf("h%05d.h", i+1), Quoted: true, Line: 1}}
		} else {
			fi.Marker = true
		}
		files[name] = fi
		names = append(names, name)
	}
	up, down := syclFiles("pkg", names, files, nil)
	for _, name := range names {
		if !up[name] || !down[name] {
			t.Fatalf("%s: not SYCL code", name)
		}
	}
}

// TestLabelSafe: file names Bazel cannot take as targets or srcs get no rule (one such
// rule would stop the whole package from loading).
func TestLabelSafe(t *testing.T) {
	for name, want := range map[string]bool{
		"kernel.cpp": true, "my kernel+1.cpp": true, "a-b_c.d.hpp": true,
		"a:b.cpp": false, `a\b.cpp`: false, "a\nb.cpp": false, "tab\t.h": false,
	} {
		if got := labelSafe(name); got != want {
			t.Errorf("labelSafe(%q) = %v, want %v", name, got, want)
		}
	}
}
