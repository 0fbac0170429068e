package main

// These tests run the bot against a real BuildGrid (the pinned release of .deps/buildgrid,
// or the bgd of $BGD), started once for the package on a free loopback port with
// buildgrid.yml; each test connects a bot of its own and stops it when done.

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	repb "github.com/bazelbuild/remote-apis/build/bazel/remote/execution/v2"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
)

var server string // BuildGrid's host:port

func TestMain(m *testing.M) {
	os.Exit(withBuildGrid(m))
}

func withBuildGrid(m *testing.M) int {
	bgd := os.Getenv("BGD")
	if bgd == "" {
		bgd = "../../../.deps/buildgrid/bin/bgd"
	}
	if _, err := os.Stat(bgd); err != nil {
		fmt.Fprintf(os.Stderr, "BuildGrid's bgd is not at %s (tools/bootstrap.sh installs it; or set BGD)\n", bgd)
		return 1
	}
	dir, err := os.MkdirTemp("", "bot-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	port := lis.Addr().(*net.TCPAddr).Port
	lis.Close()
	conf, err := os.ReadFile("buildgrid.yml")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	conf = bytes.ReplaceAll(bytes.ReplaceAll(conf, []byte("@PORT@"), []byte(fmt.Sprint(port))), []byte("@DIR@"), []byte(dir))
	if err := os.WriteFile(filepath.Join(dir, "bgd.yml"), conf, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	var log bytes.Buffer
	cmd := exec.Command(bgd, "server", "start", filepath.Join(dir, "bgd.yml"))
	cmd.Stdout, cmd.Stderr = &log, &log
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	server = fmt.Sprintf("127.0.0.1:%d", port)
	for i := 0; ; i++ {
		if c, err := net.DialTimeout("tcp", server, 200*time.Millisecond); err == nil {
			c.Close()
			break
		}
		if i == 150 {
			fmt.Fprintf(os.Stderr, "BuildGrid did not start:\n%s\n", log.String())
			return 1
		}
		time.Sleep(200 * time.Millisecond)
	}
	return m.Run()
}

type client struct {
	cas  repb.ContentAddressableStorageClient
	ac   repb.ActionCacheClient
	exec repb.ExecutionClient
	log  *bytes.Buffer // the bot's executed-action log
}

// connect starts a bot of this test (sandboxed in image unless it is "") and a REAPI
// client, both on BuildGrid.
func connect(t *testing.T, image string) *client {
	t.Helper()
	conn, err := grpc.Dial(server, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	s, err := newStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	log := &bytes.Buffer{}
	e := &executor{s: s, image: image, name: t.Name(), log: log}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- newBot(conn, t.Name(), "", s, e).serve(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil && ctx.Err() == nil {
			t.Errorf("bot: %v", err)
		}
	})
	return &client{repb.NewContentAddressableStorageClient(conn), repb.NewActionCacheClient(conn), repb.NewExecutionClient(conn), log}
}

func (c *client) upload(t *testing.T, blobs ...[]byte) []*repb.Digest {
	t.Helper()
	req := &repb.BatchUpdateBlobsRequest{}
	var ds []*repb.Digest
	for _, b := range blobs {
		d := digestOf(b)
		ds = append(ds, d)
		req.Requests = append(req.Requests, &repb.BatchUpdateBlobsRequest_Request{Digest: d, Data: b})
	}
	resp, err := c.cas.BatchUpdateBlobs(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range resp.Responses {
		if r.Status.GetCode() != 0 {
			t.Fatalf("upload %s: %v", r.Digest.Hash, r.Status)
		}
	}
	return ds
}

func marshal(t *testing.T, m proto.Message) []byte {
	t.Helper()
	b, err := proto.MarshalOptions{Deterministic: true}.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// action uploads an action that runs script with in/data (data) in its input root.
func (c *client) action(t *testing.T, script string, data []byte) *repb.Digest {
	t.Helper()
	fd := c.upload(t, data)[0]
	in := &repb.Directory{Files: []*repb.FileNode{{Name: "data", Digest: fd}}}
	inD := c.upload(t, marshal(t, in))[0]
	root := &repb.Directory{Directories: []*repb.DirectoryNode{{Name: "in", Digest: inD}}}
	cmd := &repb.Command{
		Arguments:            []string{"/bin/sh", "-c", script},
		EnvironmentVariables: []*repb.Command_EnvironmentVariable{{Name: "PATH", Value: "/bin:/usr/bin"}},
		OutputFiles:          []string{"out/copy"},
		OutputDirectories:    []string{"out/dir"},
	}
	ds := c.upload(t, marshal(t, root), marshal(t, cmd))
	action := &repb.Action{CommandDigest: ds[1], InputRootDigest: ds[0]}
	return c.upload(t, marshal(t, action))[0]
}

// execute runs the action through BuildGrid's Execution service and waits for its end.
func (c *client) execute(t *testing.T, d *repb.Digest) *repb.ExecuteResponse {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	stream, err := c.exec.Execute(ctx, &repb.ExecuteRequest{ActionDigest: d})
	if err != nil {
		t.Fatal(err)
	}
	for {
		op, err := stream.Recv()
		if err != nil {
			t.Fatalf("execute: %v", err)
		}
		if !op.Done {
			continue
		}
		resp := &repb.ExecuteResponse{}
		if err := op.GetResponse().UnmarshalTo(resp); err != nil {
			t.Fatalf("operation %s: %v (error %v)", op.Name, err, op.GetError())
		}
		return resp
	}
}

func (c *client) read(t *testing.T, d *repb.Digest) []byte {
	t.Helper()
	resp, err := c.cas.BatchReadBlobs(context.Background(), &repb.BatchReadBlobsRequest{Digests: []*repb.Digest{d}})
	if err != nil {
		t.Fatal(err)
	}
	return resp.Responses[0].Data
}

func checkCopy(t *testing.T, c *client, resp *repb.ExecuteResponse, want *repb.Digest) {
	t.Helper()
	if resp.Status.GetCode() != 0 || resp.Result.GetExitCode() != 0 {
		t.Fatalf("status %v exit %d stderr %q", resp.Status, resp.Result.GetExitCode(), c.read(t, resp.Result.GetStderrDigest()))
	}
	if len(resp.Result.OutputFiles) != 1 || !proto.Equal(resp.Result.OutputFiles[0].Digest, want) {
		t.Fatalf("outputs %v, want the copy %v", resp.Result.OutputFiles, want)
	}
	if len(resp.Result.OutputDirectories) != 1 {
		t.Fatalf("output directories %v", resp.Result.OutputDirectories)
	}
	tree := &repb.Tree{}
	if err := proto.Unmarshal(c.read(t, resp.Result.OutputDirectories[0].TreeDigest), tree); err != nil {
		t.Fatal(err)
	}
	if len(tree.Root.Files) != 1 || tree.Root.Files[0].Name != "f" || !tree.Root.Files[0].IsExecutable {
		t.Fatalf("tree root %v", tree.Root)
	}
}

const copyScript = "cp in/data out/copy && echo x > out/dir/f && chmod +x out/dir/f"

func TestExecuteThenActionCache(t *testing.T) {
	c := connect(t, "")
	data := []byte("hello from the input root " + t.Name() + "\n")
	d := c.action(t, copyScript, data)
	resp := c.execute(t, d)
	if resp.CachedResult {
		t.Fatal("first run came from the cache")
	}
	checkCopy(t, c, resp, digestOf(data))
	if string(c.read(t, resp.Result.OutputFiles[0].Digest)) != string(data) {
		t.Fatal("the output in BuildGrid's CAS differs from the input")
	}
	if _, err := c.ac.GetActionResult(context.Background(), &repb.GetActionResultRequest{ActionDigest: d}); err != nil {
		t.Fatalf("BuildGrid's action cache lacks the result: %v", err)
	}
	again := c.execute(t, d)
	if !again.CachedResult {
		t.Fatal("second run was not an action-cache hit")
	}
	checkCopy(t, c, again, digestOf(data))
	if n := strings.Count(c.log.String(), "executed "); n != 1 {
		t.Fatalf("the bot executed the action %d times:\n%s", n, c.log)
	}
}

// Large blobs travel through ByteStream both ways: the bot reads a 3 MiB input with
// ByteStream Read and writes the copy back with ByteStream Write.
func TestLargeBlobsBothWays(t *testing.T) {
	c := connect(t, "")
	data := make([]byte, 3<<20+17)
	for i := range data {
		data[i] = byte(i*7 + len(t.Name()))
	}
	d := c.action(t, copyScript, data)
	resp := c.execute(t, d)
	checkCopy(t, c, resp, digestOf(data))
}

func TestFailedActionIsNotCached(t *testing.T) {
	c := connect(t, "")
	d := c.action(t, "echo no >&2; exit 3", []byte(t.Name()))
	resp := c.execute(t, d)
	if resp.Result.GetExitCode() != 3 || string(c.read(t, resp.Result.StderrDigest)) != "no\n" {
		t.Fatalf("exit %d", resp.Result.GetExitCode())
	}
	_, err := c.ac.GetActionResult(context.Background(), &repb.GetActionResultRequest{ActionDigest: d})
	if status.Code(err) != codes.NotFound {
		t.Fatalf("a failed action was cached: %v", err)
	}
}

func TestMissingInputIsFailedPrecondition(t *testing.T) {
	c := connect(t, "")
	missing := digestOf([]byte("never uploaded " + t.Name()))
	cmd := c.upload(t, marshal(t, &repb.Command{Arguments: []string{"/bin/true"}}))[0]
	root := c.upload(t, marshal(t, &repb.Directory{Files: []*repb.FileNode{{Name: "x", Digest: missing}}}))[0]
	d := c.upload(t, marshal(t, &repb.Action{CommandDigest: cmd, InputRootDigest: root}))[0]
	resp := c.execute(t, d)
	if codes.Code(resp.Status.GetCode()) != codes.FailedPrecondition {
		t.Fatalf("status %v, want FAILED_PRECONDITION", resp.Status)
	}
}

// TestSandboxHidesTheHost runs the copy action in bubblewrap over an image of a shell
// and coreutils: it works, and the host's /usr/include is not there.
func TestSandboxHidesTheHost(t *testing.T) {
	if _, err := exec.LookPath("bwrap"); err != nil {
		t.Fatal("bubblewrap is not installed (tools/bootstrap.sh installs it)")
	}
	image := t.TempDir()
	if out, err := exec.Command("./make_image.sh", image).CombinedOutput(); err != nil {
		t.Fatalf("make_image.sh: %v\n%s", err, out)
	}
	c := connect(t, image)
	data := []byte(t.Name())
	checkCopy(t, c, c.execute(t, c.action(t, copyScript, data)), digestOf(data))
	resp := c.execute(t, c.action(t, "test ! -e /usr/include/stdio.h && test ! -e /usr/lib/llvm-22 && "+copyScript, append(data, '2')))
	checkCopy(t, c, resp, digestOf(append(data, '2')))
	if _, err := os.Stat("/usr/include/stdio.h"); err != nil {
		t.Fatal("the host has no /usr/include/stdio.h: the check above proves nothing")
	}
}
