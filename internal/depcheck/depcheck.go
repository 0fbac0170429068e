// Package depcheck checks what a compile read, from its dependency file (clang's -MD),
// against the action's declared inputs, as Bazel's C++ rules check a C++ compile for an
// undeclared inclusion: a file the build does not know of is a file whose edits would not
// make the compile run again (a stale incremental build, a stale shared cache).
package depcheck

import (
	"fmt"
	"sort"
	"strings"

	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/mapfile"
)

// MaxList bounds a declared-inputs list (paths, one per line) and a dependency file.
const MaxList = 64 << 20

// ParseMake returns the dependencies of the Makefile rule clang's -MD writes
// ("target: dep dep ..."): a backslash escapes a space or '#', "$$" is '$', and a
// backslash before a newline continues the rule.
func ParseMake(text string) []string {
	i := strings.Index(text, ": ")
	if i < 0 {
		if i = strings.Index(text, ":\\\n"); i < 0 {
			return nil
		}
	}
	var deps []string
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			deps = append(deps, cur.String())
			cur.Reset()
		}
	}
	for j := i + 1; j < len(text); j++ {
		c := text[j]
		switch {
		case c == '\\' && j+1 < len(text) && (text[j+1] == ' ' || text[j+1] == '#'):
			j++
			cur.WriteByte(text[j])
		case c == '\\' && j+1 < len(text) && text[j+1] == '\n':
			j++
			flush()
		case c == '$' && j+1 < len(text) && text[j+1] == '$':
			j++
			cur.WriteByte('$')
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			flush()
		default:
			cur.WriteByte(c)
		}
	}
	flush()
	return deps
}

// Normalize removes "." and "dir/.." from path lexically, as Bazel compares include
// paths; escapes says that a relative path climbs out of its root.
func Normalize(path string) (clean string, escapes bool) {
	abs := strings.HasPrefix(path, "/")
	var parts []string
	for _, p := range strings.Split(path, "/") {
		switch {
		case p == "" || p == ".":
		case p == "..":
			if len(parts) == 0 {
				escapes = escapes || !abs
			} else {
				parts = parts[:len(parts)-1]
			}
		default:
			parts = append(parts, p)
		}
	}
	clean = strings.Join(parts, "/")
	if abs {
		clean = "/" + clean
	}
	return clean, escapes
}

// ExecRootAlias names the execution root in the paths of a compile that reads a
// precompiled header: the PCH is built with -working-directory /proc/self/cwd (so that
// its bytes are the same in every sandbox), and clang names the PCH's inputs as it
// recorded them.
const ExecRootAlias = "/proc/self/cwd"

// Checker knows what a compile may read: its declared inputs (execution-root-relative
// paths), and the directories whose files it may read undeclared (the C++ toolchain's
// built-in include directories).
type Checker struct {
	Declared    map[string]bool
	BuiltinDirs []string
}

// ReadDeclared reads a list of declared inputs, one path per line (the params file Bazel
// writes for a depset of Files).
func ReadDeclared(file string) (map[string]bool, error) {
	data, err := mapfile.ReadRegular(file, MaxList)
	if err != nil {
		return nil, diag.Errorf(file, 0, "cannot read: %v", err)
	}
	out := map[string]bool{}
	for _, line := range strings.Split(string(data), "\n") {
		if line != "" {
			p, _ := Normalize(line)
			out[p] = true
		}
	}
	return out, nil
}

// Undeclared lists the files among deps that the compile may not read, each with why,
// in the order read, once each.
func (c *Checker) Undeclared(deps []string) []string {
	dirs := make([]string, 0, len(c.BuiltinDirs))
	for _, d := range c.BuiltinDirs {
		n, _ := Normalize(d)
		dirs = append(dirs, n)
	}
	sort.Strings(dirs)
	seen := map[string]bool{}
	var out []string
	for _, dep := range deps {
		p, escapes := Normalize(dep)
		if rel := strings.TrimPrefix(p, ExecRootAlias+"/"); rel != p {
			// A file named through the compile's own working directory: the
			// execution root, as a relative path names it.
			p = rel
		}
		if seen[p] {
			continue
		}
		seen[p] = true
		if under(p, dirs) {
			continue
		}
		switch {
		case strings.HasPrefix(p, "/"):
			out = append(out, fmt.Sprintf("%s (an absolute path: include it by a path relative to an include directory of a target that declares it)", dep))
		case escapes:
			out = append(out, fmt.Sprintf("%s (outside the execution root)", dep))
		case !c.Declared[p]:
			out = append(out, fmt.Sprintf("%s (not in the hdrs or srcs of this target or of its deps)", dep))
		}
	}
	return out
}

func under(p string, dirs []string) bool {
	for _, d := range dirs {
		if d == "/" || p == d || strings.HasPrefix(p, d+"/") {
			return true
		}
	}
	return false
}
