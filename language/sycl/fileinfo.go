package sycl

import (
	"bytes"
	"path"
	"regexp"
	"strings"

	"github.com/rules-sycl/rules_sycl/internal/mapfile"
)

// Source extensions Gazelle treats as C++ translation units, and header extensions it
// groups with them. They match the file types sycl_library accepts.
var (
	sourceExts = []string{".cpp", ".cc", ".cxx", ".c++"}
	headerExts = []string{".h", ".hpp", ".hh", ".hxx"}
)

func hasExt(name string, exts []string) bool {
	for _, e := range exts {
		if strings.HasSuffix(name, e) && len(name) > len(e) {
			return true
		}
	}
	return false
}

func isSource(name string) bool { return hasExt(name, sourceExts) }
func isHeader(name string) bool { return hasExt(name, headerExts) }

// stem is the file name without its extension: scale.cpp and scale.h share "scale".
func stem(name string) string { return strings.TrimSuffix(name, path.Ext(name)) }

// include is one #include directive.
type include struct {
	Path   string // as written between the delimiters
	Quoted bool   // "..." rather than <...>
	Line   int    // 1-based line of the directive
}

// fileInfo is what Gazelle needs to know about one C++ file.
type fileInfo struct {
	Name     string // base name
	Rel      string // slash path from the repository root
	Includes []include
	Marker   bool // includes a SYCL header or uses a SYCL attribute itself
	HasMain  bool // defines int main(
	SYCL2020 bool // includes <sycl/sycl.hpp> (or <CL/sycl.hpp>), which the default runtime serves
	// Runtime is the runtime label its device API implies ("" for SYCL 2020 code,
	// which the default runtime serves): rules_sycl's rsycl headers are compiled by
	// upstream clang, for the test runtime or for libsycl (rsyclRuntimes).
	Runtime string
}

// rsyclRuntimes maps rules_sycl's own device API headers to the runtime whose rules
// compile them with upstream clang: SYCL 2020 code (<sycl/sycl.hpp>) needs no runtime
// attribute, since the default runtime (Intel's libsycl) compiles it with DPC++'s front
// end.
var rsyclRuntimes = map[string]string{
	"rsycl/sycl_lite.h":    "@rules_sycl//runtime:rsycl",
	"rsycl/sycl_dpcpp.hpp": "@sycl_dpcpp//:runtime_upstream_clang",
}

// The headers and attributes that make a file SYCL code. rsycl/sycl_lite.h is the
// examples' header of this project; DPC++ users include one of the first two.
var syclHeaders = map[string]bool{
	"sycl/sycl.hpp":     true,
	"CL/sycl.hpp":       true,
	"sycl.hpp":          true,
	"rsycl/sycl_lite.h": true,
}

var (
	includeRe = regexp.MustCompile(`^\s*#\s*include\s*(?:"([^"\n]+)"|<([^>\n]+)>)`)
	markerRe  = regexp.MustCompile(`\b(sycl_kernel_entry_point|sycl_external|SYCL_EXTERNAL)\b`)
	// Upstream clang's own SYCL attributes: code written for upstream clang (the rsycl
	// API's way), which DPC++'s front end is not meant for.
	clangAPIRe = regexp.MustCompile(`\b(clang::sycl_kernel_entry_point|clang::sycl_external)\b`)
	mainRe     = regexp.MustCompile(`(?:^|[^\w:.>])int\s+main\s*\(`)
)

// readFileInfo scans one file. Comments and string literals are blanked first (keeping
// line breaks), so a commented-out include or a "main(" inside a string does not count.
func readFileInfo(dir, rel, name string) (fileInfo, error) {
	data, err := readSource(path.Join(dir, name))
	if err != nil {
		return fileInfo{}, err
	}
	return scanFile(rel, name, data), nil
}

// maxSourceBytes bounds a C++ file Gazelle reads: no hand-written source or header is
// larger, and a device (a symlink to /dev/zero) or a FIFO is not read at all.
const maxSourceBytes = 16 << 20

// readSource reads a regular file of at most maxSourceBytes.
func readSource(p string) ([]byte, error) {
	return mapfile.ReadRegular(p, maxSourceBytes)
}

func scanFile(rel, name string, data []byte) fileInfo {
	fi := fileInfo{Name: name, Rel: path.Join(rel, name)}
	code := stripCommentsAndStrings(data)
	origLines := bytes.Split(data, []byte("\n"))
	for i, line := range bytes.Split(code, []byte("\n")) {
		if bytes.Contains(line, []byte("include")) {
			// The directive survives stripping; its quoted path does not, so read the
			// path from the original line at the same position.
			if includeRe.Match(line) && i < len(origLines) {
				if m := includeRe.FindSubmatch(origLines[i]); m != nil {
					inc := include{Line: i + 1}
					if m[1] != nil {
						inc.Path, inc.Quoted = string(m[1]), true
					} else {
						inc.Path = string(m[2])
					}
					fi.Includes = append(fi.Includes, inc)
					if syclHeaders[inc.Path] {
						fi.Marker = true
						fi.SYCL2020 = fi.SYCL2020 || inc.Path != "rsycl/sycl_lite.h"
					}
					if rt, ok := rsyclRuntimes[inc.Path]; ok {
						fi.Marker, fi.Runtime = true, rt
					}
				}
			}
			continue
		}
		if markerRe.Match(line) {
			fi.Marker = true
		}
		if fi.Runtime == "" && clangAPIRe.Match(line) {
			fi.Runtime = rsyclRuntimes["rsycl/sycl_lite.h"]
		}
		if mainRe.Match(line) {
			fi.HasMain = true
		}
	}
	return fi
}

// The states of stripCommentsAndStrings.
const (
	inCode = iota
	inLineComment
	inBlockComment
	inString
	inChar
)

// stripCommentsAndStrings replaces comments and the contents of string and character
// literals by spaces, keeping newlines, so line numbers stay valid. The quotes of a
// literal stay, so `#include "x.h"` keeps its shape as `#include "   "`.
func stripCommentsAndStrings(src []byte) []byte {
	out := make([]byte, len(src))
	copy(out, src)
	state := inCode
	for i := 0; i < len(out); i++ {
		c := src[i]
		switch state {
		case inCode:
			state, i = fromCode(src, out, i)
		case inLineComment:
			if c == '\n' {
				state = inCode
			} else {
				out[i] = ' '
			}
		case inBlockComment:
			if c == '*' && i+1 < len(src) && src[i+1] == '/' {
				out[i], out[i+1] = ' ', ' '
				i++
				state = inCode
			} else if c != '\n' {
				out[i] = ' '
			}
		case inString, inChar:
			state, i = inLiteral(src, out, i, state)
		}
	}
	return out
}

// fromCode reads src[i] in code: the next state, and the index of the last byte read.
func fromCode(src, out []byte, i int) (int, int) {
	c := src[i]
	switch {
	case c == '/' && i+1 < len(src) && src[i+1] == '/':
		out[i] = ' '
		return inLineComment, i
	case c == '/' && i+1 < len(src) && src[i+1] == '*':
		out[i], out[i+1] = ' ', ' '
		return inBlockComment, i + 1
	case c == '"':
		return inString, i
	case c == '\'' && !(i > 0 && isHexDigit(src[i-1])):
		// A quote after a digit is a C++14 digit separator (1'000).
		return inChar, i
	}
	return inCode, i
}

// inLiteral reads src[i] inside a string or character literal (state): blanks it unless
// it ends the literal; returns the next state and the index of the last byte read.
func inLiteral(src, out []byte, i, state int) (int, int) {
	c := src[i]
	end := byte('"')
	if state == inChar {
		end = '\''
	}
	switch {
	case c == '\\' && i+1 < len(src) && src[i+1] != '\n':
		out[i], out[i+1] = ' ', ' '
		return state, i + 1
	case c == end:
		return inCode, i
	case c == '\n':
		return inCode, i // unterminated literal: stop at the line end
	}
	out[i] = ' '
	return state, i
}

func isHexDigit(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}
