package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"

	repb "github.com/bazelbuild/remote-apis/build/bazel/remote/execution/v2"
	"github.com/bazelbuild/remote-apis/build/bazel/semver"
	bspb "google.golang.org/genproto/googleapis/bytestream"
	rpcstatus "google.golang.org/genproto/googleapis/rpc/status"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
)

// maxBatch is the largest batch request the server accepts (and says so in its
// capabilities); gRPC's default message limit is 4 MiB.
const maxBatch = 4 << 20

// store is a content-addressed blob store on disk: cas/<sha256> holds the blob,
// ac/<sha256 of the Action> an ActionResult. Blobs are written to a temporary file
// and renamed, so a reader never sees a partial blob.
type store struct {
	dir string
	seq atomic.Int64
}

func newStore(dir string) (*store, error) {
	for _, d := range []string{"cas", "ac", "tmp"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			return nil, err
		}
	}
	return &store{dir: dir}, nil
}

func digestOf(data []byte) *repb.Digest {
	sum := sha256.Sum256(data)
	return &repb.Digest{Hash: hex.EncodeToString(sum[:]), SizeBytes: int64(len(data))}
}

func validHash(h string) bool {
	if len(h) != 64 {
		return false
	}
	_, err := hex.DecodeString(h)
	return err == nil
}

func (s *store) path(d *repb.Digest) (string, error) {
	if d == nil || !validHash(d.Hash) || d.SizeBytes < 0 {
		return "", status.Errorf(codes.InvalidArgument, "bad digest %v", d)
	}
	return filepath.Join(s.dir, "cas", d.Hash), nil
}

func (s *store) has(d *repb.Digest) bool {
	if d.GetSizeBytes() == 0 && validHash(d.GetHash()) {
		return true
	}
	p, err := s.path(d)
	if err != nil {
		return false
	}
	st, err := os.Stat(p)
	return err == nil && st.Size() == d.SizeBytes
}

func (s *store) tempFile() (*os.File, error) {
	return os.OpenFile(filepath.Join(s.dir, "tmp", strconv.FormatInt(s.seq.Add(1), 10)), os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
}

// commit moves tmp (whose digest the caller computed) into place.
func (s *store) commit(tmp string, d *repb.Digest) error {
	p, err := s.path(d)
	if err != nil {
		return err
	}
	return os.Rename(tmp, p)
}

func (s *store) put(data []byte) (*repb.Digest, error) {
	d := digestOf(data)
	return d, s.putAs(d, data)
}

// putAs stores data, whose digest is d.
func (s *store) putAs(d *repb.Digest, data []byte) error {
	if s.has(d) {
		return nil
	}
	tmp, err := s.writeTemp(data)
	if err != nil {
		return err
	}
	return s.commit(tmp, d)
}

// writeTemp writes data to a new file of tmp/ and returns its name.
func (s *store) writeTemp(data []byte) (string, error) {
	f, err := s.tempFile()
	if err != nil {
		return "", err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.Name())
		return "", err
	}
	return f.Name(), nil
}

// putChecked stores data that must have digest d.
func (s *store) putChecked(d *repb.Digest, data []byte) error {
	if got := digestOf(data); got.Hash != d.GetHash() || got.SizeBytes != d.GetSizeBytes() {
		return status.Errorf(codes.InvalidArgument, "blob %s/%d has digest %s/%d", d.GetHash(), d.GetSizeBytes(), got.Hash, got.SizeBytes)
	}
	return s.putAs(d, data)
}

// putPath stores the content of the file at path.
func (s *store) putPath(path string) (*repb.Digest, error) {
	in, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer in.Close()
	f, err := s.tempFile()
	if err != nil {
		return nil, err
	}
	h := sha256.New()
	n, err := io.Copy(io.MultiWriter(f, h), in)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.Name())
		return nil, err
	}
	d := &repb.Digest{Hash: hex.EncodeToString(h.Sum(nil)), SizeBytes: n}
	if s.has(d) {
		os.Remove(f.Name())
		return d, nil
	}
	return d, s.commit(f.Name(), d)
}

func (s *store) get(d *repb.Digest) ([]byte, error) {
	if d.GetSizeBytes() == 0 && validHash(d.GetHash()) {
		return nil, nil
	}
	p, err := s.path(d)
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, status.Errorf(codes.NotFound, "blob %s/%d not found", d.Hash, d.SizeBytes)
	}
	return data, err
}

func (s *store) getProto(d *repb.Digest, m proto.Message) error {
	data, err := s.get(d)
	if err != nil {
		return err
	}
	if err := proto.Unmarshal(data, m); err != nil {
		return status.Errorf(codes.InvalidArgument, "blob %s: %v", d.Hash, err)
	}
	return nil
}

func (s *store) putProto(m proto.Message) (*repb.Digest, error) {
	data, err := proto.MarshalOptions{Deterministic: true}.Marshal(m)
	if err != nil {
		return nil, err
	}
	return s.put(data)
}

// capabilities answers Bazel's first call: SHA-256, action cache updates, remote execution.
type capabilities struct {
	repb.UnimplementedCapabilitiesServer
}

func (capabilities) GetCapabilities(context.Context, *repb.GetCapabilitiesRequest) (*repb.ServerCapabilities, error) {
	return &repb.ServerCapabilities{
		CacheCapabilities: &repb.CacheCapabilities{
			DigestFunctions:                 []repb.DigestFunction_Value{repb.DigestFunction_SHA256},
			ActionCacheUpdateCapabilities:   &repb.ActionCacheUpdateCapabilities{UpdateEnabled: true},
			MaxBatchTotalSizeBytes:          maxBatch,
			SymlinkAbsolutePathStrategy:     repb.SymlinkAbsolutePathStrategy_DISALLOWED,
			SupportedCompressors:            nil,
			SupportedBatchUpdateCompressors: nil,
		},
		ExecutionCapabilities: &repb.ExecutionCapabilities{
			DigestFunction: repb.DigestFunction_SHA256,
			ExecEnabled:    true,
		},
		LowApiVersion:  &semver.SemVer{Major: 2},
		HighApiVersion: &semver.SemVer{Major: 2},
	}, nil
}

// cas serves the ContentAddressableStorage service.
type cas struct {
	repb.UnimplementedContentAddressableStorageServer
	s *store
}

func (c *cas) FindMissingBlobs(_ context.Context, req *repb.FindMissingBlobsRequest) (*repb.FindMissingBlobsResponse, error) {
	resp := &repb.FindMissingBlobsResponse{}
	for _, d := range req.BlobDigests {
		if !c.s.has(d) {
			resp.MissingBlobDigests = append(resp.MissingBlobDigests, d)
		}
	}
	return resp, nil
}

func grpcStatus(err error) *rpcstatus.Status {
	if err == nil {
		return &rpcstatus.Status{}
	}
	return status.Convert(err).Proto()
}

func (c *cas) BatchUpdateBlobs(_ context.Context, req *repb.BatchUpdateBlobsRequest) (*repb.BatchUpdateBlobsResponse, error) {
	resp := &repb.BatchUpdateBlobsResponse{}
	for _, r := range req.Requests {
		resp.Responses = append(resp.Responses, &repb.BatchUpdateBlobsResponse_Response{
			Digest: r.Digest,
			Status: grpcStatus(c.s.putChecked(r.Digest, r.Data)),
		})
	}
	return resp, nil
}

func (c *cas) BatchReadBlobs(_ context.Context, req *repb.BatchReadBlobsRequest) (*repb.BatchReadBlobsResponse, error) {
	resp := &repb.BatchReadBlobsResponse{}
	for _, d := range req.Digests {
		data, err := c.s.get(d)
		resp.Responses = append(resp.Responses, &repb.BatchReadBlobsResponse_Response{Digest: d, Data: data, Status: grpcStatus(err)})
	}
	return resp, nil
}

func (c *cas) GetTree(req *repb.GetTreeRequest, srv repb.ContentAddressableStorage_GetTreeServer) error {
	queue := []*repb.Digest{req.RootDigest}
	var page []*repb.Directory
	for len(queue) > 0 {
		d := queue[0]
		queue = queue[1:]
		dir := &repb.Directory{}
		if err := c.s.getProto(d, dir); err != nil {
			return err
		}
		page = append(page, dir)
		for _, sub := range dir.Directories {
			queue = append(queue, sub.Digest)
		}
		if len(page) == 1000 {
			if err := srv.Send(&repb.GetTreeResponse{Directories: page}); err != nil {
				return err
			}
			page = nil
		}
	}
	return srv.Send(&repb.GetTreeResponse{Directories: page})
}

// actionCache serves the ActionCache service from ac/.
type actionCache struct {
	repb.UnimplementedActionCacheServer
	s *store
}

func (a *actionCache) acPath(d *repb.Digest) (string, error) {
	if d == nil || !validHash(d.Hash) {
		return "", status.Errorf(codes.InvalidArgument, "bad action digest %v", d)
	}
	return filepath.Join(a.s.dir, "ac", d.Hash), nil
}

// lookup returns the cached result of an action, or nil when there is none or one of
// its blobs is gone.
func (a *actionCache) lookup(d *repb.Digest) (*repb.ActionResult, error) {
	p, err := a.acPath(d)
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	res := &repb.ActionResult{}
	if err := proto.Unmarshal(data, res); err != nil {
		return nil, nil
	}
	for _, f := range res.OutputFiles {
		if !a.s.has(f.Digest) {
			return nil, nil
		}
	}
	for _, d := range res.OutputDirectories {
		if !a.s.has(d.TreeDigest) {
			return nil, nil
		}
	}
	return res, nil
}

func (a *actionCache) GetActionResult(_ context.Context, req *repb.GetActionResultRequest) (*repb.ActionResult, error) {
	res, err := a.lookup(req.ActionDigest)
	if err != nil {
		return nil, err
	}
	if res == nil {
		return nil, status.Errorf(codes.NotFound, "no result for action %s", req.ActionDigest.GetHash())
	}
	return res, nil
}

func (a *actionCache) store(d *repb.Digest, res *repb.ActionResult) error {
	p, err := a.acPath(d)
	if err != nil {
		return err
	}
	data, err := proto.Marshal(res)
	if err != nil {
		return err
	}
	tmp, err := a.s.writeTemp(data)
	if err != nil {
		return err
	}
	return os.Rename(tmp, p)
}

func (a *actionCache) UpdateActionResult(_ context.Context, req *repb.UpdateActionResultRequest) (*repb.ActionResult, error) {
	if err := a.store(req.ActionDigest, req.ActionResult); err != nil {
		return nil, err
	}
	return req.ActionResult, nil
}

// byteStream serves blobs larger than a batch: reads of "[instance/]blobs/HASH/SIZE" and
// writes of "[instance/]uploads/UUID/blobs/HASH/SIZE[/...]".
type byteStream struct {
	bspb.UnimplementedByteStreamServer
	s *store
}

// blobDigest finds "blobs/HASH/SIZE" in a resource name.
func blobDigest(name string) (*repb.Digest, error) {
	parts := strings.Split(name, "/")
	for i := 0; i+2 < len(parts); i++ {
		if parts[i] != "blobs" {
			continue
		}
		size, err := strconv.ParseInt(parts[i+2], 10, 64)
		if err != nil || !validHash(parts[i+1]) || size < 0 {
			break
		}
		return &repb.Digest{Hash: parts[i+1], SizeBytes: size}, nil
	}
	return nil, status.Errorf(codes.InvalidArgument, "bad resource name %q", name)
}

func (b *byteStream) Read(req *bspb.ReadRequest, srv bspb.ByteStream_ReadServer) error {
	d, err := blobDigest(req.ResourceName)
	if err != nil {
		return err
	}
	data, err := b.s.get(d)
	if err != nil {
		return err
	}
	if req.ReadOffset < 0 || req.ReadOffset > int64(len(data)) {
		return status.Errorf(codes.OutOfRange, "offset %d of a %d-byte blob", req.ReadOffset, len(data))
	}
	data = data[req.ReadOffset:]
	if req.ReadLimit > 0 && req.ReadLimit < int64(len(data)) {
		data = data[:req.ReadLimit]
	}
	const chunk = 1 << 20
	for len(data) > 0 {
		n := len(data)
		if n > chunk {
			n = chunk
		}
		if err := srv.Send(&bspb.ReadResponse{Data: data[:n]}); err != nil {
			return err
		}
		data = data[n:]
	}
	return nil
}

func (b *byteStream) Write(srv bspb.ByteStream_WriteServer) error {
	var d *repb.Digest
	f, err := b.s.tempFile()
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	defer f.Close()
	h := sha256.New()
	var n int64
	for {
		req, err := srv.Recv()
		if err == io.EOF {
			return status.Errorf(codes.InvalidArgument, "write ended without finish_write")
		}
		if err != nil {
			return err
		}
		if d == nil {
			if d, err = blobDigest(req.ResourceName); err != nil {
				return err
			}
		}
		if req.WriteOffset != n {
			return status.Errorf(codes.InvalidArgument, "write offset %d, expected %d", req.WriteOffset, n)
		}
		if _, err := f.Write(req.Data); err != nil {
			return err
		}
		h.Write(req.Data)
		n += int64(len(req.Data))
		if req.FinishWrite {
			break
		}
	}
	if err := f.Close(); err != nil {
		return err
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != d.Hash || n != d.SizeBytes {
		return status.Errorf(codes.InvalidArgument, "uploaded %s/%d, but the name says %s/%d", got, n, d.Hash, d.SizeBytes)
	}
	if !b.s.has(d) {
		if err := b.s.commit(f.Name(), d); err != nil {
			return err
		}
	}
	return srv.SendAndClose(&bspb.WriteResponse{CommittedSize: n})
}

func (b *byteStream) QueryWriteStatus(_ context.Context, req *bspb.QueryWriteStatusRequest) (*bspb.QueryWriteStatusResponse, error) {
	d, err := blobDigest(req.ResourceName)
	if err != nil {
		return nil, err
	}
	if b.s.has(d) {
		return &bspb.QueryWriteStatusResponse{CommittedSize: d.SizeBytes, Complete: true}, nil
	}
	return nil, status.Errorf(codes.NotFound, "%s: %s", req.ResourceName, fmt.Sprint("no such upload"))
}
