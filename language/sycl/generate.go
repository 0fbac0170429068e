package sycl

import (
	"log"
	"path"
	"sort"
	"strings"

	"github.com/bazelbuild/bazel-gazelle/language"
	"github.com/bazelbuild/bazel-gazelle/rule"
)

// includeRef is one quoted #include of a generated rule, kept for Resolve.
type includeRef struct {
	Path string // as written
	Dir  string // directory of the including file, from the repository root
	File string // the including file, from the repository root (for messages)
	Line int
}

// unit is the files that make one rule: a source and the headers sharing its stem,
// or headers alone.
type unit struct {
	name       string
	srcs, hdrs []string
	test, main bool
	sycl       bool
	runtime    string // the runtime attribute its files' device API implies (fileInfo.Runtime)
}

func (u *unit) kind(plainCC bool) string {
	switch {
	case u.sycl && u.test:
		return "sycl_test"
	case u.sycl && u.main:
		return "sycl_binary"
	case u.sycl:
		return "sycl_library"
	case plainCC && !u.test && !u.main:
		return "cc_library"
	}
	return "" // plain C++ binaries and tests are left to a C++ extension
}

// GenerateRules writes, per directory:
//   - a sycl_test for each source whose name matches sycl_test_pattern,
//   - a sycl_binary for each other source that defines main(),
//   - a sycl_library for each other source (with the headers of the same stem), and for
//     each header without a source,
//
// for the files that are SYCL code (see syclFiles); a rule is SYCL when one of its
// files is. With sycl_plain_cc cc_library the other libraries become cc_library rules.
func (*syclLang) GenerateRules(args language.GenerateArgs) language.GenerateResult {
	var res language.GenerateResult
	sc := getConfig(args.Config)
	if !sc.generate {
		return res
	}
	names, files := readFiles(args)
	units := groupUnits(args.Rel, sc, names, files)
	generated := map[string]bool{}
	for _, u := range units {
		r := u.rule(sc)
		if r == nil {
			continue
		}
		res.Gen = append(res.Gen, r)
		res.Imports = append(res.Imports, unitIncludes(args.Rel, u, files))
		generated[r.Kind()+" "+u.name] = true
	}
	res.Empty = staleRules(args, sc, generated)
	return res
}

// readFiles scans the sources and headers of the directory (sorted names).
func readFiles(args language.GenerateArgs) ([]string, map[string]*fileInfo) {
	files := map[string]*fileInfo{}
	var names []string
	for _, name := range args.RegularFiles {
		if !isSource(name) && !isHeader(name) {
			continue
		}
		fi, err := readFileInfo(args.Dir, args.Rel, name)
		if err != nil {
			log.Printf("%s: %v", path.Join(args.Rel, name), err)
			continue
		}
		files[name] = &fi
		names = append(names, name)
	}
	sort.Strings(names)
	return names, files
}

// groupUnits makes one unit per stem: its sources and headers, whether it is SYCL
// code, a test or has main. Units are sorted by name.
func groupUnits(rel string, sc *syclConfig, names []string, files map[string]*fileInfo) []*unit {
	up, down := syclFiles(rel, names, files)
	runtimes := fileRuntimes(rel, names, files)
	units := map[string]*unit{}
	var order []string
	get := func(name string) *unit {
		u := units[name]
		if u == nil {
			u = &unit{name: name}
			units[name] = u
			order = append(order, name)
		}
		return u
	}
	for _, n := range names {
		if !isSource(n) {
			continue
		}
		u := get(stem(n))
		u.srcs = append(u.srcs, n)
		u.test = u.test || sc.isTest(n)
		u.main = u.main || files[n].HasMain
		u.sycl = u.sycl || up[n]
		if u.runtime == "" {
			u.runtime = runtimes[n]
		}
	}
	for _, n := range names {
		if isHeader(n) {
			u := get(stem(n))
			u.hdrs = append(u.hdrs, n)
			// A header only SYCL code includes joins a SYCL rule, unless plain C++
			// gets cc_library rules, where it can live instead.
			u.sycl = u.sycl || up[n] || (down[n] && !sc.plainCC)
			if u.runtime == "" {
				u.runtime = runtimes[n]
			}
		}
	}
	sort.Strings(order)
	out := make([]*unit, len(order))
	for i, name := range order {
		out[i] = units[name]
	}
	return out
}

// rule returns the rule generated for u, or nil when u gets none.
func (u *unit) rule(sc *syclConfig) *rule.Rule {
	kind := u.kind(sc.plainCC)
	if kind == "" {
		return nil
	}
	r := rule.NewRule(kind, u.name)
	if len(u.srcs) > 0 {
		r.SetAttr("srcs", u.srcs)
	}
	if len(u.hdrs) > 0 {
		r.SetAttr("hdrs", u.hdrs)
	}
	if u.runtime != "" && kind != "cc_library" {
		r.SetAttr("runtime", u.runtime)
	}
	if kind == "sycl_binary" || kind == "sycl_test" {
		if len(sc.targets) > 0 {
			r.SetAttr("targets", sc.targets)
		}
		if sc.split != "" {
			r.SetAttr("device_code_split", sc.split)
		}
	} else {
		r.SetAttr("visibility", []string{"//visibility:public"})
	}
	return r
}

// syclFiles returns two sets. up: files that include a SYCL header or use a SYCL
// attribute, or include such a file of this directory. down: up, plus the headers of
// this directory that files of down include (they are compiled as SYCL code, but do
// not make their other includers SYCL code).
func syclFiles(rel string, names []string, files map[string]*fileInfo) (up, down map[string]bool) {
	up, down = map[string]bool{}, map[string]bool{}
	for _, n := range names {
		up[n] = files[n].Marker
	}
	closeOver(rel, names, files, func(n, h string) bool {
		if up[h] && !up[n] {
			up[n] = true
			return true
		}
		return false
	})
	for n, v := range up {
		down[n] = v
	}
	closeOver(rel, names, files, func(n, h string) bool {
		if down[n] && !down[h] && isHeader(h) {
			down[h] = true
			return true
		}
		return false
	})
	return up, down
}

// fileRuntimes returns the runtime attribute each file's device API implies: its own
// include of an rsycl header, or one of a file of this directory it includes.
func fileRuntimes(rel string, names []string, files map[string]*fileInfo) map[string]string {
	rt := map[string]string{}
	for _, n := range names {
		rt[n] = files[n].Runtime
	}
	closeOver(rel, names, files, func(n, h string) bool {
		if rt[h] != "" && rt[n] == "" {
			rt[n] = rt[h]
			return true
		}
		return false
	})
	return rt
}

// closeOver calls step(file, included file) for every quoted include between files of
// this directory until no call reports a change.
func closeOver(rel string, names []string, files map[string]*fileInfo, step func(n, h string) bool) {
	for changed := true; changed; {
		changed = false
		for _, n := range names {
			for _, inc := range files[n].Includes {
				if h, ok := localInclude(rel, inc, files); ok && step(n, h) {
					changed = true
				}
			}
		}
	}
}

// localInclude finds the file of this directory a quoted include names: relative to
// the including file, or from the repository root (the -iquote . of Bazel's C++ rules).
func localInclude(rel string, inc include, files map[string]*fileInfo) (string, bool) {
	if !inc.Quoted {
		return "", false
	}
	for _, cand := range []string{path.Join(rel, inc.Path), path.Clean(inc.Path)} {
		if path.Dir(cand) == rel || (rel == "" && path.Dir(cand) == ".") {
			if _, ok := files[path.Base(cand)]; ok {
				return path.Base(cand), true
			}
		}
	}
	return "", false
}

func unitIncludes(rel string, u *unit, files map[string]*fileInfo) []includeRef {
	var refs []includeRef
	seen := map[string]bool{}
	for _, n := range append(append([]string(nil), u.srcs...), u.hdrs...) {
		fi := files[n]
		for _, inc := range fi.Includes {
			if !inc.Quoted || seen[inc.Path] {
				continue
			}
			seen[inc.Path] = true
			refs = append(refs, includeRef{Path: inc.Path, Dir: rel, File: fi.Rel, Line: inc.Line})
		}
	}
	return refs
}

// staleRules returns an empty rule for each existing rule of a generated kind whose
// files have all gone, so that Gazelle deletes it (unless it is marked # keep). Rules
// some of whose files remain are left as they are: they may be hand-written.
func staleRules(args language.GenerateArgs, sc *syclConfig, generated map[string]bool) []*rule.Rule {
	if args.File == nil {
		return nil
	}
	present := map[string]bool{}
	for _, n := range args.RegularFiles {
		present[n] = true
	}
	for _, n := range args.GenFiles {
		present[n] = true
	}
	var empty []*rule.Rule
	for _, r := range args.File.Rules {
		kind := r.Kind()
		switch kind {
		case "sycl_library", "sycl_binary", "sycl_test":
		case "cc_library":
			if !sc.plainCC {
				continue
			}
		default:
			continue
		}
		if generated[kind+" "+r.Name()] {
			continue
		}
		files := append(r.AttrStrings("srcs"), r.AttrStrings("hdrs")...)
		if len(files) == 0 || !allMissing(files, present) {
			continue
		}
		empty = append(empty, rule.NewRule(kind, r.Name()))
	}
	return empty
}

func allMissing(files []string, present map[string]bool) bool {
	for _, f := range files {
		if strings.ContainsAny(f, ":/") || present[f] {
			return false // a label, a file of a subdirectory, or a file that is there
		}
	}
	return true
}
