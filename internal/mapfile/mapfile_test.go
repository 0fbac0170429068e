package mapfile

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestReadSmallAndLarge: small files are read, large ones mapped; both give the file's
// bytes, also after Drop (read again from the page cache), and closing twice is
// harmless.
func TestReadSmallAndLarge(t *testing.T) {
	dir := t.TempDir()
	for _, size := range []int{0, 10, MinSize - 1, MinSize, 3*MinSize + 17} {
		want := bytes.Repeat([]byte("0123456789abcdef"), size/16+1)[:size]
		p := filepath.Join(dir, "f")
		if err := os.WriteFile(p, want, 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := Read(p)
		if err != nil {
			t.Fatalf("size %d: %v", size, err)
		}
		if f.mapped != (size >= MinSize) {
			t.Errorf("size %d: mapped %v", size, f.mapped)
		}
		if !bytes.Equal(f.Data, want) {
			t.Errorf("size %d: contents differ", size)
		}
		f.Drop(0, size)
		f.Drop(5, size/2)
		f.Drop(size, size+100)
		if !bytes.Equal(f.Data, want) {
			t.Errorf("size %d: contents differ after Drop", size)
		}
		f.Close()
		f.Close()
	}
	if _, err := Read(filepath.Join(dir, "absent")); err == nil {
		t.Errorf("an absent file reads without error")
	}
}

// TestReadDirectory: a directory is no input.
func TestReadDirectory(t *testing.T) {
	if _, err := Read(t.TempDir()); err == nil {
		t.Errorf("a directory reads without error")
	}
}
