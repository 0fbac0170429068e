// Package aspectprop is the aspect propagation analysis, a library: the propagate verb
// (internal/verbs) runs it on a chain's module, and the split's device_if variants
// (internal/deviceif) run it again on each variant. It computes the aspects every device
// function uses and writes them as
// !sycl_used_aspects metadata, as DPC++'s SYCLPropagateAspectsUsage pass does: types
// (declared through !sycl_types_that_use_aspects, double as fp64, composites of them)
// give aspects to the functions using them, and aspects flow up the call graph to every
// entry point. For upstream clang IR, which carries no aspect metadata, it also infers
// fp16 from half and atomic64 from 64-bit integer atomics.
package aspectprop

import (
	"sort"
	"strconv"
	"strings"

	"github.com/ianlancetaylor/demangle"
	"github.com/rules-sycl/rules_sycl/internal/aspects"
	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/kernelinfo"
	"github.com/rules-sycl/rules_sycl/internal/llvmir"
)

// Infer selects whether fp16 and atomic64 are inferred from the IR.
type Infer int

// Infer modes.
const (
	InferAuto Infer = iota // only when the module has no DPC++ aspect metadata
	InferOn
	InferOff
)

// Options control a run.
type Options struct {
	Validate       bool     // report functions using aspects their device_has does not list
	FixedTargets   []string // names for !sycl_fixed_targets
	ExcludeAspects []string // aspects not recorded on functions (unless declared)
	Infer          Infer
}

// Diagnostic is one warning with its notes, already formatted as lines.
type Diagnostic struct {
	Lines []string
}

// Result is the outcome of Run.
type Result struct {
	Editor      *llvmir.Editor
	Table       *aspects.Table
	Funcs       []*llvmir.Function // the module's functions
	Used        [][]int            // per function of Funcs: the aspects written (or kept), sorted; nil for none (read only: equal lists share one slice)
	EntryPoints []*llvmir.Function
	Inferred    bool
	Diagnostics []Diagnostic
}

// set is DPC++'s SmallSet<int, 4>: it iterates in insertion order while it holds at most
// four values and in ascending order beyond, which is the order DPC++ writes aspect lists.
type set = *aspectSet

type aspectSet struct {
	order []int
	in    map[int]struct{} // only once the set outgrows a scan of order
}

// setScan is the size up to which membership is a scan of order: aspect sets are small,
// and a map per function was most of propagate's allocations on large modules.
const setScan = 16

func newSet() set { return &aspectSet{} }

// fresh is an empty set from the run's arena.
func (r *run) fresh() set {
	if len(r.arena) == cap(r.arena) {
		return newSet()
	}
	r.arena = r.arena[:len(r.arena)+1]
	return &r.arena[len(r.arena)-1]
}

// reset empties s for reuse.
func (s *aspectSet) reset() {
	s.order = s.order[:0]
	s.in = nil
}

func (s *aspectSet) add(v int) {
	if s.has(v) {
		return
	}
	s.order = append(s.order, v)
	if s.in != nil {
		s.in[v] = struct{}{}
	} else if len(s.order) > setScan {
		s.in = make(map[int]struct{}, 2*len(s.order))
		for _, o := range s.order {
			s.in[o] = struct{}{}
		}
	}
}

// addAll adds o's values in o's iteration order (nil adds nothing).
func (s *aspectSet) addAll(o set) {
	for _, v := range o.values() {
		s.add(v)
	}
}

func (s *aspectSet) has(v int) bool {
	if s == nil {
		return false
	}
	if s.in != nil {
		_, ok := s.in[v]
		return ok
	}
	for _, o := range s.order {
		if o == v {
			return true
		}
	}
	return false
}

func (s *aspectSet) len() int {
	if s == nil {
		return 0
	}
	return len(s.order)
}

// values is the iteration order of DPC++'s SmallSet<int, 4>.
func (s *aspectSet) values() []int {
	if s.len() > 4 {
		return s.sorted()
	}
	if s == nil {
		return nil
	}
	return s.order
}

func (s *aspectSet) sorted() []int {
	if s == nil {
		return []int{}
	}
	out := append([]int{}, s.order...)
	sort.Ints(out)
	return out
}

type run struct {
	m        *llvmir.Module
	opts     Options
	table    *aspects.Table
	infer    bool
	fp64     int
	fp16     int
	atomic64 int
	types    map[string]set // struct name -> aspects
	visiting map[string]bool
	// The per-function tables are indexed by llvmir.Function.Index: a module of a
	// million functions needs no hashing and leaves the collector little to walk.
	used     []set
	own      []set // used, less function-level lists
	listed   []set // function-level lists only
	declared []set
	cg       [][]*llvmir.Function
	cgDbg    [][]int     // the !dbg of the first call along each edge of cg (0 for none)
	arena    []aspectSet // where the per-function sets live: one allocation, not millions
	stack    []walkFrame // propagate's
	unique   aspectSet   // writeUsed's
	lists    map[string]*aspectList
	listKey  []byte
	entries  []*llvmir.Function
	isEntry  []bool
	// moduleNames are the aspects the module's own !sycl_aspects names.
	moduleNames map[int]string
	kindRank    func(string) int
	// device_if (conditional.go): set when the module calls conditional callers.
	cond *condState
}

// Run computes and records aspect usage for module m.
func Run(m *llvmir.Module, opts Options) (*Result, error) {
	n := len(m.Funcs)
	r := &run{
		m: m, opts: opts, table: aspects.Builtin(),
		types: map[string]set{}, visiting: map[string]bool{},
		used: make([]set, n), declared: make([]set, n), own: make([]set, n), listed: make([]set, n),
		cg: make([][]*llvmir.Function, n), cgDbg: make([][]int, n),
		isEntry: make([]bool, n), moduleNames: map[int]string{},
		arena: make([]aspectSet, 0, 4*n),
	}
	r.kindRank = llvmir.KindRanker(m, "sycl_used_aspects", kernelinfo.ConditionallyUsedAspectsMD, "sycl_fixed_targets")
	exclude, err := r.setUp()
	if err != nil {
		return nil, err
	}
	roots, err := r.scan()
	if err != nil {
		return nil, err
	}
	visited := make([]bool, n)
	for _, f := range roots {
		r.propagate(f, r.used, visited)
	}
	res := &Result{Table: r.table, Funcs: m.Funcs, Used: make([][]int, n), EntryPoints: r.entries, Inferred: r.infer}
	if opts.Validate {
		res.Diagnostics = r.validate()
	}
	visited = make([]bool, n)
	for _, f := range roots {
		r.propagate(f, r.declared, visited)
	}
	if res.Editor, err = r.write(res, exclude); err != nil {
		return nil, err
	}
	return res, nil
}

// setUp reads the module's aspect table and types and checks the options: the aspects
// to leave out of the results, or an error.
func (r *run) setUp() (set, error) {
	hasDPCPP, err := r.readAspectTable()
	if err != nil {
		return nil, err
	}
	switch r.opts.Infer {
	case InferOn:
		r.infer = true
	case InferAuto:
		r.infer = !hasDPCPP
	}
	r.fp64 = r.mustValue("fp64")
	r.fp16 = r.mustValue("fp16")
	r.atomic64 = r.mustValue("atomic64")
	if err := r.readTypes(); err != nil {
		return nil, err
	}
	exclude := newSet()
	for _, name := range r.opts.ExcludeAspects {
		v, ok := r.aspectByNameOrNumber(name)
		if !ok {
			return nil, diag.Usagef("--exclude-aspects: unknown aspect %q (a name or a number)", name)
		}
		exclude.add(v)
	}
	// Fixed targets are aspects too (DPC++ records target architectures as aspects).
	for _, name := range r.opts.FixedTargets {
		if _, ok := r.table.Value(name); !ok {
			return nil, diag.Usagef("--fixed-targets: %q is not an aspect of the module's or the built-in aspect table", name)
		}
	}
	return exclude, nil
}

// scan reads every function and returns the roots of propagation: the entry points, then
// the virtual functions ("indirectly-callable"), which inherit their callees' aspects
// whether or not a kernel declares their set.
func (r *run) scan() ([]*llvmir.Function, error) {
	var virtuals []*llvmir.Function
	sets := map[string][]*llvmir.Function{}
	for _, f := range r.m.Funcs {
		if kernelinfo.IsEntryPoint(r.m, f, false) {
			r.entries = append(r.entries, f)
			r.isEntry[f.Index] = true
		} else if v, ok := r.m.FnAttr(f, "indirectly-callable"); ok && !f.Decl {
			virtuals = append(virtuals, f)
			sets[v] = append(sets[v], f)
		}
		if err := r.processFunction(f); err != nil {
			return nil, err
		}
	}
	roots := append(append([]*llvmir.Function(nil), r.entries...), virtuals...)
	r.virtualEdges(sets)
	if err := r.classifyConditional(); err != nil {
		return nil, err
	}
	return roots, nil
}

// write records the results in the module: each function's used aspects, device_if's
// conditional pairs, the fixed targets.
func (r *run) write(res *Result, exclude set) (*llvmir.Editor, error) {
	ed := llvmir.NewEditor(r.m)
	ed.Grow(len(r.m.Funcs)) // one attachment for each function, at most
	for _, f := range r.m.Funcs {
		vals, err := r.writeUsed(ed, f, exclude)
		if err != nil {
			return nil, err
		}
		res.Used[f.Index] = vals
	}
	if r.cond != nil {
		if err := r.conditionalPairs(); err != nil {
			return nil, err
		}
		r.writeConditional(ed)
	}
	if len(r.opts.FixedTargets) > 0 || r.m.Named("sycl_aspects") != nil {
		r.writeFixedTargets(ed)
	}
	return ed, nil
}

// aspectByNameOrNumber reads an aspect given by name or by its number.
func (r *run) aspectByNameOrNumber(s string) (int, bool) {
	if v, ok := r.table.Value(s); ok {
		return v, true
	}
	v, err := strconv.Atoi(s)
	return v, err == nil
}

func (r *run) mustValue(name string) int {
	v, _ := r.table.Value(name)
	return v
}

// readAspectTable takes names and values from !sycl_aspects when present, and from the
// pair-form operands of aspect metadata. It reports whether the module carries DPC++
// aspect metadata of any kind.
// RerunInference is the inference for propagating again over a module this package
// already propagated (device_if specialisation): its own !sycl_used_aspects must not
// switch the inference off, so it is on unless the module carries DPC++'s front-end
// tables (!sycl_aspects, the types metadata).
func RerunInference(m *llvmir.Module) Infer {
	if m.Named("sycl_aspects") != nil {
		return InferAuto
	}
	for _, name := range kernelinfo.TypesMD {
		if m.Named(name) != nil {
			return InferAuto
		}
	}
	return InferOn
}

func (r *run) readAspectTable() (bool, error) {
	m := r.m
	has := false
	if n := m.Named("sycl_aspects"); n != nil {
		has = true
		for _, ref := range n.Refs {
			ops, ok := m.Tuple(ref)
			if !ok || len(ops) != 2 || ops[0].Kind != llvmir.OpString || ops[1].Kind != llvmir.OpInt {
				return false, diag.Errorf(m.File, n.Line, "!sycl_aspects: operand !%d is not a pair !{!\"name\", i32 value}", ref)
			}
			r.table.Set(ops[0].Str, int(ops[1].Int))
			if _, dup := r.moduleNames[int(ops[1].Int)]; !dup {
				r.moduleNames[int(ops[1].Int)] = ops[0].Str
			}
		}
	}
	for _, name := range kernelinfo.TypesMD {
		if m.Named(name) != nil {
			has = true
		}
	}
	// Declared aspects alone are no sign of DPC++: rsycl/sycl_lite.h's device_has is
	// lowered to them for upstream clang, whose IR still needs the inference.
	for _, f := range m.Funcs {
		for _, a := range f.Attachments {
			for _, n := range kernelinfo.UsedAspectsMD {
				if a.Name == n {
					has = true
				}
			}
		}
		if len(f.InstrAspectMD) > 0 {
			has = true
		}
	}
	return has, nil
}

// aspectList reads an aspect list node: operands are i32 values or pair references.
func (r *run) aspectList(id, line int) ([]int, error) {
	ops, ok := r.m.Tuple(id)
	if !ok {
		return nil, diag.Errorf(r.m.File, line, "!%d is not an aspect list", id)
	}
	var out []int
	for _, op := range ops {
		v, err := r.aspectOperand(op, line)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

func (r *run) aspectOperand(op llvmir.Operand, line int) (int, error) {
	v, name, ok := kernelinfo.AspectOperand(r.m, op)
	if ok && (op.Kind == llvmir.OpInt || name != "") {
		if _, known := r.table.Value(name); name != "" && !known {
			r.table.Set(name, int(v))
		}
		return int(v), nil
	}
	return 0, diag.Errorf(r.m.File, line, "aspect operand %q is neither 'i32 V' nor a reference to !{!\"name\", i32 V}", op.Text)
}

func (r *run) readTypes() error {
	m := r.m
	for _, name := range kernelinfo.TypesMD {
		n := m.Named(name)
		if n == nil {
			continue
		}
		for _, ref := range n.Refs {
			ops, ok := m.Tuple(ref)
			if !ok || len(ops) < 1 || ops[0].Kind != llvmir.OpString {
				return diag.Errorf(m.File, n.Line, "!%s: operand !%d is not !{!\"type name\", aspects...}", name, ref)
			}
			s := r.types[ops[0].Str]
			if s == nil {
				s = newSet()
				r.types[ops[0].Str] = s
			}
			for _, op := range ops[1:] {
				v, err := r.aspectOperand(op, m.MD[ref].Line)
				if err != nil {
					return err
				}
				s.add(v)
			}
		}
	}
	// Composite types: a struct uses what its members use (never through pointers).
	final := map[string]set{}
	names := make([]string, 0, len(m.Structs))
	for n := range m.Structs {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		final[n] = r.structAspects(n, final)
	}
	for n, s := range r.types {
		if _, ok := final[n]; !ok {
			final[n] = s
		}
	}
	r.types = final
	return nil
}

func (r *run) structAspects(name string, done map[string]set) set {
	if s, ok := done[name]; ok {
		return s
	}
	out := newSet()
	if r.visiting[name] {
		return out
	}
	r.visiting[name] = true
	out.addAll(r.types[name])
	if st := r.m.Structs[name]; st != nil {
		r.typeUse(&st.Members, out, done)
	}
	r.visiting[name] = false
	done[name] = out
	return out
}

func (r *run) typeUse(tu *llvmir.TypeUse, out set, done map[string]set) {
	if tu.Double {
		out.add(r.fp64)
	}
	if tu.Half && r.infer {
		out.add(r.fp16)
	}
	for _, s := range tu.Structs {
		if done != nil {
			out.addAll(r.structAspects(s, done))
		} else {
			out.addAll(r.types[s])
		}
	}
}

// processFunction records what f uses (r.used, r.own, r.listed), declares
// (r.declared) and calls (r.cg).
func (r *run) processFunction(f *llvmir.Function) error {
	u := r.directUses(f)
	// What the function itself uses, without its function-level lists: DPC++ counts
	// these as conditional uses when the function is called conditionally.
	own := r.fresh()
	own.addAll(u)
	listed := r.fresh() // the function's own !sycl_used_aspects
	if err := r.addLists(f, kernelinfo.UsedAspectsMD, u, listed); err != nil {
		return err
	}
	r.listed[f.Index] = listed
	for _, id := range f.InstrAspectMD {
		vals, err := r.aspectList(id, f.Line)
		if err != nil {
			return err
		}
		for _, v := range vals {
			u.add(v)
			own.add(v)
		}
	}
	r.used[f.Index] = u
	r.own[f.Index] = own
	d := r.fresh()
	if err := r.addLists(f, kernelinfo.DeclaredAspectsMD, d); err != nil {
		return err
	}
	r.declared[f.Index] = d
	r.addCalls(f, u, own)
	return nil
}

// directUses is what f's types and instructions use, in DPC++'s order: the signature,
// then the body's uses as they come.
func (r *run) directUses(f *llvmir.Function) set {
	m := r.m
	u := r.fresh()
	r.typeUse(&f.Sig, u, nil)
	for _, k := range f.UseOrder {
		switch k {
		case "double":
			u.add(r.fp64)
		case "half":
			if r.infer {
				u.add(r.fp16)
			}
		case "atomic64":
			if r.infer {
				u.add(r.atomic64)
			}
		default:
			u.addAll(r.types[k])
		}
	}
	r.typeUse(&f.Body, u, nil)
	for _, g := range f.Body.Globals {
		if gv := m.Global(g); gv != nil {
			r.typeUse(&gv.Types, u, nil)
		} else if fn := m.Func(g); fn != nil && fn != f {
			r.typeUse(&fn.Sig, u, nil)
		}
	}
	if f.Atomic64 && r.infer {
		u.add(r.atomic64)
	}
	return u
}

// addLists adds the aspects of f's function-level lists named names to every set of into.
func (r *run) addLists(f *llvmir.Function, names []string, into ...set) error {
	for _, name := range names {
		id := f.Attachment(name)
		if id < 0 {
			continue
		}
		vals, err := r.aspectList(id, f.Line)
		if err != nil {
			return err
		}
		for _, v := range vals {
			for _, s := range into {
				s.add(v)
			}
		}
	}
	return nil
}

// addCalls records f's direct callees (once each, with the first call's !dbg); the
// callee operand's value type (the function type) counts as a use, as in DPC++.
func (r *run) addCalls(f *llvmir.Function, u, own set) {
	var seen map[*llvmir.Function]bool // once the callees outgrow a scan
	for _, c := range f.Calls {
		callee := c.Target
		if callee == nil {
			continue
		}
		r.typeUse(&callee.Sig, u, nil)
		r.typeUse(&callee.Sig, own, nil)
		r.addEdge(f, callee, c.Dbg, &seen)
	}
}

// addEdge adds the call-graph edge f -> callee with its !dbg unless f has it already,
// and reports whether it had. seen (allocated here when f's callees get many) holds f's
// callees.
func (r *run) addEdge(f, callee *llvmir.Function, dbg int, seen *map[*llvmir.Function]bool) bool {
	cs := r.cg[f.Index]
	if *seen != nil {
		if (*seen)[callee] {
			return true
		}
		(*seen)[callee] = true
	} else {
		for _, c := range cs {
			if c == callee {
				return true
			}
		}
		if len(cs) >= setScan {
			*seen = make(map[*llvmir.Function]bool, 2*len(cs))
			for _, c := range cs {
				(*seen)[c] = true
			}
			(*seen)[callee] = true
		}
	}
	r.cg[f.Index] = append(cs, callee)
	r.cgDbg[f.Index] = append(r.cgDbg[f.Index], dbg)
	return false
}

// edgeDbg is the !dbg of f's first call of callee (0 when the edge came from elsewhere).
func (r *run) edgeDbg(f, callee *llvmir.Function) int {
	for i, c := range r.cg[f.Index] {
		if c == callee {
			return r.cgDbg[f.Index][i]
		}
	}
	return 0
}

// virtualEdges adds DPC++'s virtual-function edges: a function with
// "calls-indirectly"="set,..." (a kernel's calls_indirectly property) may call every
// "indirectly-callable" function of those sets (sets: set name -> its functions), so it
// gets their aspects.
func (r *run) virtualEdges(sets map[string][]*llvmir.Function) {
	if len(sets) == 0 {
		return
	}
	for _, f := range r.m.Funcs {
		v, ok := r.m.FnAttr(f, "calls-indirectly")
		if !ok {
			continue
		}
		var seen map[*llvmir.Function]bool
		for _, set := range strings.Split(v, ",") {
			for _, c := range sets[strings.TrimSpace(set)] {
				if c != f {
					r.addEdge(f, c, 0, &seen)
				}
			}
		}
	}
}

// propagate is DPC++'s depth-first propagation from an entry point, with a visited set
// shared across entry points: a function's set gains, in callee order, each callee's set
// once that callee's own subtree is done (a callee visited before, on a cycle say,
// contributes its set as it is then). The walk keeps its own stack, so that a call chain
// millions deep needs no deep Go stack.
func (r *run) propagate(f *llvmir.Function, sets []set, visited []bool) {
	if len(r.cg[f.Index]) == 0 {
		return
	}
	// The stack is the run's, kept from one root to the next: a chain a million deep
	// grows it once.
	stack := pushFrame(r.stack[:0], f)
	defer func() { r.stack = stack }()
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		callees := r.cg[top.f.Index]
		if top.waiting {
			top.waiting = false
			top.local.addAll(sets[callees[top.next-1].Index])
		}
		if top.next < len(callees) {
			c := callees[top.next]
			top.next++
			if !visited[c.Index] {
				visited[c.Index] = true
				if len(r.cg[c.Index]) > 0 {
					top.waiting = true
					stack = pushFrame(stack, c)
					continue
				}
			}
			top.local.addAll(sets[c.Index])
			continue
		}
		if sets[top.f.Index] == nil {
			sets[top.f.Index] = newSet()
		}
		// With device_if, only a function called unconditionally gains its callees'
		// aspects (DPC++): a conditional caller does not pass its action's on.
		if r.cond == nil || r.cond.uncond[top.f] {
			sets[top.f.Index].addAll(top.local)
		}
		stack = stack[:len(stack)-1]
	}
}

// walkFrame is a function on propagate's stack.
type walkFrame struct {
	f       *llvmir.Function
	next    int  // the callee to look at next
	waiting bool // the callee before next is being walked
	local   set
}

// pushFrame pushes f with an empty set, reusing the set of a frame popped before (its
// values were copied out) where there is one.
func pushFrame(stack []walkFrame, f *llvmir.Function) []walkFrame {
	if len(stack) == cap(stack) {
		return append(stack, walkFrame{f: f, local: newSet()})
	}
	stack = stack[:len(stack)+1]
	fr := &stack[len(stack)-1]
	local := fr.local
	if local == nil { // room that append made, never used
		local = newSet()
	}
	local.reset()
	*fr = walkFrame{f: f, local: local}
	return stack
}

// writeUsed writes f's !sycl_used_aspects as DPC++ does: the used aspects that are not
// excluded, then the declared ones, then those already listed, in SmallSet order; i32
// operands. An equal existing node (a declared list, say) is reused. It returns the
// aspects, sorted.
func (r *run) writeUsed(ed *llvmir.Editor, f *llvmir.Function, exclude set) ([]int, error) {
	unique := &r.unique
	unique.reset()
	for _, v := range r.used[f.Index].values() {
		if !exclude.has(v) {
			unique.add(v)
		}
	}
	unique.addAll(r.declared[f.Index])
	existingID := f.Attachment("sycl_used_aspects")
	if unique.len() == 0 {
		if existingID >= 0 {
			vals, err := r.aspectList(existingID, f.Line)
			if err != nil {
				return nil, err
			}
			sort.Ints(vals)
			return vals, nil
		}
		return nil, nil
	}
	if existingID >= 0 {
		vals, err := r.aspectList(existingID, f.Line)
		if err != nil {
			return nil, err
		}
		for _, v := range vals {
			unique.add(v)
		}
	}
	l := r.list(unique)
	if existingID >= 0 && r.m.Text(r.m.MD[existingID].Value) == l.text {
		return l.sorted, nil
	}
	ed.SetAttachmentRanked(f, "sycl_used_aspects", ed.AddNode(l.text), r.kindRank)
	return l.sorted, nil
}

// aspectList is a written aspect list: its node text (in SmallSet order) and its
// aspects sorted. Functions with the same list share one (a module has few lists and
// may have a million functions); the sorted slice is shared too, and only read.
type aspectList struct {
	text   string
	sorted []int
}

// list returns the aspectList of s.
func (r *run) list(s set) *aspectList {
	vals := s.values()
	key := r.listKey[:0]
	for _, v := range vals {
		key = strconv.AppendInt(key, int64(v), 10)
		key = append(key, ',')
	}
	r.listKey = key
	if l, ok := r.lists[string(key)]; ok {
		return l
	}
	l := &aspectList{text: r.listText(nil, vals), sorted: s.sorted()}
	if r.lists == nil {
		r.lists = map[string]*aspectList{}
	}
	r.lists[string(key)] = l
	return l
}

// listText renders an aspect list as DPC++'s pass builds it: a tuple of i32 constants
// (ConstantInt::getSigned(Int32Ty, A)), even for aspects the module's !sycl_aspects names.
func (r *run) listText(_ *llvmir.Editor, vals []int) string {
	var b strings.Builder
	b.WriteString("!{")
	for i, v := range vals {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("i32 " + strconv.Itoa(v))
	}
	b.WriteString("}")
	return b.String()
}

func (r *run) writeFixedTargets(ed *llvmir.Editor) {
	var vals []string
	for _, t := range r.opts.FixedTargets {
		if v, ok := r.table.Value(t); ok {
			vals = append(vals, "i32 "+strconv.Itoa(v))
		}
	}
	id := ed.AddNode("!{" + strings.Join(vals, ", ") + "}")
	for _, f := range r.entries {
		ed.SetAttachmentRanked(f, "sycl_fixed_targets", id, r.kindRank)
	}
}

// DisplayName is a function's name as diagnostics print it: demangled when possible.
func DisplayName(name string) string {
	if strings.HasPrefix(name, "_Z") && !strings.HasPrefix(name, "_ZTS") {
		if s, err := demangle.ToString(name); err == nil {
			return s
		}
	}
	return name
}
