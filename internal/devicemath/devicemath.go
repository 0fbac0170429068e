// Package devicemath lowers the C math library calls of SYCL device code to the OpenCL
// built-in functions every device library here provides, as DPC++'s device libraries
// (libsycl-cmath) do: sinf becomes _Z3sinf ("sin" for float in OpenCL's Itanium
// mangling), which LLVM's SPIR-V backend writes as an OpenCL.std extended instruction and
// which libclc (Debian's libclc-22) implements for NVPTX and AMD GPUs. For those two the
// transcendental intrinsics the front end writes (llvm.sin.f32, llvm.exp.f64: their
// backends have no lowering for them) are renamed the same way.
//
// A call to a C math function no device library provides (frexpf, modf, long double
// variants) is an error at the calling function's source line.
package devicemath

import (
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/rules-sycl/rules_sycl/internal/kernelloc"
	"github.com/rules-sycl/rules_sycl/internal/llvmir"
)

// Mode says which calls are renamed.
type Mode int

const (
	// SPIRV renames C library calls only: SPIR-V consumers take the math intrinsics.
	SPIRV Mode = iota
	// Libclc also renames the transcendental intrinsics, for libclc's NVPTX and AMDGPU
	// libraries linked after this step.
	Libclc
	// SPIRVNoDeviceLibs is SPIRV for code of DPC++'s front end when DPC++'s device
	// libraries (libsycl-*.bc) are not there to link (Intel's runtime wheel has none):
	// a call to any other C library function (unmangled, declared, not an LLVM intrinsic
	// or a SPIR-V built-in, nor defined by rules_sycl's device library: __assert_fail,
	// __imf_sinf, ctanf, ...; strlen, for one, is not) fails at its source line,
	// instead of reaching the runtime as an import nothing resolves.
	SPIRVNoDeviceLibs
)

// The OpenCL built-ins of C's math functions, by their argument lists.
var (
	unary = []string{"acos", "acosh", "asin", "asinh", "atan", "atanh", "cbrt", "ceil", "cos", "cosh",
		"erf", "erfc", "exp", "exp2", "exp10", "expm1", "fabs", "floor", "lgamma", "log", "log10", "log1p",
		"log2", "logb", "rint", "round", "sin", "sinh", "sqrt", "tan", "tanh", "tgamma", "trunc"}
	binary = []string{"atan2", "copysign", "fdim", "fmax", "fmin", "fmod", "hypot", "nextafter", "pow", "remainder"}
	// Intrinsics with no NVPTX or AMDGPU lowering of their own.
	transcendental = []string{"sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh",
		"exp", "exp2", "exp10", "log", "log2", "log10", "pow"}
	// C math functions rules_sycl cannot lower: their OpenCL forms take pointers in an
	// address space, or have none.
	unsupported = []string{"frexp", "modf", "sincos", "remquo", "lgamma_r", "nan", "scalbn", "scalbln",
		"lrint", "llrint", "lround", "llround", "nexttoward", "significand"}
)

// Unary and Binary are the OpenCL built-ins of C's one- and two-argument math functions
// (float and double): every device library of a target must define them (the NVPTX
// builtins' list is generated from these: internal/gen).
func Unary() []string { return append([]string(nil), unary...) }

// Binary: see Unary.
func Binary() []string { return append([]string(nil), binary...) }

func mangle(name, args string) string { return "_Z" + strconv.Itoa(len(name)) + name + args }

// Builtins maps each C math function (float and double) this package lowers to its
// OpenCL built-in.
func Builtins() map[string]string {
	out := map[string]string{}
	for _, n := range unary {
		out[n+"f"], out[n] = mangle(n, "f"), mangle(n, "d")
	}
	for _, n := range binary {
		out[n+"f"], out[n] = mangle(n, "ff"), mangle(n, "dd")
	}
	out["fmaf"], out["fma"] = mangle("fma", "fff"), mangle("fma", "ddd")
	out["ldexpf"], out["ldexp"] = mangle("ldexp", "fi"), mangle("ldexp", "di")
	out["ilogbf"], out["ilogb"] = mangle("ilogb", "f"), mangle("ilogb", "d")
	out["nearbyintf"], out["nearbyint"] = mangle("rint", "f"), mangle("rint", "d")
	return out
}

var builtinNames = func() map[string]bool {
	out := map[string]bool{}
	for _, b := range Builtins() {
		out[b] = true
	}
	for _, b := range intrinsics() {
		out[b] = true
	}
	return out
}()

// IsBuiltin tells whether name is one of the OpenCL built-ins this package writes calls
// to (the device compiler provides them; no device image defines them).
func IsBuiltin(name string) bool { return builtinNames[name] }

// intrinsics maps the transcendental intrinsics to their OpenCL built-ins.
func intrinsics() map[string]string {
	out := map[string]string{}
	for _, n := range transcendental {
		args := "f"
		if n == "atan2" || n == "pow" {
			args = "ff"
		}
		out["llvm."+n+".f32"] = mangle(n, args)
		out["llvm."+n+".f64"] = mangle(n, strings.ReplaceAll(args, "f", "d"))
	}
	return out
}

// unsupportedNames are the C math names (float, double, long double) that fail the build.
func unsupportedNames() map[string]bool {
	out := map[string]bool{}
	for _, n := range unsupported {
		out[n], out[n+"f"], out[n+"l"] = true, true, true
	}
	// long double: no device has it.
	for _, n := range append(append(append([]string{}, unary...), binary...), "fma", "ldexp", "ilogb", "nearbyint") {
		out[n+"l"] = true
	}
	return out
}

// Result is what Lower did.
type Result struct {
	Text    []byte   // the lowered module (nil: nothing to lower)
	Renamed []string // the C functions and intrinsics renamed, sorted
}

// Lower renames m's calls to C math functions (and, in Libclc mode, transcendental
// intrinsics) to OpenCL built-ins. src is m's text. It fails, naming the calling
// function's source line, for a C math function no device library provides. provided
// names the functions that other device images define (SYCL_EXTERNAL functions of C
// linkage in the program's shared libraries, which the runtime links): calls of them
// are not C library calls.
func Lower(m *llvmir.Module, src []byte, mode Mode, provided map[string]bool) (*Result, error) {
	table := Builtins()
	if mode == Libclc {
		for k, v := range intrinsics() {
			table[k] = v
		}
	}
	bad := unsupportedNames()
	renames := map[string]string{}
	declared := map[string]bool{}
	for _, f := range m.Funcs {
		declared[f.Name] = true
	}
	called := map[string]bool{}
	if mode == SPIRVNoDeviceLibs {
		for _, f := range m.Funcs {
			for _, c := range f.Calls {
				called[c.Callee] = true
			}
		}
	}
	for _, f := range m.Funcs {
		if !f.Decl {
			continue
		}
		if bad[f.Name] {
			return nil, unsupportedCall(m, f.Name)
		}
		if to, ok := table[f.Name]; ok {
			renames[f.Name] = to
		} else if called[f.Name] && isCLibraryName(f.Name) && !provided[f.Name] {
			return nil, unsupportedCall(m, f.Name)
		}
	}
	if len(renames) == 0 {
		return &Result{}, nil
	}
	text, err := rewrite(m, src, renames, declared)
	if err != nil {
		return nil, err
	}
	var names []string
	for n := range renames {
		names = append(names, n)
	}
	sort.Strings(names)
	return &Result{Text: text, Renamed: names}, nil
}

// isCLibraryName reports whether a declared function's name is a C library function's: not
// C++-mangled (user code and OpenCL/SPIR-V built-ins are), not an LLVM intrinsic, not a
// SPIR-V built-in of C linkage.
func isCLibraryName(name string) bool {
	return !strings.HasPrefix(name, "_Z") && !strings.HasPrefix(name, "llvm.") && !strings.HasPrefix(name, "__spirv_") &&
		!nativeDeviceLib[name]
}

// nativeDeviceLib are the __devicelib_ functions the device compiler itself provides
// (DPC++'s device library extensions that Intel's runtimes implement, and libsycl links a
// fallback for where a device does not): rules_sycl's device library calls them.
var nativeDeviceLib = map[string]bool{"__devicelib_assert_fail": true}

// unsupportedCall names the first call of fn with a source location. Without one (DPC++'s
// front end writes no debug info), it names the source file of the calling code (the
// "sycl-module-id" of the caller or of a function that reaches it) and the caller as the
// source writes it.
//
// Without either, it names the call's line of the module itself (or the declaration's,
// when nothing calls it): the input the verb was given is then all there is to point at.
func unsupportedCall(m *llvmir.Module, fn string) error {
	var caller *llvmir.Function
	callLine := 0
	for _, f := range m.Funcs {
		for _, c := range f.Calls {
			if c.Callee != fn {
				continue
			}
			if caller == nil {
				caller, callLine = f, c.Line
			}
			if loc := m.Location(c.Dbg); loc != "" {
				return fmt.Errorf("%s: error: device code calls '%s' (in %s), which no SYCL device library provides%s", loc, fn, f.Name, hints[fn])
			}
		}
	}
	if caller == nil {
		line := 0
		if d := m.Func(fn); d != nil {
			line = d.Line
		}
		return fmt.Errorf("%s:%d: error: device code declares '%s', which no SYCL device library provides%s", m.File, line, fn, hints[fn])
	}
	if file := sourceFileOf(m, caller); file != "" {
		return fmt.Errorf("%s: error: device code calls '%s' (in %s), which no SYCL device library provides%s", file, fn, kernelloc.Name(caller.Name), hints[fn])
	}
	return fmt.Errorf("%s:%d: error: device code calls '%s' (in %s), which no SYCL device library provides%s", m.File, callLine, fn, kernelloc.Name(caller.Name), hints[fn])
}

// sourceFileOf returns the "sycl-module-id" (DPC++'s front end writes the TU's source
// path there on kernels and SYCL_EXTERNAL functions) of f or of the nearest function
// that calls it, or "".
func sourceFileOf(m *llvmir.Module, f *llvmir.Function) string {
	callers := map[string][]*llvmir.Function{}
	for _, g := range m.Funcs {
		for _, c := range g.Calls {
			callers[c.Callee] = append(callers[c.Callee], g)
		}
	}
	seen := map[*llvmir.Function]bool{f: true}
	queue := []*llvmir.Function{f}
	for len(queue) > 0 {
		g := queue[0]
		queue = queue[1:]
		if id, ok := m.FnAttr(g, "sycl-module-id"); ok && id != "" {
			return id
		}
		for _, h := range callers[g.Name] {
			if !seen[h] {
				seen[h] = true
				queue = append(queue, h)
			}
		}
	}
	return ""
}

// hints says what to do about a C library call no device library provides.
var hints = map[string]string{
	"__assert_fail": " (an assert in device code: DPC++'s libsycl-crt, which implements it, is not in Intel's runtime wheel; compile with -DNDEBUG, or use icpx)",
}

// rewrite renames every reference to a renamed function and drops the declarations that
// would repeat one already in the module (sinf and llvm.sin.f32 both become _Z3sinf).
func rewrite(m *llvmir.Module, src []byte, renames map[string]string, declared map[string]bool) ([]byte, error) {
	drop := map[int]bool{} // Span.Start of declarations to drop
	kept := map[string]bool{}
	for _, f := range m.Funcs {
		if to, ok := renames[f.Name]; ok && f.Decl {
			if kept[to] || (declared[to] && renames[to] == "") {
				drop[f.Span.Start] = true
				continue
			}
			kept[to] = true
		}
	}
	var b bytes.Buffer
	b.Grow(len(src))
	spans := map[int]int{}
	for _, f := range m.Funcs {
		if drop[f.Span.Start] {
			spans[f.Span.Start] = f.Span.End
		}
	}
	for i := 0; i < len(src); {
		if end, ok := spans[i]; ok {
			i = end
			continue
		}
		c := src[i]
		switch {
		case c == '"':
			j := bytes.IndexByte(src[i+1:], '"')
			if j < 0 {
				return nil, fmt.Errorf("%s: unterminated string", m.File)
			}
			b.Write(src[i : i+j+2])
			i += j + 2
		case c == ';':
			j := bytes.IndexByte(src[i:], '\n')
			if j < 0 {
				j = len(src) - i
			}
			b.Write(src[i : i+j])
			i += j
		case c == '@':
			j := i + 1
			for j < len(src) && isIdent(src[j]) {
				j++
			}
			if to, ok := renames[string(src[i+1:j])]; ok {
				b.WriteString("@" + to)
			} else {
				b.Write(src[i:j])
			}
			i = j
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.Bytes(), nil
}

func isIdent(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '$' || c == '-'
}
