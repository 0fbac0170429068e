package memlimit

import (
	"runtime/debug"
	"testing"
)

func TestOverlappingReservationsRestore(t *testing.T) {
	orig := debug.SetMemoryLimit(-1)
	a := reserve(175 << 20)
	b := reserve(64 << 20)
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

// TestReservationFollowsTheLiveHeap: the limit never sits below the parsed module. A
// 90 MB chain of a million functions is ~740 MB parsed; the old rule (7/4 of the input,
// 157 MB) made the collector run continuously.
func TestReservationFollowsTheLiveHeap(t *testing.T) {
	for _, c := range []struct{ in, live, want int64 }{
		{90 << 20, 740 << 20, 1110 << 20}, // chain-shaped: the live heap decides
		{62 << 20, 76 << 20, 114 << 20},   // the benchmark module: under 2x its size
		{100 << 20, 10 << 20, 175 << 20},  // 7/4 of the input
		{1, 1, floor},
	} {
		if got := Reservation(c.in, c.live); got != c.want {
			t.Errorf("Reservation(%d, %d) = %d, want %d", c.in, c.live, got, c.want)
		}
		if got := Reservation(c.in, c.live); got < c.live {
			t.Errorf("limit %d below the live heap %d", got, c.live)
		}
	}
}

func TestForParsedInputRaisesAndRestores(t *testing.T) {
	orig := debug.SetMemoryLimit(-1)
	held := make([]byte, 32<<20) // live
	release := ForParsedInput(1)
	if got := debug.SetMemoryLimit(-1); got < 48<<20 {
		t.Errorf("limit %d does not cover 1.5x a 32 MiB live heap", got)
	}
	release()
	if got := debug.SetMemoryLimit(-1); got != orig {
		t.Errorf("limit %d after release, want %d", got, orig)
	}
	_ = held[len(held)-1]
}
