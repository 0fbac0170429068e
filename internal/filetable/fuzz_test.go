package filetable

import "testing"

// FuzzParse: no panic; an accepted table written out reads back to the same rows.
func FuzzParse(f *testing.F) {
	f.Add([]byte("[Code|Properties|Symbols]\na.ll|a.prop|a.sym\n"))
	f.Add([]byte("x|y\n\nz|w\n"))
	f.Add([]byte("[A]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		tab, err := Parse("fuzz.table", data)
		if err != nil {
			return
		}
		again, err := Parse("again.table", tab.Bytes())
		if err != nil {
			t.Fatalf("written table does not read back: %v\n%q", err, tab.Bytes())
		}
		if len(again.Rows) != len(tab.Rows) {
			t.Fatalf("%d rows, then %d", len(tab.Rows), len(again.Rows))
		}
		for i := range tab.Rows {
			for j := range tab.Rows[i] {
				if tab.Rows[i][j] != again.Rows[i][j] {
					t.Fatalf("row %d cell %d: %q then %q", i, j, tab.Rows[i][j], again.Rows[i][j])
				}
			}
		}
	})
}
