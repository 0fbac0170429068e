package kernelloc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReadAndDescribe(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "k.locs")
	os.WriteFile(f, []byte("_ZTS7KDouble\ta.cpp:50\n_ZTS4KInt\ta.cpp:49\n"), 0o644)
	m, err := Read(f)
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Describe([]string{"_ZTS7KDouble"}); got != "kernel KDouble (a.cpp:50)" {
		t.Errorf("one: %q", got)
	}
	if got := m.Describe([]string{"_ZTS4KInt", "_ZTS7KDouble", "plain"}); got != "kernels KInt (a.cpp:49), KDouble (a.cpp:50), plain" {
		t.Errorf("three: %q", got)
	}
	bad := filepath.Join(dir, "bad.locs")
	os.WriteFile(bad, []byte("_ZTS7KDouble a.cpp:50\n"), 0o644)
	if _, err := Read(bad); err == nil || !strings.Contains(err.Error(), "bad.locs:1: not symbol<TAB>location") {
		t.Errorf("malformed: %v", err)
	}
	if m, err := Read(""); err != nil || len(m) != 0 {
		t.Errorf("empty name: %v %v", m, err)
	}
}
