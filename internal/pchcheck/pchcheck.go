// Package pchcheck decides whether a translation unit may have a precompiled
// <sycl/sycl.hpp> put in front of it. A precompiled header is used with -include-pch:
// the compiler reads it before the first line of the TU, so the TU's own
// `#include <sycl/sycl.hpp>` becomes a no-op. That is the same program only when nothing
// the TU (or the project headers it includes first) does before that include could
// change what sycl.hpp declares or what sycl.hpp's declarations change: a #define or
// #undef (SYCL's headers read configuration macros), a conditional, or code (whose
// overload sets sycl.hpp's standard headers would widen).
//
// Check accepts, before the include of <sycl/sycl.hpp>: comments, blank lines, #pragma,
// #line, the include guard of a header, includes of headers found in none of the given
// include directories (the standard library, the system's), includes of other SYCL
// headers (<sycl/...>, <CL/...>: sycl.hpp includes them all), and includes of project
// headers (found in the including file's directory or the given directories), which
// are checked by the same rules. Anything else is an error at its file and line.
package pchcheck

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/mapfile"
)

// Header is the header the precompiled header holds.
const Header = "sycl/sycl.hpp"

// maxFileSize bounds each file read (a source or header larger than this is refused).
const maxFileSize = 64 << 20

// maxDepth is clang's default limit of nested includes.
const maxDepth = 200

// Options are the include directories of the compile, in the order it searches them.
type Options struct {
	QuoteDirs  []string // -iquote: searched for "x" after the including file's directory
	Dirs       []string // -I
	SystemDirs []string // -isystem (a cc_library's includes)
	// Read reads a file; nil reads a regular file of at most 64 MiB.
	Read func(path string) ([]byte, error)
}

// Check checks the TU at path. It returns nil when the TU may use the precompiled
// header, else a *diag.InputError at the file and line that forbids it.
func Check(path string, o Options) error {
	c := &checker{o: o, seen: map[string]bool{}}
	if c.o.Read == nil {
		c.o.Read = func(p string) ([]byte, error) { return mapfile.ReadRegular(p, maxFileSize) }
	}
	found, err := c.file(path, nil, 0)
	if err != nil {
		return err
	}
	if !found {
		return diag.Errorf(path, 0, "host_pch: does not include <%s> (directly or through the project headers it includes first), and the precompiled header would put it in front of the file; include it first, or turn host_pch off for this target", Header)
	}
	return nil
}

type checker struct {
	o    Options
	seen map[string]bool
}

// from is the chain of includes that led to a file, outermost first.
type from struct {
	file string
	line int
}

func (c *checker) fail(file string, line int, chain []from, format string, args ...interface{}) error {
	msg := fmt.Sprintf(format, args...)
	for i := len(chain) - 1; i >= 0; i-- {
		msg += fmt.Sprintf(" (included from %s:%d)", chain[i].file, chain[i].line)
	}
	return diag.Errorf(file, line, "host_pch: %s", msg)
}

// file scans one file; it returns true once the include of Header is reached.
func (c *checker) file(path string, chain []from, depth int) (bool, error) {
	data, err := c.read(path, chain, depth)
	if err != nil {
		return false, err
	}
	s := &scan{path: path, chain: chain, depth: depth, header: len(chain) > 0}
	for _, l := range logicalLines(data) {
		text := strings.TrimSpace(l.text)
		if text == "" {
			continue
		}
		if text[0] != '#' {
			return false, c.fail(path, l.line, chain, "code before the include of <%s>: the precompiled header would put sycl.hpp (and the standard headers it includes) in front of it; include <%s> first, or turn host_pch off for this target", Header, Header)
		}
		name, rest := directive(text[1:])
		if name == "" || name == "pragma" || name == "line" {
			continue
		}
		s.directives++
		if found, done, err := c.directive(s, l.line, text, name, rest); done {
			return found, err
		}
	}
	return false, nil
}

// read reads one file of the scan (marking it seen), without a byte-order mark.
func (c *checker) read(path string, chain []from, depth int) ([]byte, error) {
	if depth > maxDepth {
		return nil, c.fail(chain[len(chain)-1].file, chain[len(chain)-1].line, chain[:len(chain)-1], "includes nested deeper than %d", maxDepth)
	}
	c.seen[filepath.Clean(path)] = true
	data, err := c.o.Read(path)
	if err != nil {
		if len(chain) == 0 {
			return nil, diag.Errorf(path, 0, "%v", unwrapPath(err))
		}
		last := chain[len(chain)-1]
		return nil, c.fail(last.file, last.line, chain[:len(chain)-1], "cannot read %s: %v", path, unwrapPath(err))
	}
	if bytes.IndexByte(data, 0) >= 0 {
		return nil, c.fail(path, 0, chain, "not a text file (a NUL byte)")
	}
	return bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")), nil
}

// scan is the state of one file's scan. The include guard of a header is #ifndef G (or
// #if !defined G) then #define G as its first two directives; its #endif closes it.
type scan struct {
	path       string
	chain      []from
	depth      int
	header     bool
	guard      string
	guardOpen  bool
	directives int
}

// directive checks one directive before the include of Header: done when the scan of
// the file ends there (found: the include was reached; err: the directive is refused).
func (c *checker) directive(s *scan, at int, text, name, rest string) (found, done bool, err error) {
	switch name {
	case "include":
		return c.include(s, at, text, rest)
	case "ifndef", "if":
		if s.header && s.directives == 1 {
			if g, ok := guardName(name, rest); ok {
				s.guard = g
				return false, false, nil
			}
		}
		return false, true, c.fail(s.path, at, s.chain, "#%s before the include of <%s>: the precompiled header compiles sycl.hpp outside it; include <%s> first, or turn host_pch off for this target", name, Header, Header)
	case "define":
		if s.guard != "" && !s.guardOpen && s.directives == 2 && macroName(rest) == s.guard {
			s.guardOpen = true
			return false, false, nil
		}
		return false, true, c.fail(s.path, at, s.chain, "#define before the include of <%s>: the precompiled sycl.hpp is compiled without it; put it in the target's defines or local_defines (the PCH is built with them), or turn host_pch off for this target", Header)
	case "endif":
		if s.guardOpen {
			s.guard, s.guardOpen = "", false
			return false, false, nil
		}
		return false, true, c.fail(s.path, at, s.chain, "#endif without its #if before the include of <%s>", Header)
	}
	return false, true, c.fail(s.path, at, s.chain, "#%s before the include of <%s>: the precompiled header compiles sycl.hpp before it; include <%s> first, or turn host_pch off for this target", name, Header, Header)
}

// include follows an #include before the include of Header into the project's header
// it names (DPC++'s own headers, the system's and those checked already are skipped).
func (c *checker) include(s *scan, at int, text, rest string) (found, done bool, err error) {
	target, angled, ok := includeTarget(rest)
	if !ok {
		return false, true, c.fail(s.path, at, s.chain, "an #include the check cannot read (%s) before the include of <%s>; include <%s> first, or turn host_pch off for this target", text, Header, Header)
	}
	if target == Header {
		return true, true, nil
	}
	if strings.HasPrefix(target, "sycl/") || strings.HasPrefix(target, "CL/") {
		return false, false, nil // DPC++'s own headers: sycl.hpp includes them all.
	}
	resolved := c.resolve(s.path, target, angled)
	if resolved == "" || c.seen[filepath.Clean(resolved)] {
		return false, false, nil // not a project header (the standard library, the system's), or checked
	}
	found, err = c.file(resolved, append(s.chain[:len(s.chain):len(s.chain)], from{s.path, at}), s.depth+1)
	return found, found || err != nil, err
}

// resolve finds an included header in the project's directories: "x" in the including
// file's directory, then -iquote, -I and -isystem; <x> in -I and -isystem. It returns ""
// for a header found in none (the compiler's own directories hold it).
func (c *checker) resolve(including, target string, angled bool) string {
	if filepath.IsAbs(target) {
		return ""
	}
	var dirs []string
	if !angled {
		dirs = append(dirs, filepath.Dir(including))
		dirs = append(dirs, c.o.QuoteDirs...)
	}
	dirs = append(dirs, c.o.Dirs...)
	dirs = append(dirs, c.o.SystemDirs...)
	for _, d := range dirs {
		p := filepath.Join(d, target)
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			return p
		}
	}
	return ""
}

type line struct {
	line int
	text string
}

// logicalLines splits a file into its logical lines (backslash-newline joined), with
// comments replaced by a space, each with the number of its first physical line.
func logicalLines(data []byte) []line {
	lx := &lexer{data: data, start: 1, n: 1}
	for lx.i = 0; lx.i < len(data); lx.i++ {
		lx.next()
	}
	if lx.cur.Len() > 0 {
		lx.flush()
	}
	return lx.out
}

// lexer is logicalLines' state: data[i] is the byte it reads, on physical line n of the
// logical line that began on line start.
type lexer struct {
	data    []byte
	i, n    int
	start   int
	inBlock bool
	quote   byte // inside a string or character literal
	cur     strings.Builder
	out     []line
}

func (lx *lexer) flush() {
	lx.out = append(lx.out, line{lx.start, lx.cur.String()})
	lx.cur.Reset()
}

// at reports whether the bytes after i are s.
func (lx *lexer) at(s string) bool {
	return bytes.HasPrefix(lx.data[lx.i+1:], []byte(s))
}

// next reads data[i] (and what it joins: a backslash-newline, a comment's end).
func (lx *lexer) next() {
	ch := lx.data[lx.i]
	switch {
	case ch == '\\' && (lx.at("\n") || lx.at("\r\n")):
		if lx.at("\r") {
			lx.i++
		}
		lx.i++
		lx.n++
	case ch == '\n':
		lx.n++
		lx.quote = 0
		if !lx.inBlock {
			lx.flush()
			lx.start = lx.n
		}
	case lx.inBlock:
		if ch == '*' && lx.at("/") {
			lx.inBlock = false
			lx.i++
			lx.cur.WriteByte(' ')
		}
	case lx.quote != 0:
		lx.cur.WriteByte(ch)
		if ch == '\\' && lx.i+1 < len(lx.data) && lx.data[lx.i+1] != '\n' {
			lx.i++
			lx.cur.WriteByte(lx.data[lx.i])
		} else if ch == lx.quote {
			lx.quote = 0
		}
	case ch == '/' && lx.at("/"):
		lx.lineComment()
	case ch == '/' && lx.at("*"):
		lx.inBlock = true
		lx.i++
	case ch == '"' || ch == '\'':
		lx.quote = ch
		lx.cur.WriteByte(ch)
	default:
		lx.cur.WriteByte(ch)
	}
}

// lineComment skips a line comment to the end of its logical line.
func (lx *lexer) lineComment() {
	for lx.i+1 < len(lx.data) && lx.data[lx.i+1] != '\n' {
		if lx.at("\\\n") {
			lx.i += 2
			lx.n++
			continue
		}
		lx.i++
	}
}

// directive splits a directive's text (after '#') into its name and the rest.
func directive(s string) (string, string) {
	s = strings.TrimLeft(s, " \t\f\v\r")
	i := 0
	for i < len(s) && isIdent(s[i]) {
		i++
	}
	return s[:i], strings.TrimSpace(s[i:])
}

func isIdent(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// includeTarget reads `<x>` or `"x"`.
func includeTarget(s string) (target string, angled, ok bool) {
	if len(s) < 2 {
		return "", false, false
	}
	closer := byte('"')
	switch s[0] {
	case '<':
		closer, angled = '>', true
	case '"':
	default:
		return "", false, false // a macro
	}
	end := strings.IndexByte(s[1:], closer)
	if end <= 0 || strings.TrimSpace(s[end+2:]) != "" {
		return "", false, false
	}
	return s[1 : end+1], angled, true
}

// guardName reads the guard of `#ifndef G`, `#if !defined(G)` or `#if !defined G`.
func guardName(name, rest string) (string, bool) {
	if name == "if" {
		r := strings.TrimSpace(rest)
		if !strings.HasPrefix(r, "!") {
			return "", false
		}
		r = strings.TrimSpace(r[1:])
		if !strings.HasPrefix(r, "defined") {
			return "", false
		}
		r = strings.TrimSpace(r[len("defined"):])
		if strings.HasPrefix(r, "(") && strings.HasSuffix(r, ")") {
			r = strings.TrimSpace(r[1 : len(r)-1])
		}
		rest = r
	}
	g := macroName(rest)
	return g, g != "" && g == strings.TrimSpace(rest)
}

// macroName is the identifier that starts s ("" if none).
func macroName(s string) string {
	i := 0
	for i < len(s) && isIdent(s[i]) {
		i++
	}
	if i == 0 || s[0] >= '0' && s[0] <= '9' {
		return ""
	}
	return s[:i]
}

// unwrapPath drops the path an *os.PathError repeats (the message names the file).
func unwrapPath(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}
