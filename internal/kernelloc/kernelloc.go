// Package kernelloc names kernels the way their source does, for messages users read:
// the demangled kernel name and the file:line the propagate step found for it
// (`sycl-device propagate --kernel-locations`).
package kernelloc

import (
	"fmt"
	"sort"
	"strings"

	"github.com/ianlancetaylor/demangle"

	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/llvmir"
	"github.com/rules-sycl/rules_sycl/internal/mapfile"
)

// Map is symbol -> "file:line".
type Map map[string]string

// MaxFile bounds a locations file (one short line per kernel).
const MaxFile = 256 << 20

// Read reads a locations file ("symbol\tfile:line" per line); "" reads as empty.
func Read(file string) (Map, error) {
	m := Map{}
	if file == "" {
		return m, nil
	}
	data, err := mapfile.ReadRegular(file, MaxFile)
	if err != nil {
		return nil, diag.Errorf(file, 0, "cannot read kernel locations: %v", err)
	}
	for i, l := range strings.Split(string(data), "\n") {
		if l == "" {
			continue
		}
		sym, loc, ok := strings.Cut(l, "\t")
		if !ok || sym == "" || loc == "" {
			return nil, diag.Errorf(file, i+1, "not symbol<TAB>location: %q", l)
		}
		m[sym] = loc
	}
	return m, nil
}

// ReadAll merges several locations files.
func ReadAll(files []string) (Map, error) {
	out := Map{}
	for _, f := range files {
		m, err := Read(f)
		if err != nil {
			return nil, err
		}
		for k, v := range m {
			out[k] = v
		}
	}
	return out, nil
}

// Name is a kernel's name as the source writes it: the type of a named kernel (its
// symbol is the type's typeinfo name, _ZTS...), else the demangled symbol, else the
// symbol.
func Name(sym string) string {
	s, err := demangle.ToString(sym)
	if err != nil {
		return sym
	}
	return strings.TrimPrefix(s, "typeinfo name for ")
}

// Describe names kernels for a message: "kernel KDouble (a.cpp:50)", or
// "kernels KInt (a.cpp:49), KDouble (a.cpp:50)".
func (m Map) Describe(syms []string) string {
	var parts []string
	for _, s := range syms {
		p := Name(s)
		if loc := m[s]; loc != "" {
			p += " (" + loc + ")"
		}
		parts = append(parts, p)
	}
	if len(parts) == 1 {
		return "kernel " + parts[0]
	}
	return "kernels " + strings.Join(parts, ", ")
}

// Format lists the module's kernels (spir_kernel and ptx_kernel entry points)
// with their source locations: "symbol\tfile:line\n", sorted by symbol: the file
// the propagate step writes with --kernel-locations, which ReadAll reads.
func Format(m *llvmir.Module) []byte {
	var lines []string
	for _, f := range m.Funcs {
		if f.Decl || (f.CallConv != "spir_kernel" && f.CallConv != "ptx_kernel") {
			continue
		}
		if loc := m.KernelLocation(f); loc != "" {
			lines = append(lines, f.Name+"\t"+escapeControls(loc)+"\n")
		}
	}
	sort.Strings(lines)
	return []byte(strings.Join(lines, ""))
}

// escapeControls writes the control characters of a location (a file name may hold a
// newline or a tab) as \n, \t or \xNN, so each location stays one field of one line.
func escapeControls(s string) string {
	if strings.IndexFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f }) < 0 {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
