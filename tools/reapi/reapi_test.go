package main

import (
	"context"
	"io"
	"net"
	"os/exec"
	"strconv"
	"testing"

	repb "github.com/bazelbuild/remote-apis/build/bazel/remote/execution/v2"
	bspb "google.golang.org/genproto/googleapis/bytestream"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
)

type client struct {
	conn *grpc.ClientConn
	cas  repb.ContentAddressableStorageClient
	ac   repb.ActionCacheClient
	exec repb.ExecutionClient
	bs   bspb.ByteStreamClient
	e    *executor
}

// serve starts the server on a loopback port, unsandboxed unless image is given.
func serve(t *testing.T, image string) *client {
	t.Helper()
	s, err := newStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	e := &executor{s: s, ac: &actionCache{s: s}, image: image, slots: make(chan struct{}, 2)}
	srv := grpc.NewServer()
	repb.RegisterCapabilitiesServer(srv, capabilities{})
	repb.RegisterContentAddressableStorageServer(srv, &cas{s: s})
	repb.RegisterActionCacheServer(srv, e.ac)
	repb.RegisterExecutionServer(srv, e)
	bspb.RegisterByteStreamServer(srv, &byteStream{s: s})
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(lis)
	t.Cleanup(srv.Stop)
	conn, err := grpc.Dial(lis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return &client{conn, repb.NewContentAddressableStorageClient(conn), repb.NewActionCacheClient(conn),
		repb.NewExecutionClient(conn), bspb.NewByteStreamClient(conn), e}
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

// action uploads an action that copies in/data to out/copy with a shell.
func (c *client) action(t *testing.T, script string) *repb.Digest {
	t.Helper()
	data := []byte("hello from the input root\n")
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

func (c *client) execute(t *testing.T, d *repb.Digest) *repb.ExecuteResponse {
	t.Helper()
	stream, err := c.exec.Execute(context.Background(), &repb.ExecuteRequest{ActionDigest: d})
	if err != nil {
		t.Fatal(err)
	}
	op, err := stream.Recv()
	if err != nil {
		t.Fatal(err)
	}
	if !op.Done {
		t.Fatal("operation not done")
	}
	resp := &repb.ExecuteResponse{}
	if err := op.GetResponse().UnmarshalTo(resp); err != nil {
		t.Fatal(err)
	}
	return resp
}

func (c *client) read(t *testing.T, d *repb.Digest) []byte {
	t.Helper()
	resp, err := c.cas.BatchReadBlobs(context.Background(), &repb.BatchReadBlobsRequest{Digests: []*repb.Digest{d}})
	if err != nil {
		t.Fatal(err)
	}
	return resp.Responses[0].Data
}

func checkCopy(t *testing.T, c *client, resp *repb.ExecuteResponse) {
	t.Helper()
	if resp.Status.GetCode() != 0 || resp.Result.GetExitCode() != 0 {
		t.Fatalf("status %v exit %d stderr %q", resp.Status, resp.Result.GetExitCode(), c.read(t, resp.Result.GetStderrDigest()))
	}
	if len(resp.Result.OutputFiles) != 1 || string(c.read(t, resp.Result.OutputFiles[0].Digest)) != "hello from the input root\n" {
		t.Fatalf("outputs %v", resp.Result.OutputFiles)
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
	c := serve(t, "")
	d := c.action(t, copyScript)
	resp := c.execute(t, d)
	if resp.CachedResult {
		t.Fatal("first run came from the cache")
	}
	checkCopy(t, c, resp)
	again := c.execute(t, d)
	if !again.CachedResult {
		t.Fatal("second run was not an action-cache hit")
	}
	checkCopy(t, c, again)
	if n := c.e.counter.executed.Load(); n != 1 {
		t.Fatalf("executed %d times", n)
	}
	if _, err := c.ac.GetActionResult(context.Background(), &repb.GetActionResultRequest{ActionDigest: d}); err != nil {
		t.Fatal(err)
	}
}

func TestFailedActionIsNotCached(t *testing.T) {
	c := serve(t, "")
	d := c.action(t, "echo no >&2; exit 3")
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
	c := serve(t, "")
	missing := digestOf([]byte("never uploaded"))
	cmd := c.upload(t, marshal(t, &repb.Command{Arguments: []string{"/bin/true"}}))[0]
	root := c.upload(t, marshal(t, &repb.Directory{Files: []*repb.FileNode{{Name: "x", Digest: missing}}}))[0]
	d := c.upload(t, marshal(t, &repb.Action{CommandDigest: cmd, InputRootDigest: root}))[0]
	resp := c.execute(t, d)
	if codes.Code(resp.Status.GetCode()) != codes.FailedPrecondition {
		t.Fatalf("status %v, want FAILED_PRECONDITION", resp.Status)
	}
}

func TestByteStreamRoundTrip(t *testing.T) {
	c := serve(t, "")
	data := make([]byte, 3<<20+17)
	for i := range data {
		data[i] = byte(i * 7)
	}
	d := digestOf(data)
	w, err := c.bs.Write(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	name := "uploads/1234/blobs/" + d.Hash + "/" + strconv.FormatInt(d.SizeBytes, 10)
	for off := 0; off < len(data); off += 1 << 20 {
		end := off + 1<<20
		if end > len(data) {
			end = len(data)
		}
		if err := w.Send(&bspb.WriteRequest{ResourceName: name, WriteOffset: int64(off), Data: data[off:end], FinishWrite: end == len(data)}); err != nil {
			t.Fatal(err)
		}
	}
	if resp, err := w.CloseAndRecv(); err != nil || resp.CommittedSize != d.SizeBytes {
		t.Fatalf("write: %v %v", resp, err)
	}
	r, err := c.bs.Read(context.Background(), &bspb.ReadRequest{ResourceName: "blobs/" + d.Hash + "/" + strconv.FormatInt(d.SizeBytes, 10)})
	if err != nil {
		t.Fatal(err)
	}
	var got []byte
	for {
		resp, err := r.Recv()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, resp.Data...)
	}
	if string(got) != string(data) {
		t.Fatal("read back different bytes")
	}
}

func TestWrongDigestRefused(t *testing.T) {
	c := serve(t, "")
	resp, err := c.cas.BatchUpdateBlobs(context.Background(), &repb.BatchUpdateBlobsRequest{
		Requests: []*repb.BatchUpdateBlobsRequest_Request{{Digest: digestOf([]byte("a")), Data: []byte("b")}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if codes.Code(resp.Responses[0].Status.GetCode()) != codes.InvalidArgument {
		t.Fatalf("status %v", resp.Responses[0].Status)
	}
}

// TestSandboxHidesTheHost runs the copy action in bubblewrap over an image of a shell
// and coreutils: it works, and the host's /usr/include is not there.
func TestSandboxHidesTheHost(t *testing.T) {
	if _, err := exec.LookPath("bwrap"); err != nil {
		t.Skip("bubblewrap is not installed")
	}
	image := t.TempDir()
	if out, err := exec.Command("./make_image.sh", image).CombinedOutput(); err != nil {
		t.Fatalf("make_image.sh: %v\n%s", err, out)
	}
	c := serve(t, image)
	checkCopy(t, c, c.execute(t, c.action(t, copyScript)))
	resp := c.execute(t, c.action(t, "test ! -e /usr/include/stdio.h && test ! -e /usr/lib/llvm-22 && "+copyScript))
	checkCopy(t, c, resp)
}
