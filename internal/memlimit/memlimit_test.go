package memlimit

import (
	"runtime/debug"
	"testing"
)

func TestOverlappingReservationsRestore(t *testing.T) {
	orig := debug.SetMemoryLimit(-1)
	a := ForInput(100 << 20) // 175 MiB
	b := ForInput(1)         // floor: 64 MiB
	if got, want := debug.SetMemoryLimit(-1), int64(175<<20+64<<20); got != want {
		t.Errorf("two reservations: limit %d, want %d", got, want)
	}
	a() // released out of order, as concurrent requests do
	a() // twice is harmless
	if got, want := debug.SetMemoryLimit(-1), int64(64<<20); got != want {
		t.Errorf("after the first release: limit %d, want %d", got, want)
	}
	b()
	if got := debug.SetMemoryLimit(-1); got != orig {
		t.Errorf("after both: limit %d, want the original %d", got, orig)
	}
}
