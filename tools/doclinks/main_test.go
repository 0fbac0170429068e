package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCheck(t *testing.T) {
	root := t.TempDir()
	for name, src := range map[string]string{
		"README.md":        "x",
		"docs/GUIDE.md":    "# Guide\n\n## Quick start: two commands\n",
		"examples/a/BUILD": "",
	} {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	doc := strings.Join([]string{
		"[guide](GUIDE.md) and [start](GUIDE.md#quick-start-two-commands) and [home](../README.md)",
		"[dir](../examples/a) ![img](../examples/a/BUILD) [web](https://example.com/x.md) [here](#top)",
		"`[not a link](nowhere.md)`",
		"```",
		"[in a fence](nowhere.md)",
		"```",
		"[gone](MISSING.md)",
		"[bad anchor](GUIDE.md#no-such-heading)",
		"[outside](../../shared/docs/DESIGN.md) [absolute](/etc/passwd)",
	}, "\n")
	var got []string
	for _, f := range Check(root, "docs/PAGE.md", []byte(doc)) {
		got = append(got, f.String())
	}
	want := []string{
		"docs/PAGE.md:7: link MISSING.md: no such file (docs/MISSING.md)",
		"docs/PAGE.md:8: link GUIDE.md#no-such-heading: docs/GUIDE.md has no heading #no-such-heading",
		"docs/PAGE.md:9: link ../../shared/docs/DESIGN.md leaves the repository: a reader of the checkout lacks it",
		"docs/PAGE.md:9: link /etc/passwd leaves the repository: a reader of the checkout lacks it",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
