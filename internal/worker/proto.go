package worker

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
)

// Bazel's default worker protocol: each WorkRequest and WorkResponse is a protocol
// buffer (worker_protocol.proto) preceded by its length as a varint. Only the fields this
// worker reads are decoded; the others are skipped by their wire type.

// MaxProtoRequest bounds one request's size: a longer one is read through and skipped.
const MaxProtoRequest = 64 << 20

// errSkipped is a request that was read whole but is not a usable WorkRequest.
var errSkipped = errors.New("request skipped")

// readProto reads one length-prefixed WorkRequest. It returns io.EOF at a clean end of
// input, errSkipped (after logging why) for a request it cannot use.
func readProto(r *bufio.Reader, log io.Writer) (Request, error) {
	n, err := binary.ReadUvarint(r)
	if err != nil {
		if errors.Is(err, io.EOF) {
			return Request{}, io.EOF
		}
		return Request{}, fmt.Errorf("reading a request's length: %w", err)
	}
	if n > MaxProtoRequest {
		if _, err := io.CopyN(io.Discard, r, int64(n)); err != nil {
			return Request{}, fmt.Errorf("skipping a request of %d bytes: %w", n, err)
		}
		fmt.Fprintf(log, "worker: a request of %d bytes (over %d) skipped\n", n, MaxProtoRequest)
		return Request{}, errSkipped
	}
	buf := make([]byte, n)
	if _, err := io.ReadFull(r, buf); err != nil {
		return Request{}, fmt.Errorf("reading a request of %d bytes: %w", n, err)
	}
	req, err := decodeRequest(buf)
	if err != nil {
		fmt.Fprintf(log, "worker: request skipped: %v\n", err)
		return Request{}, errSkipped
	}
	return req, nil
}

// field reads one field's key at b: its number, wire type and the key's length.
func field(b []byte) (num uint64, typ int, n int, err error) {
	key, n := binary.Uvarint(b)
	if n <= 0 {
		return 0, 0, 0, errors.New("bad field key")
	}
	return key >> 3, int(key & 7), n, nil
}

// value reads one field's value of wire type typ at b: the varint (types 0), the bytes
// (type 2), and the length read. A group (type 3, deprecated but valid protocol buffers)
// is skipped to its end-group key.
func value(b []byte, typ int) (v uint64, data []byte, n int, err error) {
	switch typ {
	case 0:
		v, n = binary.Uvarint(b)
		if n <= 0 {
			return 0, nil, 0, errors.New("bad varint")
		}
		return v, nil, n, nil
	case 1, 5:
		size := 8
		if typ == 5 {
			size = 4
		}
		if len(b) < size {
			return 0, nil, 0, errors.New("truncated fixed field")
		}
		return 0, nil, size, nil
	case 2:
		l, k := binary.Uvarint(b)
		if k <= 0 || l > uint64(len(b)-k) {
			return 0, nil, 0, errors.New("bad length-delimited field")
		}
		return 0, b[k : k+int(l)], k + int(l), nil
	case 3:
		n, err = skipGroup(b, 0)
		return 0, nil, n, err
	}
	return 0, nil, 0, fmt.Errorf("unsupported wire type %d", typ)
}

// maxGroupDepth bounds nested groups (each level is a call).
const maxGroupDepth = 100

// skipGroup skips a group's fields at b up to and including its end-group key, and
// returns the length skipped.
func skipGroup(b []byte, depth int) (int, error) {
	if depth >= maxGroupDepth {
		return 0, errors.New("groups nested too deep")
	}
	n := 0
	for n < len(b) {
		_, typ, k, err := field(b[n:])
		if err != nil {
			return 0, err
		}
		n += k
		if typ == 4 {
			return n, nil
		}
		var m int
		if typ == 3 {
			m, err = skipGroup(b[n:], depth+1)
		} else {
			_, _, m, err = value(b[n:], typ)
		}
		if err != nil {
			return 0, err
		}
		n += m
	}
	return 0, errors.New("group without its end")
}

// int32Field checks that a varint is an int32 (negative ones are sign-extended to 64 bits).
func int32Field(v uint64, name string) (int, error) {
	x := int64(v)
	if x < math.MinInt32 || x > math.MaxInt32 {
		return 0, fmt.Errorf("%s %d is not an int32", name, x)
	}
	return int(x), nil
}

// decodeRequest reads a WorkRequest: arguments (1), inputs (2: path 1, digest 2),
// request_id (3), cancel (4), verbosity (5), sandbox_dir (6); fields of other numbers are
// skipped, whatever their wire type. A known field of the wrong wire type or value does
// not lose the request: the rest is read for its request_id, and the request comes back
// with Malformed set, to be answered with an error (Bazel waits for every request's
// response). Only a request whose framing breaks is an error.
func decodeRequest(b []byte) (Request, error) {
	var req Request
	var bad error
	for len(b) > 0 {
		num, typ, k, err := field(b)
		if err != nil {
			return Request{}, err
		}
		v, data, n, err := value(b[k:], typ)
		if err != nil {
			return Request{}, fmt.Errorf("field %d: %v", num, err)
		}
		b = b[k+n:]
		if err := req.set(num, typ, v, data); err != nil && bad == nil {
			bad = err
		}
	}
	if bad != nil {
		if req.RequestID != 0 {
			return Request{RequestID: req.RequestID, Malformed: bad.Error()}, nil
		}
		return Request{}, bad
	}
	return req, nil
}

func (req *Request) set(num uint64, typ int, v uint64, data []byte) error {
	want := map[uint64]int{1: 2, 2: 2, 3: 0, 4: 0, 5: 0, 6: 2}
	if w, ok := want[num]; ok && w != typ {
		return fmt.Errorf("field %d has wire type %d, want %d", num, typ, w)
	}
	var err error
	switch num {
	case 1:
		req.Arguments = append(req.Arguments, string(data))
	case 2:
		req.Inputs = append(req.Inputs, struct {
			Path   string `json:"path"`
			Digest string `json:"digest"`
		}{})
		err = decodeInput(data, &req.Inputs[len(req.Inputs)-1].Path, &req.Inputs[len(req.Inputs)-1].Digest)
	case 3:
		var id int
		if id, err = int32Field(v, "request_id"); err == nil {
			req.RequestID = id
		}
	case 4:
		req.Cancel = v != 0
	case 5:
		req.Verbosity, err = int32Field(v, "verbosity")
	case 6:
		req.SandboxDir = string(data)
	}
	return err
}

func decodeInput(b []byte, path, digest *string) error {
	for len(b) > 0 {
		num, typ, k, err := field(b)
		if err != nil {
			return err
		}
		_, data, n, err := value(b[k:], typ)
		if err != nil {
			return fmt.Errorf("input field %d: %v", num, err)
		}
		b = b[k+n:]
		switch {
		case num == 1 && typ == 2:
			*path = string(data)
		case num == 2 && typ == 2:
			*digest = string(data)
		}
	}
	return nil
}

// encodeResponse writes a WorkResponse (exit_code 1, output 2, request_id 3,
// was_cancelled 4) with its length before it.
func encodeResponse(r Response) []byte {
	var msg []byte
	varintField := func(num int, v int64) {
		msg = binary.AppendUvarint(msg, uint64(num)<<3)
		msg = binary.AppendUvarint(msg, uint64(v))
	}
	if r.ExitCode != 0 {
		varintField(1, int64(int32(r.ExitCode)))
	}
	if r.Output != "" {
		msg = binary.AppendUvarint(msg, 2<<3|2)
		msg = binary.AppendUvarint(msg, uint64(len(r.Output)))
		msg = append(msg, r.Output...)
	}
	if r.RequestID != 0 {
		varintField(3, int64(int32(r.RequestID)))
	}
	if r.WasCancelled {
		varintField(4, 1)
	}
	return append(binary.AppendUvarint(nil, uint64(len(msg))), msg...)
}
