// Package versions checks versions.bzl, the one place that holds the versions rules_sycl
// is built and tested with, against MODULE.bazel and the version checks users hit.
package versions

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.starlark.net/starlark"
	"go.starlark.net/starlarkstruct"
)

var (
	versionsBzl = flag.String("versions_bzl", "../../versions.bzl", "path of versions.bzl")
	moduleBazel = flag.String("module_bazel", "../../MODULE.bazel", "path of MODULE.bazel")
)

func runfile(t *testing.T, p string) []byte {
	t.Helper()
	if _, err := os.Stat(p); err != nil && os.Getenv("TEST_SRCDIR") != "" {
		p = filepath.Join(os.Getenv("TEST_SRCDIR"), os.Getenv("TEST_WORKSPACE"), p)
	}
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func load(t *testing.T) starlark.StringDict {
	t.Helper()
	g, err := starlark.ExecFile(&starlark.Thread{Name: "versions.bzl"}, "versions.bzl", runfile(t, *versionsBzl), nil)
	if err != nil {
		t.Fatalf("versions.bzl does not evaluate: %v", err)
	}
	return g
}

// TestModuleBazelMatchesVersions: every bazel_dep of MODULE.bazel has the version of
// BZLMOD_DEPS, and rules_sycl's own version is RULES_SYCL_VERSION.
func TestModuleBazelMatchesVersions(t *testing.T) {
	g := load(t)
	want := map[string]string{}
	for _, item := range g["BZLMOD_DEPS"].(*starlark.Dict).Items() {
		want[string(item[0].(starlark.String))] = string(item[1].(starlark.String))
	}
	got := map[string]string{}
	var moduleVersion string
	kw := func(kwargs []starlark.Tuple, key string) string {
		for _, kv := range kwargs {
			if string(kv[0].(starlark.String)) == key {
				if s, ok := kv[1].(starlark.String); ok {
					return string(s)
				}
			}
		}
		return ""
	}
	stub := func(name string, f func(kwargs []starlark.Tuple)) *starlark.Builtin {
		return starlark.NewBuiltin(name, func(_ *starlark.Thread, _ *starlark.Builtin, _ starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
			if f != nil {
				f(kwargs)
			}
			return starlarkstruct.FromStringDict(starlark.String("ext"), starlark.StringDict{
				"from_file": starlark.NewBuiltin("from_file", func(*starlark.Thread, *starlark.Builtin, starlark.Tuple, []starlark.Tuple) (starlark.Value, error) {
					return starlark.None, nil
				}),
			}), nil
		})
	}
	pre := starlark.StringDict{
		"module":              stub("module", func(kw2 []starlark.Tuple) { moduleVersion = kw(kw2, "version") }),
		"bazel_dep":           stub("bazel_dep", func(kw2 []starlark.Tuple) { got[kw(kw2, "name")] = kw(kw2, "version") }),
		"use_extension":       stub("use_extension", nil),
		"use_repo":            stub("use_repo", nil),
		"register_toolchains": stub("register_toolchains", nil),
	}
	if _, err := starlark.ExecFile(&starlark.Thread{Name: "MODULE.bazel"}, "MODULE.bazel", runfile(t, *moduleBazel), pre); err != nil {
		t.Fatalf("MODULE.bazel does not evaluate: %v", err)
	}
	for name, v := range want {
		if got[name] != v {
			t.Errorf("MODULE.bazel: bazel_dep %s is %q, versions.bzl BZLMOD_DEPS says %q", name, got[name], v)
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("MODULE.bazel: bazel_dep %s is not in versions.bzl BZLMOD_DEPS", name)
		}
	}
	if rv := string(g["RULES_SYCL_VERSION"].(starlark.String)); moduleVersion != rv {
		t.Errorf("MODULE.bazel: module version %q, versions.bzl RULES_SYCL_VERSION %q", moduleVersion, rv)
	}
}

// TestVersionChecks: the one-line errors users get for an old Bazel or rules_go, and
// none for new or unknown versions (Debian's Bazel says "no_version").
func TestVersionChecks(t *testing.T) {
	g := load(t)
	check := g["check_version"].(*starlark.Function)
	minBazel := string(g["MINIMUM_BAZEL_VERSION"].(starlark.String))
	minGo := string(g["MINIMUM_RULES_GO_VERSION"].(starlark.String))
	cases := []struct {
		what, have, want string
		fails            bool
	}{
		{"Bazel", "4.2.0", minBazel, true},
		{"Bazel", "3.7.2", minBazel, true},
		{"Bazel", "4.2.1", minBazel, false},
		{"Bazel", "4.2.3", minBazel, false},
		{"Bazel", "7.4.1", minBazel, false},
		{"Bazel", "8.0.0rc1", minBazel, false},
		{"Bazel", "no_version", minBazel, false},
		{"Bazel", "", minBazel, false},
		{"rules_go", "0.33.0", minGo, true},
		{"rules_go", "0.34.0", minGo, false},
		{"rules_go", "0.50.1", minGo, false},
	}
	for _, tc := range cases {
		v, err := starlark.Call(&starlark.Thread{}, check, starlark.Tuple{starlark.String(tc.what), starlark.String(tc.have), starlark.String(tc.want)}, nil)
		if err != nil {
			t.Fatal(err)
		}
		msg, isErr := v.(starlark.String)
		if isErr != tc.fails {
			t.Errorf("%s %s: error %v, want error %v", tc.what, tc.have, v, tc.fails)
			continue
		}
		if isErr && (strings.Contains(string(msg), "\n") || !strings.Contains(string(msg), tc.what+" "+tc.want+" or newer; this workspace has "+tc.have)) {
			t.Errorf("%s %s: message %q is not one clear line", tc.what, tc.have, msg)
		}
	}
}

// TestDeclaredRulesGoVersion: the version rules_sycl_dependencies() checks is read from the
// user's own io_bazel_rules_go rule; rules that name no release pass.
func TestDeclaredRulesGoVersion(t *testing.T) {
	g := load(t)
	read := g["declared_rules_go_version"].(*starlark.Function)
	rule := func(kv map[string]starlark.Value) starlark.Value {
		d := starlark.NewDict(len(kv))
		for k, v := range kv {
			if err := d.SetKey(starlark.String(k), v); err != nil {
				t.Fatal(err)
			}
		}
		return d
	}
	list := func(s ...string) starlark.Value {
		var l []starlark.Value
		for _, x := range s {
			l = append(l, starlark.String(x))
		}
		return starlark.NewList(l)
	}
	cases := []struct {
		name string
		rule starlark.Value
		want string
	}{
		{"none", starlark.None, ""},
		{"release zip", rule(map[string]starlark.Value{"urls": list("https://mirror.bazel.build/x/v0.33.0/rules_go-v0.33.0.zip")}), "0.33.0"},
		{"tar.gz url", rule(map[string]starlark.Value{"url": starlark.String("https://example.com/rules_go-v0.50.1.tar.gz")}), "0.50.1"},
		{"strip_prefix", rule(map[string]starlark.Value{"urls": list("https://example.com/archive/abc.zip"), "strip_prefix": starlark.String("rules_go-v0.29.0")}), "0.29.0"},
		{"commit", rule(map[string]starlark.Value{"urls": list("https://github.com/bazelbuild/rules_go/archive/0123abc.zip")}), ""},
		{"local", rule(map[string]starlark.Value{"path": starlark.String("../rules_go")}), ""},
	}
	for _, tc := range cases {
		v, err := starlark.Call(&starlark.Thread{}, read, starlark.Tuple{tc.rule}, nil)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := string(v.(starlark.String)); got != tc.want {
			t.Errorf("%s: version %q, want %q", tc.name, got, tc.want)
		}
	}
}
