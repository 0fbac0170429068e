// Package mapfile reads a large input module without copying it onto the heap: a
// regular file of MinSize bytes or more is mapped read-only into memory, so that its
// bytes are the kernel's page cache, read once, and the collector neither scans them
// nor counts them when it decides how far the heap may grow (with the collector's target
// at 1.3x the live heap, a module read onto the heap cost 30% of its size again).
//
// The tools only read their inputs, and Bazel never changes an action's inputs while
// it runs; a file truncated by someone else while it is mapped would end the process
// with SIGBUS, as it would end LLVM's tools, which map their inputs the same way.
package mapfile

import (
	"fmt"
	"os"
	"syscall"
)

// MinSize is the size from which Read maps a file instead of reading it.
const MinSize = 1 << 20

// Read returns the contents of the file at path and the function that gives them back;
// the bytes must not be used after it.
func Read(path string) ([]byte, func(), error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	size := st.Size()
	if !st.Mode().IsRegular() || size < MinSize || size != int64(int(size)) {
		data, err := os.ReadFile(path)
		return data, func() {}, err
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_PRIVATE)
	if err != nil {
		return nil, nil, fmt.Errorf("cannot map %s: %v", path, err)
	}
	released := false
	return data, func() {
		if !released {
			released = true
			syscall.Munmap(data)
		}
	}, nil
}
