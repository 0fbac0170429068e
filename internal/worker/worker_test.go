package worker

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"
)

// session runs Serve on pipes, like Bazel talking to a worker process.
type session struct {
	in    *io.PipeWriter
	out   *bufio.Scanner
	done  chan error
	mu    sync.Mutex
	lines []string
}

func start(t *testing.T, s *Server) *session {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ss := &session{in: inW, out: bufio.NewScanner(outR), done: make(chan error, 1)}
	go func() {
		err := s.Serve(inR, outW)
		outW.Close()
		ss.done <- err
	}()
	return ss
}

func (s *session) send(t *testing.T, r Request) {
	t.Helper()
	b, _ := json.Marshal(r)
	if _, err := s.in.Write(append(b, '\n')); err != nil {
		t.Fatal(err)
	}
}

func (s *session) recv(t *testing.T) Response {
	t.Helper()
	if !s.out.Scan() {
		t.Fatalf("no response: %v", s.out.Err())
	}
	var r Response
	if err := json.Unmarshal(s.out.Bytes(), &r); err != nil {
		t.Fatalf("response %q is not one JSON object: %v", s.out.Text(), err)
	}
	return r
}

func (s *session) close(t *testing.T) {
	t.Helper()
	s.in.Close()
	for s.out.Scan() {
		t.Errorf("unexpected response %s", s.out.Text())
	}
	if err := <-s.done; err != nil {
		t.Fatal(err)
	}
}

func echo(ctx context.Context, args []string, out io.Writer) int {
	fmt.Fprint(out, strings.Join(args, " "))
	if len(args) > 0 && args[0] == "fail" {
		return 1
	}
	return 0
}

func TestSingleplexInOrder(t *testing.T) {
	s := start(t, &Server{Handler: echo})
	for i := 0; i < 3; i++ {
		s.send(t, Request{Arguments: []string{"a", fmt.Sprint(i)}})
		r := s.recv(t)
		if r.Output != fmt.Sprintf("a %d", i) || r.ExitCode != 0 || r.RequestID != 0 {
			t.Errorf("request %d: %+v", i, r)
		}
	}
	s.send(t, Request{Arguments: []string{"fail"}})
	if r := s.recv(t); r.ExitCode != 1 || r.Output != "fail" {
		t.Errorf("failing request: %+v", r)
	}
	s.close(t)
}

// Bazel's JSON writer may pretty-print; the decoder takes any whitespace.
func TestPrettyPrintedRequests(t *testing.T) {
	s := start(t, &Server{Handler: echo})
	io.WriteString(s.in, "{\n  \"arguments\": [\"x\", \"y\"],\n  \"requestId\": 7\n}\n{\"arguments\":[\"z\"],\"requestId\":8}")
	got := map[int]string{}
	for i := 0; i < 2; i++ {
		r := s.recv(t)
		got[r.RequestID] = r.Output
	}
	if got[7] != "x y" || got[8] != "z" {
		t.Errorf("got %v", got)
	}
	s.close(t)
}

func TestMultiplexConcurrentAndWholeLines(t *testing.T) {
	const n = 200
	var mu sync.Mutex
	inFlight, most := 0, 0
	h := func(ctx context.Context, args []string, out io.Writer) int {
		mu.Lock()
		inFlight++
		if inFlight > most {
			most = inFlight
		}
		mu.Unlock()
		time.Sleep(time.Millisecond)
		// A long output, written in pieces: it must still arrive as one line.
		for i := 0; i < 100; i++ {
			fmt.Fprintf(out, "%s-%d;", args[0], i)
		}
		mu.Lock()
		inFlight--
		mu.Unlock()
		return 0
	}
	s := start(t, &Server{Handler: h, Limit: 4})
	go func() {
		for i := 1; i <= n; i++ {
			s.send(t, Request{Arguments: []string{fmt.Sprint(i)}, RequestID: i})
		}
	}()
	seen := map[int]bool{}
	for i := 0; i < n; i++ {
		r := s.recv(t)
		want := ""
		for j := 0; j < 100; j++ {
			want += fmt.Sprintf("%d-%d;", r.RequestID, j)
		}
		if r.Output != want || seen[r.RequestID] {
			t.Fatalf("request %d: bad or repeated response", r.RequestID)
		}
		seen[r.RequestID] = true
	}
	s.close(t)
	if most < 2 || most > 4 {
		t.Errorf("at most %d requests ran at once; want 2..4 (Limit 4)", most)
	}
}

func TestCancelRunningAndQueued(t *testing.T) {
	started := make(chan int, 2)
	h := func(ctx context.Context, args []string, out io.Writer) int {
		started <- len(args)
		<-ctx.Done() // runs until cancelled
		fmt.Fprint(out, "partial output that must not be reported")
		return 3
	}
	s := start(t, &Server{Handler: h, Limit: 1})
	s.send(t, Request{Arguments: []string{"running"}, RequestID: 1})
	<-started
	s.send(t, Request{Arguments: []string{"queued", "x"}, RequestID: 2}) // waits for the slot
	s.send(t, Request{RequestID: 2, Cancel: true})
	if r := s.recv(t); r.RequestID != 2 || !r.WasCancelled || r.Output != "" {
		t.Errorf("queued request: %+v", r)
	}
	s.send(t, Request{RequestID: 1, Cancel: true})
	if r := s.recv(t); r.RequestID != 1 || !r.WasCancelled || r.Output != "" {
		t.Errorf("running request: %+v", r)
	}
	// A cancel for a request that has already been answered is ignored.
	s.send(t, Request{RequestID: 1, Cancel: true})
	s.close(t)
	if len(started) != 0 {
		t.Errorf("the cancelled queued request was started")
	}
}

func TestPanicIsAnErrorResponse(t *testing.T) {
	s := start(t, &Server{Handler: func(ctx context.Context, args []string, out io.Writer) int {
		if args[0] == "boom" {
			panic("boom")
		}
		return 0
	}})
	s.send(t, Request{Arguments: []string{"boom"}, RequestID: 1})
	if r := s.recv(t); r.ExitCode != 1 || !strings.Contains(r.Output, "internal error: boom") {
		t.Errorf("got %+v", r)
	}
	s.send(t, Request{Arguments: []string{"fine"}, RequestID: 2})
	if r := s.recv(t); r.ExitCode != 0 || r.RequestID != 2 {
		t.Errorf("the worker did not survive: %+v", r)
	}
	s.close(t)
}

// TestMalformedRequestsAreSkipped: malformed JSON and a requestId that overflows int are
// reported and skipped (there is nobody to answer); a field of the wrong type in a request
// whose requestId reads is answered with the error (Bazel waits for every response); the
// next request gets its answer.
func TestMalformedRequestsAreSkipped(t *testing.T) {
	var out, log strings.Builder
	in := strings.Join([]string{
		`{"arguments": ["a"`,
		`{"arguments": ["b"], "requestId": 1e30}`,
		`{"arguments": [1, 2], "requestId": 3}`,
		`{"arguments": ["ok"], "requestId": 4}`,
	}, "\n") + "\n"
	if err := (&Server{Handler: echo, Log: &log}).Serve(strings.NewReader(in), &out); err != nil {
		t.Fatalf("the worker stopped: %v", err)
	}
	got := map[int]Response{}
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var r Response
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("response %q: %v", line, err)
		}
		got[r.RequestID] = r
	}
	if len(got) != 2 || got[4].Output != "ok" || got[3].ExitCode == 0 || !strings.Contains(got[3].Output, "not a usable WorkRequest") {
		t.Errorf("responses %q, want an error for request 3 and the answer to request 4", out.String())
	}
	if n := strings.Count(log.String(), "skipped"); n != 2 {
		t.Errorf("%d requests reported as skipped, want 2:\n%s", n, log.String())
	}
}
