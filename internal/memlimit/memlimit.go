// Package memlimit bounds the memory of a verb that holds one large input: it sets Go's
// soft memory limit to a multiple of the input size, so the garbage collector runs at its
// normal pace until the process approaches the limit, and harder only then.
package memlimit

import "runtime/debug"

// floor keeps the limit sensible for small inputs.
const floor = 64 << 20

// ForInput sets the soft limit to 7/4 of inputSize (at least 64 MiB) and returns a
// function that restores the previous limit.
func ForInput(inputSize int) func() {
	limit := int64(inputSize) * 7 / 4
	if limit < floor {
		limit = floor
	}
	old := debug.SetMemoryLimit(limit)
	return func() { debug.SetMemoryLimit(old) }
}
