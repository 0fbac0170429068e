// Package atomicfile writes output files so that readers never see a partial file: the
// data goes to a temporary file in the same directory, which is renamed over the target
// only after everything was written and synced. On any error the target is untouched.
package atomicfile

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// WriteFile atomically replaces path with data.
func WriteFile(path string, data []byte, perm os.FileMode) error {
	return Write(path, perm, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// Check refuses outputs that must not be replaced: a symbolic link (it may point outside
// the output directory) or a directory. It reports whether path is an existing special
// file (a device such as /dev/null, or a FIFO), which is written in place, never renamed
// over.
func Check(path string) (special bool, err error) {
	fi, err := os.Lstat(path)
	switch {
	case err != nil:
		return false, nil // absent: created
	case fi.Mode()&os.ModeSymlink != 0:
		return false, fmt.Errorf("%s is a symbolic link; refusing to write through it", path)
	case fi.IsDir():
		return false, fmt.Errorf("%s is a directory", path)
	}
	return !fi.Mode().IsRegular(), nil
}

// Write atomically replaces path with what fill writes. If fill fails, nothing is left
// behind and the error is returned. A device or FIFO is written in place; a symbolic
// link or a directory is refused (see Check).
func Write(path string, perm os.FileMode, fill func(w io.Writer) error) (err error) {
	special, err := Check(path)
	if err != nil {
		return err
	}
	if special {
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return err
		}
		bw := bufio.NewWriterSize(f, 1<<20)
		if err := fill(bw); err != nil {
			f.Close()
			return err
		}
		if err := bw.Flush(); err != nil {
			f.Close()
			return err
		}
		return f.Close()
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	bw := bufio.NewWriterSize(tmp, 1<<20)
	if err = fill(bw); err != nil {
		return err
	}
	if err = bw.Flush(); err != nil {
		return err
	}
	if err = tmp.Chmod(perm); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// Batch writes several files so that they appear together: each Add writes its data to
// a temporary file next to its destination at once (memory holds one file at a time),
// and Commit renames them all. After an error, or Abort, no temporary file is left and no
// destination has changed. A Batch is for one goroutine.
type Batch struct {
	pending [][2]string // temporary, final
	seen    map[string]bool
	err     error
}

// Add writes data for path. The first error is kept and returned by Commit.
func (b *Batch) Add(path string, data []byte) {
	if !b.claim(path) {
		return
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		b.fail(fmt.Errorf("cannot write %s: %v", path, err))
		return
	}
	_, werr := f.Write(data)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Chmod(f.Name(), 0o644)
	}
	if werr != nil {
		os.Remove(f.Name())
		b.fail(fmt.Errorf("cannot write %s: %v", path, werr))
		return
	}
	b.pending = append(b.pending, [2]string{f.Name(), path})
}

// Adopt takes tmp, a file a tool has already written on path's file system, as path's
// new content: Commit renames it into place, an error or Abort removes it.
func (b *Batch) Adopt(tmp, path string) {
	if !b.claim(path) {
		os.Remove(tmp)
		return
	}
	b.pending = append(b.pending, [2]string{tmp, path})
}

// claim records that the batch writes path, which must be new to the batch and a regular
// file or absent; false (with the error kept) otherwise, or after an earlier error.
func (b *Batch) claim(path string) bool {
	if b.err != nil {
		return false
	}
	if b.seen == nil {
		b.seen = map[string]bool{}
	}
	if b.seen[path] {
		b.fail(fmt.Errorf("internal error: %s written twice", path))
		return false
	}
	b.seen[path] = true
	if special, err := Check(path); err != nil || special {
		if err == nil {
			err = fmt.Errorf("%s is not a regular file", path)
		}
		b.fail(err)
		return false
	}
	return true
}

func (b *Batch) fail(err error) {
	b.err = err
	b.Abort()
}

// Abort removes the temporary files written so far.
func (b *Batch) Abort() {
	for _, p := range b.pending {
		os.Remove(p[0])
	}
	b.pending = nil
}

// Commit renames every file into place, or returns the first error of Add (nothing
// renamed). A rename failure leaves the files before it in place and removes the rest.
func (b *Batch) Commit() error {
	if b.err != nil {
		return b.err
	}
	for i, p := range b.pending {
		if err := os.Rename(p[0], p[1]); err != nil {
			for _, q := range b.pending[i:] {
				os.Remove(q[0])
			}
			b.pending = nil
			return fmt.Errorf("cannot write %s: %v", p[1], err)
		}
	}
	b.pending = nil
	return nil
}
