package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/cli"
)

// FuzzPostLinkOptions: any options before a valid module give exit 0, 1 or 2 with one
// message line on failure, and write nothing outside the output directory; no panic.
func FuzzPostLinkOptions(f *testing.F) {
	for _, seed := range []string{
		"-split=kernel -S -symbols",
		"-split=auto -properties -emit-kernel-reqs",
		"-split=source -emit-only-kernels-as-entry-points",
		"-split=bogus",
		"-symbols=maybe",
		"--frobnicate",
		"-S -S -split=kernel -split=none",
		"",
	} {
		f.Add(seed)
	}
	module := "define spir_kernel void @k0() {\n  ret void\n}\n\ndefine spir_kernel void @k1() #0 {\n  %d = fadd double 1.0, 2.0\n  ret void\n}\n\nattributes #0 = { \"sycl-module-id\"=\"b.cpp\" }\n"
	f.Fuzz(func(t *testing.T, opts string) {
		args := strings.Fields(opts)
		for _, a := range args {
			if !strings.HasPrefix(a, "-") || strings.ContainsAny(a, "/\\") || strings.Contains(a, "..") {
				return // options only: a positional argument or a path is not what is tested
			}
		}
		dir := t.TempDir()
		in := filepath.Join(dir, "in.ll")
		os.WriteFile(in, []byte(module), 0o644)
		outDir := filepath.Join(dir, "out")
		os.Mkdir(outDir, 0o755)
		argv := append(append([]string{"sycl-device", "post-link"}, args...), "-o", filepath.Join(outDir, "t.table"), in)
		var stdout, stderr bytes.Buffer
		code := newTool().Main(argv, &cli.Env{Stdout: &stdout, Stderr: &stderr})
		msg := strings.TrimSpace(stderr.String())
		switch code {
		case 0:
		case 1, 2:
			if msg == "" || strings.Contains(msg, "\n") || strings.Contains(msg, "goroutine ") {
				t.Fatalf("exit %d with message %q", code, msg)
			}
		default:
			t.Fatalf("exit %d: %q", code, msg)
		}
		entries, _ := os.ReadDir(dir)
		if len(entries) != 2 {
			t.Fatalf("files outside the output directory: %v", entries)
		}
		if code != 0 {
			if left, _ := os.ReadDir(outDir); len(left) != 0 {
				t.Fatalf("exit %d left %v", code, left)
			}
		}
	})
}
