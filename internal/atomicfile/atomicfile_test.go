package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
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

// TestSpecialOutputs: a device (/dev/null) or FIFO is written in place, never replaced by
// a regular file; a symbolic link planted at the output is refused and its target left
// alone; a directory is refused. The same for Batch.
func TestSpecialOutputs(t *testing.T) {
	if err := WriteFile("/dev/null", []byte("x"), 0o644); err != nil {
		t.Fatalf("/dev/null: %v", err)
	}
	if fi, err := os.Lstat("/dev/null"); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		t.Fatalf("/dev/null is no longer a character device: %v %v", fi.Mode(), err)
	}
	dir := t.TempDir()
	outside := filepath.Join(dir, "outside")
	os.WriteFile(outside, []byte("keep"), 0o644)
	link := filepath.Join(dir, "out")
	os.Symlink(outside, link)
	if err := WriteFile(link, []byte("evil"), 0o644); err == nil {
		t.Error("wrote through a symbolic link")
	}
	var b Batch
	b.Add(link, []byte("evil"))
	if err := b.Commit(); err == nil {
		t.Error("Batch wrote through a symbolic link")
	}
	if got, _ := os.ReadFile(outside); string(got) != "keep" {
		t.Errorf("the link's target changed: %q", got)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Error("the link was replaced")
	}
	if err := WriteFile(dir, []byte("x"), 0o644); err == nil {
		t.Error("replaced a directory")
	}
}

// TestStagedDirectories: a staged directory replaces an empty directory whole (Bazel
// creates tree artifact directories empty before the action runs) or an absent one, and
// goes file by file into a directory that holds files, leaving those it does not write.
func TestStagedDirectories(t *testing.T) {
	dir := t.TempDir()
	empty, absent, full := filepath.Join(dir, "empty"), filepath.Join(dir, "absent"), filepath.Join(dir, "full")
	os.Mkdir(empty, 0o755)
	os.Mkdir(full, 0o755)
	os.WriteFile(filepath.Join(full, "old"), []byte("old"), 0o644)
	os.WriteFile(filepath.Join(full, "a"), []byte("previous"), 0o644)
	var b Batch
	for _, d := range []string{empty, absent, full} {
		b.Stage(d)
		b.Add(filepath.Join(d, "a"), []byte("A"))
		b.Add(filepath.Join(d, "b"), []byte("B"))
	}
	if err := b.Commit(); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{empty, absent, full} {
		for name, want := range map[string]string{"a": "A", "b": "B"} {
			if got, err := os.ReadFile(filepath.Join(d, name)); err != nil || string(got) != want {
				t.Errorf("%s/%s: %q %v", d, name, got, err)
			}
		}
	}
	if got, _ := os.ReadFile(filepath.Join(full, "old")); string(got) != "old" {
		t.Errorf("a file the batch does not write was touched")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 3 {
		t.Errorf("staging directories left: %v", entries)
	}
}

// TestBatchFilesAre0644: batch outputs, staged or not, are readable by all (0644).
func TestBatchFilesAre0644(t *testing.T) {
	dir := t.TempDir()
	var b Batch
	b.Add(filepath.Join(dir, "plain"), []byte("x"))
	b.Stage(filepath.Join(dir, "staged"))
	b.Add(filepath.Join(dir, "staged", "f"), []byte("y"))
	if err := b.Commit(); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"plain", "staged/f"} {
		if fi, err := os.Stat(filepath.Join(dir, p)); err != nil || fi.Mode().Perm() != 0o644 {
			t.Errorf("%s: %v %v", p, fi.Mode(), err)
		}
	}
}

// TestStagedWriteFailure: a staged file the writers cannot create fails the batch with
// the first such file in the order of Add, and nothing of the batch is left behind.
func TestStagedWriteFailure(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	var b Batch
	b.Stage(out)
	for i := 0; i < 1000; i++ {
		b.Add(filepath.Join(out, fmt.Sprintf("f%04d", i)), []byte("x"))
	}
	long := strings.Repeat("n", 300) // longer than a file name may be
	b.Add(filepath.Join(out, long+"1"), []byte("x"))
	b.Add(filepath.Join(out, "after"), []byte("x"))
	b.Add(filepath.Join(out, long+"2"), []byte("x"))
	err := b.Commit()
	if err == nil || !strings.Contains(err.Error(), "cannot write "+filepath.Join(out, long+"1")) {
		t.Fatalf("Commit: %v, want the first failed file", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("left behind: %v", entries)
	}
}

// TestStagedTwice: a staged path added twice fails the batch.
func TestStagedTwice(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	var b Batch
	b.Stage(out)
	b.Add(filepath.Join(out, "a"), []byte("1"))
	b.Add(filepath.Join(out, "a"), []byte("2"))
	if err := b.Commit(); err == nil || !strings.Contains(err.Error(), filepath.Join(out, "a")) {
		t.Fatalf("Commit: %v, want an error about %s", err, filepath.Join(out, "a"))
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("left behind: %v", entries)
	}
}
