package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

func TestWriteReplacesAtomically(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.txt")
	if err := WriteFile(p, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err := Write(p, 0o644, func(w io.Writer) error {
		w.Write([]byte("partial"))
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v, want boom", err)
	}
	got, _ := os.ReadFile(p)
	if string(got) != "old" {
		t.Errorf("after failed write: %q, want the old content", got)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
	if err := WriteFile(p, []byte("new"), 0o600); err != nil {
		t.Fatal(err)
	}
	got, _ = os.ReadFile(p)
	st, _ := os.Stat(p)
	if string(got) != "new" || st.Mode().Perm() != 0o600 {
		t.Errorf("got %q mode %v", got, st.Mode())
	}
}

func TestWriteIntoMissingDirFails(t *testing.T) {
	if err := WriteFile(filepath.Join(t.TempDir(), "no", "such", "f"), nil, 0o644); err == nil {
		t.Fatal("want an error")
	}
}
