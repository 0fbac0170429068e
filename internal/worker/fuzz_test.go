package worker

import (
	"bufio"
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// FuzzServe: whatever arrives on the protocol stream, the worker never panics, always
// finishes at the end of its input, and writes only whole JSON WorkResponses; a valid
// request on a line of its own after a bad line is answered.
func FuzzServe(f *testing.F) {
	f.Add([]byte(`{"arguments":["a"],"requestId":1}`))
	f.Add([]byte(`{"arguments":["a"],"requestId":99999999999999999999}`))
	f.Add([]byte(`{"arguments":"a","requestId":1}`))
	f.Add([]byte("not json at all"))
	f.Add([]byte(`{"requestId":3,"cancel":true}`))
	f.Add([]byte("{\n  \"arguments\": [\"x\"],\n  \"requestId\": 7\n}"))
	f.Add([]byte(`{"arguments":["fail"],"requestId":2}` + "\n" + `{"arguments":["x"],"requestId":2}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		const last = `{"arguments":["last"],"requestId":424242}`
		in := append(append(append([]byte(nil), data...), '\n'), last+"\n"...)
		var out bytes.Buffer
		s := &Server{Handler: echo}
		_ = s.Serve(bytes.NewReader(in), &out) // a read error is allowed; a panic or hang is not
		sc := bufio.NewScanner(&out)
		sc.Buffer(nil, 1<<24)
		answered := false
		for sc.Scan() {
			var r Response
			if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
				t.Fatalf("a response that is not JSON: %q", sc.Text())
			}
			answered = answered || (r.RequestID == 424242 && r.Output == "last")
		}
		// A line that only fails to be JSON is skipped whole; the last request is then
		// answered. (JSON values may span lines, so a bad line that opens one can swallow
		// it: only plain text is checked.)
		if !bytes.ContainsAny(data, "{}[]\"\\") && strings.TrimSpace(string(data)) != "" && !answered {
			t.Errorf("the request after %q was not answered; got %q", data, out.String())
		}
	})
}

// FuzzServeProto: whatever bytes arrive in Bazel's default protocol, the worker never
// panics, finishes at the end of its input, and writes only whole length-prefixed
// WorkResponses.
func FuzzServeProto(f *testing.F) {
	f.Add(request(1, false, "a"))
	f.Add(append(request(2, true), request(3, false, "b")...))
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0x0f})
	f.Add([]byte{3, 0x18, 0xff, 0x01})
	f.Fuzz(func(t *testing.T, data []byte) {
		var out bytes.Buffer
		s := &Server{Handler: echo, Proto: true}
		_ = s.Serve(bytes.NewReader(data), &out) // a read error is allowed; a panic or hang is not
		decodeResponses(t, out.Bytes())
	})
}
