package worker

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"strings"
	"testing"
)

// request encodes a WorkRequest as Bazel does: arguments (1), an input (2), request_id
// (3), cancel (4), with its length first.
func request(id int, cancel bool, args ...string) []byte {
	var m []byte
	str := func(num int, s string) {
		m = binary.AppendUvarint(m, uint64(num)<<3|2)
		m = binary.AppendUvarint(m, uint64(len(s)))
		m = append(m, s...)
	}
	for _, a := range args {
		str(1, a)
	}
	var in []byte
	in = append(in, 1<<3|2, 3)
	in = append(in, "x.c"...)
	str(2, string(in))
	if id != 0 {
		m = binary.AppendUvarint(m, 3<<3)
		m = binary.AppendUvarint(m, uint64(id))
	}
	if cancel {
		m = append(m, 4<<3, 1)
	}
	m = append(m, 7<<3, 42) // an unknown field: skipped
	return append(binary.AppendUvarint(nil, uint64(len(m))), m...)
}

// decodeResponses reads length-prefixed WorkResponses.
func decodeResponses(t *testing.T, b []byte) []Response {
	t.Helper()
	var out []Response
	r := bytes.NewReader(b)
	for r.Len() > 0 {
		n, err := binary.ReadUvarint(r)
		if err != nil {
			t.Fatal(err)
		}
		msg := make([]byte, n)
		if _, err := io.ReadFull(r, msg); err != nil {
			t.Fatal(err)
		}
		var resp Response
		for len(msg) > 0 {
			num, typ, k, err := field(msg)
			if err != nil {
				t.Fatal(err)
			}
			v, data, m, err := value(msg[k:], typ)
			if err != nil {
				t.Fatal(err)
			}
			msg = msg[k+m:]
			switch num {
			case 1:
				resp.ExitCode = int(int32(v))
			case 2:
				resp.Output = string(data)
			case 3:
				resp.RequestID = int(v)
			case 4:
				resp.WasCancelled = v != 0
			}
		}
		out = append(out, resp)
	}
	return out
}

// TestProtoServe: Bazel's default protocol, multiplexed: each request answered once with
// its id, exit code and output; a malformed request and an oversized one are skipped and
// the worker keeps serving; EOF ends the loop.
func TestProtoServe(t *testing.T) {
	var in bytes.Buffer
	in.Write(request(1, false, "echo", "one"))
	in.Write([]byte{3, 0xff, 0xff, 0xff}) // a field key that is not a varint
	in.Write(request(2, false, "fail"))
	in.Write(request(3, false, "echo", "three"))
	var out, log bytes.Buffer
	s := &Server{Proto: true, Log: &log, Handler: func(_ context.Context, args []string, w io.Writer) int {
		if args[0] == "fail" {
			fmt.Fprint(w, "it failed")
			return 2
		}
		fmt.Fprint(w, strings.Join(args[1:], " "))
		return 0
	}}
	if err := s.Serve(&in, &out); err != nil {
		t.Fatal(err)
	}
	got := map[int]Response{}
	for _, r := range decodeResponses(t, out.Bytes()) {
		if _, dup := got[r.RequestID]; dup {
			t.Errorf("request %d answered twice", r.RequestID)
		}
		got[r.RequestID] = r
	}
	want := map[int]Response{1: {Output: "one", RequestID: 1}, 2: {ExitCode: 2, Output: "it failed", RequestID: 2}, 3: {Output: "three", RequestID: 3}}
	for id, w := range want {
		if got[id] != w {
			t.Errorf("request %d: %+v, want %+v", id, got[id], w)
		}
	}
	if len(got) != 3 || !strings.Contains(log.String(), "request skipped") {
		t.Errorf("responses %v; log %q", got, log.String())
	}
}

// TestProtoRequestFields: every field Bazel sends, read back.
func TestProtoRequestFields(t *testing.T) {
	b := request(7, true, "a", "b")
	n, k := binary.Uvarint(b)
	req, err := decodeRequest(b[k : k+int(n)])
	if err != nil {
		t.Fatal(err)
	}
	if req.RequestID != 7 || !req.Cancel || strings.Join(req.Arguments, ",") != "a,b" || len(req.Inputs) != 1 || req.Inputs[0].Path != "x.c" {
		t.Errorf("%+v", req)
	}
	if _, err := decodeRequest([]byte{3 << 3, 0x80, 0x80, 0x80, 0x80, 0x10}); err == nil {
		t.Error("a request_id beyond int32 was accepted")
	}
	if _, err := decodeRequest([]byte{1 << 3, 1}); err == nil {
		t.Error("arguments as a varint were accepted")
	}
}

// TestProtoEmptyInput: a worker whose input closes at once (Bazel shutting it down)
// answers nothing and returns cleanly.
func TestProtoEmptyInput(t *testing.T) {
	var out bytes.Buffer
	s := &Server{Proto: true, Handler: func(context.Context, []string, io.Writer) int { return 0 }}
	if err := s.Serve(strings.NewReader(""), &out); err != nil || out.Len() != 0 {
		t.Errorf("err %v, out %q", err, out.Bytes())
	}
}

// withField appends a raw field (key bytes and value) to a length-prefixed request.
func withField(req []byte, field ...byte) []byte {
	n, k := binary.Uvarint(req)
	m := append(append([]byte(nil), req[k:k+int(n)]...), field...)
	return append(binary.AppendUvarint(nil, uint64(len(m))), m...)
}

// TestProtoRequestsAreAnsweredOrServed: a request whose request_id was read and that has
// a known field of another wire type (arguments as a varint) is answered with an error,
// not dropped (Bazel would wait for it forever under multiplex); a group (wire types 3
// and 4, nested) is skipped as protocol buffers require and the request served.
func TestProtoRequestsAreAnsweredOrServed(t *testing.T) {
	var in bytes.Buffer
	in.Write(withField(request(5, false, "echo", "five"), 1<<3|0, 1))
	group := []byte{9<<3 | 3, 1<<3 | 0, 7, 10<<3 | 3, 2<<3 | 2, 1, 'x', 10<<3 | 4, 9<<3 | 4}
	in.Write(withField(request(6, false, "echo", "six"), group...))
	in.Write(withField(request(8, false, "echo", "eight"), 9<<3|3, 1<<3|0, 7)) // a group without its end
	var out, log bytes.Buffer
	s := &Server{Proto: true, Log: &log, Handler: func(_ context.Context, args []string, w io.Writer) int {
		fmt.Fprint(w, strings.Join(args[1:], " "))
		return 0
	}}
	if err := s.Serve(&in, &out); err != nil {
		t.Fatal(err)
	}
	got := map[int]Response{}
	for _, r := range decodeResponses(t, out.Bytes()) {
		got[r.RequestID] = r
	}
	if r := got[5]; r.ExitCode == 0 || !strings.Contains(r.Output, "field 1 has wire type 0") {
		t.Errorf("request 5 (arguments of the wrong wire type): %+v, want an error response", r)
	}
	if r := got[6]; r.ExitCode != 0 || r.Output != "six" {
		t.Errorf("request 6 (with a group): %+v, want it served", r)
	}
	if _, ok := got[8]; ok || len(got) != 2 || !strings.Contains(log.String(), "group without its end") {
		t.Errorf("responses %v, log %q: a request whose framing breaks is skipped", got, log.String())
	}
}
