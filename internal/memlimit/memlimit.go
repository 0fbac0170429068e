// Package memlimit keeps the heap of a verb that holds one large parsed module close to
// what it needs: while such a verb runs, the collector's target is 1.3x the live heap
// (GOGC=30) instead of Go's default 2x. The target follows the live heap as it grows, so
// the collector never runs continuously.
//
// It replaces a soft memory limit of 7/4 of the input size, which did not bound memory:
// modules of many small functions (a million-deep call chain, a million flat kernels)
// hold 8-9x their size once parsed, the live heap sat above the limit, and the collector
// ran almost continuously (a 1M-function chain: 38 s instead of 17 s; split of 100k
// kernels: 19 s instead of 9 s). The same happens to any fixed limit computed before
// the live heap is known, or computed once while it still grows.
//
// In a persistent worker several requests run at once; the setting holds while any of
// them runs, and the original comes back when the last one finishes.
package memlimit

import (
	"runtime/debug"
	"sync"
)

// Percent is the collector's target growth while a module is held.
const Percent = 30

var (
	mu       sync.Mutex
	active   int // requests holding the setting
	original int // the GC percent before the first
)

// Hold sets the collector's target to Percent while the caller holds a parsed module;
// the returned function gives it back.
func Hold() func() {
	mu.Lock()
	if active == 0 {
		original = debug.SetGCPercent(Percent)
	}
	active++
	mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			mu.Lock()
			defer mu.Unlock()
			active--
			if active == 0 {
				debug.SetGCPercent(original)
			}
		})
	}
}

// Ballast is for a verb whose input module of size bytes is mapped into memory
// (internal/mapfile) instead of read onto the heap: while held, a ballast of size
// bytes, allocated and never written, counts in the live heap, and
// the collector paces as if the input were on the heap. Without it, the heap of such a
// verb would be its parsed form alone, and the collector, whose target is a multiple of
// that, would run several times as often as with the input read. The ballast is not
// resident when its memory is fresh, as it is for a tool's first large allocations; heap
// memory used and freed before would be zeroed, and so made resident (a persistent
// worker keeps its ballasts for later requests for that reason). It is allocated in
// chunks (ballastChunk): an allocation that starts in a freed hole of the young heap is
// zeroed whole, so one ballast in one piece became resident whole now and then (a few
// MB of holes before it made 256 MB resident), a chunked one only the chunks in the
// holes. Verbs take it before they parse, and Hold once the module is parsed: the parse
// allocates what it keeps, so a lower target there would only mark the growing module
// more often.
func Ballast(size int) func() {
	b := takeBallast(size)
	var once sync.Once
	return func() {
		once.Do(func() { giveBallast(b) })
	}
}

// ballastChunk is the size of the ballast's pieces: large objects of their own, each
// zeroed (made resident) only if it reuses freed heap memory.
const ballastChunk = 4 << 20

// ballast is a ballast of size bytes in chunks.
type ballast struct {
	chunks [][]byte
	size   int
}

var (
	ballastMu sync.Mutex
	// spare holds the ballasts of finished holds (a persistent worker's earlier
	// requests) for the next ones: a ballast the collector freed would be zeroed when
	// the heap reuses its memory, and so become resident.
	spare []*ballast
)

// takeBallast returns the smallest spare ballast of at least size bytes, or a new one.
func takeBallast(size int) *ballast {
	ballastMu.Lock()
	defer ballastMu.Unlock()
	best := -1
	for i, b := range spare {
		if b.size >= size && (best < 0 || b.size < spare[best].size) {
			best = i
		}
	}
	if best < 0 {
		b := &ballast{size: size}
		for left := size; left > 0; left -= ballastChunk {
			b.chunks = append(b.chunks, make([]byte, min(left, ballastChunk)))
		}
		return b
	}
	b := spare[best]
	spare = append(spare[:best], spare[best+1:]...)
	return b
}

func giveBallast(b *ballast) {
	ballastMu.Lock()
	spare = append(spare, b)
	ballastMu.Unlock()
}

func min(a, b int) int {
	if a < b {
		return a
	}
	return b
}
