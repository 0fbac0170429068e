// Package memlimit keeps the memory of a verb that holds one large parsed module close
// to what the module needs: once the module is parsed it measures the live heap and sets
// Go's soft memory limit with headroom above it, so the collector runs at its normal
// pace while the heap stays within that bound and harder only near it.
//
// The bound follows the live heap, not only the input size: a module of many small
// functions (a million-deep call chain, a million flat kernels) holds 8-9x its size in
// parsed form, and a limit derived from the input alone (it was 7/4 of the input) sat
// below the live heap, so the collector ran almost continuously (a 1M-function chain
// took 37 s instead of 15 s).
//
// In a persistent worker several requests run at once; the limit is then the sum of
// what the running requests asked for, and the original limit comes back when the last
// one finishes.
package memlimit

import (
	"runtime"
	"runtime/debug"
	"sync"
)

// floor keeps the limit sensible for small inputs.
const floor = 64 << 20

var (
	mu       sync.Mutex
	active   int   // reservations outstanding
	reserved int64 // sum of their limits
	original int64 // the limit before the first reservation
)

// ForParsedInput is called right after an input of inputSize bytes was parsed. It
// collects once to measure the live heap and reserves max(7/4 of the input, 3/2 of the
// live heap, 64 MiB), raising the soft limit by that; the returned function gives the
// reservation back.
func ForParsedInput(inputSize int) func() {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return reserve(Reservation(int64(inputSize), int64(ms.HeapAlloc)))
}

// Reservation is the limit one request asks for, given its input size and the live
// heap once the input is parsed.
func Reservation(inputSize, live int64) int64 {
	limit := inputSize * 7 / 4
	if l := live * 3 / 2; l > limit {
		limit = l
	}
	if limit < floor {
		limit = floor
	}
	return limit
}

func reserve(limit int64) func() {
	mu.Lock()
	if active == 0 {
		original = debug.SetMemoryLimit(-1) // read without changing
	}
	active++
	reserved += limit
	debug.SetMemoryLimit(reserved)
	mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			mu.Lock()
			defer mu.Unlock()
			active--
			reserved -= limit
			if active == 0 {
				debug.SetMemoryLimit(original)
			} else {
				debug.SetMemoryLimit(reserved)
			}
		})
	}
}
