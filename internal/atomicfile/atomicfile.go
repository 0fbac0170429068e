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
	"runtime"
	"sync"
	"syscall"
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
	tmp, untrack, err := createTemp(path, 0o600)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
		untrack()
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
	pending  [][2]string // temporary, final
	untracks []func()    // one per pending file or staged directory
	seen     map[string]bool
	staged   map[string]*stagedDir // by final directory
	stages   []*stagedDir          // in the order of Stage
	err      error
	// Files of staged directories are written by a few goroutines (writers), so that
	// an action writing hundreds of thousands of small files keeps the processors busy;
	// which files exist, and in what order they are listed, does not depend on them.
	writes   chan stagedWrite
	writers  sync.WaitGroup
	writeMu  sync.Mutex
	writeErr error // the first failed write's error, by the order of Add
	errSeq   int
	nextSeq  int
}

type stagedWrite struct {
	dir        int    // the staging directory's descriptor, or -1
	name       string // the file's name in it
	file, path string // the file in the staging directory, the final path
	data       []byte
	seq        int
}

// stagedDir is a directory whose files a batch writes into a fresh sibling directory.
type stagedDir struct {
	final, stage string
	files        []string // base names
	// fd is the staging directory opened (0: not yet; -1: not available), so that its
	// files are created relative to it, without the kernel walking the path each time.
	fd int
}

// Stage sends the files the batch adds directly inside dir to a fresh hidden sibling
// directory (dir's parent must exist). Commit renames that directory over dir when dir
// is absent or empty, which is one rename for thousands of files (split's shard
// directories, which Bazel creates empty), and otherwise moves the files one by one.
func (b *Batch) Stage(dir string) {
	if b.err != nil {
		return
	}
	dir = filepath.Clean(dir)
	if b.staged == nil {
		b.staged = map[string]*stagedDir{}
	}
	if b.staged[dir] != nil {
		return
	}
	parent, base := filepath.Split(dir)
	if parent == "" {
		parent = "."
	}
	stage, err := os.MkdirTemp(parent, "."+base+".tmp")
	if err == nil {
		err = os.Chmod(stage, 0o755)
	}
	if err != nil {
		os.Remove(stage)
		b.fail(fmt.Errorf("cannot create %s: %v", dir, err))
		return
	}
	sd := &stagedDir{final: dir, stage: stage}
	b.staged[dir] = sd
	b.stages = append(b.stages, sd)
	b.untracks = append(b.untracks, Track(func() { os.RemoveAll(stage) }))
}

// umask is the process's file mode creation mask, read once.
var umask = func() os.FileMode {
	old := syscall.Umask(0)
	syscall.Umask(old)
	return os.FileMode(old)
}()

// Add writes data for path. The first error is kept and returned by Commit.
func (b *Batch) Add(path string, data []byte) {
	if sd := b.staged[filepath.Dir(path)]; sd != nil && b.err == nil {
		b.addStaged(sd, path, data)
		return
	}
	if !b.claim(path) {
		return
	}
	f, untrack, err := createTemp(path, 0o644)
	if err == nil {
		if err = writeData(f, data); err != nil {
			os.Remove(f.Name())
			untrack()
		}
	}
	if err != nil {
		b.fail(fmt.Errorf("cannot write %s: %v", path, err))
		return
	}
	b.pending = append(b.pending, [2]string{f.Name(), path})
	b.untracks = append(b.untracks, untrack)
}

// writeData writes data to the new file f with mode 0644 and closes it.
func writeData(f *os.File, data []byte) error {
	_, err := f.Write(data)
	if err == nil && umask&0o644 != 0 {
		err = f.Chmod(0o644) // created 0644 or 0600; the umask may have taken bits
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// createFile creates the new file path, name in the directory dir when dir >= 0,
// (mode 0644) holding data. It uses the system calls directly: an os.File would cost an
// allocation, a finalizer and a poller registration for each of the hundreds of
// thousands of small files a split writes.
func createFile(dir int, name, path string, data []byte) error {
	const flags = syscall.O_WRONLY | syscall.O_CREAT | syscall.O_EXCL | syscall.O_CLOEXEC
	open := func() (int, error) {
		if dir >= 0 {
			return syscall.Openat(dir, name, flags, 0o644)
		}
		return syscall.Open(path, flags, 0o644)
	}
	fd, err := open()
	for err == syscall.EINTR {
		fd, err = open()
	}
	if err != nil {
		return &os.PathError{Op: "open", Path: path, Err: err}
	}
	for len(data) > 0 && err == nil {
		var n int
		n, err = syscall.Write(fd, data)
		switch {
		case err == syscall.EINTR:
			err = nil
		case err == nil && n == 0:
			err = io.ErrShortWrite
		case err == nil:
			data = data[n:]
		}
	}
	if err == nil && umask&0o644 != 0 {
		err = syscall.Fchmod(fd, 0o644) // created 0644 or 0600; the umask may have taken bits
	}
	if cerr := syscall.Close(fd); err == nil {
		err = cerr
	}
	if err != nil {
		return &os.PathError{Op: "write", Path: path, Err: err}
	}
	return nil
}

// addStaged writes path's data into its staged directory: the directory is the batch's
// own, so the file is created there under its final name.
func (b *Batch) addStaged(sd *stagedDir, path string, data []byte) {
	// No claimNew here: the staging directory is the batch's own and its files are
	// created with O_EXCL, so a path written twice fails there, without a set of every
	// path a split of 100k images writes.
	if b.err != nil {
		return
	}
	base := filepath.Base(path)
	sd.files = append(sd.files, base)
	if b.writes == nil {
		b.writes = make(chan stagedWrite, 256)
		// The work is mostly system calls: twice as many writers as processors.
		for i := 0; i < 2*runtime.GOMAXPROCS(0); i++ {
			b.writers.Add(1)
			go b.writer()
		}
	}
	if sd.fd == 0 {
		if sd.fd, _ = syscall.Open(sd.stage, syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0); sd.fd <= 0 {
			sd.fd = -1
		}
	}
	b.writes <- stagedWrite{dir: sd.fd, name: base, file: filepath.Join(sd.stage, base), path: path, data: data, seq: b.nextSeq}
	b.nextSeq++
}

func (b *Batch) writer() {
	defer b.writers.Done()
	for w := range b.writes {
		if err := createFile(w.dir, w.name, w.file, w.data); err != nil {
			b.writeMu.Lock()
			if b.writeErr == nil || w.seq < b.errSeq {
				b.writeErr, b.errSeq = fmt.Errorf("cannot write %s: %v", w.path, err), w.seq
			}
			b.writeMu.Unlock()
		}
	}
}

// drain waits for the staged files handed to the writers; a failed write fails the batch.
func (b *Batch) drain() {
	if b.writes == nil {
		return
	}
	close(b.writes)
	b.writers.Wait()
	b.writes = nil
	for _, sd := range b.stages {
		if sd.fd > 0 {
			syscall.Close(sd.fd)
		}
		sd.fd = 0
	}
	if b.writeErr != nil && b.err == nil {
		b.err = b.writeErr
	}
}

// Adopt takes tmp, a file a tool has already written on path's file system, as path's
// new content: Commit renames it into place, an error or Abort removes it.
func (b *Batch) Adopt(tmp, path string) {
	if !b.claim(path) {
		os.Remove(tmp)
		return
	}
	b.pending = append(b.pending, [2]string{tmp, path})
	b.untracks = append(b.untracks, Track(func() { os.Remove(tmp) }))
}

// claim records that the batch writes path, which must be new to the batch and a regular
// file or absent; false (with the error kept) otherwise, or after an earlier error.
func (b *Batch) claim(path string) bool {
	if !b.claimNew(path) {
		return false
	}
	if special, err := Check(path); err != nil || special {
		if err == nil {
			err = fmt.Errorf("%s is not a regular file", path)
		}
		b.fail(err)
		return false
	}
	return true
}

// claimNew records that the batch writes path, which must be new to the batch; false
// (with the error kept) otherwise, or after an earlier error.
func (b *Batch) claimNew(path string) bool {
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
	return true
}

func (b *Batch) fail(err error) {
	b.drain()
	if b.err == nil {
		b.err = err
	}
	b.Abort()
}

// Abort removes the temporary files written so far.
func (b *Batch) Abort() {
	b.drain()
	for _, p := range b.pending {
		os.Remove(p[0])
	}
	for _, sd := range b.stages {
		os.RemoveAll(sd.stage)
	}
	b.forget()
}

// forget drops the pending files and staged directories (renamed or removed) and stops
// tracking them.
func (b *Batch) forget() {
	for _, u := range b.untracks {
		u()
	}
	b.pending, b.untracks, b.stages, b.staged = nil, nil, nil, nil
}

// emptyDir reports whether the directory dir has no entries.
func emptyDir(dir string) bool {
	f, err := os.Open(dir)
	if err != nil {
		return false
	}
	defer f.Close()
	names, err := f.Readdirnames(1)
	return len(names) == 0 && err == io.EOF
}

// Commit renames every file into place, or returns the first error of Add (nothing
// renamed). A rename failure leaves the files before it in place and removes the rest.
func (b *Batch) Commit() error {
	b.drain()
	if b.err != nil {
		b.Abort()
		return b.err
	}
	dirs := make([]string, 0, len(b.pending)+len(b.stages))
	for _, p := range b.pending {
		dirs = append(dirs, filepath.Dir(p[1]))
	}
	for _, sd := range b.stages {
		dirs = append(dirs, filepath.Dir(sd.final))
	}
	unlock := lockDirs(dirs)
	defer unlock()
	// Staged directories: whole when the destination is absent or empty, otherwise
	// file by file, each destination checked before anything is renamed.
	var wholeDirs [][2]string
	for _, sd := range b.stages {
		fi, err := os.Lstat(sd.final)
		if os.IsNotExist(err) || err == nil && fi.IsDir() && emptyDir(sd.final) {
			wholeDirs = append(wholeDirs, [2]string{sd.stage, sd.final})
			continue
		}
		if err == nil && !fi.IsDir() {
			b.Abort()
			return fmt.Errorf("%s is not a directory", sd.final) // a link, say
		}
		for _, base := range sd.files {
			final := filepath.Join(sd.final, base)
			if special, err := Check(final); err != nil || special {
				if err == nil {
					err = fmt.Errorf("%s is not a regular file", final)
				}
				b.Abort()
				return err
			}
			b.pending = append(b.pending, [2]string{filepath.Join(sd.stage, base), final})
		}
	}
	for _, d := range wholeDirs {
		// syscall.Rename: os.Rename refuses any existing directory as the destination,
		// while rename(2) replaces an empty one, which is what Bazel hands an action.
		if err := syscall.Rename(d[0], d[1]); err != nil {
			b.Abort()
			return fmt.Errorf("cannot write %s: %v", d[1], err)
		}
	}
	stages := b.stages
	defer func() {
		for _, sd := range stages {
			os.RemoveAll(sd.stage) // emptied, or already renamed (then absent)
		}
	}()
	for i, p := range b.pending {
		if err := os.Rename(p[0], p[1]); err != nil {
			for _, q := range b.pending[i:] {
				os.Remove(q[0])
			}
			b.forget()
			return fmt.Errorf("cannot write %s: %v", p[1], err)
		}
	}
	b.forget()
	return nil
}
