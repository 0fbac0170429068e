// Package worker serves Bazel's persistent-worker protocols: WorkRequests arrive on stdin,
// WorkResponses leave on stdout, as length-prefixed protocol buffers (Bazel's default,
// Server.Proto) or one compact JSON object per line.
// Requests run concurrently (multiplex: each has a requestId), at most Limit at a time;
// a request with cancel=true cancels the request of the same id. One goroutine writes
// all responses, each with a single Write, so responses never interleave. A singleplex
// request (requestId 0) is answered before the next request is read.
//
// A request that is not a WorkRequest is answered with an error when its requestId can be
// read (a field of the wrong type), since Bazel waits for every request's response;
// otherwise (malformed JSON: the rest of its line is skipped; a requestId that overflows
// int) it is reported to Log and skipped. The worker keeps serving.
//
// Protocol: https://bazel.build/remote/persistent and .../multiplex.
package worker

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"sync"
)

// Request is a WorkRequest (the fields this worker reads).
type Request struct {
	Arguments []string `json:"arguments"`
	Inputs    []struct {
		Path   string `json:"path"`
		Digest string `json:"digest"`
	} `json:"inputs,omitempty"`
	RequestID  int    `json:"requestId"`
	Cancel     bool   `json:"cancel"`
	Verbosity  int    `json:"verbosity"`
	SandboxDir string `json:"sandboxDir"`
	// Malformed says why a request whose requestId was read is not a usable WorkRequest
	// (a known field of the wrong type): it is answered with that error, not run.
	Malformed string `json:"-"`
}

// Response is a WorkResponse.
type Response struct {
	ExitCode     int    `json:"exitCode"`
	Output       string `json:"output"`
	RequestID    int    `json:"requestId"`
	WasCancelled bool   `json:"wasCancelled,omitempty"`
}

// Handler runs one request's arguments and returns its exit code; what it writes to out
// becomes the response's output. ctx is cancelled when Bazel cancels the request; a
// handler may ignore it (the response then still says wasCancelled).
type Handler func(ctx context.Context, args []string, out io.Writer) int

// Server runs a worker loop.
type Server struct {
	Handler Handler
	// Limit is the number of requests run at once (default GOMAXPROCS).
	Limit int
	// Log receives what the worker says about lines it cannot read (default: discarded;
	// the worker's standard error in sycl-device).
	Log io.Writer
	// Proto selects Bazel's default protocol (length-prefixed protocol buffers) instead
	// of JSON lines.
	Proto bool
}

func (s *Server) log() io.Writer {
	if s.Log == nil {
		return io.Discard
	}
	return s.Log
}

type running struct {
	cancel    context.CancelFunc
	cancelled bool
}

// Serve reads requests from in until EOF and writes responses to out. It returns nil
// at EOF after every started request has been answered, or the first read or write
// error.
func (s *Server) Serve(in io.Reader, out io.Writer) error {
	limit := s.Limit
	if limit <= 0 {
		limit = runtime.GOMAXPROCS(0)
	}
	responses := make(chan Response)
	writeErr := writeResponses(out, responses, s.Proto)
	ss := &serveState{s: s, active: map[int]*running{}, slots: make(chan struct{}, limit), responses: responses}
	handle := func(req Request) {
		if req.Malformed != "" {
			fmt.Fprintf(s.log(), "worker: request %d answered with an error: %s\n", req.RequestID, req.Malformed)
			responses <- Response{ExitCode: 2, Output: "worker: not a usable WorkRequest: " + req.Malformed + "\n", RequestID: req.RequestID}
			return
		}
		if req.Cancel {
			ss.cancel(req.RequestID) // the cancelled request answers (once) when its handler returns
			return
		}
		ss.start(req)
	}
	var readErr error
	if s.Proto {
		readErr = s.readProtoRequests(bufio.NewReaderSize(in, 64<<10), handle)
	} else {
		readErr = s.readJSONRequests(bufio.NewReaderSize(in, 64<<10), handle)
	}
	ss.wg.Wait()
	close(responses)
	if err := <-writeErr; err != nil {
		return fmt.Errorf("worker: writing a WorkResponse: %w", err)
	}
	return readErr
}

// readProtoRequests calls handle for each length-prefixed WorkRequest until EOF.
func (s *Server) readProtoRequests(r *bufio.Reader, handle func(Request)) error {
	for {
		req, err := readProto(r, s.log())
		switch {
		case errors.Is(err, errSkipped):
			continue
		case errors.Is(err, io.EOF):
			return nil
		case err != nil:
			return fmt.Errorf("worker: %w", err)
		}
		handle(req)
	}
}

// readJSONRequests calls handle for each JSON WorkRequest until EOF. A request that is
// not JSON is skipped to the end of its line.
func (s *Server) readJSONRequests(in io.Reader, handle func(Request)) error {
	src := in
	dec := json.NewDecoder(src)
	for {
		var raw json.RawMessage
		err := dec.Decode(&raw)
		var syntax *json.SyntaxError
		switch {
		case errors.As(err, &syntax):
			// Not JSON: skip to the next line (Bazel writes one request per line; pretty-
			// printed ones also decode) and keep serving.
			fmt.Fprintf(s.log(), "worker: a request that is not JSON skipped: %v\n", err)
			src = skipLine(dec, src)
			dec = json.NewDecoder(src)
			continue
		case err != nil:
			if !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
				return fmt.Errorf("worker: reading a WorkRequest: %w", err)
			}
			return nil
		}
		var req Request
		if uerr := json.Unmarshal(raw, &req); uerr != nil {
			// JSON, but not a WorkRequest: answered with the error when its requestId
			// reads; without one (it overflows int) there is nobody to answer.
			var id struct {
				RequestID int `json:"requestId"`
			}
			if json.Unmarshal(raw, &id) != nil || id.RequestID == 0 {
				fmt.Fprintf(s.log(), "worker: request skipped: %v\n", uerr)
				continue
			}
			req = Request{RequestID: id.RequestID, Malformed: uerr.Error()}
		}
		handle(req)
	}
}

// skipLine drops the rest of the current line from what dec buffered and src holds.
func skipLine(dec *json.Decoder, src io.Reader) io.Reader {
	rest, _ := io.ReadAll(dec.Buffered())
	nl := bytes.IndexByte(rest, '\n')
	for nl < 0 {
		// The bad line goes on past what the decoder buffered.
		var more [4096]byte
		n, rerr := src.Read(more[:])
		rest = append(rest[:0], more[:n]...)
		nl = bytes.IndexByte(rest, '\n')
		if rerr != nil && nl < 0 {
			rest, nl = nil, -1
			break
		}
	}
	if nl >= 0 {
		rest = rest[nl+1:]
	}
	return io.MultiReader(bytes.NewReader(rest), src)
}

// writeResponses is the one writer: each response is encoded whole, then written with
// one call. The returned channel yields the first write error (or nil) once responses
// is closed.
func writeResponses(out io.Writer, responses <-chan Response, proto bool) <-chan error {
	writeErr := make(chan error, 1)
	go func() {
		var err error
		for r := range responses {
			if err != nil {
				continue // drain, so that handlers never block
			}
			if proto {
				_, err = out.Write(encodeResponse(r))
				continue
			}
			b, e := json.Marshal(r)
			if e == nil {
				_, e = out.Write(append(b, '\n'))
			}
			err = e
		}
		writeErr <- err
	}()
	return writeErr
}

// serveState is the state of one Serve loop: the running requests by id.
type serveState struct {
	s         *Server
	mu        sync.Mutex
	active    map[int]*running
	wg        sync.WaitGroup
	slots     chan struct{}
	responses chan<- Response
}

// cancel cancels the running request id, if any.
func (ss *serveState) cancel(id int) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if r := ss.active[id]; r != nil {
		r.cancelled = true
		r.cancel()
	}
}

// start runs req: at once for a singleplex request (strictly one at a time, in order),
// in its own goroutine for a multiplex one, at most Limit at a time.
func (ss *serveState) start(req Request) {
	ctx, cancel := context.WithCancel(context.Background())
	r := &running{cancel: cancel}
	ss.mu.Lock()
	ss.active[req.RequestID] = r
	ss.mu.Unlock()
	ss.wg.Add(1)
	run := func() {
		defer ss.wg.Done()
		var resp Response
		select {
		case ss.slots <- struct{}{}:
			resp = ss.s.handle(ctx, req)
			<-ss.slots
		case <-ctx.Done():
			// Cancelled while waiting for a slot: never started.
		}
		ss.mu.Lock()
		delete(ss.active, req.RequestID)
		if r.cancelled {
			resp = Response{WasCancelled: true}
		}
		ss.mu.Unlock()
		cancel()
		resp.RequestID = req.RequestID
		ss.responses <- resp
	}
	if req.RequestID == 0 {
		run()
	} else {
		go run()
	}
}

// handle runs the handler, turning a panic into exit code 1 with the message, so one
// bad request cannot take the worker (and its other requests) down.
func (s *Server) handle(ctx context.Context, req Request) (resp Response) {
	var buf bytesWriter
	defer func() {
		if p := recover(); p != nil {
			fmt.Fprintf(&buf, "internal error: %v\n", p)
			resp = Response{ExitCode: 1, Output: buf.String()}
		}
	}()
	code := s.Handler(ctx, req.Arguments, &buf)
	return Response{ExitCode: code, Output: buf.String()}
}

// bytesWriter is a minimal bytes.Buffer for one request's output; a handler may write
// to it from several goroutines of its own, so it locks.
type bytesWriter struct {
	mu  sync.Mutex
	buf []byte
}

func (w *bytesWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf = append(w.buf, p...)
	return len(p), nil
}

func (w *bytesWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return string(w.buf)
}
