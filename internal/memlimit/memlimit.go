// Package memlimit bounds the memory of a verb that holds one large input: it sets Go's
// soft memory limit to a multiple of the input size, so the garbage collector runs at its
// normal pace until the process approaches the limit, and harder only then.
//
// In a persistent worker several requests run at once; the limit is then the sum of
// what the running requests asked for, and the original limit comes back when the last
// one finishes.
package memlimit

import (
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

// ForInput raises the soft limit by 7/4 of inputSize (at least 64 MiB) and returns a
// function that gives the reservation back.
func ForInput(inputSize int) func() {
	limit := int64(inputSize) * 7 / 4
	if limit < floor {
		limit = floor
	}
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
