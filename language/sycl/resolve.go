package sycl

import (
	"fmt"
	"log"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/bazelbuild/bazel-gazelle/config"
	"github.com/bazelbuild/bazel-gazelle/label"
	"github.com/bazelbuild/bazel-gazelle/repo"
	"github.com/bazelbuild/bazel-gazelle/resolve"
	"github.com/bazelbuild/bazel-gazelle/rule"
	"github.com/rules-sycl/rules_sycl/internal/extlibs"
)

// Headers every SYCL rule gets from the rules_sycl runtime, which the rules add by
// themselves: an include of one of them needs no dep.
const implicitPrefix = "rsycl/"

// toolchainHeader says whether an include names a header of the SYCL implementation
// (DPC++'s <sycl/...>, <CL/sycl.hpp>, <syclcompat/...>): the toolchain and the runtime
// provide it, so it needs no dep and is never reported, quoted or not.
func toolchainHeader(p string) bool {
	p = path.Clean(p)
	for _, prefix := range []string{"sycl/", "CL/sycl", "syclcompat/"} {
		if strings.HasPrefix(p, prefix) {
			return true
		}
	}
	return p == "sycl.hpp" || p == "syclcompat.hpp"
}

// implPrefix marks the index entries of implementations (implementsKey): a library is
// indexed under implPrefix + the path of each file its sources include.
const implPrefix = "implementation of "

// Imports indexes the headers a library provides, under every path an #include can
// name them by: the path from the repository root, the path below each of its
// includes directories, and (cc_library) the virtual path made by
// strip_include_prefix and include_prefix.
func (*syclLang) Imports(c *config.Config, r *rule.Rule, f *rule.File) []resolve.ImportSpec {
	switch r.Kind() {
	case "sycl_library", "cc_library":
	default:
		return nil // binaries and tests provide nothing to include
	}
	pkg := f.Pkg
	var specs []resolve.ImportSpec
	seen := map[string]bool{}
	add := func(p string) {
		if p != "" && !seen[p] {
			seen[p] = true
			specs = append(specs, resolve.ImportSpec{Lang: languageName, Imp: p})
		}
	}
	if impl, ok := r.PrivateAttr(implementsKey).([]string); ok {
		for _, p := range impl {
			add(implPrefix + p)
		}
	}
	strip, prefix := r.AttrString("strip_include_prefix"), r.AttrString("include_prefix")
	for _, h := range r.AttrStrings("hdrs") {
		if strings.Contains(h, ":") {
			continue // a label, not a file of this package
		}
		full := path.Join(pkg, h)
		add(full)
		for _, inc := range r.AttrStrings("includes") {
			dir := path.Join(pkg, inc)
			if strings.HasPrefix(inc, "/") {
				dir = path.Clean(strings.TrimPrefix(inc, "/"))
			}
			if rest, ok := under(full, dir); ok {
				add(rest)
			}
		}
		if strip != "" || prefix != "" {
			dir := pkg
			if strings.HasPrefix(strip, "/") {
				dir = path.Clean(strings.TrimPrefix(strip, "/"))
			} else if strip != "" {
				dir = path.Join(pkg, strip)
			}
			if rest, ok := under(full, dir); ok {
				add(path.Join(prefix, rest))
			}
		}
	}
	return specs
}

// under returns p relative to dir when p lies below dir ("" and "." are the root).
func under(p, dir string) (string, bool) {
	if dir == "" || dir == "." {
		return p, true
	}
	if strings.HasPrefix(p, dir+"/") {
		return p[len(dir)+1:], true
	}
	return "", false
}

// Resolve turns the quoted includes of a generated rule into deps. An include of one of
// the rule's own files needs no dep. Otherwise each include is looked up as written in
// # gazelle:resolve overrides, then as a path relative to the
// including file, then as a path from the repository root (or an includes directory)
// in the index; an <...> include only from the root or an includes directory, and one
// no rule provides is a system header, as are the SYCL implementation's headers however
// they are spelled (toolchainHeader). An include nothing provides is
// ignored, reported, or fatal, as sycl_unresolved_deps says.
func (l *syclLang) Resolve(c *config.Config, ix *resolve.RuleIndex, rc *repo.RemoteCache, r *rule.Rule, imports interface{}, from label.Label) {
	imp, _ := imports.(*ruleImports)
	if imp == nil {
		imp = &ruleImports{}
	}
	refs := imp.Refs
	sc := getConfig(c)
	program := r.Kind() == "sycl_binary" || r.Kind() == "sycl_test"
	if program && (l.cross == nil || l.cross.root != c.RepoRoot) {
		l.cross = newCrossDir(c.RepoRoot)
	}
	own := map[string]bool{}
	for _, attr := range []string{"srcs", "hdrs", "textual_hdrs"} {
		for _, f := range r.AttrStrings(attr) {
			own[path.Join(from.Pkg, f)] = true
		}
	}
	deps := map[string]bool{}
	for _, ref := range refs {
		lbl, err := resolveInclude(c, ix, ref, own, from)
		if err != nil {
			report(sc, ref, err)
			continue
		}
		if lbl != label.NoLabel && !lbl.Equal(from) {
			deps[lbl.Rel(from.Repo, from.Pkg).String()] = true
		}
		if program {
			// The libraries that define what the included header declares.
			if p := l.cross.find(ref.Dir, include{Path: ref.Path, Quoted: !ref.Angled}, sc.includeDirs); p != "" {
				for _, m := range ix.FindRulesByImportWithConfig(c, resolve.ImportSpec{Lang: languageName, Imp: implPrefix + p}, languageName) {
					if !m.IsSelfImport(from) {
						deps[m.Label.Rel(from.Repo, from.Pkg).String()] = true
					}
				}
			}
		}
	}
	for _, p := range imp.Parts {
		deps[p] = true
	}
	if len(deps) == 0 {
		r.DelAttr("deps")
		return
	}
	list := make([]string, 0, len(deps))
	for d := range deps {
		list = append(list, d)
	}
	sort.Strings(list)
	r.SetAttr("deps", list)
}

// errUnresolved is the message for an include no rule provides.
type errUnresolved struct{ msg string }

func (e errUnresolved) Error() string { return e.msg }

func resolveInclude(c *config.Config, ix *resolve.RuleIndex, ref includeRef, own map[string]bool, from label.Label) (label.Label, error) {
	cands := []string{path.Join(ref.Dir, ref.Path), path.Clean(ref.Path)}
	if ref.Angled {
		cands = cands[1:] // <...> is not relative to the including file
	}
	for _, cand := range cands {
		if own[cand] {
			return label.NoLabel, nil // a file of the rule itself
		}
	}
	// Overrides next, under the spelling of the include and under each candidate.
	for _, imp := range append([]string{ref.Path}, cands...) {
		if l, ok := resolve.FindRuleWithOverride(c, resolve.ImportSpec{Lang: languageName, Imp: imp}, languageName); ok {
			return l, nil
		}
	}
	if strings.HasPrefix(path.Clean(ref.Path), implicitPrefix) || toolchainHeader(ref.Path) {
		return label.NoLabel, nil
	}
	for _, cand := range cands {
		matches := ix.FindRulesByImportWithConfig(c, resolve.ImportSpec{Lang: languageName, Imp: cand}, languageName)
		var labels []string
		var first label.Label
		for _, m := range matches {
			if m.IsSelfImport(from) {
				return label.NoLabel, nil
			}
			if len(labels) == 0 {
				first = m.Label
			}
			labels = append(labels, m.Label.String())
		}
		switch {
		case len(labels) == 1:
			return first, nil
		case len(labels) > 1:
			sort.Strings(labels)
			return label.NoLabel, errUnresolved{fmt.Sprintf("include %q is provided by several rules (%s); choose one with # gazelle:resolve sycl sycl %s LABEL", ref.Path, strings.Join(labels, ", "), ref.Path)}
		}
	}
	if lib, ok := extlibs.Lookup(path.Clean(ref.Path)); ok {
		if lib.Label != "" {
			// A library rules_sycl provides (@onemkl).
			if l, err := label.Parse(lib.Label); err == nil {
				return l, nil
			}
		}
		return label.NoLabel, errUnresolved{"no rule provides include " + strconv.Quote(ref.Path) + ": " + extlibs.Message(ref.Path, lib)}
	}
	if ref.Angled {
		return label.NoLabel, nil // a system header (<vector>, <omp.h>, ...)
	}
	return label.NoLabel, errUnresolved{fmt.Sprintf("no rule provides include %q", ref.Path)}
}

// report applies sycl_unresolved_deps. "error" stops Gazelle before it writes any
// BUILD file: resolution runs after every directory has been generated and before
// anything is written.
func report(sc *syclConfig, ref includeRef, err error) {
	msg := fmt.Sprintf("%s:%d: %v", ref.File, ref.Line, err)
	switch sc.unresolved {
	case unresolvedIgnore:
	case unresolvedWarn:
		log.Printf("warning: %s", msg)
	default:
		log.Fatalf("%s (sycl_unresolved_deps is error)", msg)
	}
}
