// Package worker serves Bazel's persistent-worker JSON protocol: WorkRequests arrive on
// stdin as JSON objects, WorkResponses leave on stdout, one compact JSON object per line.
// Requests run concurrently (multiplex: each has a requestId), at most Limit at a time;
// a request with cancel=true cancels the request of the same id. One goroutine writes
// all responses, each with a single Write, so responses never interleave. A singleplex
// request (requestId 0) is answered before the next request is read.
//
// Protocol: https://bazel.build/remote/persistent and .../multiplex.
package worker

import (
	"bufio"
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
	writeErr := make(chan error, 1)
	go func() {
		// The one writer: each response is encoded whole, then written with one call.
		var err error
		for r := range responses {
			if err != nil {
				continue // drain, so that handlers never block
			}
			b, e := json.Marshal(r)
			if e == nil {
				_, e = out.Write(append(b, '\n'))
			}
			err = e
		}
		writeErr <- err
	}()

	var (
		mu      sync.Mutex
		active  = map[int]*running{}
		wg      sync.WaitGroup
		slots   = make(chan struct{}, limit)
		readErr error
	)
	dec := json.NewDecoder(bufio.NewReader(in))
	for {
		var req Request
		if err := dec.Decode(&req); err != nil {
			if !errors.Is(err, io.EOF) {
				readErr = fmt.Errorf("worker: reading a WorkRequest: %w", err)
			}
			break
		}
		if req.Cancel {
			mu.Lock()
			if r := active[req.RequestID]; r != nil {
				r.cancelled = true
				r.cancel()
			}
			mu.Unlock()
			continue // the cancelled request answers (once) when its handler returns
		}
		ctx, cancel := context.WithCancel(context.Background())
		r := &running{cancel: cancel}
		mu.Lock()
		active[req.RequestID] = r
		mu.Unlock()
		wg.Add(1)
		run := func(req Request) {
			defer wg.Done()
			var resp Response
			select {
			case slots <- struct{}{}:
				resp = s.handle(ctx, req)
				<-slots
			case <-ctx.Done():
				// Cancelled while waiting for a slot: never started.
			}
			mu.Lock()
			delete(active, req.RequestID)
			if r.cancelled {
				resp = Response{WasCancelled: true}
			}
			mu.Unlock()
			cancel()
			resp.RequestID = req.RequestID
			responses <- resp
		}
		if req.RequestID == 0 {
			run(req) // singleplex: strictly one at a time, in order
		} else {
			go run(req)
		}
	}
	wg.Wait()
	close(responses)
	if err := <-writeErr; err != nil {
		return fmt.Errorf("worker: writing a WorkResponse: %w", err)
	}
	return readErr
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
