package main

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var apiMd = flag.String("api_md", "../../docs/api.md", "the checked-in docs/api.md")

// root is the checkout the test reads: the runfiles root under Bazel (rootpaths are
// relative to it), the source tree under `go test`.
func root(t *testing.T) string {
	t.Helper()
	p := *apiMd
	if _, err := os.Stat(p); err != nil && os.Getenv("TEST_SRCDIR") != "" {
		p = filepath.Join(os.Getenv("TEST_SRCDIR"), os.Getenv("TEST_WORKSPACE"), p)
	}
	return filepath.Dir(filepath.Dir(p))
}

// TestUpToDate fails when docs/api.md is not what the .bzl files and sycl/BUILD.bazel
// generate: regenerate it with `bazel run //tools/apidoc -- -o docs/api.md`.
func TestUpToDate(t *testing.T) {
	dir := root(t)
	got, err := Generate(dir)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join(dir, "docs", "api.md"))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
		for i := 0; i < len(gl) && i < len(wl); i++ {
			if gl[i] != wl[i] {
				t.Fatalf("docs/api.md is stale (run `bazel run //tools/apidoc -- -o docs/api.md`); first difference at line %d:\n have: %s\n want: %s", i+1, wl[i], gl[i])
			}
		}
		t.Fatalf("docs/api.md is stale (run `bazel run //tools/apidoc -- -o docs/api.md`): %d lines generated, %d checked in", len(gl), len(wl))
	}
}

// TestContent checks the page documents what users reach for: each public rule, macro,
// provider and flag, with the attributes' doc strings.
func TestContent(t *testing.T) {
	page, err := Generate(root(t))
	if err != nil {
		t.Fatal(err)
	}
	s := string(page)
	for _, want := range []string{
		"### sycl_binary", "### sycl_test", "### sycl_library", "### sycl_device", "### sycl_toolchain",
		"### SyclInfo", "### SyclToolchainInfo", "### SyclDeviceConfigInfo", "### rules_sycl_dependencies",
		"| `strip_include_prefix` | string |", "| `env` | dict of strings |",
		"| `--@rules_sycl//sycl:targets` | list of strings | `[\"spir64\"]` |",
		"| `--@rules_sycl//sycl:shards` | int | `8` |",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("docs lack %s", want)
		}
	}
	if strings.Contains(s, "sycl:current_target` |") {
		t.Error("an internal setting is documented as a flag")
	}
}
