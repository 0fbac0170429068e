// Command sycl-device runs the steps of the SYCL device-code pipeline (aspect
// propagation, split, aspect filter, AOT dispatch, wrapping) as one multi-verb tool, so
// that every step can be its own cacheable Bazel action. Run `sycl-device --help`.
//
// With --persistent_worker it is a Bazel persistent worker (multiplex; Bazel's default
// protocol-buffer protocol, or JSON with --worker_protocol=json): each WorkRequest's
// arguments are what the action's @params file holds, run exactly as a one-shot
// `sycl-device @params` would.
package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/rules-sycl/rules_sycl/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/internal/cli"
	"github.com/rules-sycl/rules_sycl/internal/worker"
)

func newTool() *cli.Tool {
	tool := cli.New("sycl-device")
	registerVerbs(tool)
	return tool
}

func main() {
	atomicfile.CleanUpOnSignal()
	worker, proto := false, true
	for _, a := range os.Args[1:] {
		switch a {
		case "--persistent_worker", "-persistent_worker":
			worker = true
		case "--worker_protocol=json":
			proto = false
		}
	}
	if worker {
		os.Exit(serveWorker(os.Stdin, os.Stdout, os.Stderr, proto))
	}
	os.Exit(newTool().Main(os.Args, &cli.Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}))
}

// serveWorker runs the worker loop. Every request gets a fresh tool (fresh verbs and
// flag variables), so no flag value can carry over from one request to another;
// what requests share is only read-only data (the parsed built-in device table, and
// device configuration files parsed before, keyed by their content).
func serveWorker(in io.Reader, out, stderr io.Writer, proto bool) int {
	s := &worker.Server{Log: stderr, Proto: proto, Handler: func(ctx context.Context, args []string, w io.Writer) int {
		argv := append([]string{"sycl-device"}, args...)
		// No Stdin: the worker's standard input carries the protocol, not a request's data.
		return newTool().Main(argv, &cli.Env{Stdout: w, Stderr: w, Context: ctx})
	}}
	if err := s.Serve(in, out); err != nil {
		fmt.Fprintln(stderr, "sycl-device:", err)
		return 1
	}
	return 0
}
