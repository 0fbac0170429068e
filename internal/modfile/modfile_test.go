package modfile

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/mapfile"
)

// TestOpen: a small module is read, a large one mapped (and then has a Text reader
// giving its bytes); both parse; errors name the file.
func TestOpen(t *testing.T) {
	dir := t.TempDir()
	fn := "define void @f() {\n  ret void\n}\n"
	for _, n := range []int{1, mapfile.MinSize/len(fn) + 1} {
		src := []byte(strings.Repeat("; a comment line\n", n) + fn)
		p := filepath.Join(dir, "m.ll")
		if err := os.WriteFile(p, src, 0o644); err != nil {
			t.Fatal(err)
		}
		in, err := Open(p)
		if err != nil {
			t.Fatal(err)
		}
		if in.Module.Func("f") == nil || !bytes.Equal(in.Module.Src, src) {
			t.Errorf("%d bytes: not parsed", len(src))
		}
		if mapped := len(src) >= mapfile.MinSize; (in.Text() != nil) != mapped {
			t.Errorf("%d bytes: Text() = %v", len(src), in.Text())
		} else if mapped {
			buf := make([]byte, len(fn))
			if _, err := in.Text().ReadAt(buf, int64(len(src)-len(fn))); err != nil || string(buf) != fn {
				t.Errorf("%d bytes: ReadAt = %q, %v", len(src), buf, err)
			}
		}
		in.Close()
		in.Close()
	}
	for name, text := range map[string]string{"bc.ll": "BC\xc0\xde\x35\x14", "bad.ll": "define void @f( {\n"} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Open(p); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s: error %v", name, err)
		}
	}
	if _, err := Open(filepath.Join(dir, "absent.ll")); err == nil || !strings.Contains(err.Error(), "absent.ll") {
		t.Errorf("absent file: error %v", err)
	}
}
