package imagecompile

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strconv"

	"github.com/rules-sycl/rules_sycl/internal/devconfig"
	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/llvmir"
	"github.com/rules-sycl/rules_sycl/internal/mapfile"
)

// FunctionPointers is the SPIR-V extension llc's SPIR-V back end needs for a module that
// calls through a pointer or keeps a function's address in a global (a vtable): without
// it llc refuses ("An indirect call is encountered but SPIR-V without extensions does
// not support it"). DPC++'s llvm-spirv has it in its list (TranslatorArgs).
const FunctionPointers = "SPV_INTEL_function_pointers"

// LinkOnceODR is the SPIR-V extension that keeps linkonce_odr linkage (llc writes such a
// definition as an export otherwise): images that libsycl links together (a kernel's and
// its virtual functions' sets) may each define the same vtable or inline function, and
// two exports of one name fail the link. DPC++'s llvm-spirv has it in its list.
const LinkOnceODR = "SPV_KHR_linkonce_odr"

// viaLLCSPIRV says whether target t's images start as SPIR-V written by llc (not by a
// toolchain's llvm-spirv, and not NVPTX or AMDGCN code).
func viaLLCSPIRV(t *devconfig.Target, tools Tools) bool {
	f, ok := devconfig.LookupFamily(t.Triple)
	return ok && f.SPIRV && tools.Translator == ""
}

// ForLLCSPIRV prepares module text src (file names it in errors) for llc-22's SPIR-V
// back end. It returns the extensions the module needs (FunctionPointers) and, where
// the module needs a change, its new text (nil otherwise):
//   - a virtual function ("indirectly-callable") gets DPC++'s "referenced-indirectly"
//     attribute, from which llc writes the ReferencedIndirectlyINTEL decoration (DPC++'s
//     llvm-spirv writes it for virtual functions): without it Intel's CPU compiler
//     drops the function from an image that does not call it, and the images that do
//     fail to link;
//   - global initializers hold no undef or poison (each becomes zeroinitializer, a value
//     undef may take): llc aborts on a global whose initializer has an undef aggregate
//     member ("unable to translate instruction: call llvm.spv.const.composite"), such as
//     the padding field DPC++'s front end adds to an over-aligned struct, in the
//     specialization_id of a specialization constant among others.
//
// A device_global's !spirv.Decorations keep HostAccessINTEL under the front end's number
// (6147), which spirv-val does not know: Intel's CPU compiler finds the variable for
// host copies by it (without it, queue::copy to a device_global fails with
// UR_RESULT_ERROR_INVALID_ARGUMENT; examples/sycl2020:device_global_copy_test).
func ForLLCSPIRV(file string, src []byte) (fixed []byte, exts []string, err error) {
	m, err := llvmir.Parse(file, src)
	if err != nil {
		return nil, nil, err
	}
	marks := referencedIndirectly(m)
	if len(marks) > 0 || needsFunctionPointers(m) {
		exts = append(exts, FunctionPointers)
		if hasLinkOnceODR(m) {
			exts = append(exts, LinkOnceODR)
		}
	}
	edits := marks
	for _, g := range m.Globals {
		if g.Kind == "global" || g.Kind == "constant" {
			edits = append(edits, undefTokens(src, g.Span.Start, g.Span.End)...)
		}
	}
	if len(edits) == 0 {
		return nil, exts, nil
	}
	sort.Slice(edits, func(i, j int) bool { return edits[i].start < edits[j].start })
	var b bytes.Buffer
	b.Grow(len(src) + 24*len(edits))
	at := 0
	for _, e := range edits {
		b.Write(src[at:e.start])
		b.WriteString(e.text)
		at = e.end
	}
	b.Write(src[at:])
	return b.Bytes(), exts, nil
}

// referencedIndirectly are the edits that mark the virtual functions m defines
// "referenced-indirectly" (llc writes the ReferencedIndirectlyINTEL decoration for the
// attribute): the attribute goes beside the header's attribute group (#N), where LLVM
// reads function attributes.
func referencedIndirectly(m *llvmir.Module) []span {
	var edits []span
	for _, f := range m.Funcs {
		if f.Decl || len(f.AttrGroups) == 0 {
			continue
		}
		if _, ri := m.FnAttr(f, "referenced-indirectly"); ri {
			continue
		}
		if _, vf := m.FnAttr(f, "indirectly-callable"); !vf {
			continue
		}
		ref := []byte(" #" + strconv.Itoa(f.AttrGroups[0]))
		if i := lastOutsideStrings(m.Src[f.Span.Start:f.HeaderEnd], ref); i >= 0 {
			at := f.Span.Start + i + len(ref)
			edits = append(edits, span{at, at, ` "referenced-indirectly"`})
		}
	}
	return edits
}

// hasLinkOnceODR: a definition (function or global) with linkonce_odr linkage.
func hasLinkOnceODR(m *llvmir.Module) bool {
	for _, g := range m.Globals {
		if g.Linkage == "linkonce_odr" {
			return true
		}
	}
	for _, f := range m.Funcs {
		if !f.Decl && bytes.HasPrefix(m.Src[f.Span.Start:f.HeaderEnd], []byte("define linkonce_odr ")) {
			return true
		}
	}
	return false
}

// needsFunctionPointers: a call through a pointer, or a global whose initializer holds a
// function's address.
func needsFunctionPointers(m *llvmir.Module) bool {
	funcs := map[string]bool{}
	for _, f := range m.Funcs {
		if f.IndirectCalls > 0 {
			return true
		}
		funcs[f.Name] = true
	}
	for _, g := range m.Globals {
		for _, name := range g.Types.Globals {
			if funcs[name] {
				return true
			}
		}
	}
	return false
}

// span is an edit: text replaces src[start:end].
type span struct {
	start, end int
	text       string
}

// undefTokens are the undef and poison words of src[start:end] outside c"..." strings:
// a word preceded by a space and followed by a delimiter (an @undef name is not one).
func undefTokens(src []byte, start, end int) []span {
	var out []span
	inString := false
	for i := start; i < end; i++ {
		c := src[i]
		switch {
		case c == '"':
			inString = !inString
			continue
		case inString:
			continue
		case c == ';':
			// A comment, to the end of its line.
			for i < end && src[i] != '\n' {
				i++
			}
			continue
		}
		if i > start && isIdentByte(src[i-1]) {
			continue // inside a longer word (%undef.x, @poison_1)
		}
		for _, w := range []string{"undef", "poison"} {
			j := i + len(w)
			if j <= end && string(src[i:j]) == w && (j == end || !isIdentByte(src[j])) {
				out = append(out, span{i, j, "zeroinitializer"})
			}
		}
	}
	return out
}

// isIdentByte says whether c can be part of an LLVM keyword or name: a token boundary is
// any other byte (white space of any kind, punctuation).
func isIdentByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '$' || c == '-' || c == '%' || c == '@' || c == '!' || c == '#'
}

// lastOutsideStrings is the position of the last occurrence of the token tok in b that is
// not inside a "..." string (a section name may hold " #0") nor the start of a longer
// token (" #1" in " #12"), or -1.
func lastOutsideStrings(b, tok []byte) int {
	last, inString := -1, false
	for i := 0; i < len(b); i++ {
		if b[i] == '"' {
			inString = !inString
			continue
		}
		if !inString && bytes.HasPrefix(b[i:], tok) && (i+len(tok) == len(b) || !isIdentByte(b[i+len(tok)])) {
			last = i
		}
	}
	return last
}

// llcSPIRV stages the module at in for llc's SPIR-V back end when it needs a change
// (ForLLCSPIRV) and returns the file llc reads and the extensions to enable. A dry run
// stages nothing: it plans on the input as it is, with the extensions it needs.
func (c *compilation) llcSPIRV(in, base string) (string, []string, error) {
	src, err := mapfile.ReadInput(in)
	if err != nil {
		return in, nil, nil // an unreadable module is llc's error to report
	}
	fixed, exts, err := ForLLCSPIRV(in, src)
	if err != nil || fixed == nil || c.dryRun {
		return in, exts, nil // a module the parser refuses is llc's to report
	}
	staged := filepath.Join(c.stage, base+".llc.ll")
	if err := os.WriteFile(staged, fixed, 0o644); err != nil {
		return "", nil, diag.Errorf(in, 0, "cannot stage the module for llc: %v", err)
	}
	return staged, exts, nil
}
