// Package nvptx makes NVIDIA images of DPC++'s SPIR device code: it retargets a spir64
// module (what the front end of Intel's runtime wheel writes, after rules_sycl's split)
// to NVPTX, and checks what the linked module still needs. Its builtins, the NVPTX
// implementation of the __spirv_* functions DPC++'s headers call, are
// toolchain/nvptx/spirv_builtins.cpp, linked after the retarget.
package nvptx

import (
	"bytes"
	"fmt"
	"strconv"

	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/llvmir"
)

// Triple and DataLayout are LLVM 22's for 64-bit NVPTX (clang -target nvptx64-nvidia-cuda).
const (
	Triple     = "nvptx64-nvidia-cuda"
	DataLayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
)

// addressSpaces maps SPIR's address spaces to NVPTX's: private and generic are both
// NVPTX's generic space (allocas stay generic; the back end moves them to local memory),
// global stays global, constant becomes NVPTX's constant space, local is shared memory.
// SPV_INTEL_usm_storage_classes' device and host global spaces are global memory.
var addressSpaces = map[int]int{0: 0, 1: 1, 2: 4, 3: 3, 4: 0, 5: 1, 6: 1}

// syncScopes maps the SPIR memory scopes DPC++ writes on atomic instructions to NVPTX's
// (the empty scope is the system's).
var syncScopes = map[string]string{"workgroup": "block", "subgroup": "block", "wavefront": "block", "device": "device", "agent": "device", "all_svm_devices": "", "system": ""}

// Retarget rewrites a spir64 module (LLVM text) as an nvptx64 one: the triple and data
// layout, the calling conventions (spir_kernel becomes ptx_kernel; spir_func is the
// default), every address space, addrspacecasts that now stay in one space (bitcasts), and
// atomic scopes. Names are kept, so the __spirv_* calls resolve against the builtins. A
// module that is not SPIR, or uses an address space or scope SPIR does not have, is an
// error at its line.
func Retarget(file string, src []byte) ([]byte, error) {
	if _, err := llvmir.Parse(file, src); err != nil {
		return nil, err
	}
	if !isSPIR(src) {
		return nil, diag.Errorf(file, 0, "the module's triple is not a SPIR triple: only DPC++'s SPIR device code is retargeted")
	}
	r := &rewriter{file: file, src: src}
	if err := r.scan(); err != nil {
		return nil, err
	}
	return r.out.Bytes(), nil
}

type rewriter struct {
	file string
	src  []byte
	out  bytes.Buffer
	line int
}

func (r *rewriter) errorf(format string, args ...interface{}) error {
	return diag.Errorf(r.file, r.line, format, args...)
}

// scan copies src to out, token by token outside strings and comments, rewriting as it goes.
func (r *rewriter) scan() error {
	src := r.src
	r.line = 1
	i := 0
	if j, ok := r.targetLine(0); ok {
		i = j
	}
	for i < len(src) {
		c := src[i]
		switch {
		case c == '\n':
			r.line++
			r.out.WriteByte(c)
			i++
			if j, ok := r.targetLine(i); ok {
				i = j
			}
		case c == ';':
			j := lineEnd(src, i)
			r.out.Write(src[i:j])
			i = j
		case c == '"':
			j := stringEnd(src, i)
			r.out.Write(src[i:j])
			i = j
		case isIdentByte(c) && (i == 0 || !isIdentByte(src[i-1])):
			j := i
			for j < len(src) && isIdentByte(src[j]) {
				j++
			}
			next, err := r.word(string(src[i:j]), j)
			if err != nil {
				return err
			}
			i = next
		default:
			r.out.WriteByte(c)
			i++
		}
	}
	return nil
}

// targetLine replaces a "target datalayout" or "target triple" line starting at i.
func (r *rewriter) targetLine(i int) (int, bool) {
	for _, t := range []struct{ prefix, value string }{{"target datalayout = ", DataLayout}, {"target triple = ", Triple}} {
		if bytes.HasPrefix(r.src[i:], []byte(t.prefix)) {
			r.out.WriteString(t.prefix + strconv.Quote(t.value))
			return lineEnd(r.src, i), true
		}
	}
	return i, false
}

// word writes the rewrite of the token w that ends at end and returns where scanning goes on.
func (r *rewriter) word(w string, end int) (int, error) {
	src := r.src
	switch w {
	case "spir_kernel":
		r.out.WriteString("ptx_kernel")
		return end, nil
	case "spir_func":
		// The default calling convention: drop the word and one space after it.
		if end < len(src) && src[end] == ' ' {
			end++
		}
		return end, nil
	case "addrspace":
		return r.addrSpace(end)
	case "syncscope":
		return r.syncScope(end)
	case "addrspacecast":
		if next, ok := nullCast(src, end); ok {
			// A cast null is null in every NVPTX space, and NVPTX cannot emit the cast in a
			// static initializer.
			r.out.WriteString("null")
			return next, nil
		}
		same, err := r.castStaysInSpace(end)
		if err != nil {
			return 0, err
		}
		if same {
			r.out.WriteString("bitcast")
			return end, nil
		}
	}
	r.out.WriteString(w)
	return end, nil
}

// addrSpace rewrites the "(N)" after the word addrspace at i.
func (r *rewriter) addrSpace(i int) (int, error) {
	n, end, ok := parenNumber(r.src, i)
	if !ok {
		r.out.WriteString("addrspace")
		return i, nil
	}
	to, known := addressSpaces[n]
	if !known {
		return 0, r.errorf("address space %d is not one of SPIR's (0 to 6): the module cannot be retargeted to NVPTX", n)
	}
	fmt.Fprintf(&r.out, "addrspace(%d)", to)
	return end, nil
}

// syncScope rewrites the ("name") after the word syncscope at i.
func (r *rewriter) syncScope(i int) (int, error) {
	src := r.src
	if i+1 >= len(src) || src[i] != '(' || src[i+1] != '"' {
		r.out.WriteString("syncscope")
		return i, nil
	}
	j := stringEnd(src, i+1)
	if j >= len(src) || src[j] != ')' {
		r.out.WriteString("syncscope")
		return i, nil
	}
	name := string(src[i+2 : j-1])
	to, known := syncScopes[name]
	if !known && name != "singlethread" {
		return 0, r.errorf("atomic scope %q has no NVPTX equivalent", name)
	}
	if !known {
		to = name
	}
	fmt.Fprintf(&r.out, "syncscope(%q)", to)
	return j + 1, nil
}

// castStaysInSpace reads the operand type and the destination type of the addrspacecast
// whose word ends at i (an instruction or a constant expression) and says whether both
// are in one NVPTX address space once mapped, where LLVM wants a bitcast.
func (r *rewriter) castStaysInSpace(i int) (bool, error) {
	src := r.src
	from, j, ok := pointerSpace(src, skipOpen(src, i))
	if !ok {
		return false, nil
	}
	// Skip the operand to the word "to" at depth 0 on this line.
	depth := 0
	for ; j < len(src) && src[j] != '\n'; j++ {
		switch src[j] {
		case '(', '[', '{', '<':
			depth++
		case ')', ']', '}', '>':
			depth--
		case '"':
			j = stringEnd(src, j) - 1
		case 't':
			if depth == 0 && src[j-1] == ' ' && bytes.HasPrefix(src[j:], []byte("to ")) {
				to, _, ok := pointerSpace(src, j+3)
				if !ok {
					return false, nil
				}
				mf, okf := addressSpaces[from]
				mt, okt := addressSpaces[to]
				if !okf || !okt {
					return false, r.errorf("address space %d is not one of SPIR's (0 to 6): the module cannot be retargeted to NVPTX", map[bool]int{true: to, false: from}[okf])
				}
				return mf == mt, nil
			}
		}
	}
	return false, nil
}

// nullCast recognises the constant expression " (ptr [addrspace(N)] null to ptr
// [addrspace(M)])" at i and returns the offset after it.
func nullCast(src []byte, i int) (int, bool) {
	if !bytes.HasPrefix(src[i:], []byte(" (")) {
		return i, false
	}
	_, j, ok := pointerSpace(src, i+2)
	if !ok || !bytes.HasPrefix(src[j:], []byte(" null to ")) {
		return i, false
	}
	_, k, ok := pointerSpace(src, j+len(" null to "))
	if !ok || k >= len(src) || src[k] != ')' {
		return i, false
	}
	return k + 1, true
}

// skipOpen skips spaces and one "(" of a constant expression.
func skipOpen(src []byte, i int) int {
	for i < len(src) && src[i] == ' ' {
		i++
	}
	if i < len(src) && src[i] == '(' {
		i++
	}
	return i
}

// pointerSpace reads a pointer type at i ("ptr", "ptr addrspace(N)", or a vector of
// them) and returns its address space and the offset after it.
func pointerSpace(src []byte, i int) (int, int, bool) {
	if i < len(src) && src[i] == '<' {
		// <K x ptr ...>
		j := i + 1
		for j < len(src) && src[j] != 'x' && src[j] != '>' && src[j] != '\n' {
			j++
		}
		if j+2 > len(src) || src[j] != 'x' {
			return 0, i, false
		}
		n, k, ok := pointerSpace(src, j+2)
		if !ok || k >= len(src) || src[k] != '>' {
			return 0, i, false
		}
		return n, k + 1, true
	}
	if !bytes.HasPrefix(src[i:], []byte("ptr")) || i+3 < len(src) && isIdentByte(src[i+3]) {
		return 0, i, false
	}
	j := i + 3
	if bytes.HasPrefix(src[j:], []byte(" addrspace(")) {
		if n, end, ok := parenNumber(src, j+len(" addrspace")); ok {
			return n, end, true
		}
	}
	return 0, j, true
}

// parenNumber reads "(N)" at i.
func parenNumber(src []byte, i int) (int, int, bool) {
	if i >= len(src) || src[i] != '(' {
		return 0, i, false
	}
	j := i + 1
	for j < len(src) && src[j] >= '0' && src[j] <= '9' {
		j++
	}
	if j == i+1 || j >= len(src) || src[j] != ')' {
		return 0, i, false
	}
	n, err := strconv.Atoi(string(src[i+1 : j]))
	if err != nil {
		return 0, i, false
	}
	return n, j + 1, true
}

func lineEnd(src []byte, i int) int {
	for i < len(src) && src[i] != '\n' {
		i++
	}
	return i
}

// stringEnd returns the offset after the "..." string at i (LLVM strings hold no escaped
// quote: a quote is \22).
func stringEnd(src []byte, i int) int {
	j := i + 1
	for j < len(src) && src[j] != '"' && src[j] != '\n' {
		j++
	}
	if j < len(src) && src[j] == '"' {
		j++
	}
	return j
}

// isIdentByte says whether c can be part of an LLVM keyword or name.
func isIdentByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '$' || c == '-' || c == '%' || c == '@' || c == '!' || c == '#'
}
