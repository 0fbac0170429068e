package atomicfile

import (
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// Temporary files and staging directories in flight are tracked, so that a process
// stopped by SIGINT, SIGTERM or SIGHUP (Bazel cancelling an action, a user's Ctrl-C)
// removes them before it dies: an interrupted run leaves nothing behind.
var (
	trackMu   sync.Mutex
	trackNext int
	tracked   = map[int]func(){}
)

// Track registers remove, which deletes something temporary; the returned function
// unregisters it (call it once the thing was renamed into place or removed).
func Track(remove func()) (untrack func()) {
	trackMu.Lock()
	id := trackNext
	trackNext++
	tracked[id] = remove
	trackMu.Unlock()
	return func() {
		trackMu.Lock()
		delete(tracked, id)
		trackMu.Unlock()
	}
}

// RemoveTracked removes everything tracked, newest first (files before the directories
// that hold them), and forgets it.
func RemoveTracked() {
	trackMu.Lock()
	defer trackMu.Unlock()
	ids := make([]int, 0, len(tracked))
	for id := range tracked {
		ids = append(ids, id)
	}
	sort.Sort(sort.Reverse(sort.IntSlice(ids)))
	for _, id := range ids {
		tracked[id]()
		delete(tracked, id)
	}
}

// CleanUpOnSignal makes SIGINT, SIGTERM and SIGHUP remove every tracked temporary and
// then end the process by the same signal (so its parent sees how it ended).
func CleanUpOnSignal() {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
	go func() {
		sig := <-ch
		RemoveTracked()
		signal.Reset()
		if s, ok := sig.(syscall.Signal); ok {
			syscall.Kill(os.Getpid(), s)
			time.Sleep(5 * time.Second) // the signal is delivered asynchronously
		}
		os.Exit(1)
	}()
}

var tempSeq uint64

// createTemp creates a new temporary file (mode perm, less the umask) for path in path's
// directory, named ".BASE.tmpPID-N" (hidden; unique per process, and O_EXCL against
// other processes), and tracks it. It is several times cheaper than os.CreateTemp, which matters when
// split writes tens of thousands of images.
func createTemp(path string, perm os.FileMode) (f *os.File, untrack func(), err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	pid := os.Getpid()
	for try := 0; try < 100; try++ {
		name := filepath.Join(dir, fmt.Sprintf(".%s.tmp%d-%d", base, pid, atomic.AddUint64(&tempSeq, 1)))
		f, err = os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if os.IsExist(err) {
			continue // left by an earlier process with the same pid
		}
		if err != nil {
			return nil, nil, err
		}
		return f, Track(func() { os.Remove(name) }), nil
	}
	return nil, nil, err
}

// lockDirs takes an exclusive lock (flock) on each directory, in sorted order so that
// two processes cannot deadlock, and returns the function that releases them. Renames
// of one batch into a directory thus never interleave with another's: concurrent runs
// writing the same outputs leave one run's files, not a mix. Directories that cannot
// be opened or locked are skipped (the lock is advisory).
func lockDirs(dirs []string) (unlock func()) {
	sort.Strings(dirs)
	var held []*os.File
	for i, d := range dirs {
		if i > 0 && dirs[i-1] == d {
			continue
		}
		f, err := os.Open(d)
		if err != nil {
			continue
		}
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
			f.Close()
			continue
		}
		held = append(held, f)
	}
	return func() {
		for _, f := range held {
			f.Close() // releases the lock
		}
	}
}
