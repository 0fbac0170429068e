package wrap

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/testutil"
)

// TestRunEnv: a program whose wrapper has a run environment sets it before main from
// its runfiles (next to the executable, or $RUNFILES_DIR), sets nothing when a runfile
// is missing, and leaves a user's own setting alone.
func TestRunEnv(t *testing.T) {
	vars := []EnvVar{{Name: "RS_ICD", Value: "repo/lib/icd.so", Runfile: true}, {Name: "RS_VENDORS", Value: "/nonexistent"}}
	src, err := GenerateWith("t", nil, Options{ImageVersion: ImageVersion, RunEnv: vars})
	if err != nil {
		t.Fatal(err)
	}
	clang := testutil.Tool(*clangFlag, "clang-22")
	if clang == "" {
		t.Skip("clang-22 not found")
	}
	dir := t.TempDir()
	wrapper, main, exe := filepath.Join(dir, "w.c"), filepath.Join(dir, "main.c"), filepath.Join(dir, "bin", "prog")
	os.MkdirAll(filepath.Dir(exe), 0o755)
	os.WriteFile(wrapper, src, 0o644)
	os.WriteFile(main, []byte(`#include <stdio.h>
#include <stdlib.h>
void __sycl_register_lib(void *d) { (void)d; }
void __sycl_unregister_lib(void *d) { (void)d; }
int main(void) {
  const char *a = getenv("RS_ICD"), *b = getenv("RS_VENDORS");
  printf("%s|%s\n", a ? a : "-", b ? b : "-");
  return 0;
}
`), 0o644)
	if out, err := exec.Command(clang, "-x", "c", "-fPIC", wrapper, main, "-o", exe).CombinedOutput(); err != nil {
		t.Fatalf("clang: %v\n%s", err, out)
	}
	run := func(env ...string) string {
		t.Helper()
		cmd := exec.Command(exe)
		cmd.Env = append([]string{"PATH=/usr/bin:/bin"}, env...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("run: %v\n%s", err, out)
		}
		return strings.TrimSpace(string(out))
	}
	if got := run(); got != "-|-" {
		t.Errorf("no runfiles: %q, want nothing set", got)
	}
	icd := exe + ".runfiles/repo/lib/icd.so"
	os.MkdirAll(filepath.Dir(icd), 0o755)
	os.WriteFile(icd, nil, 0o644)
	if got, want := run(), icd+"|/nonexistent"; got != want {
		t.Errorf("runfiles next to the executable: %q, want %q", got, want)
	}
	if got := run("RS_VENDORS=/etc/OpenCL/vendors"); got != "-|/etc/OpenCL/vendors" {
		t.Errorf("user's setting: %q", got)
	}
	// Through a symbolic link (bazel-bin, a test's runfiles): the executable's own path.
	link := filepath.Join(dir, "link")
	os.Symlink(exe, link)
	if out, err := exec.Command(link).CombinedOutput(); err != nil || !strings.Contains(string(out), icd) {
		t.Errorf("through a link: %v %q", err, out)
	}
	other := filepath.Join(dir, "other")
	os.MkdirAll(filepath.Join(other, "repo/lib"), 0o755)
	os.WriteFile(filepath.Join(other, "repo/lib/icd.so"), nil, 0o644)
	if got, want := run("RUNFILES_DIR="+other), filepath.Join(other, "repo/lib/icd.so")+"|/nonexistent"; got != want {
		t.Errorf("RUNFILES_DIR: %q, want %q", got, want)
	}
}

// TestParseEnvVar: names are identifiers, runfiles stay inside the root.
func TestParseEnvVar(t *testing.T) {
	for _, bad := range []struct {
		s       string
		runfile bool
	}{{"NOEQUALS", false}, {"=x", false}, {"1A=x", false}, {"A-B=x", false}, {"A=x\x00y", false},
		{"A=/abs", true}, {"A=../up", true}, {"A=a/../b", true}, {"A=", true}, {"A=..", true}} {
		if _, err := ParseEnvVar(bad.s, bad.runfile); err == nil {
			t.Errorf("%q (runfile %v) accepted", bad.s, bad.runfile)
		}
	}
	v, err := ParseEnvVar("OCL_ICD_FILENAMES=sycl_dpcpp/lib/libintelocl.so", true)
	if err != nil || v != (EnvVar{"OCL_ICD_FILENAMES", "sycl_dpcpp/lib/libintelocl.so", true}) {
		t.Errorf("%+v %v", v, err)
	}
	if v, err := ParseEnvVar("A=b=c", false); err != nil || v.Value != "b=c" {
		t.Errorf("%+v %v", v, err)
	}
}
