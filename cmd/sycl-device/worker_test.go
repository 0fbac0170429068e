package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rules-sycl/rules_sycl/internal/cli"
	"github.com/rules-sycl/rules_sycl/internal/worker"
)

// The requests of one build, in stages (a stage reads what earlier stages wrote).
// cfg.yaml defines the same target name twice over the test, with different aspects,
// to catch a worker that serves a stale parse of a changed file.
var workerStages = [][]string{
	{"propagate --validate -o prop.ll in.ll"},
	{"split --shards=4 --out-dir=shards prop.ll",
		"post-link -split=auto -S -symbols -properties -emit-kernel-reqs -o pl/out.table prop.ll"},
	{"aspect-filter --dpcpp -target=intel_gpu_tgllp -o pl/tgl.table pl/out.table",
		"aspect-filter --dpcpp -target=my_dev -device-config-file=cfg.yaml -o pl/my.table pl/out.table",
		"aspect-filter --dpcpp -target=pocl_cpu -o pl/pocl.table shards/shard_0/files.table",
		"aot -target=intel_gpu_pvc --dry-run --llc=llc --ocloc=ocloc --out-dir=img pl/out.table",
		"wrap --table=spir64:spirv:pl/out.table --id=//a:b -o wrap.c",
		"traits --targets=pocl_cpu,intel_gpu_pvc -o traits.h",
		"inspect --target=pocl_cpu pl/out.table",
		"propagate --validate -o bad.ll missing.ll"},
}

const cfgFP64 = "my_dev:\n  aspects: [gpu, fp64, fp16]\n  sub-group-sizes: [16]\n  triple: spir64\n"
const cfgNoFP = "my_dev:\n  aspects: [gpu]\n  sub-group-sizes: [16]\n  triple: spir64\n"

// workspace makes a fresh directory with the inputs and enters it.
func workspace(t *testing.T, cfg string) func() {
	ir, err := os.ReadFile("../../internal/split/testdata/aspects.ll")
	if err != nil {
		t.Fatal(err)
	}
	wd, _ := os.Getwd()
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "in.ll"), ir, 0o644)
	os.WriteFile(filepath.Join(dir, "cfg.yaml"), []byte(cfg), 0o644)
	os.MkdirAll(filepath.Join(dir, "pl"), 0o755)
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	return func() { os.Chdir(wd) }
}

// snapshot is every file under the working directory plus each request's output.
func snapshot(t *testing.T, outputs map[string]string) map[string]string {
	got := map[string]string{}
	for k, v := range outputs {
		got["output of "+k] = v
	}
	filepath.Walk(".", func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			b, _ := os.ReadFile(p)
			got[p] = string(b)
		}
		return nil
	})
	return got
}

func oneShot(t *testing.T, cfg string) map[string]string {
	defer workspace(t, cfg)()
	outputs := map[string]string{}
	for _, stage := range workerStages {
		for _, req := range stage {
			var buf bytes.Buffer
			code := newTool().Main(append([]string{"sycl-device"}, strings.Fields(req)...), &cli.Env{Stdout: &buf, Stderr: &buf})
			outputs[req] = buf.String() + " exit " + string(rune('0'+code))
		}
	}
	return snapshot(t, outputs)
}

// viaWorker sends the stages to one worker process (simulated on pipes), multiplexed:
// a stage's requests all at once, in the given order; the next stage after every
// response of this one.
func viaWorker(t *testing.T, cfg string, reverse bool) map[string]string {
	defer workspace(t, cfg)()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan int)
	go func() { done <- serveWorker(inR, outW, io.Discard, false); outW.Close() }()
	sc := bufio.NewScanner(outR)
	sc.Buffer(nil, 1<<24)
	outputs := map[string]string{}
	id := 0
	for _, stage := range workerStages {
		reqs := append([]string(nil), stage...)
		if reverse {
			sort.Sort(sort.Reverse(sort.StringSlice(reqs)))
		}
		byID := map[int]string{}
		for _, req := range reqs {
			id++
			byID[id] = req
			b, _ := json.Marshal(worker.Request{Arguments: strings.Fields(req), RequestID: id})
			inW.Write(append(b, '\n'))
		}
		for range reqs {
			if !sc.Scan() {
				t.Fatal("worker closed early")
			}
			var r worker.Response
			if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
				t.Fatal(err)
			}
			outputs[byID[r.RequestID]] = r.Output + " exit " + string(rune('0'+r.ExitCode))
		}
	}
	inW.Close()
	if code := <-done; code != 0 {
		t.Fatalf("worker exit %d", code)
	}
	return snapshot(t, outputs)
}

func compare(t *testing.T, what string, a, b map[string]string) {
	t.Helper()
	var keys []string
	for k := range a {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if len(a) != len(b) {
		t.Errorf("%s: %d outputs vs %d", what, len(a), len(b))
	}
	for _, k := range keys {
		if a[k] != b[k] {
			t.Errorf("%s: %s differs:\n%q\nvs\n%q", what, k, a[k], b[k])
		}
	}
}

// TestWorkerMatchesOneShot: the worker gives the same bytes as one-shot runs, run
// twice, in either order, and a changed device configuration file is read again.
func TestWorkerMatchesOneShot(t *testing.T) {
	want := oneShot(t, cfgFP64)
	if len(want) < 20 {
		t.Fatalf("only %d outputs", len(want))
	}
	if !strings.Contains(want["output of propagate --validate -o bad.ll missing.ll"], "exit 1") {
		t.Fatalf("the failing request did not fail: %q", want["output of propagate --validate -o bad.ll missing.ll"])
	}
	compare(t, "worker, first run", want, viaWorker(t, cfgFP64, false))
	compare(t, "worker, second run", want, viaWorker(t, cfgFP64, false))
	compare(t, "worker, reversed order", want, viaWorker(t, cfgFP64, true))

	// Same path, other content: the result must follow the file, not a cache.
	wantNoFP := oneShot(t, cfgNoFP)
	if wantNoFP["pl/my.table"] == want["pl/my.table"] {
		t.Fatalf("the two configurations should filter differently")
	}
	compare(t, "worker after the config changed", wantNoFP, viaWorker(t, cfgNoFP, false))
}

// TestMain lets a test run this binary as sycl-device itself (a real process with its
// own standard input): with SYCL_DEVICE_AS_MAIN=1 the test binary is the tool.
func TestMain(m *testing.M) {
	if os.Getenv("SYCL_DEVICE_PEAK_RSS") == "1" {
		os.Exit(measurePeakRSS())
	}
	if os.Getenv("SYCL_DEVICE_AS_MAIN") == "1" {
		// rules_go's test main enters the package directory first; go back.
		if err := os.Chdir(os.Getenv("SYCL_DEVICE_DIR")); err != nil {
			panic(err)
		}
		main()
		return
	}
	os.Exit(m.Run())
}

// TestWorkerRequestCannotReadProtocol: in a real worker process, a request whose input
// is "-" (standard input) is a usage error, never a read of the worker protocol stream,
// and the three requests after it are all answered.
func TestWorkerRequestCannotReadProtocol(t *testing.T) {
	defer workspace(t, cfgFP64)()
	cmd := exec.Command(os.Args[0], "--persistent_worker", "--worker_protocol=json")
	wd, _ := os.Getwd()
	cmd.Env = append(os.Environ(), "SYCL_DEVICE_AS_MAIN=1", "SYCL_DEVICE_DIR="+wd)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	reqs := [][]string{
		{"split", "--shards=2", "--out-dir=s0", "-"},
		{"propagate", "-o", "p1.ll", "in.ll"},
		{"split", "--shards=2", "--out-dir=s2", "in.ll"},
		{"traits", "--targets=pocl_cpu", "-o", "t3.h"},
	}
	for i, r := range reqs {
		b, _ := json.Marshal(worker.Request{Arguments: r, RequestID: i + 1})
		in.Write(append(b, '\n'))
	}
	sc := bufio.NewScanner(out)
	got := map[int]worker.Response{}
	timeout := time.AfterFunc(20*time.Second, func() { cmd.Process.Kill() })
	defer timeout.Stop()
	for range reqs {
		if !sc.Scan() {
			t.Fatalf("worker answered only %d of %d requests: %v", len(got), len(reqs), got)
		}
		var r worker.Response
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("malformed response %q: %v", sc.Text(), err)
		}
		got[r.RequestID] = r
	}
	in.Close()
	cmd.Wait()
	// No standard input in a worker: a usage error (exit 2) that says so, not a read of
	// the protocol stream and not an empty module.
	if r := got[1]; r.ExitCode != 2 || !strings.Contains(r.Output, "standard input is not available to a persistent worker's request") {
		t.Errorf("request 1 (input '-'): exit %d, %q; want a usage error", r.ExitCode, r.Output)
	}
	for id := 2; id <= 4; id++ {
		if r, ok := got[id]; !ok || r.ExitCode != 0 {
			t.Errorf("request %d: answered %v, exit %d, %q", id, ok, r.ExitCode, r.Output)
		}
	}
	for _, f := range []string{"p1.ll", "s2/shard_0/files.table", "t3.h"} {
		if _, err := os.Stat(f); err != nil {
			t.Errorf("request output %s missing: %v", f, err)
		}
	}
}

// measurePeakRSS runs the tool (this binary, with SYCL_DEVICE_AS_MAIN) with this
// process's arguments and environment, prints its peak resident memory in KiB to
// standard output (the tool's own output goes to standard error) and returns its exit
// code. It stands between a test and the tool because a process's peak counts the
// address space it was started from (exec keeps the old one's peak, and Go starts
// children sharing it): started from the test process, which may have held a large
// module earlier, the tool would be charged for that.
func measurePeakRSS() int {
	var env []string
	for _, e := range os.Environ() {
		if !strings.HasPrefix(e, "SYCL_DEVICE_PEAK_RSS=") {
			env = append(env, e)
		}
	}
	cmd := exec.Command(os.Args[0], os.Args[1:]...)
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	err := cmd.Run()
	if cmd.ProcessState == nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	fmt.Println(cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss)
	return cmd.ProcessState.ExitCode()
}
