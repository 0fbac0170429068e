// Package filetable reads and writes DPC++ file tables (llvm/Support/SimpleTable): a
// title line naming the columns, then one row per device image, cells split on '|'.
//
//	[Code|Properties|Symbols]
//	out_0.ll|out_0.prop|out_0.sym
//
// Without a title line the columns are named 0, 1, ... Blank lines are skipped; a row
// with the wrong number of cells is an error naming its line.
package filetable

import (
	"bufio"
	"bytes"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/rules-sycl/rules_sycl/internal/diag"
)

// TableFile is the name of the table inside shard and image directories.
const TableFile = "files.table"

// Standard column names.
const (
	Code       = "Code"
	Properties = "Properties"
	Symbols    = "Symbols"
)

// Table is a file table.
type Table struct {
	Columns []string
	Rows    [][]string
	// Lines holds each row's line number in the file it was read from (0 when built).
	Lines []int
	// Titled records whether the table had a title line.
	Titled bool
}

// New returns an empty table with the given columns.
func New(columns ...string) *Table { return &Table{Columns: columns, Titled: true} }

// Column returns the index of column name, or -1.
func (t *Table) Column(name string) int {
	for i, c := range t.Columns {
		if c == name {
			return i
		}
	}
	return -1
}

// Add appends a row; it must have one cell per column.
func (t *Table) Add(cells ...string) {
	t.Rows = append(t.Rows, cells)
	t.Lines = append(t.Lines, 0)
}

// Parse reads a table; file names it in errors.
func Parse(file string, data []byte) (*Table, error) {
	t := &Table{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64*1024), 16<<20)
	line := 0
	for sc.Scan() {
		line++
		s := strings.TrimSuffix(sc.Text(), "\r")
		if s == "" {
			continue
		}
		if t.Columns == nil {
			if i := strings.IndexFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f }); i >= 0 {
				return nil, diag.Errorf(file, line, "control character %q in the title line", s[i])
			}
			if strings.HasPrefix(s, "[") {
				if !strings.HasSuffix(s, "]") {
					return nil, diag.Errorf(file, line, "malformed title line %q", s)
				}
				t.Columns = strings.Split(s[1:len(s)-1], "|")
				t.Titled = true
				seen := map[string]bool{}
				for _, c := range t.Columns {
					if c == "" {
						return nil, diag.Errorf(file, line, "empty column name in title line")
					}
					if seen[c] {
						// Readers use the first; a second Properties column would be ignored.
						return nil, diag.Errorf(file, line, "column %q twice in the title line", c)
					}
					seen[c] = true
				}
				continue
			}
			n := strings.Count(s, "|") + 1
			for i := 0; i < n; i++ {
				t.Columns = append(t.Columns, strconv.Itoa(i))
			}
		}
		if i := strings.IndexFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f }); i >= 0 {
			return nil, diag.Errorf(file, line, "control character %q in a table row", s[i])
		}
		cells := strings.Split(s, "|")
		if len(cells) != len(t.Columns) {
			return nil, diag.Errorf(file, line, "row has %d cells, the table has %d columns", len(cells), len(t.Columns))
		}
		t.Rows = append(t.Rows, cells)
		t.Lines = append(t.Lines, line)
	}
	if err := sc.Err(); err != nil {
		return nil, diag.Errorf(file, line+1, "%v", err)
	}
	if t.Columns == nil {
		return nil, diag.Errorf(file, 0, "empty file: no title line")
	}
	return t, nil
}

// WriteTo writes the table with a title line.
func (t *Table) WriteTo(w io.Writer) (int64, error) {
	var b bytes.Buffer
	b.WriteString("[" + strings.Join(t.Columns, "|") + "]\n")
	for _, r := range t.Rows {
		b.WriteString(strings.Join(r, "|") + "\n")
	}
	n, err := w.Write(b.Bytes())
	return int64(n), err
}

// Bytes renders the table.
func (t *Table) Bytes() []byte {
	var b bytes.Buffer
	t.WriteTo(&b)
	return b.Bytes()
}

// Resolve turns a cell into a path relative to the current directory: cells are relative
// to the directory of the table file. Absolute cells and cells that escape the table's
// directory are refused unless allowOutside is set.
func Resolve(tableFile string, line int, cell string, allowOutside bool) (string, error) {
	if cell == "" {
		return "", diag.Errorf(tableFile, line, "empty file name")
	}
	if strings.TrimSpace(cell) != cell {
		// " a.ll" is a name no tool line or .sym file keeps apart from its neighbours.
		return "", diag.Errorf(tableFile, line, "file name %q begins or ends with white space; refused", cell)
	}
	if strings.HasPrefix(cell, "-") {
		// A tool would take it for an option (llc -load=evil.so).
		return "", diag.Errorf(tableFile, line, "file name %q looks like an option; refused", cell)
	}
	if filepath.IsAbs(cell) {
		if !allowOutside {
			return "", diag.Errorf(tableFile, line, "absolute path %q refused (cells are relative to the table's directory)", cell)
		}
		return filepath.Clean(cell), nil
	}
	clean := filepath.Clean(cell)
	if clean == "." || strings.HasSuffix(cell, "/") {
		// The table's directory itself, or a directory: never a file.
		return "", diag.Errorf(tableFile, line, "%q names a directory, not a file", cell)
	}
	if !allowOutside && (clean == ".." || strings.HasPrefix(clean, ".."+string(filepath.Separator))) {
		return "", diag.Errorf(tableFile, line, "path %q leaves the table's directory", cell)
	}
	return filepath.Join(filepath.Dir(tableFile), clean), nil
}
