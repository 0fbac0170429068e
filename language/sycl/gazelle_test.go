package sycl

import (
	"bytes"
	"flag"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/bazelbuild/bazel-gazelle/testtools"
	"github.com/rules-sycl/rules_sycl/internal/testutil"
)

var gazelleBin = flag.String("gazelle", "", "the gazelle_binary with the SYCL language (a runfiles path under Bazel)")

// TestGolden runs the Gazelle binary on each testdata/<case>/ tree (a WORKSPACE marks
// a case) and compares the BUILD files it writes with the BUILD.out files, and its exit
// code and stderr with expectedExitCode.txt and expectedStderr.txt where present.
// language/sycl/update_golden.sh rewrites the expectations (the one way: Gazelle v0.25's
// UPDATE_SNAPSHOTS would write stdout into expectedStderr.txt).
func TestGolden(t *testing.T) {
	bin := testutil.Tool(*gazelleBin)
	if bin == "" {
		t.Skip("no -gazelle binary: run under Bazel (bazel test //language/sycl:sycl_test)")
	}
	root, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	cases, err := filepath.Glob(filepath.Join(root, "*", "WORKSPACE"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(cases)
	if len(cases) < 10 {
		t.Fatalf("found %d golden cases under %s; want them all", len(cases), root)
	}
	for _, ws := range cases {
		dir := filepath.Dir(ws)
		name := filepath.Base(dir)
		if _, err := os.Stat(filepath.Join(dir, "README.md")); err != nil {
			t.Errorf("%s: every case says what it checks in a README.md", name)
		}
		testtools.TestGazelleGenerationOnPath(t, &testtools.TestGazelleGenerationArgs{
			Name:                 name,
			TestDataPathAbsolute: dir,
			TestDataPathRelative: filepath.Join("language", "sycl", "testdata", name),
			GazelleBinaryPath:    bin,
		})
		t.Run(name+"/idempotent", func(t *testing.T) { checkIdempotent(t, bin, dir) })
	}
}

// checkIdempotent runs Gazelle on a case's expected output (BUILD.out as BUILD.bazel)
// and fails if that changes any BUILD file: a second run must be a no-op.
func checkIdempotent(t *testing.T, bin, caseDir string) {
	if _, err := os.Stat(filepath.Join(caseDir, "expectedExitCode.txt")); err == nil {
		t.Skip("the case expects Gazelle to fail")
	}
	tmp := t.TempDir()
	want := map[string][]byte{}
	err := filepath.WalkDir(caseDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(caseDir, p)
		switch {
		case strings.HasSuffix(rel, ".in"), strings.HasPrefix(d.Name(), "expected"):
			return nil
		case strings.HasSuffix(rel, ".out"):
			rel = strings.TrimSuffix(rel, ".out") + ".bazel"
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if strings.HasSuffix(rel, ".bazel") {
			want[rel] = data
		}
		dst := filepath.Join(tmp, rel)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin)
	cmd.Dir = tmp
	cmd.Env = append(os.Environ(), "BUILD_WORKSPACE_DIRECTORY="+tmp)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("gazelle on the expected output: %v\n%s", err, out)
	}
	for rel, w := range want {
		got, err := os.ReadFile(filepath.Join(tmp, rel))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, w) {
			t.Errorf("%s: a second run changed it:\n%s", rel, got)
		}
	}
}
