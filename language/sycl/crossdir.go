package sycl

import (
	"os"
	"path"
	"path/filepath"
	"strings"
)

// crossDir answers whether a file of another directory, reached by a quoted #include, is
// SYCL code: it includes a SYCL header or uses a SYCL attribute, or includes such a
// file, wherever it lies in the repository. So a program whose only SYCL include is a
// shared header (sycl-bench's "common.h", found through sycl_include_dirs) is SYCL code
// too, whatever order Gazelle visits the directories in. Files are read from disk once
// per run; the answers are memoized per file and set of include directories.
type crossDir struct {
	root string
	memo map[string]bool
}

func newCrossDir(root string) *crossDir {
	return &crossDir{root: root, memo: map[string]bool{}}
}

// find returns the file, from the repository root, that an include of a file in dir
// names, as a compiler searches: a quoted one relative to dir, from the repository root
// (Bazel's -iquote .), then below each include directory; an <...> one below the
// include directories only. It returns "" when none exists.
func (cd *crossDir) find(dir string, inc include, includeDirs []string) string {
	var cands []string
	if inc.Quoted {
		cands = []string{path.Join(dir, inc.Path), path.Clean(inc.Path)}
	}
	for _, d := range includeDirs {
		cands = append(cands, path.Join(d, inc.Path))
	}
	for _, c := range cands {
		if c == ".." || strings.HasPrefix(c, "../") || path.IsAbs(c) {
			continue // outside the repository: not Gazelle's to read
		}
		if st, err := os.Stat(filepath.Join(cd.root, filepath.FromSlash(c))); err == nil && st.Mode().IsRegular() {
			return c
		}
	}
	return ""
}

// includesSYCL says whether fi (a file of directory dir) includes SYCL code that lies
// outside dir. Includes within dir are left to closeOver.
func (cd *crossDir) includesSYCL(dir string, fi *fileInfo, includeDirs []string) bool {
	for _, inc := range fi.Includes {
		p := cd.find(dir, inc, includeDirs)
		if p != "" && path.Dir(p) != cleanDir(dir) && cd.isSYCL(p, includeDirs, map[string]bool{}) {
			return true
		}
	}
	return false
}

// isSYCL says whether the file p (from the repository root) is SYCL code, following its
// quoted includes; visiting breaks include cycles.
func (cd *crossDir) isSYCL(p string, includeDirs []string, visiting map[string]bool) bool {
	key := p + "\x00" + strings.Join(includeDirs, ",")
	if v, ok := cd.memo[key]; ok {
		return v
	}
	if visiting[p] {
		return false
	}
	visiting[p] = true
	data, err := readSource(filepath.Join(cd.root, filepath.FromSlash(p)))
	if err != nil {
		return false // not a regular file, too large or unreadable: the directory's own pass reports it
	}
	fi := scanFile(path.Dir(p), path.Base(p), data)
	v := fi.Marker
	for _, inc := range fi.Includes {
		if v {
			break
		}
		if q := cd.find(path.Dir(p), inc, includeDirs); q != "" {
			v = cd.isSYCL(q, includeDirs, visiting)
		}
	}
	cd.memo[key] = v
	return v
}

func cleanDir(d string) string {
	if d == "" {
		return "."
	}
	return d
}
