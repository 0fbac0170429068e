package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// tool returns the command that runs this test binary as sycl-device (see TestMain).
func tool(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	wd, _ := os.Getwd()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "SYCL_DEVICE_AS_MAIN=1", "SYCL_DEVICE_DIR="+wd)
	return cmd
}

// waitFor polls until some entry of dir satisfies ok.
func waitFor(t *testing.T, dir string, ok func(name string) bool) string {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if ok(e.Name()) {
				return e.Name()
			}
		}
	}
	t.Fatalf("nothing appeared in %s", dir)
	return ""
}

// terminate sends SIGTERM and checks that the process died of it.
func terminate(t *testing.T, cmd *exec.Cmd) {
	t.Helper()
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus)
	if !ok || !ws.Signaled() || ws.Signal() != syscall.SIGTERM {
		t.Errorf("want death by SIGTERM, got %v", err)
	}
}

// TestSIGTERMRemovesTemporaryOutput: wrap writes its output to a hidden temporary file;
// here the image is large (a sparse file of 256 MiB, written out as a C array: seconds of
// work), so wrap is still writing when SIGTERM comes. SIGTERM must remove the temporary
// file (it used to stay: 600 MB for a large wrap).
func TestSIGTERMRemovesTemporaryOutput(t *testing.T) {
	in, out := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(in, "t.table"), []byte("[Code|Symbols]\nbig.bin|big.sym\n"), 0o644)
	os.WriteFile(filepath.Join(in, "big.sym"), []byte("k\n"), 0o644)
	if err := os.WriteFile(filepath.Join(in, "big.bin"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(filepath.Join(in, "big.bin"), 256<<20); err != nil {
		t.Fatal(err)
	}
	cmd := tool(t, "wrap", "--table=spir64:spirv:"+filepath.Join(in, "t.table"), "-o", filepath.Join(out, "x.c"))
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	tmp := waitFor(t, out, func(n string) bool { return strings.HasPrefix(n, ".x.c.tmp") })
	terminate(t, cmd)
	if entries, _ := os.ReadDir(out); len(entries) != 0 {
		t.Errorf("left behind after SIGTERM: %v (the temporary was %s)", entries, tmp)
	}
}

// TestSIGTERMRemovesAOTStaging: aot runs its tools in a staging directory; SIGTERM while
// a tool runs must remove it.
func TestSIGTERMRemovesAOTStaging(t *testing.T) {
	dir := t.TempDir()
	llc := filepath.Join(dir, "slow-llc")
	pidFile := filepath.Join(dir, "llc.pid")
	os.WriteFile(llc, []byte("#!/bin/sh\necho $$ > "+pidFile+"\nexec sleep 60\n"), 0o755)
	os.WriteFile(filepath.Join(dir, "t.table"), []byte("[Code]\na.ll\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "a.ll"), []byte("define spir_kernel void @k() {\n  ret void\n}\n"), 0o644)
	img := filepath.Join(dir, "img")
	cmd := tool(t, "aot", "-target=spir64", "--llc="+llc, "--out-dir="+img, filepath.Join(dir, "t.table"))
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		if b, err := os.ReadFile(pidFile); err == nil {
			var pid int
			fmt.Sscan(string(b), &pid)
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}()
	waitFor(t, dir, func(n string) bool { return n == "llc.pid" })
	terminate(t, cmd)
	if entries, _ := os.ReadDir(img); len(entries) != 0 {
		t.Errorf("left behind after SIGTERM: %v", entries)
	}
}

// TestConcurrentPostLinkRunsDoNotMix: two post-link runs of different modules into one
// table, 30 times; afterwards the table and every file it names come from one run (they
// mixed in 3 of 30 rounds before batches locked their directory while renaming).
func TestConcurrentPostLinkRunsDoNotMix(t *testing.T) {
	dir := t.TempDir()
	module := func(prefix string) string {
		var b strings.Builder
		for i := 0; i < 6; i++ {
			fmt.Fprintf(&b, "define spir_kernel void @%s%d() {\n  ret void\n}\n\n", prefix, i)
		}
		return b.String()
	}
	os.WriteFile(filepath.Join(dir, "a.ll"), []byte(module("aaa")), 0o644)
	os.WriteFile(filepath.Join(dir, "b.ll"), []byte(module("bbb")), 0o644)
	out := filepath.Join(dir, "out")
	os.Mkdir(out, 0o755)
	for round := 0; round < 30; round++ {
		var wg sync.WaitGroup
		for _, in := range []string{"a.ll", "b.ll"} {
			cmd := tool(t, "post-link", "-split=kernel", "-S", "-symbols", "-o", filepath.Join(out, "t.table"), filepath.Join(dir, in))
			wg.Add(1)
			go func() {
				defer wg.Done()
				if b, err := cmd.CombinedOutput(); err != nil {
					t.Errorf("post-link: %v: %s", err, b)
				}
			}()
		}
		wg.Wait()
		table, err := os.ReadFile(filepath.Join(out, "t.table"))
		if err != nil {
			t.Fatal(err)
		}
		var origin []string
		for _, row := range strings.Split(strings.TrimSpace(string(table)), "\n")[1:] {
			for _, cell := range strings.Split(row, "|") {
				b, err := os.ReadFile(filepath.Join(out, cell))
				if err != nil {
					t.Fatal(err)
				}
				switch {
				case strings.Contains(string(b), "aaa"):
					origin = append(origin, cell+":a")
				case strings.Contains(string(b), "bbb"):
					origin = append(origin, cell+":b")
				}
			}
		}
		mixed := false
		for _, o := range origin {
			mixed = mixed || o[len(o)-1] != origin[0][len(origin[0])-1]
		}
		if len(origin) != 12 || mixed {
			t.Fatalf("round %d: the table's files come from both runs: %v", round, origin)
		}
	}
}

// TestWrapStreamsImages: wrap's memory does not grow with the image (a 512 MiB image
// peaked at 7 GB before it streamed): a 32 MiB image stays under 2x its size of peak RSS.
func TestWrapStreamsImages(t *testing.T) {
	dir := t.TempDir()
	img := make([]byte, 32<<20)
	for i := range img {
		img[i] = byte(i * 7)
	}
	os.WriteFile(filepath.Join(dir, "big.bin"), img, 0o644)
	os.WriteFile(filepath.Join(dir, "t.table"), []byte("[Code]\nbig.bin\n"), 0o644)
	// Measured from a small process between this one and wrap (see measurePeakRSS):
	// this process holds the image, and earlier tests parsed large modules in it.
	cmd := tool(t, "wrap", "--table=spir64:spirv:"+filepath.Join(dir, "t.table"), "-o", filepath.Join(dir, "out.c"))
	cmd.Env = append(cmd.Env, "SYCL_DEVICE_PEAK_RSS=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("wrap: %v: %s", err, stderr.Bytes())
	}
	kib, err := strconv.ParseInt(strings.TrimSpace(string(out)), 10, 64)
	if err != nil {
		t.Fatalf("peak RSS %q: %v", out, err)
	}
	peak := kib << 10
	if peak > 2*int64(len(img)) {
		t.Errorf("peak RSS %d MiB for a %d MiB image", peak>>20, len(img)>>20)
	}
	fi, err := os.Stat(filepath.Join(dir, "out.c"))
	if err != nil || fi.Size() < 3*int64(len(img)) {
		t.Errorf("output too small: %v %v", fi, err)
	}
}
