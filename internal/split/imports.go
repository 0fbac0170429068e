package split

import (
	"strconv"
	"strings"

	"github.com/rules-sycl/rules_sycl/internal/devicemath"
	"github.com/rules-sycl/rules_sycl/internal/llvmir"
	"github.com/rules-sycl/rules_sycl/internal/props"
)

// Property sets of device image dependencies (sycl-post-link -emit-exported-symbols,
// -emit-imported-symbols): a function name per entry, the uint32 1.
const (
	ExportedSymbolsSet = "SYCL/exported symbols"
	ImportedSymbolsSet = "SYCL/imported symbols"
)

// Importable tells whether a device image may import function f from another, as
// DPC++'s canBeImportedFunction decides: not an LLVM intrinsic, a name that starts with
// "__" neither as written nor demangled (SPIR-V built-ins, DPC++'s device libraries),
// and a SYCL_EXTERNAL function: a definition with "sycl-module-id", or a declaration
// (DPC++'s front end marks no declaration). The OpenCL built-ins the device-math step
// writes calls to are not imported: the device compiler provides them.
func Importable(m *llvmir.Module, f *llvmir.Function) bool {
	if strings.HasPrefix(f.Name, "llvm.") || strings.HasPrefix(f.Name, "__") || devicemath.IsBuiltin(f.Name) {
		return false
	}
	if _, ok := m.FnAttr(f, "sycl-module-id"); !ok && !f.Decl {
		return false
	}
	return !strings.HasPrefix(demangledStart(f.Name), "__")
}

// demangledStart is the first name of an Itanium-mangled function name as its
// demangling starts (_Z3foov: "foo"; _ZN7__spirv3fooEv: "__spirv"), or the name itself
// when it is not mangled.
func demangledStart(name string) string {
	if !strings.HasPrefix(name, "_Z") {
		return name
	}
	s := strings.TrimPrefix(name, "_Z")
	s = strings.TrimPrefix(s, "N")
	s = strings.TrimLeft(s, "rVK") // cv-qualifiers of a member function
	if strings.HasPrefix(s, "St") {
		return "std"
	}
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	n, err := strconv.Atoi(s[:i])
	if err != nil || n <= 0 || i+n > len(s) {
		return name
	}
	return s[i : i+n]
}

// dependencySymbols adds [SYCL/exported symbols] (the image's entry points with the
// spir_func calling convention: SYCL_EXTERNAL functions, not kernels, and not virtual
// functions, which libsycl links otherwise) and [SYCL/imported symbols] (the importable
// functions the image declares, in its module order, virtual functions aside), as
// sycl-post-link writes them.
func (e *Extractor) dependencySymbols(r *props.Registry, entries []*llvmir.Function, funcs []*llvmir.Function, c *llvmir.Contents, opts ImageOptions) {
	if opts.ExportedSymbols {
		for _, f := range entries {
			if _, vf := e.m.FnAttr(f, "indirectly-callable"); vf || f.CallConv != "spir_func" {
				continue
			}
			r.Ensure(ExportedSymbolsSet).AddU32(f.Name, 1)
		}
	}
	if opts.ImportedSymbols {
		for _, f := range funcs {
			if !f.Decl && !c.DeclOnly[f] {
				continue
			}
			if _, vf := e.m.FnAttr(f, "indirectly-callable"); vf || !Importable(e.m, f) {
				continue
			}
			r.Ensure(ImportedSymbolsSet).AddU32(f.Name, 1)
		}
	}
}
