package main

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"sync/atomic"

	repb "github.com/bazelbuild/remote-apis/build/bazel/remote/execution/v2"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
)

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
