package kernelinfo

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/llvmir"
)

// MaxDeviceIfTested is the most aspects the device_if conditions of one image may test
// for JIT variants (2^MaxDeviceIfTested images): the split refuses more
// (deviceif.Variants), and the wrapper checks the variants it is given against the same
// limit.
const MaxDeviceIfTested = 6

// device_if (sycl_ext_oneapi_device_if) in DPC++'s IR form (DPC++'s DeviceIf design):
// a conditional caller is a declaration with the function attribute
// "sycl-call-if-on-device-conditionally"; each call passes the conditional action (the
// branch's function) first, the action's "this" second, then the condition expression
// as i32 constants:
//
//	call spir_func void @CC(ptr @action, ptr addrspace(4) %this, i32 -1, i32 5)
//	declare spir_func void @CC(ptr, ptr addrspace(4), i32, i32) #N ; "sycl-call-if-on-device-conditionally"
//
// rsycl/sycl_lite.h writes the caller as an annotated definition whose body calls the
// action; Lower turns it into the form above (DPC++'s SYCLConditionalCallOnDevice step).
const CondCallerAttr = "sycl-call-if-on-device-conditionally"

// ConditionallyUsedAspectsMD is DPC++'s list of (condition, aspects) pairs.
const ConditionallyUsedAspectsMD = "sycl_conditionally_used_aspects"

// Condition expression operators (DPC++'s values; prefix form).
const (
	CondAspect       = -1
	CondArchitecture = -2
	CondNot          = -3
	CondAnd          = -4
	CondOr           = -5
)

// IsCondCaller reports whether f is a conditional caller.
func IsCondCaller(m *llvmir.Module, f *llvmir.Function) bool {
	_, ok := m.FnAttr(f, CondCallerAttr)
	return ok
}

// CondCall is one call of a conditional caller.
type CondCall struct {
	Site   llvmir.CallSite
	Callee *llvmir.Function // the conditional caller
	Action string           // the conditional action's name
	This   string           // the second argument, as written
	Cond   []int            // the condition expression
}

// CondCalls returns every call of a conditional caller in m, in module order. A call
// whose first argument is not a function or whose condition operands are not i32
// constants is an error.
func CondCalls(m *llvmir.Module) ([]CondCall, error) {
	var out []CondCall
	for _, f := range m.Funcs {
		seen := map[string]bool{}
		for _, c := range f.Calls {
			callee := m.Func(c.Callee)
			if seen[c.Callee] || callee == nil || !IsCondCaller(m, callee) {
				continue
			}
			seen[c.Callee] = true
			for _, s := range m.CallSites(f, c.Callee) {
				cc, err := readCondCall(m, s, callee)
				if err != nil {
					return nil, err
				}
				out = append(out, cc)
			}
		}
	}
	return out, nil
}

func readCondCall(m *llvmir.Module, s llvmir.CallSite, callee *llvmir.Function) (CondCall, error) {
	bad := func(format string, args ...interface{}) (CondCall, error) {
		return CondCall{}, diag.Errorf(m.File, s.Line, "call of conditional caller @%s: %s", callee.Name, fmt.Sprintf(format, args...))
	}
	if len(s.Args) < 3 {
		return bad("want the action, its object and a condition, got %d arguments", len(s.Args))
	}
	action := lastField(s.Args[0])
	if !strings.HasPrefix(action, "@") || m.Func(strings.Trim(action[1:], `"`)) == nil {
		return bad("the first argument %q is not a function of the module", s.Args[0])
	}
	cc := CondCall{Site: s, Callee: callee, Action: strings.Trim(action[1:], `"`), This: s.Args[1]}
	for _, a := range s.Args[2:] {
		v, err := strconv.Atoi(lastField(a))
		if err != nil || !strings.HasPrefix(a, "i32 ") {
			return bad("condition operand %q is not an i32 constant", a)
		}
		cc.Cond = append(cc.Cond, v)
	}
	// The expression itself is checked where it is evaluated (DPC++'s propagation takes
	// any constants).
	return cc, nil
}

func lastField(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return ""
	}
	return f[len(f)-1]
}

// EvalCondition evaluates a condition expression with has telling the device's aspects.
// Architecture leaves are refused: no target here names its architecture as DPC++'s
// enum does.
func EvalCondition(cond []int, has func(aspect int) bool) (bool, error) {
	v, n, err := evalAt(cond, 0, has, 0)
	if err != nil {
		return false, err
	}
	if n != len(cond) {
		return false, fmt.Errorf("condition %v: %d operand(s) after the expression", cond, len(cond)-n)
	}
	return v, nil
}

func evalAt(c []int, i int, has func(int) bool, depth int) (bool, int, error) {
	if depth > 1000 {
		return false, 0, fmt.Errorf("condition %v nests too deeply", c)
	}
	if i >= len(c) {
		return false, 0, fmt.Errorf("condition %v ends inside an expression", c)
	}
	switch c[i] {
	case CondAspect:
		if i+1 >= len(c) || c[i+1] < 0 {
			return false, 0, fmt.Errorf("condition %v: an aspect leaf needs an aspect value", c)
		}
		return has(c[i+1]), i + 2, nil
	case CondArchitecture:
		return false, 0, fmt.Errorf("condition %v: architecture conditions (if_architecture_is) are not supported", c)
	case CondNot:
		v, n, err := evalAt(c, i+1, has, depth+1)
		return !v, n, err
	case CondAnd, CondOr:
		a, n, err := evalAt(c, i+1, has, depth+1)
		if err != nil {
			return false, 0, err
		}
		b, n, err := evalAt(c, n, has, depth+1)
		if c[i] == CondAnd {
			return a && b, n, err
		}
		return a || b, n, err
	}
	return false, 0, fmt.Errorf("condition %v: %d is not an operator", c, c[i])
}

// CondAspects returns the aspects a condition expression tests, in first-use order.
func CondAspects(cond []int) []int {
	var out []int
	for i := 0; i+1 < len(cond); i++ {
		if cond[i] == CondAspect {
			v := cond[i+1]
			dup := false
			for _, o := range out {
				dup = dup || o == v
			}
			if !dup {
				out = append(out, v)
			}
			i++
		}
	}
	return out
}

// lowerCondCaller turns the definition of conditional caller f (annotated by the header)
// into DPC++'s declaration and passes its action first at every call.
func lowerCondCaller(m *llvmir.Module, ed *llvmir.Editor, f *llvmir.Function, from string) error {
	if before, _, _, ok := llvmir.SplitHeader(m.Header(f), f.Name); ok {
		if ws := strings.Fields(before); len(ws) > 0 && ws[len(ws)-1] != "void" {
			return diag.Errorf(m.File, f.Line, "%s: conditional caller @%s returns a value (%s): a branch the device may not take cannot give the kernel one; return void", from, f.Name, ws[len(ws)-1])
		}
	}
	action, err := condAction(m, f, from)
	if err != nil {
		return err
	}
	decl, err := condDeclaration(m, f)
	if err != nil {
		return err
	}
	ed.Replace(f.Span, decl)
	for _, g := range m.Funcs {
		calls := false
		for _, c := range g.Calls {
			calls = calls || c.Callee == f.Name
		}
		if !calls || g == f {
			continue
		}
		for _, s := range m.CallSites(g, f.Name) {
			ed.Replace(llvmir.Span{Start: s.ArgsAt, End: s.ArgsAt}, "ptr @"+llvmir.QuoteName(action)+", ")
		}
	}
	return nil
}

// condAction is the one function conditional caller f calls (its action).
func condAction(m *llvmir.Module, f *llvmir.Function, from string) (string, error) {
	if f.Decl {
		return "", diag.Errorf(m.File, f.Line, "%s: conditional caller @%s has no body", from, f.Name)
	}
	var action string
	for _, c := range f.Calls {
		if strings.HasPrefix(c.Callee, "llvm.") {
			continue
		}
		if action != "" && action != c.Callee {
			return "", diag.Errorf(m.File, f.Line, "%s: conditional caller @%s calls both @%s and @%s; it must call its action only", from, f.Name, action, c.Callee)
		}
		action = c.Callee
	}
	if action == "" || f.IndirectCalls > 0 {
		return "", diag.Errorf(m.File, f.Line, "%s: conditional caller @%s must call its action directly", from, f.Name)
	}
	return action, nil
}

// condDeclaration is DPC++'s declaration of conditional caller f: its header without
// linkage and parameter names, a ptr (the action) first, the attribute that marks it.
func condDeclaration(m *llvmir.Module, f *llvmir.Function) (string, error) {
	before, params, after, ok := llvmir.SplitHeader(m.Header(f), f.Name)
	if !ok {
		return "", diag.Errorf(m.File, f.Line, "conditional caller @%s: cannot read its header", f.Name)
	}
	var b strings.Builder
	b.WriteString("declare")
	for i, w := range strings.Fields(before) {
		if i == 0 || llvmir.LinkageWords[w] {
			continue // "define" and the linkage
		}
		b.WriteString(" " + w)
	}
	b.WriteString(before[len(strings.TrimRight(before, " ")):])
	if !strings.HasSuffix(b.String(), " ") {
		b.WriteString(" ")
	}
	b.WriteString("@" + llvmir.QuoteName(f.Name) + "(")
	b.WriteString("ptr")
	for _, p := range params {
		fs := strings.Fields(p)
		if len(fs) > 1 && strings.HasPrefix(fs[len(fs)-1], "%") {
			fs = fs[:len(fs)-1]
		}
		b.WriteString(", " + strings.Join(fs, " "))
	}
	b.WriteString(")")
	for _, w := range strings.Fields(after) {
		if strings.HasPrefix(w, "#") || w == "unnamed_addr" || w == "local_unnamed_addr" || strings.HasPrefix(w, "addrspace(") {
			b.WriteString(" " + w)
		}
	}
	b.WriteString(` "` + CondCallerAttr + `"="true"` + "\n")
	return b.String(), nil
}
