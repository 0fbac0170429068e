package mapfile

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"unsafe"
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

// TestOnlyRegularFiles: a FIFO (with no writer: the open must not wait for one), a device
// and the standard input are refused before a byte is read (/dev/zero never ends), by
// Read, ReadRegular and ReadInput alike; ReadRegular refuses a file over its limit.
func TestOnlyRegularFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFO here:", err)
	}
	readers := map[string]func(string) error{
		"Read":        func(p string) error { _, err := Read(p); return err },
		"ReadRegular": func(p string) error { _, err := ReadRegular(p, 1<<30); return err },
		"ReadInput":   func(p string) error { _, err := ReadInput(p); return err },
	}
	paths := []string{fifo, "/dev/zero", "/dev/null"}
	if st, err := os.Stdin.Stat(); err == nil && !st.Mode().IsRegular() {
		paths = append(paths, "/dev/stdin") // a test run with a file as its input reads it
	}
	for _, p := range paths {
		for name, read := range readers {
			if err := read(p); err == nil || !strings.Contains(err.Error(), p+" is not a regular file") {
				t.Errorf("%s(%s): %v", name, p, err)
			}
		}
	}
	small := filepath.Join(dir, "small")
	if err := os.WriteFile(small, []byte("12345"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadRegular(small, 4); err == nil || !strings.Contains(err.Error(), "larger than 4 bytes") {
		t.Errorf("ReadRegular over the limit: %v", err)
	}
	if data, err := ReadRegular(small, 5); err != nil || string(data) != "12345" {
		t.Errorf("ReadRegular at the limit: %q %v", data, err)
	}
	if data, err := ReadInput(small); err != nil || string(data) != "12345" {
		t.Errorf("ReadInput: %q %v", data, err)
	}
}

// TestReadAt: ReadAt gives the bytes at any offset, an error past the end, and for a
// mapped file leaves the mapping's pages alone (it reads the file): scattered reads
// over a dropped mapping keep it out of resident memory.
func TestReadAt(t *testing.T) {
	dir := t.TempDir()
	for _, size := range []int{100, 4*MinSize + 5} {
		want := make([]byte, size)
		for i := range want {
			want[i] = byte(i * 7 / 3)
		}
		p := filepath.Join(dir, "f")
		if err := os.WriteFile(p, want, 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := Read(p)
		if err != nil {
			t.Fatal(err)
		}
		f.Drop(0, size)
		buf := make([]byte, 50)
		for off := size - 50; off >= 0; off -= size / 7 {
			if n, err := f.ReadAt(buf, int64(off)); n != 50 || err != nil || !bytes.Equal(buf, want[off:off+50]) {
				t.Fatalf("size %d: ReadAt(%d) = %d, %v", size, off, n, err)
			}
		}
		if n, err := f.ReadAt(buf, int64(size-10)); n != 10 || err == nil {
			t.Errorf("size %d: a read past the end gives %d, %v", size, n, err)
		}
		if _, err := f.ReadAt(buf, int64(size+1)); err == nil {
			t.Errorf("size %d: a read after the end gives no error", size)
		}
		if f.Mapped() {
			if kb := mappingRSS(t, f.Data); kb != 0 {
				t.Errorf("size %d: %d KiB of the mapping are resident after ReadAt", size, kb)
			}
		}
		f.Close()
	}
}

// mappingRSS returns the resident KiB of the mapping that starts at data[0], from
// /proc/self/smaps.
func mappingRSS(t *testing.T, data []byte) int {
	start := fmt.Sprintf("%x-", uintptr(unsafe.Pointer(&data[0])))
	fh, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skipf("no /proc/self/smaps: %v", err)
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	in := false
	for sc.Scan() {
		line := sc.Text()
		if f := strings.Fields(line); len(f) > 0 && !strings.HasSuffix(f[0], ":") { // a mapping's first line
			in = strings.HasPrefix(line, start)
			continue
		}
		if in && strings.HasPrefix(line, "Rss:") {
			kb, err := strconv.Atoi(strings.Fields(line)[1])
			if err != nil {
				t.Fatal(err)
			}
			return kb
		}
	}
	t.Fatalf("no mapping at %s in /proc/self/smaps", start)
	return 0
}
