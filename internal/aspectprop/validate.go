package aspectprop

import (
	"sort"
	"strconv"
	"strings"

	"github.com/rules-sycl/rules_sycl/internal/kernelinfo"
	"github.com/rules-sycl/rules_sycl/internal/llvmir"
)

// validate reports, in module order, every function with a device_has list (metadata or
// the "sycl-device-has" property) that uses an aspect the list lacks, with the call
// chain that brings the aspect in.
func (r *run) validate() []Diagnostic {
	var out []Diagnostic
	for _, f := range r.m.Funcs {
		used := r.used[f.Index]
		if used.len() == 0 {
			continue
		}
		allowed := newSet()
		fromAttr := false
		if id := firstAttachment(f, kernelinfo.DeclaredAspectsMD); id >= 0 {
			if r.isEntry[f.Index] && r.calleeDeclares(f) {
				// DPC++'s front end puts a kernel's device_has on the kernel and on the
				// functor it calls: that callee is checked, not the kernel too.
				continue
			}
			vals, _ := r.aspectList(id, f.Line)
			for _, v := range vals {
				allowed.add(v)
			}
		} else if v, ok := r.m.FnAttr(f, "sycl-device-has"); ok {
			fromAttr = true
			for _, s := range strings.Split(v, ",") {
				if s = strings.TrimSpace(s); s != "" {
					if n, err := strconv.Atoi(s); err == nil {
						allowed.add(n)
					}
				}
			}
		} else {
			continue
		}
		for _, a := range used.sorted() {
			if allowed.has(a) {
				continue
			}
			origin := f
			if r.isEntry[f.Index] {
				if c := r.firstCalleeUsing(f, a, nil); c != nil {
					origin = c
				}
			}
			out = append(out, r.diagnose(origin, a, fromAttr))
		}
	}
	return out
}

// calleeDeclares reports whether a direct callee of f has a declared aspect list.
func (r *run) calleeDeclares(f *llvmir.Function) bool {
	for _, c := range r.cg[f.Index] {
		if firstAttachment(c, kernelinfo.DeclaredAspectsMD) >= 0 {
			return true
		}
	}
	return false
}

func firstAttachment(f *llvmir.Function, names []string) int {
	for _, n := range names {
		if id := f.Attachment(n); id >= 0 {
			return id
		}
	}
	return -1
}

func (r *run) firstCalleeUsing(f *llvmir.Function, a int, visited map[*llvmir.Function]bool) *llvmir.Function {
	for _, c := range r.cg[f.Index] {
		if visited != nil {
			if visited[c] {
				continue
			}
			visited[c] = true
		}
		if r.used[c.Index].has(a) {
			return c
		}
	}
	return nil
}

func (r *run) diagnose(f *llvmir.Function, a int, fromAttr bool) Diagnostic {
	var chain []*llvmir.Function
	visited := map[*llvmir.Function]bool{}
	for cur := f; ; {
		next := r.firstCalleeUsing(cur, a, visited)
		if next == nil {
			break
		}
		chain = append(chain, next)
		cur = next
	}
	what := "'sycl::device_has' attribute"
	if fromAttr {
		what = "'device_has' property"
	}
	name := r.table.Display(a)
	lines := []string{r.where(f, chain, 0, a) + "warning: function '" + DisplayName(f.Name) +
		"' uses aspect '" + name + "' not listed in its " + what}
	for i, c := range chain {
		lines = append(lines, r.where(c, chain, i+1, a)+"note: propagated from call to function '"+DisplayName(c.Name)+"'")
	}
	return Diagnostic{Lines: lines}
}

// where locates, inside fn (chain position i), the source of aspect a: the call to the
// next function of the chain, or the first use of a type implying a. It returns
// "file:line:col: " or "" without debug info.
func (r *run) where(fn *llvmir.Function, chain []*llvmir.Function, i, a int) string {
	dbg := -1
	if i < len(chain) {
		dbg = r.edgeDbg(fn, chain[i])
	} else {
		dbg = r.firstUseDbg(fn, a)
	}
	if dbg < 0 {
		dbg = fn.Attachment("dbg")
	}
	if loc := r.m.Location(dbg); loc != "" {
		return loc + ": "
	}
	return ""
}

func (r *run) firstUseDbg(fn *llvmir.Function, a int) int {
	keys := make([]string, 0, len(fn.FirstUse))
	for k := range fn.FirstUse {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		dbg := fn.FirstUse[k]
		if dbg < 0 {
			continue
		}
		switch {
		case k == "double" && a == r.fp64, k == "half" && a == r.fp16, k == "atomic64" && a == r.atomic64:
			return dbg
		default:
			if s, ok := r.types[k]; ok {
				if s.has(a) {
					return dbg
				}
			}
		}
	}
	return -1
}
