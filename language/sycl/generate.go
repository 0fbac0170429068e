package sycl

import (
	"log"
	"path"
	"sort"
	"strings"

	"github.com/bazelbuild/bazel-gazelle/language"
	"github.com/bazelbuild/bazel-gazelle/rule"
)

// ruleImports is what Resolve needs of a generated rule: its quoted includes and, for a
// program (binary or test), the libraries of its directory that are parts of it.
type ruleImports struct {
	Refs  []includeRef
	Parts []string // labels relative to the package
}

// implementsKey is the private attribute (rule.SetPrivateAttr) of a library with sources
// and no headers: the files, from the repository root, that its sources include. It
// implements what those headers declare (iso3dfd.h declared in include/, defined by
// src/iso3dfd_kernels.cpp and src/utils.cpp), so a program that includes one of them
// links it (Imports, Resolve).
const implementsKey = "_sycl_implements"

// implements returns the files, from the repository root, that refs name.
func (l *syclLang) implements(rel string, sc *syclConfig, refs []includeRef) []string {
	var out []string
	for _, ref := range refs {
		if p := l.cross.find(rel, include{Path: ref.Path, Quoted: !ref.Angled}, sc.includeDirs); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// includeRef is one #include of a generated rule, kept for Resolve.
type includeRef struct {
	Path string // as written
	Dir  string // directory of the including file, from the repository root
	File string // the including file, from the repository root (for messages)
	Line int
	// Angled: an <...> include. A rule of the workspace may provide it (a library's
	// header below its includes directory, or under its include_prefix); one that names
	// a library rules_sycl does not provide (extlibs) gets Gazelle's advice; any other
	// is a system header.
	Angled bool
}

// unit is the files that make one rule: a source and the headers sharing its stem,
// or headers alone.
type unit struct {
	name       string
	srcs, hdrs []string
	textual    []string // files its files #include that are not headers (textualFiles)
	part       bool     // a library that is part of the directory's one program
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
func (l *syclLang) GenerateRules(args language.GenerateArgs) language.GenerateResult {
	var res language.GenerateResult
	sc := getConfig(args.Config)
	if !sc.generate {
		return res
	}
	if l.cross == nil || l.cross.root != args.Config.RepoRoot {
		l.cross = newCrossDir(args.Config.RepoRoot)
	}
	names, files := readFiles(args)
	external := func(n string) bool { return l.cross.includesSYCL(args.Rel, files[n], sc.includeDirs) }
	units := groupUnits(args.Rel, sc, names, files, external)
	generated := map[string]bool{}
	var programs []*rule.Rule
	var parts []string // libraries with sources and no headers: parts of this directory's programs
	for _, u := range units {
		r := u.rule(sc, sc.isIncludeDir(args.Rel))
		if r == nil {
			continue
		}
		imp := &ruleImports{Refs: unitIncludes(args.Rel, u, files)}
		switch {
		case u.main || u.test:
			programs = append(programs, r)
		case len(u.srcs) > 0 && len(u.hdrs) == 0:
			if u.part {
				parts = append(parts, ":"+u.name)
			}
			r.SetPrivateAttr(implementsKey, l.implements(args.Rel, sc, imp.Refs))
		}
		res.Gen = append(res.Gen, r)
		res.Imports = append(res.Imports, imp)
		generated[r.Kind()+" "+u.name] = true
	}
	for i, r := range res.Gen {
		if contains(programs, r) {
			res.Imports[i].(*ruleImports).Parts = parts
		}
	}
	res.Empty = staleRules(args, sc, generated)
	return res
}

// readFiles scans the sources and headers of the directory, and the files of the
// directory they include textually (see textualFiles). It returns the sorted names of
// all of them.
func readFiles(args language.GenerateArgs) ([]string, map[string]*fileInfo) {
	files := map[string]*fileInfo{}
	var names []string
	for _, name := range args.RegularFiles {
		if !isSource(name) && !isHeader(name) {
			continue
		}
		if !labelSafe(name) {
			log.Printf("%s: skipped: a Bazel label cannot name this file (':', '\\', or a control character in its name)", path.Join(args.Rel, name))
			continue
		}
		fi, err := readFileInfo(args.Dir, args.Rel, name)
		if err != nil {
			log.Printf("%s: %v", path.Join(args.Rel, name), err)
			continue
		}
		if fi.SYCL2020 && fi.Runtime == rsyclRuntimes["rsycl/sycl_lite.h"] {
			// rsycl/sycl_dpcpp.hpp is written to go with <sycl/sycl.hpp>; sycl_lite.h is not.
			log.Printf("warning: %s includes both <sycl/sycl.hpp> and rules_sycl's rsycl/sycl_lite.h API: its rule gets the test runtime (%s), which does not serve <sycl/sycl.hpp>; include one of them, or set runtime by hand", fi.Rel, fi.Runtime)
		}
		files[name] = &fi
		names = append(names, name)
	}
	present := map[string]bool{}
	for _, name := range args.RegularFiles {
		present[name] = true
	}
	// Files of other extensions (kernels.inc, kernel.sycl) that a scanned file includes.
	for i := 0; i < len(names); i++ {
		for _, inc := range files[names[i]].Includes {
			h, ok := localInclude(args.Rel, inc, func(n string) bool { return present[n] })
			if !ok || files[h] != nil || !labelSafe(h) {
				continue
			}
			fi, err := readFileInfo(args.Dir, args.Rel, h)
			if err != nil {
				log.Printf("%s: %v", path.Join(args.Rel, h), err)
				continue
			}
			files[h] = &fi
			names = append(names, h)
		}
	}
	sort.Strings(names)
	return names, files
}

// labelSafe says whether a file name can be a target name and a srcs entry: Bazel refuses
// ':' and '\\' there, and control characters (a newline) break the BUILD file. One such
// rule would stop the whole package from loading, so the file gets none.
func labelSafe(name string) bool {
	for _, r := range name {
		if r == ':' || r == '\\' || r < 0x20 || r == 0x7f {
			return false
		}
	}
	return true
}

// textualFiles returns the files of the directory that other files of it #include and
// that are not headers: sources without main() (#include "kernels.cpp") and files of
// any other extension (kernels.inc). They are compiled as part of their includers, so
// they go in their includers' textual_hdrs and get no rule of their own.
func textualFiles(rel string, names []string, files map[string]*fileInfo) map[string]bool {
	textual := map[string]bool{}
	for _, n := range names {
		for _, inc := range files[n].Includes {
			h, ok := localInclude(rel, inc, func(n string) bool { return files[n] != nil })
			if ok && h != n && !isHeader(h) && !files[h].HasMain {
				textual[h] = true
			}
		}
	}
	return textual
}

// groupUnits makes one unit per stem: its sources and headers, whether it is SYCL
// code, a test or has main. external(name) says whether a file includes SYCL code of
// another directory. In an include directory (sycl_include_dirs), plain C++ headers
// make SYCL libraries too. Library units whose files include each other in a cycle are
// merged into one (Bazel refuses cyclic deps), and each unit gets the textual files its
// files include. Units are sorted by name.
func groupUnits(rel string, sc *syclConfig, names []string, files map[string]*fileInfo, external func(string) bool) []*unit {
	g := &grouping{rel: rel, sc: sc, names: names, files: files, units: map[string]*unit{}, owner: map[string]*unit{}}
	g.up, g.down = syclFiles(rel, names, files, external)
	g.textual = textualFiles(rel, names, files)
	g.runtimes = fileRuntimes(rel, names, files)
	g.addSources()
	g.addHeaders()
	splitProgramHeaders(rel, names, files, g.units, g.owner)
	mergeCycles(rel, names, files, g.units, g.owner)
	g.markProgramParts()
	g.addTextual()
	return g.sorted()
}

// grouping is groupUnits' state: the units by name, and each file's unit.
type grouping struct {
	rel               string
	sc                *syclConfig
	names             []string
	files             map[string]*fileInfo
	up, down, textual map[string]bool
	runtimes          map[string]string
	units             map[string]*unit
	owner             map[string]*unit // file -> its unit
}

func (g *grouping) get(name string) *unit {
	u := g.units[name]
	if u == nil {
		u = &unit{name: name}
		g.units[name] = u
	}
	return u
}

// take makes file n part of u, which then follows n's runtime if it has none yet.
func (g *grouping) take(u *unit, n string) {
	g.owner[n] = u
	if u.runtime == "" {
		u.runtime = g.runtimes[n]
	}
}

func (g *grouping) addSources() {
	for _, n := range g.names {
		if !isSource(n) || g.textual[n] {
			continue
		}
		u := g.get(stem(n))
		g.take(u, n)
		u.srcs = append(u.srcs, n)
		u.test = u.test || g.sc.isTest(n)
		u.main = u.main || g.files[n].HasMain
		u.sycl = u.sycl || g.up[n]
	}
}

// addHeaders: a header only SYCL code includes joins a SYCL rule, unless plain C++ gets
// cc_library rules, where it can live instead. So does every header of an include
// directory (sycl_include_dirs): it is there to be included, from anywhere.
func (g *grouping) addHeaders() {
	inIncludeDir := g.sc.isIncludeDir(g.rel)
	for _, n := range g.names {
		if isHeader(n) {
			u := g.get(stem(n))
			g.take(u, n)
			u.hdrs = append(u.hdrs, n)
			u.sycl = u.sycl || g.up[n] || ((g.down[n] || inIncludeDir) && !g.sc.plainCC)
		}
	}
}

// markProgramParts: in a directory with one SYCL program, a source without a header of
// its stem and included by nothing is part of that program (main.cpp declares what it
// defines extern), as CMake's add_executable lists a sample's sources: it gets a library
// the program depends on, even when it is plain C++. Directories of several programs
// (tests, benchmarks) are left as they are.
func (g *grouping) markProgramParts() {
	var program *unit
	programs := 0
	for _, u := range g.units {
		if u.sycl && (u.main || u.test) {
			program = u
			programs++
		}
	}
	if programs != 1 {
		return
	}
	for _, u := range g.units {
		if len(u.srcs) > 0 && len(u.hdrs) == 0 && !u.main && !u.test && u.runtime == program.runtime {
			u.part = true
			u.sycl = u.sycl || !g.sc.plainCC
		}
	}
}

// addTextual gives textual files to the units of the files that include them, through
// textual files that include others.
func (g *grouping) addTextual() {
	known := func(n string) bool { return g.files[n] != nil }
	for changed := true; changed; {
		changed = false
		for _, n := range g.names {
			u := g.owner[n]
			if u == nil {
				continue
			}
			for _, inc := range g.files[n].Includes {
				h, ok := localInclude(g.rel, inc, known)
				if !ok || !g.textual[h] || contains(u.textual, h) {
					continue
				}
				u.textual = append(u.textual, h)
				u.sycl = u.sycl || g.up[h]
				if u.runtime == "" {
					u.runtime = g.runtimes[h]
				}
				if g.owner[h] == nil {
					g.owner[h] = u // a textual file's own includes count for its first includer
				}
				changed = true
			}
		}
	}
}

// sorted is the units sorted by name, each with its files sorted.
func (g *grouping) sorted() []*unit {
	var order []string
	for name := range g.units {
		order = append(order, name)
	}
	sort.Strings(order)
	out := make([]*unit, len(order))
	for i, name := range order {
		u := g.units[name]
		sort.Strings(u.srcs)
		sort.Strings(u.hdrs)
		sort.Strings(u.textual)
		out[i] = u
	}
	return out
}

// splitProgramHeaders gives a header of a program's stem (motionsim.hpp beside
// motionsim.cpp's main) that other files of the directory include a header-only library
// of its own, <stem>_hdrs: a binary or test provides nothing to include, so its other
// includers could not depend on it.
func splitProgramHeaders(rel string, names []string, files map[string]*fileInfo, units map[string]*unit, owner map[string]*unit) {
	for _, n := range names {
		for _, inc := range files[n].Includes {
			h, ok := localInclude(rel, inc, func(n string) bool { return files[n] != nil })
			prog := owner[h]
			if !ok || !isHeader(h) || prog == nil || !(prog.main || prog.test) || owner[n] == prog || owner[n] == nil {
				continue
			}
			name := stem(h) + "_hdrs"
			lib := units[name]
			if lib == nil {
				lib = &unit{name: name, sycl: prog.sycl, runtime: prog.runtime}
				units[name] = lib
			}
			var rest []string
			for _, x := range prog.hdrs {
				if x != h {
					rest = append(rest, x)
				}
			}
			prog.hdrs = rest
			lib.hdrs = append(lib.hdrs, h)
			owner[h] = lib
		}
	}
}

// mergeCycles merges library units whose files include each other in a cycle
// (common.h includes command_line.h, which includes common.h) into the unit of the
// cycle's first name: the strongly connected components of the include graph between
// units. Units with main() or tests are left alone; they provide nothing to include.
func mergeCycles(rel string, names []string, files map[string]*fileInfo, units map[string]*unit, owner map[string]*unit) {
	edges := map[string][]string{}
	for _, n := range names {
		from := owner[n]
		if from == nil || from.main || from.test {
			continue
		}
		for _, inc := range files[n].Includes {
			h, ok := localInclude(rel, inc, func(n string) bool { return files[n] != nil })
			if to := owner[h]; ok && to != nil && to != from && !to.main && !to.test {
				edges[from.name] = append(edges[from.name], to.name)
			}
		}
	}
	var keys []string
	for k := range units {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, comp := range stronglyConnected(keys, edges) {
		if len(comp) < 2 {
			continue
		}
		sort.Strings(comp)
		into := units[comp[0]]
		for _, name := range comp[1:] {
			u := units[name]
			into.srcs = append(into.srcs, u.srcs...)
			into.hdrs = append(into.hdrs, u.hdrs...)
			into.sycl = into.sycl || u.sycl
			if into.runtime == "" {
				into.runtime = u.runtime
			}
			for f, o := range owner {
				if o == u {
					owner[f] = into
				}
			}
			delete(units, name)
		}
	}
}

// stronglyConnected returns the strongly connected components of the graph (Tarjan's
// algorithm), visiting nodes in the given order so the result is deterministic.
func stronglyConnected(nodes []string, edges map[string][]string) [][]string {
	index, low := map[string]int{}, map[string]int{}
	onStack := map[string]bool{}
	var stack []string
	var comps [][]string
	next := 0
	var visit func(v string)
	visit = func(v string) {
		index[v], low[v] = next, next
		next++
		stack = append(stack, v)
		onStack[v] = true
		for _, w := range edges[v] {
			if _, seen := index[w]; !seen {
				visit(w)
				if low[w] < low[v] {
					low[v] = low[w]
				}
			} else if onStack[w] && index[w] < low[v] {
				low[v] = index[w]
			}
		}
		if low[v] == index[v] {
			var comp []string
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[w] = false
				comp = append(comp, w)
				if w == v {
					break
				}
			}
			comps = append(comps, comp)
		}
	}
	for _, v := range nodes {
		if _, seen := index[v]; !seen {
			visit(v)
		}
	}
	return comps
}

func contains[T comparable](list []T, s T) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// rule returns the rule generated for u, or nil when u gets none. In one of the
// sycl_include_dirs (inIncludeDir), a library gets includes = ["."], so that its
// dependents' compiles find its headers by the names they include them by.
func (u *unit) rule(sc *syclConfig, inIncludeDir bool) *rule.Rule {
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
	if len(u.textual) > 0 && kind != "cc_library" {
		r.SetAttr("textual_hdrs", u.textual)
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
		if inIncludeDir {
			r.SetAttr("includes", []string{"."})
		}
		r.SetAttr("visibility", []string{"//visibility:public"})
	}
	return r
}

// syclFiles returns two sets. up: files that include a SYCL header or use a SYCL
// attribute, include SYCL code of another directory (external), or include such a file
// of this directory. down: up, plus the headers of this directory that files of down
// include (they are compiled as SYCL code, but do not make their other includers SYCL
// code).
func syclFiles(rel string, names []string, files map[string]*fileInfo, external func(string) bool) (up, down map[string]bool) {
	up, down = map[string]bool{}, map[string]bool{}
	for _, n := range names {
		up[n] = files[n].Marker || (external != nil && external(n))
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

// closeOver calls step(file, included file) for the quoted includes between files of
// this directory until no call reports a change.
func closeOver(rel string, names []string, files map[string]*fileInfo, step func(n, h string) bool) {
	// The include edges, once; then a work list: an edge is looked at again only when one
	// of its ends changed, so a chain of includes is one pass, not one pass per link.
	type edge struct{ n, h string }
	var edges []edge
	touching := map[string][]int{} // file -> the edges it is an end of
	for _, n := range names {
		for _, inc := range files[n].Includes {
			if h, ok := localInclude(rel, inc, func(n string) bool { return files[n] != nil }); ok {
				touching[n] = append(touching[n], len(edges))
				touching[h] = append(touching[h], len(edges))
				edges = append(edges, edge{n, h})
			}
		}
	}
	queued := make([]bool, len(edges))
	work := make([]int, len(edges))
	for i := range edges {
		work[i], queued[i] = i, true
	}
	for len(work) > 0 {
		e := edges[work[0]]
		queued[work[0]] = false
		work = work[1:]
		if !step(e.n, e.h) {
			continue
		}
		for _, f := range []string{e.n, e.h} {
			for _, j := range touching[f] {
				if !queued[j] {
					queued[j] = true
					work = append(work, j)
				}
			}
		}
	}
}

// localInclude finds the file of this directory a quoted include names: relative to
// the including file, or from the repository root (the -iquote . of Bazel's C++ rules).
func localInclude(rel string, inc include, has func(string) bool) (string, bool) {
	if !inc.Quoted {
		return "", false
	}
	for _, cand := range []string{path.Join(rel, inc.Path), path.Clean(inc.Path)} {
		if path.Dir(cand) == rel || (rel == "" && path.Dir(cand) == ".") {
			if has(path.Base(cand)) {
				return path.Base(cand), true
			}
		}
	}
	return "", false
}

func unitIncludes(rel string, u *unit, files map[string]*fileInfo) []includeRef {
	var refs []includeRef
	seen := map[string]bool{}
	for _, n := range append(append(append([]string(nil), u.srcs...), u.hdrs...), u.textual...) {
		fi := files[n]
		for _, inc := range fi.Includes {
			if seen[inc.Path] {
				continue
			}
			seen[inc.Path] = true
			refs = append(refs, includeRef{Path: inc.Path, Dir: rel, File: fi.Rel, Line: inc.Line, Angled: !inc.Quoted})
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
