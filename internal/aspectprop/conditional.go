package aspectprop

import (
	"strconv"
	"strings"

	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/kernelinfo"
	"github.com/rules-sycl/rules_sycl/internal/llvmir"
)

// device_if, as DPC++'s SYCLPropagateAspectsUsage handles conditional callers:
//
//   - the call graph gains an edge from each conditional caller to its actions;
//   - from the entry points, a function is "called unconditionally" when an
//     unconditionally called function calls it other than through a conditional caller,
//     and "called conditionally" when it is a conditional caller or a conditionally
//     called function calls it (one depth-first walk with a visited set shared by all
//     entry points, so a function's callees are classified on its first visit only);
//     functions the walk never reaches count as unconditional;
//   - what a function uses itself counts as used when it is called unconditionally and
//     as conditionally used when it is called conditionally; its !sycl_used_aspects
//     counts as used either way;
//   - !sycl_used_aspects propagates to unconditionally called functions only;
//   - a function's condition is the set of integers of the conditions on the way to it
//     (DPC++ keeps conditions as a SmallSet<int, 4>, so operators and aspect numbers
//     merge into one set); a walk from each entry point sets it, the last visit winning;
//   - along every entry-to-leaf path that passes a conditional caller, from the leaf up,
//     a function gains its callee's conditional aspects and, when it has no condition of
//     its own, its callee's condition; it records (its condition, its conditional aspects)
//     when both are non-empty, then its callee's pairs;
//   - every function such a path passes below its first gets !sycl_conditionally_used_aspects
//     with its pairs (an empty list when it has none), as do the others that record a pair.
//
// DPC++ writes the pairs without --exclude-aspects' filter, and so does this.

// maxCondPaths bounds the functions visited by the walks of entry-to-leaf paths (DPC++
// enumerates them all); maxCondWork bounds the work of processing the paths through
// conditional callers (the sum of their lengths).
const (
	maxCondPaths = 1 << 18
	maxCondWork  = 1 << 20
)

type condPair struct{ cond, aspects set }

type condState struct {
	calls    map[*llvmir.Function][]kernelinfo.CondCall // by caller
	isCC     map[*llvmir.Function]bool
	uncond   map[*llvmir.Function]bool
	condl    map[*llvmir.Function]bool
	condUsed map[*llvmir.Function]set
	condMap  map[*llvmir.Function]set
	pairs    map[*llvmir.Function][]condPair
	hasPairs map[*llvmir.Function]bool // an entry exists (possibly empty)
}

// classifyConditional finds the conditional calls and classifies the functions; it
// leaves r.cond nil for a module without conditional callers.
func (r *run) classifyConditional() error {
	m := r.m
	isCC := map[*llvmir.Function]bool{}
	for _, f := range m.Funcs {
		if kernelinfo.IsCondCaller(m, f) {
			isCC[f] = true
		}
	}
	if len(isCC) == 0 {
		return nil
	}
	calls, err := kernelinfo.CondCalls(m)
	if err != nil {
		return err
	}
	c := &condState{calls: map[*llvmir.Function][]kernelinfo.CondCall{}, isCC: isCC,
		uncond: map[*llvmir.Function]bool{}, condl: map[*llvmir.Function]bool{},
		condUsed: map[*llvmir.Function]set{}, condMap: map[*llvmir.Function]set{},
		pairs: map[*llvmir.Function][]condPair{}, hasPairs: map[*llvmir.Function]bool{}}
	r.cond = c
	for _, cc := range calls {
		c.calls[cc.Site.Caller] = append(c.calls[cc.Site.Caller], cc)
		action := m.Func(cc.Action)
		dup := false
		for _, x := range r.cg[cc.Callee.Index] {
			dup = dup || x == action
		}
		if !dup {
			r.cg[cc.Callee.Index] = append(r.cg[cc.Callee.Index], action)
			r.cgDbg[cc.Callee.Index] = append(r.cgDbg[cc.Callee.Index], 0)
		}
	}
	r.classify(c)
	for _, f := range m.Funcs {
		if c.condl[f] {
			c.condUsed[f] = r.own[f.Index]
		}
		if !c.uncond[f] {
			r.used[f.Index] = r.listed[f.Index]
		}
	}
	return nil
}

// classify walks from every entry point (iteratively, in DPC++'s visit order) and marks
// each function reached unconditionally, conditionally (through a conditional caller),
// or both; a function no walk reaches is one or the other by its own kind.
func (r *run) classify(c *condState) {
	visited := map[*llvmir.Function]bool{}
	for _, e := range r.entries {
		if c.isCC[e] {
			c.condl[e] = true
		} else {
			c.uncond[e] = true
		}
		type frame struct {
			f    *llvmir.Function
			next int
		}
		stack := []frame{{f: e}}
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			callees := r.cg[top.f.Index]
			if top.next >= len(callees) {
				stack = stack[:len(stack)-1]
				continue
			}
			callee := callees[top.next]
			top.next++
			f := top.f
			if !c.isCC[callee] && c.uncond[f] {
				c.uncond[callee] = true
			}
			if c.isCC[callee] || c.condl[f] {
				c.condl[callee] = true
			}
			if !visited[callee] {
				visited[callee] = true
				stack = append(stack, frame{f: callee})
			}
		}
	}
	for _, f := range r.m.Funcs {
		if !visited[f] {
			if c.isCC[f] {
				c.condl[f] = true
			} else {
				c.uncond[f] = true
			}
		}
	}
}

// conditionalPairs computes every function's conditions and (condition, aspects) pairs.
func (r *run) conditionalPairs() error {
	onPath := map[*llvmir.Function]bool{}
	if err := r.conditions(onPath); err != nil {
		return err
	}
	return r.pathsThroughCallers(onPath)
}

// tooManyPaths is the error of a call graph with more than maxCondPaths paths.
func (r *run) tooManyPaths(f *llvmir.Function) error {
	return diag.Errorf(r.m.File, f.Line, "device_if: more than %d call paths through conditional callers; the call graph is too large to propagate conditions", maxCondPaths)
}

// conditions computes every function's condition (c.condMap): from each entry point,
// without a visited set (the last visit wins), as DPC++ does; a callee already on the
// walk's path is not entered again. The walk keeps its own stack (a million-deep call
// chain is data, not recursion).
func (r *run) conditions(onPath map[*llvmir.Function]bool) error {
	c := r.cond
	budget := maxCondPaths
	type frame struct {
		f     *llvmir.Function
		local map[*llvmir.Function]set
		next  int
	}
	var stack []frame
	// The conditions a function's own conditional calls put on each callee: computed
	// once per function, however often the walk passes it.
	locals := map[*llvmir.Function]map[*llvmir.Function]set{}
	localOf := func(f *llvmir.Function) map[*llvmir.Function]set {
		if l, ok := locals[f]; ok {
			return l
		}
		local := map[*llvmir.Function]set{}
		for _, cc := range c.calls[f] {
			s := local[cc.Callee]
			if s == nil {
				s = newSet()
				local[cc.Callee] = s
			}
			for _, v := range cc.Cond {
				s.add(v)
			}
		}
		locals[f] = local
		return local
	}
	push := func(f *llvmir.Function) error {
		if budget--; budget < 0 {
			return r.tooManyPaths(f)
		}
		onPath[f] = true
		stack = append(stack, frame{f: f, local: localOf(f)})
		return nil
	}
	for _, e := range r.entries {
		if err := push(e); err != nil {
			return err
		}
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			callees := r.cg[top.f.Index]
			if top.next >= len(callees) {
				delete(onPath, top.f)
				stack = stack[:len(stack)-1]
				continue
			}
			callee := callees[top.next]
			top.next++
			if onPath[callee] {
				continue
			}
			next := newSet()
			next.addAll(c.condMap[top.f])
			if c.isCC[callee] {
				next.addAll(top.local[callee])
			}
			c.condMap[callee] = next
			if err := push(callee); err != nil {
				return err
			}
		}
	}
	return nil
}

// pathsThroughCallers processes every call path through a conditional caller, each from
// its leaf up (pathPairs). A function's ancestors on the path are not entered again; the
// walk keeps its own stack, and both the functions visited and the total length of the
// paths processed are bounded.
func (r *run) pathsThroughCallers(onPath map[*llvmir.Function]bool) error {
	budget, work := maxCondPaths, maxCondWork
	type frame struct {
		next int
		leaf bool
	}
	var path []*llvmir.Function
	var stack []frame
	callers := 0 // conditional callers on the path
	push := func(f *llvmir.Function) error {
		if budget--; budget < 0 {
			return r.tooManyPaths(f)
		}
		path = append(path, f)
		stack = append(stack, frame{leaf: true})
		if r.cond.isCC[f] {
			callers++
		}
		return nil
	}
	for _, e := range r.entries {
		if err := push(e); err != nil {
			return err
		}
		for len(stack) > 0 {
			top, f := &stack[len(stack)-1], path[len(path)-1]
			callees := r.cg[f.Index]
			for top.next < len(callees) && onPath[callees[top.next]] {
				top.next++
			}
			if top.next < len(callees) {
				callee := callees[top.next]
				top.next++
				top.leaf = false
				onPath[f] = true
				if err := push(callee); err != nil {
					return err
				}
				continue
			}
			if top.leaf && callers > 0 {
				if work -= len(path); work < 0 {
					return r.tooManyPaths(f)
				}
				r.pathPairs(path)
			}
			if r.cond.isCC[f] {
				callers--
			}
			stack, path = stack[:len(stack)-1], path[:len(path)-1]
			if len(path) > 0 {
				delete(onPath, path[len(path)-1])
			}
		}
	}
	return nil
}

// pathPairs is DPC++'s processing of one path, from its leaf up.
func (r *run) pathPairs(path []*llvmir.Function) {
	c := r.cond
	for i := len(path) - 1; i >= 0; i-- {
		f := path[i]
		last := i == len(path)-1
		if !last {
			g := path[i+1]
			if c.condUsed[f] == nil {
				c.condUsed[f] = newSet()
			}
			// A fresh set: condUsed may share r.own's.
			merged := newSet()
			merged.addAll(c.condUsed[f])
			merged.addAll(c.condUsed[g])
			c.condUsed[f] = merged
			if c.condMap[f].len() == 0 {
				c.condMap[f] = c.condMap[g]
			}
		}
		p := condPair{cond: copySet(c.condMap[f]), aspects: copySet(c.condUsed[f])}
		if p.cond.len() > 0 && p.aspects.len() > 0 {
			c.hasPairs[f] = true
			if !containsPair(c.pairs[f], p) {
				c.pairs[f] = append(c.pairs[f], p)
			}
		}
		if !last {
			g := path[i+1]
			c.hasPairs[g] = true
			for _, q := range c.pairs[g] {
				c.hasPairs[f] = true
				if !containsPair(c.pairs[f], q) {
					c.pairs[f] = append(c.pairs[f], q)
				}
			}
		}
	}
}

func copySet(s set) set {
	out := newSet()
	out.addAll(s)
	return out
}

func sameSet(a, b set) bool {
	if a.len() != b.len() {
		return false
	}
	for _, v := range a.values() {
		if !b.has(v) {
			return false
		}
	}
	return true
}

func containsPair(ps []condPair, p condPair) bool {
	for _, q := range ps {
		if sameSet(q.cond, p.cond) && sameSet(q.aspects, p.aspects) {
			return true
		}
	}
	return false
}

// writeConditional writes !sycl_conditionally_used_aspects, functions in module order.
func (r *run) writeConditional(ed *llvmir.Editor) {
	c := r.cond
	ints := func(s set) string {
		parts := make([]string, 0, s.len())
		for _, v := range s.values() {
			parts = append(parts, "i32 "+strconv.Itoa(v))
		}
		return "!{" + strings.Join(parts, ", ") + "}"
	}
	for _, f := range r.m.Funcs {
		if !c.hasPairs[f] {
			continue
		}
		var ops []string
		for _, p := range c.pairs[f] {
			cid, aid := ed.AddNode(ints(p.cond)), ed.AddNode(ints(p.aspects))
			ops = append(ops, llvmir.ID(ed.AddNode("!{"+llvmir.ID(cid)+", "+llvmir.ID(aid)+"}")))
		}
		ed.SetAttachmentRanked(f, kernelinfo.ConditionallyUsedAspectsMD, ed.AddNode("!{"+strings.Join(ops, ", ")+"}"), r.kindRank)
	}
}
