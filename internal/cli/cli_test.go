package cli

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/diag"
)

func testTool() *Tool {
	t := New("sycl-device")
	var out string
	t.Register(&Verb{
		Name:    "echo",
		Aliases: []string{"sycl-echo"},
		Summary: "prints its arguments",
		Usage:   "echo [-o OUT] ARGS...",
		Flags:   func(fs *flag.FlagSet) { fs.StringVar(&out, "o", "", "output") },
		Run: func(env *Env, fs *flag.FlagSet, args []string) error {
			if len(args) == 1 && args[0] == "bad" {
				return diag.Errorf("in.ll", 7, "bad token %q", "x")
			}
			if len(args) == 0 {
				return diag.Usagef("echo: missing argument")
			}
			env.Stdout.Write([]byte("o=" + out + " " + strings.Join(args, ",") + "\n"))
			return nil
		},
	})
	return t
}

func TestMain_ExitCodesAndOutput(t *testing.T) {
	dir := t.TempDir()
	params := filepath.Join(dir, "args.params")
	if err := os.WriteFile(params, []byte("-o\nout file\na\n@@literal\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name       string
		argv       []string
		wantCode   int
		wantStdout string
		wantStderr string
	}{
		{"verb", []string{"sycl-device", "echo", "a", "b"}, 0, "o= a,b\n", ""},
		{"flag", []string{"sycl-device", "echo", "-o", "x", "a"}, 0, "o=x a\n", ""},
		{"params file", []string{"sycl-device", "echo", "@" + params}, 0, "o=out file a,@@literal\n", ""}, // lines are literal: no recursive expansion
		{"params file holds the verb", []string{"sycl-device", "@" + params}, 2, "", "unknown verb \"-o\""},
		{"alias from argv0", []string{"/usr/bin/sycl-echo", "z"}, 0, "o= z\n", ""},
		{"input error", []string{"sycl-device", "echo", "bad"}, 1, "", "in.ll:7: bad token \"x\"\n"},
		{"usage error from verb", []string{"sycl-device", "echo"}, 2, "", "echo: missing argument"},
		{"unknown flag", []string{"sycl-device", "echo", "-frobnicate", "a"}, 2, "", "-frobnicate"},
		{"unknown verb", []string{"sycl-device", "nope"}, 2, "", "unknown verb \"nope\""},
		{"no verb", []string{"sycl-device"}, 2, "", "missing verb"},
		{"version", []string{"sycl-device", "--version"}, 0, "sycl-device " + Version + "\n", ""},
		{"help", []string{"sycl-device", "--help"}, 0, "echo", ""},
		{"verb help", []string{"sycl-device", "echo", "--help"}, 0, "usage: sycl-device echo [-o OUT] ARGS...", ""},
		{"help verb", []string{"sycl-device", "help", "echo"}, 0, "prints its arguments", ""},
		{"missing params file", []string{"sycl-device", "echo", "@" + filepath.Join(dir, "none")}, 2, "", "cannot read params file"},
		// A label of another repository is an argument, not a params file: only the last
		// argument can be one (Bazel passes it there).
		{"label of another repository", []string{"sycl-device", "echo", "-o", "@repo//pkg:t", "a"}, 0, "o=@repo//pkg:t a\n", ""},
		{"@ before the last argument", []string{"sycl-device", "echo", "@" + params, "b"}, 0, "o= @" + params + ",b\n", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := testTool().Main(tc.argv, &Env{Stdout: &stdout, Stderr: &stderr})
			if code != tc.wantCode {
				t.Errorf("exit code = %d, want %d (stderr %q)", code, tc.wantCode, stderr.String())
			}
			if !strings.Contains(stdout.String(), tc.wantStdout) {
				t.Errorf("stdout = %q, want it to contain %q", stdout.String(), tc.wantStdout)
			}
			if tc.wantStderr == "" && stderr.Len() != 0 {
				t.Errorf("unexpected stderr %q", stderr.String())
			}
			if !strings.Contains(stderr.String(), tc.wantStderr) {
				t.Errorf("stderr = %q, want it to contain %q", stderr.String(), tc.wantStderr)
			}
		})
	}
}

func TestRegisterDuplicatePanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("duplicate verb did not panic")
		}
	}()
	tool := testTool()
	tool.Register(&Verb{Name: "sycl-echo"})
}

func TestInterspersedFlags(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := testTool().Main([]string{"sycl-device", "echo", "a", "-o", "x", "b", "--", "-o"}, &Env{Stdout: &stdout, Stderr: &stderr})
	if code != 0 || stdout.String() != "o=x a,b,-o\n" {
		t.Fatalf("code %d stdout %q stderr %q", code, stdout.String(), stderr.String())
	}
}

// TestRunInFindsRelativeTool: a tool given relative to the working directory (as the
// rules give execution-root-relative paths) still runs when started in another directory.
func TestRunInFindsRelativeTool(t *testing.T) {
	root, elsewhere := t.TempDir(), t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "bin"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "bin", "tool"), []byte("#!/bin/sh\npwd\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(root); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	out, _, err := (&Env{}).RunIn(elsewhere, nil, "bin/tool")
	if err != nil {
		t.Fatalf("bin/tool run in another directory: %v", err)
	}
	if got := strings.TrimSpace(string(out)); got != elsewhere {
		t.Errorf("ran in %q, want %q", got, elsewhere)
	}
}
