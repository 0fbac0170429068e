package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"

	repb "github.com/bazelbuild/remote-apis/build/bazel/remote/execution/v2"
	bspb "google.golang.org/genproto/googleapis/bytestream"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
)

// batchBytes bounds one BatchReadBlobs or BatchUpdateBlobs request (gRPC's default
// message limit is 4 MiB); larger blobs go through ByteStream in chunks.
const (
	batchBytes = 2 << 20
	chunkBytes = 1 << 20
)

// remote is the server's CAS, seen from the bot: blobs are fetched into the bot's own
// store before an action runs, and its results are uploaded before the lease completes.
type remote struct {
	instance string
	cas      repb.ContentAddressableStorageClient
	bs       bspb.ByteStreamClient
	s        *store
	seq      atomic.Int64
	// counters for the bot's log
	fetched, uploaded atomic.Int64
}

func newRemote(conn grpc.ClientConnInterface, instance string, s *store) *remote {
	return &remote{instance: instance, cas: repb.NewContentAddressableStorageClient(conn), bs: bspb.NewByteStreamClient(conn), s: s}
}

func (r *remote) resource(parts ...string) string {
	if r.instance != "" {
		parts = append([]string{r.instance}, parts...)
	}
	return strings.Join(parts, "/")
}

// fetch brings the blobs into the local store; those it already has cost nothing.
func (r *remote) fetch(ctx context.Context, ds []*repb.Digest) error {
	var batch []*repb.Digest
	size := int64(0)
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		resp, err := r.cas.BatchReadBlobs(ctx, &repb.BatchReadBlobsRequest{InstanceName: r.instance, Digests: batch})
		if err != nil {
			return err
		}
		for _, b := range resp.Responses {
			if c := codes.Code(b.GetStatus().GetCode()); c != codes.OK {
				return status.Errorf(c, "blob %s/%d: %s", b.Digest.GetHash(), b.Digest.GetSizeBytes(), b.GetStatus().GetMessage())
			}
			if err := r.s.putChecked(b.Digest, b.Data); err != nil {
				return err
			}
			r.fetched.Add(1)
		}
		batch, size = nil, 0
		return nil
	}
	seen := map[string]bool{}
	for _, d := range ds {
		if d.GetSizeBytes() == 0 || seen[d.Hash] || r.s.has(d) {
			continue
		}
		seen[d.Hash] = true
		if d.SizeBytes > batchBytes/2 {
			if err := r.read(ctx, d); err != nil {
				return err
			}
			continue
		}
		if size+d.SizeBytes > batchBytes {
			if err := flush(); err != nil {
				return err
			}
		}
		batch = append(batch, d)
		size += d.SizeBytes
	}
	return flush()
}

// read streams one large blob into the store.
func (r *remote) read(ctx context.Context, d *repb.Digest) error {
	stream, err := r.bs.Read(ctx, &bspb.ReadRequest{ResourceName: r.resource("blobs", d.Hash, fmt.Sprint(d.SizeBytes))})
	if err != nil {
		return err
	}
	f, err := r.s.tempFile()
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	defer f.Close()
	for {
		chunk, err := stream.Recv()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		if _, err := f.Write(chunk.Data); err != nil {
			return err
		}
	}
	if err := f.Close(); err != nil {
		return err
	}
	got, err := r.s.putPath(f.Name())
	if err != nil {
		return err
	}
	if got.Hash != d.Hash || got.SizeBytes != d.SizeBytes {
		return status.Errorf(codes.DataLoss, "blob %s/%d arrived as %s/%d", d.Hash, d.SizeBytes, got.Hash, got.SizeBytes)
	}
	r.fetched.Add(1)
	return nil
}

// fetchProto fetches one message blob and decodes it.
func (r *remote) fetchProto(ctx context.Context, d *repb.Digest, m proto.Message) error {
	if err := r.fetch(ctx, []*repb.Digest{d}); err != nil {
		return err
	}
	return r.s.getProto(d, m)
}

// fetchTree brings an input root into the store: its Directory messages level by level,
// then every file blob.
func (r *remote) fetchTree(ctx context.Context, root *repb.Digest) error {
	level := []*repb.Digest{root}
	var files []*repb.Digest
	for len(level) > 0 {
		if err := r.fetch(ctx, level); err != nil {
			return err
		}
		var next []*repb.Digest
		for _, d := range level {
			dir := &repb.Directory{}
			if err := r.s.getProto(d, dir); err != nil {
				return err
			}
			for _, f := range dir.Files {
				files = append(files, f.Digest)
			}
			for _, sub := range dir.Directories {
				next = append(next, sub.Digest)
			}
		}
		level = next
	}
	return r.fetch(ctx, files)
}

// upload sends the blobs the server lacks.
func (r *remote) upload(ctx context.Context, ds []*repb.Digest) error {
	var want []*repb.Digest
	seen := map[string]bool{}
	for _, d := range ds {
		if d.GetSizeBytes() > 0 && !seen[d.Hash] {
			seen[d.Hash] = true
			want = append(want, d)
		}
	}
	if len(want) == 0 {
		return nil
	}
	miss, err := r.cas.FindMissingBlobs(ctx, &repb.FindMissingBlobsRequest{InstanceName: r.instance, BlobDigests: want})
	if err != nil {
		return err
	}
	req := &repb.BatchUpdateBlobsRequest{InstanceName: r.instance}
	size := int64(0)
	flush := func() error {
		if len(req.Requests) == 0 {
			return nil
		}
		resp, err := r.cas.BatchUpdateBlobs(ctx, req)
		if err != nil {
			return err
		}
		for _, b := range resp.Responses {
			if c := codes.Code(b.GetStatus().GetCode()); c != codes.OK {
				return status.Errorf(c, "uploading %s: %s", b.Digest.GetHash(), b.GetStatus().GetMessage())
			}
			r.uploaded.Add(1)
		}
		req.Requests, size = nil, 0
		return nil
	}
	for _, d := range miss.MissingBlobDigests {
		if d.SizeBytes > batchBytes/2 {
			if err := r.write(ctx, d); err != nil {
				return err
			}
			continue
		}
		if size+d.SizeBytes > batchBytes {
			if err := flush(); err != nil {
				return err
			}
		}
		data, err := r.s.get(d)
		if err != nil {
			return err
		}
		req.Requests = append(req.Requests, &repb.BatchUpdateBlobsRequest_Request{Digest: d, Data: data})
		size += d.SizeBytes
	}
	return flush()
}

// write streams one large blob to the server.
func (r *remote) write(ctx context.Context, d *repb.Digest) error {
	path, err := r.s.path(d)
	if err != nil {
		return err
	}
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	stream, err := r.bs.Write(ctx)
	if err != nil {
		return err
	}
	name := r.resource("uploads", fmt.Sprintf("bot-%d-%d", os.Getpid(), r.seq.Add(1)), "blobs", d.Hash, fmt.Sprint(d.SizeBytes))
	buf := make([]byte, chunkBytes)
	off := int64(0)
	for {
		n, rerr := io.ReadFull(f, buf)
		if n > 0 || off == 0 {
			last := off+int64(n) == d.SizeBytes
			req := &bspb.WriteRequest{ResourceName: name, WriteOffset: off, Data: buf[:n], FinishWrite: last}
			if off > 0 {
				req.ResourceName = ""
			}
			if err := stream.Send(req); err != nil && err != io.EOF {
				return err
			}
			off += int64(n)
		}
		if rerr == io.EOF || rerr == io.ErrUnexpectedEOF {
			break
		}
		if rerr != nil {
			return rerr
		}
	}
	resp, err := stream.CloseAndRecv()
	if err != nil {
		return err
	}
	if resp.CommittedSize != d.SizeBytes {
		return status.Errorf(codes.DataLoss, "wrote %d of %d bytes of %s", resp.CommittedSize, d.SizeBytes, d.Hash)
	}
	r.uploaded.Add(1)
	return nil
}

// resultBlobs lists every blob an ActionResult names, output trees' contents included.
func (r *remote) resultBlobs(res *repb.ActionResult) ([]*repb.Digest, error) {
	ds := []*repb.Digest{res.StdoutDigest, res.StderrDigest}
	for _, f := range res.OutputFiles {
		ds = append(ds, f.Digest)
	}
	for _, d := range res.OutputDirectories {
		ds = append(ds, d.TreeDigest)
		t := &repb.Tree{}
		if err := r.s.getProto(d.TreeDigest, t); err != nil {
			return nil, err
		}
		for _, dir := range append([]*repb.Directory{t.Root}, t.Children...) {
			for _, f := range dir.Files {
				ds = append(ds, f.Digest)
			}
		}
	}
	return ds, nil
}

// tmpDir is where an action's directory is made (inside the store, so that blobs are
// hard-linked, not copied).
func (r *remote) tmpDir() string { return filepath.Join(r.s.dir, "tmp") }
