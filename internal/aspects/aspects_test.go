package aspects

import (
	"reflect"
	"testing"
)

func TestBuiltinCatalogue(t *testing.T) {
	b := Builtin()
	for name, want := range map[string]int{"host": 0, "cpu": 1, "gpu": 2, "fp16": 5, "fp64": 6, "atomic64": 28, "ext_intel_esimd": 53} {
		if v, ok := b.Value(name); !ok || v != want {
			t.Errorf("Value(%s) = %d, %v; want %d", name, v, ok, want)
		}
		if n, ok := b.Name(want); !ok || n != name {
			t.Errorf("Name(%d) = %q, %v; want %q", want, n, ok, name)
		}
	}
	all := All()
	if len(all) != b.Len() {
		t.Errorf("All has %d aspects, the table %d names", len(all), b.Len())
	}
	seen := map[int]bool{}
	for i, a := range all {
		if seen[a.Value] {
			t.Errorf("value %d twice", a.Value)
		}
		seen[a.Value] = true
		if i > 0 && all[i-1].Value >= a.Value {
			t.Errorf("All is not in value order at %s", a.Name)
		}
	}
	// All returns a copy.
	all[0].Name = "changed"
	if All()[0].Name == "changed" {
		t.Error("All shares its backing array")
	}
}

func TestTableSetReplacesAndDisplays(t *testing.T) {
	tab := NewTable()
	tab.Set("mine", 100)
	tab.Set("mine", 101) // renumbered: 100 has no name any more
	if _, ok := tab.Name(100); ok {
		t.Error("old value still named")
	}
	if n, _ := tab.Name(101); n != "mine" {
		t.Errorf("Name(101) = %q", n)
	}
	tab.Set("other", 101) // value taken over by another name
	if n, _ := tab.Name(101); n != "other" {
		t.Errorf("Name(101) = %q after Set(other)", n)
	}
	if d := tab.Display(7); d != "7" {
		t.Errorf("Display of an unnamed value = %q", d)
	}
	tab.Set("a", 1)
	tab.Set("b", 1)
	if got := tab.Names(); !reflect.DeepEqual(got, []string{"a", "b", "mine", "other"}) {
		t.Errorf("Names() = %q", got)
	}
}
