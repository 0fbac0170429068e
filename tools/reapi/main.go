// Command reapi is a small Remote Execution API server, a test fixture of rules_sycl: it
// proves that a build runs on a remote worker that has nothing of the host but a C
// runtime, a shell and coreutils. It serves Capabilities, ContentAddressableStorage,
// ByteStream, ActionCache and Execution over gRPC on a loopback port, stores blobs on
// disk, and runs each action in a fresh directory that holds only the action's input
// root, inside bubblewrap, with an image directory (tools/reapi/make_image.sh) as the
// whole file system. It is not a production server: use BuildBuddy, EngFlow, Buildbarn
// or NativeLink for that (docs/REMOTE.md).
//
//	reapi -listen 127.0.0.1:0 -dir /tmp/reapi -image /tmp/reapi-image -port_file port
package main

import (
	"flag"
	"fmt"
	"net"
	"os"
	"os/signal"
	"runtime"
	"syscall"

	repb "github.com/bazelbuild/remote-apis/build/bazel/remote/execution/v2"
	bspb "google.golang.org/genproto/googleapis/bytestream"
	"google.golang.org/grpc"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:0", "address to listen on (loopback)")
	dir := flag.String("dir", "", "directory of the blob store and the action directories (required)")
	image := flag.String("image", "", "root file system of the sandbox (make_image.sh); empty: run actions unsandboxed")
	portFile := flag.String("port_file", "", "write the port the server listens on to this file")
	logFile := flag.String("log", "", "append one line per executed action to this file")
	jobs := flag.Int("jobs", runtime.NumCPU(), "actions run at once")
	keep := flag.Bool("keep", false, "keep each action's directory (debugging)")
	flag.Parse()
	if *dir == "" {
		fmt.Fprintln(os.Stderr, "reapi: -dir is required")
		os.Exit(2)
	}
	if err := run(*listen, *dir, *image, *portFile, *logFile, *jobs, *keep); err != nil {
		fmt.Fprintln(os.Stderr, "reapi:", err)
		os.Exit(1)
	}
}

func run(listen, dir, image, portFile, logFile string, jobs int, keep bool) error {
	if image != "" {
		if _, err := os.Stat(image + "/usr/bin/sh"); err != nil {
			return fmt.Errorf("image %s has no usr/bin/sh (build it with tools/reapi/make_image.sh)", image)
		}
	}
	s, err := newStore(dir)
	if err != nil {
		return err
	}
	e := &executor{s: s, ac: &actionCache{s: s}, image: image, slots: make(chan struct{}, jobs), keep: keep}
	if logFile != "" {
		f, err := os.OpenFile(logFile, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			return err
		}
		defer f.Close()
		e.log = f
	}
	lis, err := net.Listen("tcp", listen)
	if err != nil {
		return err
	}
	srv := grpc.NewServer(grpc.MaxRecvMsgSize(maxBatch + 1<<20))
	repb.RegisterCapabilitiesServer(srv, capabilities{})
	repb.RegisterContentAddressableStorageServer(srv, &cas{s: s})
	repb.RegisterActionCacheServer(srv, e.ac)
	repb.RegisterExecutionServer(srv, e)
	bspb.RegisterByteStreamServer(srv, &byteStream{s: s})
	port := lis.Addr().(*net.TCPAddr).Port
	if portFile != "" {
		if err := os.WriteFile(portFile+".tmp", []byte(fmt.Sprintf("%d\n", port)), 0o644); err != nil {
			return err
		}
		if err := os.Rename(portFile+".tmp", portFile); err != nil {
			return err
		}
	}
	fmt.Fprintf(os.Stderr, "reapi: listening on %s (store %s, sandbox %s)\n", lis.Addr(), dir, orNone(image))
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGINT, syscall.SIGTERM)
	go func() {
		<-sig
		srv.Stop()
	}()
	err = srv.Serve(lis)
	fmt.Fprintf(os.Stderr, "reapi: %d actions executed, %d served from the action cache, %d failed\n",
		e.counter.executed.Load(), e.counter.cached.Load(), e.counter.failed.Load())
	return err
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}
