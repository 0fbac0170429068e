package aspects

import (
	"flag"
	"os"
	"regexp"
	"strconv"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/testutil"
)

var aspectsDefs = flag.String("dpcpp_aspects_defs", "", "aspects.def and aspects_deprecated.def of the DPC++ 2026 runtime, comma-separated (from @sycl_dpcpp)")

// TestNumbering2026MatchesRuntime: the dpcpp2026 table is what the runtime's own headers
// say, name for name and number for number.
func TestNumbering2026MatchesRuntime(t *testing.T) {
	if *aspectsDefs == "" {
		t.Skip("no -dpcpp_aspects_defs (run through Bazel: //internal/aspects:runtime_numbering_test)")
	}
	want := map[string]int{}
	re := regexp.MustCompile(`__SYCL_ASPECT(?:_DEPRECATED)?\((\w+),\s*(\d+)`)
	for _, f := range regexp.MustCompile(`,`).Split(*aspectsDefs, -1) {
		data, err := os.ReadFile(testutil.Tool(f))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range re.FindAllStringSubmatch(string(data), -1) {
			v, _ := strconv.Atoi(m[2])
			want[m[1]] = v
		}
	}
	if len(want) < 50 {
		t.Fatalf("read only %d aspects from %s", len(want), *aspectsDefs)
	}
	got, _ := Numbering("dpcpp2026")
	for name, v := range want {
		if g, ok := got.Value(name); !ok || g != v {
			t.Errorf("%s: the runtime numbers it %d, dpcpp2026 has %d (present: %v)", name, v, g, ok)
		}
	}
	if got.Len() != len(want) {
		t.Errorf("dpcpp2026 has %d aspects, the runtime's headers %d", got.Len(), len(want))
	}
}

// TestNumberings: every numbering resolves, the common aspects keep their numbers, and the
// two differ where DPC++ 2026 renumbered (atomic64: 28 before, 27 after).
func TestNumberings(t *testing.T) {
	for _, n := range Numberings {
		tab, ok := Numbering(n)
		if !ok || tab.Len() == 0 {
			t.Fatalf("numbering %s missing", n)
		}
		for name, v := range map[string]int{"cpu": 1, "gpu": 2, "fp16": 5, "fp64": 6} {
			if g, _ := tab.Value(name); g != v {
				t.Errorf("%s: %s = %d, want %d", n, name, g, v)
			}
		}
	}
	old, _ := Numbering("dpcpp2025")
	cur, _ := Numbering("dpcpp2026")
	if a, _ := old.Value("atomic64"); a != 28 {
		t.Errorf("dpcpp2025 atomic64 = %d", a)
	}
	if a, _ := cur.Value("atomic64"); a != 27 {
		t.Errorf("dpcpp2026 atomic64 = %d", a)
	}
	if _, ok := Numbering("dpcpp1999"); ok {
		t.Error("an unknown numbering resolved")
	}
}
