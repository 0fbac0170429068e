package sycl

import (
	"flag"
	"reflect"
	"sort"
	"testing"

	"github.com/bazelbuild/bazel-gazelle/config"
	"github.com/bazelbuild/bazel-gazelle/label"
	"github.com/bazelbuild/bazel-gazelle/resolve"
	"github.com/bazelbuild/bazel-gazelle/rule"
)

func library(kind, name string, attrs map[string]interface{}) *rule.Rule {
	r := rule.NewRule(kind, name)
	for k, v := range attrs {
		r.SetAttr(k, v)
	}
	return r
}

func imports(t *testing.T, pkg string, r *rule.Rule) []string {
	t.Helper()
	var out []string
	for _, s := range (&syclLang{}).Imports(config.New(), r, &rule.File{Pkg: pkg}) {
		if s.Lang != languageName {
			t.Errorf("import %q indexed for language %q", s.Imp, s.Lang)
		}
		out = append(out, s.Imp)
	}
	sort.Strings(out)
	return out
}

// TestImports: every path an #include can name a library's headers by, in process.
func TestImports(t *testing.T) {
	cases := []struct {
		name, pkg string
		r         *rule.Rule
		want      []string
	}{
		{"plain", "lib", library("sycl_library", "a", map[string]interface{}{"hdrs": []string{"a.h", "sub/b.h"}}),
			[]string{"lib/a.h", "lib/sub/b.h"}},
		{"includes", "lib", library("sycl_library", "a", map[string]interface{}{"hdrs": []string{"inc/x/a.h"}, "includes": []string{"inc"}}),
			[]string{"lib/inc/x/a.h", "x/a.h"}},
		{"strip_include_prefix relative", "third/lib", library("cc_library", "a", map[string]interface{}{"hdrs": []string{"include/a.h"}, "strip_include_prefix": "include"}),
			[]string{"a.h", "third/lib/include/a.h"}},
		{"strip_include_prefix absolute", "third/lib", library("cc_library", "a", map[string]interface{}{"hdrs": []string{"include/a.h"}, "strip_include_prefix": "/third"}),
			[]string{"lib/include/a.h", "third/lib/include/a.h"}},
		{"include_prefix", "third/lib", library("cc_library", "a", map[string]interface{}{"hdrs": []string{"a.h"}, "include_prefix": "vendor"}),
			[]string{"third/lib/a.h", "vendor/a.h"}},
		{"both prefixes", "third/lib", library("cc_library", "a", map[string]interface{}{"hdrs": []string{"include/a.h"}, "strip_include_prefix": "include", "include_prefix": "v"}),
			[]string{"third/lib/include/a.h", "v/a.h"}},
		{"labels skipped", "lib", library("cc_library", "a", map[string]interface{}{"hdrs": []string{"//other:x.h", "a.h"}}),
			[]string{"lib/a.h"}},
		{"binaries provide nothing", "app", library("sycl_binary", "a", map[string]interface{}{"hdrs": []string{"a.h"}}), nil},
	}
	for _, tc := range cases {
		if got := imports(t, tc.pkg, tc.r); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestResolve: includes become deps through an index of libraries, in process.
func TestResolve(t *testing.T) {
	c := config.New()
	rc := &resolve.Configurer{}
	rc.RegisterFlags(flag.NewFlagSet("gazelle", flag.ContinueOnError), "update", c)
	rc.Configure(c, "", nil)
	sc := defaultConfig()
	sc.unresolved = unresolvedIgnore
	c.Exts[languageName] = sc
	lang := &syclLang{}
	ix := resolve.NewRuleIndex(func(r *rule.Rule, pkgRel string) resolve.Resolver {
		if r.Kind() == "sycl_library" || r.Kind() == "cc_library" {
			return lang
		}
		return nil
	})
	add := func(pkg string, r *rule.Rule) { ix.AddRule(c, r, &rule.File{Pkg: pkg}) }
	add("third/vendor", library("cc_library", "vendor", map[string]interface{}{"hdrs": []string{"include/v.h"}, "strip_include_prefix": "include", "include_prefix": "ven"}))
	add("lib", library("sycl_library", "kernels", map[string]interface{}{"srcs": []string{"kernels.cpp"}, "hdrs": []string{"kernels.h"}}))
	add("lib", library("sycl_library", "local", map[string]interface{}{"hdrs": []string{"local.h"}}))
	add("third/api", library("cc_library", "api", map[string]interface{}{"hdrs": []string{"include/api/api.h"}, "includes": []string{"include"}}))
	ix.Finish()

	app := library("sycl_binary", "app", map[string]interface{}{"srcs": []string{"app.cpp", "own.h"}})
	refs := []includeRef{
		{Path: "ven/v.h", Dir: "app", File: "app/app.cpp", Line: 1},           // include_prefix + strip_include_prefix
		{Path: "lib/kernels.h", Dir: "app", File: "app/app.cpp", Line: 2},     // from the repository root
		{Path: "../lib/local.h", Dir: "app", File: "app/app.cpp", Line: 3},    // relative to the file
		{Path: "own.h", Dir: "app", File: "app/app.cpp", Line: 4},             // the rule's own file
		{Path: "rsycl/sycl_lite.h", Dir: "app", File: "app/app.cpp", Line: 5}, // implicit runtime
		{Path: "nowhere.h", Dir: "app", File: "app/app.cpp", Line: 6},         // unresolved, ignored
		{Path: "sycl/sycl.hpp", Dir: "app", File: "app/app.cpp", Line: 7},     // the SYCL implementation's
		{Path: "CL/sycl.hpp", Dir: "app", File: "app/app.cpp", Line: 8},
		{Path: "api/api.h", Dir: "app", File: "app/app.cpp", Line: 9, Angled: true}, // below an includes directory
		{Path: "vector", Dir: "app", File: "app/app.cpp", Line: 10, Angled: true},   // a system header
	}
	lang.Resolve(c, ix, nil, app, &ruleImports{Refs: refs}, label.New("", "app", "app"))
	want := []string{"//lib:kernels", "//lib:local", "//third/api", "//third/vendor"}
	if got := app.AttrStrings("deps"); !reflect.DeepEqual(got, want) {
		t.Errorf("deps = %q, want %q", got, want)
	}
}

// TestAngledIncludes: an <...> include no rule provides is a system header, with no
// unresolved-include report; it is never looked up relative to the including file; one
// that names a library rules_sycl does not provide is reported with advice.
func TestAngledIncludes(t *testing.T) {
	c := config.New()
	rc := &resolve.Configurer{}
	rc.RegisterFlags(flag.NewFlagSet("gazelle", flag.ContinueOnError), "update", c)
	rc.Configure(c, "", nil)
	c.Exts[languageName] = defaultConfig()
	ix := resolve.NewRuleIndex(func(r *rule.Rule, pkgRel string) resolve.Resolver { return &syclLang{} })
	ix.AddRule(c, library("sycl_library", "near", map[string]interface{}{"hdrs": []string{"near.h"}}), &rule.File{Pkg: "app"})
	ix.Finish()
	from := label.New("", "app", "app")
	for _, p := range []string{"vector", "omp_like_nowhere.h", "near.h"} {
		l, err := resolveInclude(c, ix, includeRef{Path: p, Dir: "app", File: "app/app.cpp", Line: 1, Angled: true}, map[string]bool{}, from)
		if err != nil || l != label.NoLabel {
			t.Errorf("<%s>: %v, %v; want no dep and no error", p, l, err)
		}
	}
	if l, err := resolveInclude(c, ix, includeRef{Path: "near.h", Dir: "app", File: "app/app.cpp", Line: 1}, map[string]bool{}, from); err != nil || l.Name != "near" {
		t.Errorf(`"near.h": %v, %v; want //app:near`, l, err)
	}
	if _, err := resolveInclude(c, ix, includeRef{Path: "oneapi/dpl/algorithm", Dir: "app", File: "app/app.cpp", Line: 1, Angled: true}, map[string]bool{}, from); err == nil {
		t.Errorf("<oneapi/dpl/algorithm>: no report")
	}
}

// TestToolchainHeadersNeedNoDep: DPC++'s headers, quoted or not, are the toolchain's: no
// dep and no unresolved-include warning; a project header named like one is not.
func TestToolchainHeadersNeedNoDep(t *testing.T) {
	for _, p := range []string{"sycl/sycl.hpp", "sycl/ext/oneapi/experimental/root_group.hpp", "CL/sycl.hpp", "sycl.hpp", "syclcompat/syclcompat.hpp", "./sycl/sycl.hpp"} {
		if !toolchainHeader(p) {
			t.Errorf("%s: not a toolchain header", p)
		}
	}
	for _, p := range []string{"mysycl/sycl.hpp", "kernels/sycl.h", "lib/sycl_utils.h", "syclx.hpp"} {
		if toolchainHeader(p) {
			t.Errorf("%s: taken for a toolchain header", p)
		}
	}
}
