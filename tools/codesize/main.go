// Command codesize is the project's size lint: it reports every Go or Starlark function
// longer than a limit and every Go function whose cyclomatic complexity is over a limit.
//
//	codesize [-max-lines N] [-max-complexity N] FILE...
//
// Go test files (_test.go) are held to the complexity limit only. Cyclomatic complexity is
// counted as gocyclo counts it: 1, plus one for each if, for, range, non-default case of a
// switch or select, && and ||. A function's lines run from its first line (func, def) to
// its last. Findings are printed as FILE:LINE: message; the exit status is 1 when there is
// one, 2 when a file cannot be read or parsed.
package main

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"sort"
	"strings"

	"go.starlark.net/syntax"
)

// Finding is one function over a limit.
type Finding struct {
	File    string
	Line    int
	Message string
}

func (f Finding) String() string { return fmt.Sprintf("%s:%d: %s", f.File, f.Line, f.Message) }

// Limits are the largest allowed function length (lines) and Go complexity.
type Limits struct {
	Lines      int
	Complexity int
}

// CheckGo reports the functions of one Go file over the limits.
func CheckGo(name string, src []byte, lim Limits) ([]Finding, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	test := strings.HasSuffix(name, "_test.go")
	var out []Finding
	ast.Inspect(f, func(n ast.Node) bool {
		fn, ok := n.(*ast.FuncDecl)
		if !ok || fn.Body == nil {
			return true
		}
		start, end := fset.Position(fn.Pos()).Line, fset.Position(fn.End()).Line
		if lines := end - start + 1; !test && lines > lim.Lines {
			out = append(out, Finding{name, start, fmt.Sprintf("func %s is %d lines (at most %d)", funcName(fn), lines, lim.Lines)})
		}
		if c := Complexity(fn.Body); c > lim.Complexity {
			out = append(out, Finding{name, start, fmt.Sprintf("func %s has complexity %d (at most %d)", funcName(fn), c, lim.Complexity)})
		}
		return false
	})
	return out, nil
}

func funcName(fn *ast.FuncDecl) string {
	if fn.Recv == nil || len(fn.Recv.List) == 0 {
		return fn.Name.Name
	}
	t := fn.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	if ix, ok := t.(*ast.IndexExpr); ok {
		t = ix.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return "(" + id.Name + ")." + fn.Name.Name
	}
	return fn.Name.Name
}

// Complexity is the cyclomatic complexity of a function body (function literals in it
// included, as gocyclo counts them).
func Complexity(body ast.Node) int {
	c := 1
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IfStmt, *ast.ForStmt, *ast.RangeStmt:
			c++
		case *ast.CaseClause:
			if n.List != nil {
				c++
			}
		case *ast.CommClause:
			if n.Comm != nil {
				c++
			}
		case *ast.BinaryExpr:
			if n.Op == token.LAND || n.Op == token.LOR {
				c++
			}
		}
		return true
	})
	return c
}

// CheckStarlark reports the def statements of one Starlark file longer than lim.Lines.
func CheckStarlark(name string, src []byte, lim Limits) ([]Finding, error) {
	opts := &syntax.FileOptions{Set: true, While: true, TopLevelControl: true, GlobalReassign: true, Recursion: true}
	f, err := opts.Parse(name, src, 0)
	if err != nil {
		return nil, err
	}
	var out []Finding
	syntax.Walk(f, func(n syntax.Node) bool {
		def, ok := n.(*syntax.DefStmt)
		if !ok {
			return true
		}
		start, end := def.Span()
		if lines := int(end.Line) - int(start.Line) + 1; lines > lim.Lines {
			out = append(out, Finding{name, int(start.Line), fmt.Sprintf("def %s is %d lines (at most %d)", def.Name.Name, lines, lim.Lines)})
		}
		return true
	})
	return out, nil
}

// Check reads each file (.go, .bzl, BUILD files and other Starlark) and checks it.
func Check(files []string, lim Limits) ([]Finding, error) {
	var out []Finding
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		var found []Finding
		if strings.HasSuffix(name, ".go") {
			found, err = CheckGo(name, src, lim)
		} else {
			found, err = CheckStarlark(name, src, lim)
		}
		if err != nil {
			return nil, err
		}
		out = append(out, found...)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].File != out[j].File {
			return out[i].File < out[j].File
		}
		return out[i].Line < out[j].Line
	})
	return out, nil
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("codesize", flag.ContinueOnError)
	fs.SetOutput(stderr)
	lines := fs.Int("max-lines", 80, "the longest a non-test function may be, in lines")
	complexity := fs.Int("max-complexity", 25, "the highest cyclomatic complexity of a Go function")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	found, err := Check(fs.Args(), Limits{Lines: *lines, Complexity: *complexity})
	if err != nil {
		fmt.Fprintf(stderr, "codesize: %v\n", err)
		return 2
	}
	for _, f := range found {
		fmt.Fprintln(stdout, f)
	}
	if len(found) > 0 {
		fmt.Fprintf(stderr, "codesize: %d functions over the limits (%d lines, complexity %d): split them\n", len(found), *lines, *complexity)
		return 1
	}
	return 0
}

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }
