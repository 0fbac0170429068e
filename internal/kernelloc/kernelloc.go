// Package kernelloc names kernels the way their source does, for messages users read:
// the demangled kernel name and the file:line the propagate step found for it
// (`sycl-device propagate --kernel-locations`).
package kernelloc

import (
	"strings"

	"github.com/ianlancetaylor/demangle"

	"github.com/rules-sycl/rules_sycl/internal/diag"
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
