package memlimit

import (
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
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

// TestBallastCountsButIsNotResident: Ballast's ballast is in the live heap (the
// collector paces by it) but not in the process's resident memory, also when a later
// hold reuses it. It runs in a fresh process, where the ballast is the first large
// allocation, as in the tools: memory the heap used and freed before would be zeroed
// when reused, and so made resident.
func TestBallastCountsButIsNotResident(t *testing.T) {
	if os.Getenv("MEMLIMIT_BALLAST_CHILD") != "1" {
		cmd := exec.Command(os.Args[0], "-test.run=^TestBallastCountsButIsNotResident$", "-test.v")
		cmd.Env = append(os.Environ(), "MEMLIMIT_BALLAST_CHILD=1")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("in a fresh process: %v\n%s", err, out)
		}
		return
	}
	const size = 256 << 20
	for round := 0; round < 3; round++ {
		runtime.GC()
		rss0 := residentAnon(t)
		release := Ballast(size)
		runtime.GC()
		var held runtime.MemStats
		runtime.ReadMemStats(&held)
		rss1 := residentAnon(t)
		release()
		if held.HeapAlloc < size {
			t.Errorf("round %d: live heap %d bytes while held, want at least %d", round, held.HeapAlloc, size)
		}
		if grew := rss1 - rss0; grew > size/8 {
			t.Errorf("round %d: resident memory grew by %d bytes for a ballast of %d", round, grew, size)
		}
	}
}

// residentAnon is the process's resident anonymous memory (Linux).
func residentAnon(t *testing.T) int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Skip("no /proc/self/status")
	}
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Fields(l); len(f) == 3 && f[0] == "RssAnon:" {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb << 10
		}
	}
	t.Skip("no RssAnon")
	return 0
}
