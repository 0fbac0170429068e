// Package mapfile reads a large input module without copying it onto the heap: a
// regular file of MinSize bytes or more is mapped read-only into memory, so that its
// bytes are the kernel's page cache, read once, and the collector neither scans them
// nor counts them when it decides how far the heap may grow (with the collector's target
// at 1.3x the live heap, a module read onto the heap cost 30% of its size again).
//
// A reader that goes through the module in order tells the file which bytes it is done
// with for now (Drop): their pages leave the process's resident memory and come back
// from the page cache if they are read again, so a pass over a large module holds a
// window of it, not all of it.
//
// Every input a tool reads is a regular file (OpenRegular, ReadRegular, ReadInput): a
// device, a FIFO or the standard input is refused before it is read.
//
// The tools only read their inputs, and Bazel never changes an action's inputs while
// it runs; a file truncated by someone else while it is mapped would end the process
// with SIGBUS, as it would end LLVM's tools, which map their inputs the same way.
package mapfile

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"syscall"
)

// MinSize is the size from which Read maps a file instead of reading it.
const MinSize = 1 << 20

// File is an input file's contents.
type File struct {
	Data   []byte
	mapped bool
	fd     *os.File // a mapped file's, for ReadAt
}

// Read returns the contents of the regular file at path (see OpenRegular); Close gives
// them back.
func Read(path string) (*File, error) {
	f, size, err := OpenRegular(path)
	if err != nil {
		return nil, err
	}
	if size < MinSize || size != int64(int(size)) {
		defer f.Close()
		data, err := readAll(f, size)
		if err != nil {
			return nil, err
		}
		return &File{Data: data}, nil
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_PRIVATE)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("cannot map %s: %v", path, err)
	}
	return &File{Data: data, mapped: true, fd: f}, nil
}

// OpenRegular opens the file at path for reading and returns its size. Anything but a
// regular file is refused before a byte of it is read: a device, a FIFO or the standard
// input (/dev/stdin: a persistent worker's protocol stream; /dev/zero: endless input).
// The open does not wait for a FIFO's writer (O_NONBLOCK, which reads of a regular file
// ignore).
func OpenRegular(path string) (*os.File, int64, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, 0, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, 0, fmt.Errorf("%s is not a regular file", path)
	}
	return f, st.Size(), nil
}

// ReadRegular reads the regular file at path (see OpenRegular), of at most limit bytes:
// a larger one is refused after limit bytes.
func ReadRegular(path string, limit int64) ([]byte, error) {
	f, size, err := OpenRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if size > limit {
		size = limit
	}
	data, err := readAll(io.LimitReader(f, limit+1), size)
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s is larger than %d bytes", path, limit)
	}
	return data, nil
}

// ReadInput reads an input file named on a command line whole: a regular file only (see
// OpenRegular), whose size bounds the read.
func ReadInput(path string) ([]byte, error) {
	return ReadRegular(path, math.MaxInt64-1)
}

// readAll reads r to its end into a buffer sized for the size stat gave (a file that
// grew since is still read whole).
func readAll(r io.Reader, size int64) ([]byte, error) {
	if size < 0 || size != int64(int(size)) {
		size = 0
	}
	b := bytes.NewBuffer(make([]byte, 0, int(size)+bytes.MinRead))
	_, err := b.ReadFrom(r)
	return b.Bytes(), err
}

// ReadAt copies Data[off:off+len(p)] into p. For a mapped file it reads the file
// (pread), not the mapping: a reader that visits a large module out of order (the
// extraction of device images) would otherwise fault its pages in, and the kernel maps
// the pages around each fault too (64 KiB), so that the whole input comes back into
// resident memory. Like io.ReaderAt, it returns an error when it copies fewer than
// len(p) bytes.
func (f *File) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 || off > int64(len(f.Data)) {
		return 0, fmt.Errorf("mapfile: offset %d outside the file's %d bytes", off, len(f.Data))
	}
	if !f.mapped {
		n := copy(p, f.Data[off:])
		if n < len(p) {
			return n, io.EOF
		}
		return n, nil
	}
	return f.fd.ReadAt(p, off)
}

// Drop tells the file that Data[lo:hi] is not needed for now: the whole pages inside it
// leave the resident memory of a mapped file (reading them again is correct, and costs
// a page fault). It does nothing for a file that was read.
func (f *File) Drop(lo, hi int) {
	if !f.mapped || f.Data == nil {
		return
	}
	page := os.Getpagesize()
	lo = (lo + page - 1) / page * page
	hi = hi / page * page
	if hi > len(f.Data) {
		hi = len(f.Data) / page * page
	}
	if lo < 0 || lo >= hi {
		return
	}
	syscall.Madvise(f.Data[lo:hi], syscall.MADV_DONTNEED)
}

// Mapped reports whether the contents are mapped (not on the heap).
func (f *File) Mapped() bool { return f.mapped }

// Close gives the contents back: Data must not be used after it. Closing twice is
// harmless.
func (f *File) Close() {
	if f.mapped && f.Data != nil {
		syscall.Munmap(f.Data)
		f.fd.Close()
	}
	f.Data = nil
}
