package memlimit

import (
	"runtime/debug"
	"testing"
)

func TestOverlappingHoldsRestore(t *testing.T) {
	orig := debug.SetGCPercent(100)
	defer debug.SetGCPercent(orig)
	a := Hold()
	b := Hold()
	if got := debug.SetGCPercent(Percent); got != Percent {
		t.Errorf("two holds: GC percent %d, want %d", got, Percent)
	}
	a() // released out of order, as concurrent requests do
	a() // twice is harmless
	if got := debug.SetGCPercent(Percent); got != Percent {
		t.Errorf("after the first release: GC percent %d, want %d", got, Percent)
	}
	b()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("after both: GC percent %d, want the original 100", got)
	}
}

// TestNoMemoryLimit: the package sets no soft memory limit, whose fixed value could sit
// below a growing live heap and make the collector run continuously.
func TestNoMemoryLimit(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	release := Hold()
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Errorf("memory limit changed from %d to %d", before, got)
	}
	release()
}
