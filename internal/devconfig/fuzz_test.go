package devconfig

import (
	"reflect"
	"testing"
)

// FuzzParse: no panic on any YAML; an accepted configuration, printed by `devices`, reads
// back to the same targets (the round-trip property).
func FuzzParse(f *testing.F) {
	f.Add(builtinYAML)
	f.Add([]byte("t1:\n  aspects: [fp64, 5]\n  sub-group-sizes: [8]\n  aliases: [x]\n"))
	f.Add([]byte("a: &a [x]\nb: *a\n"))
	f.Add([]byte("g:\n  triple: spir64_gen\n  aot:\n    tool: ocloc\n    options: [\"-DPAIR=1,2\", \"a#b\", \"c]d\"]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse("fuzz.yaml", data)
		if err != nil {
			return
		}
		again, err := Parse("printed.yaml", c.YAML())
		if err != nil {
			t.Fatalf("printed configuration does not read back: %v\n%s", err, c.YAML())
		}
		if len(again.Targets) != len(c.Targets) {
			t.Fatalf("%d targets, then %d", len(c.Targets), len(again.Targets))
		}
		for i := range c.Targets {
			a, b := *c.Targets[i], *again.Targets[i]
			a.Line, b.Line = 0, 0
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("target %s reads back as %+v, was %+v", a.Name, b, a)
			}
		}
	})
}
