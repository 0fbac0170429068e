package main

import (
	"context"
	"fmt"
	"os"
	"time"

	repb "github.com/bazelbuild/remote-apis/build/bazel/remote/execution/v2"
	bots "google.golang.org/genproto/googleapis/devtools/remoteworkers/v1test2"
	rpcstatus "google.golang.org/genproto/googleapis/rpc/status"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/anypb"
)

// Timing of the session: an idle bot long-polls the server for work; a busy one reports
// every few seconds (BuildGrid drops a bot it has not heard from within its keepalive
// timeout) and at once when its lease is done.
const (
	idlePoll  = 20 * time.Second
	busyEvery = 5 * time.Second
)

// bot is one Remote Workers API bot: it holds a session with the server's Bots service,
// takes one lease at a time, runs the lease's action in the sandbox and completes the
// lease with the ActionResult. The server (scheduler, CAS, action cache) is BuildGrid's.
type bot struct {
	id     string
	parent string // the server's instance name
	client bots.BotsClient
	r      *remote
	e      *executor
}

func newBot(conn grpc.ClientConnInterface, id, instance string, s *store, e *executor) *bot {
	return &bot{id: id, parent: instance, client: bots.NewBotsClient(conn), r: newRemote(conn, instance, s), e: e}
}

// outcome is a finished lease.
type outcome struct {
	id     string
	result *repb.ActionResult
	err    error
}

// serve runs the session until ctx ends.
func (b *bot) serve(ctx context.Context) error {
	session, err := b.register(ctx)
	if err != nil {
		return err
	}
	done := make(chan outcome, 1)
	cancel := func() {}
	defer func() { cancel() }()
	busy := ""
	for ctx.Err() == nil {
		for _, l := range session.Leases {
			switch {
			case l.State == bots.LeaseState_PENDING && busy == "":
				busy = l.Id
				cancel = b.start(ctx, proto.Clone(l).(*bots.Lease), done)
				l.State = bots.LeaseState_ACTIVE
			case l.State == bots.LeaseState_CANCELLED && l.Id == busy:
				cancel()
			}
		}
		wait := idlePoll
		if busy != "" {
			select {
			case o := <-done:
				complete(session, o)
				busy = ""
				cancel()
			case <-time.After(busyEvery):
			case <-ctx.Done():
				return nil
			}
			wait = busyEvery
		}
		next, err := b.update(ctx, session, wait)
		switch {
		case err == nil:
			session = next
		case ctx.Err() != nil:
			return nil
		default:
			// A server that is busy or restarting answers again later: the session (and its
			// lease) is sent again after a pause; registering again when it was lost.
			fmt.Fprintf(os.Stderr, "bot %s: %v; trying again\n", b.id, err)
			time.Sleep(retryPause)
			if status.Code(err) == codes.NotFound {
				if session, err = b.register(ctx); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// retryPause is the pause before a session call is sent again; registerFor bounds how long
// a bot tries to register (a server that is still starting refuses the first calls).
const (
	retryPause  = 500 * time.Millisecond
	registerFor = 2 * time.Minute
)

// register creates the bot's session, trying again while the server is not ready, and
// says so on stderr ("registered"): the remote-execution test checks that every bot it
// started did.
func (b *bot) register(ctx context.Context) (*bots.BotSession, error) {
	deadline := time.Now().Add(registerFor)
	for {
		session, err := b.client.CreateBotSession(ctx, &bots.CreateBotSessionRequest{
			Parent:     b.parent,
			BotSession: &bots.BotSession{BotId: b.id, Status: bots.BotStatus_OK},
		})
		if err == nil {
			fmt.Fprintf(os.Stderr, "bot %s: registered as %s\n", b.id, session.Name)
			return session, nil
		}
		if ctx.Err() != nil || time.Now().After(deadline) {
			return nil, fmt.Errorf("creating the bot session: %w", err)
		}
		time.Sleep(retryPause)
	}
}

// start runs the lease's action in the background; the outcome arrives on done.
func (b *bot) start(ctx context.Context, l *bots.Lease, done chan<- outcome) context.CancelFunc {
	runCtx, cancel := context.WithCancel(ctx)
	go func() {
		start := time.Now()
		res, err := b.work(runCtx, l)
		if err != nil {
			fmt.Fprintf(os.Stderr, "bot %s: lease %s failed after %.1fs: %v\n", b.id, l.Id, time.Since(start).Seconds(), err)
		}
		done <- outcome{l.Id, res, err}
	}()
	return cancel
}

// update sends the session and returns the server's answer, retrying a deadline the
// long poll ran into.
func (b *bot) update(ctx context.Context, session *bots.BotSession, wait time.Duration) (*bots.BotSession, error) {
	for {
		uctx, cancel := context.WithTimeout(ctx, wait)
		next, err := b.client.UpdateBotSession(uctx, &bots.UpdateBotSessionRequest{Name: session.Name, BotSession: session})
		cancel()
		switch {
		case err == nil:
			return next, nil
		case ctx.Err() != nil:
			return nil, ctx.Err()
		case status.Code(err) == codes.DeadlineExceeded:
			continue
		default:
			return nil, fmt.Errorf("updating the bot session: %w", err)
		}
	}
}

// complete marks the lease of o done in the session, with its result or error.
func complete(session *bots.BotSession, o outcome) {
	for _, l := range session.Leases {
		if l.Id != o.id {
			continue
		}
		l.State = bots.LeaseState_COMPLETED
		st := &rpcstatus.Status{Code: int32(codes.OK)}
		if o.err != nil {
			s, _ := status.FromError(o.err)
			st = s.Proto()
		} else if res, err := anypb.New(o.result); err == nil {
			l.Result = res
		} else {
			st = &rpcstatus.Status{Code: int32(codes.Internal), Message: err.Error()}
		}
		l.Status = st
	}
}

// work runs a lease's action: its payload is the Action (or its digest, from older
// servers); inputs come from the server's CAS, outputs go back to it.
func (b *bot) work(ctx context.Context, l *bots.Lease) (*repb.ActionResult, error) {
	action := &repb.Action{}
	var digest *repb.Digest
	switch {
	case l.Payload.MessageIs(action):
		if err := l.Payload.UnmarshalTo(action); err != nil {
			return nil, status.Errorf(codes.InvalidArgument, "lease %s: %v", l.Id, err)
		}
		data, _ := proto.MarshalOptions{Deterministic: true}.Marshal(action)
		digest = digestOf(data)
	case l.Payload.MessageIs(&repb.Digest{}):
		digest = &repb.Digest{}
		if err := l.Payload.UnmarshalTo(digest); err != nil {
			return nil, status.Errorf(codes.InvalidArgument, "lease %s: %v", l.Id, err)
		}
		if err := b.r.fetchProto(ctx, digest, action); err != nil {
			return nil, missing(err, digest)
		}
	default:
		return nil, status.Errorf(codes.InvalidArgument, "lease %s: payload %s is neither an Action nor its Digest", l.Id, l.Payload.GetTypeUrl())
	}
	cmd := &repb.Command{}
	if err := b.r.fetchProto(ctx, action.CommandDigest, cmd); err != nil {
		return nil, missing(err, action.CommandDigest)
	}
	if err := b.r.fetchTree(ctx, action.InputRootDigest); err != nil {
		return nil, missing(err, action.InputRootDigest)
	}
	res, err := b.e.run(ctx, digest, action, cmd)
	if err != nil {
		return nil, err
	}
	blobs, err := b.r.resultBlobs(res)
	if err != nil {
		return nil, err
	}
	if err := b.r.upload(ctx, blobs); err != nil {
		return nil, fmt.Errorf("uploading the outputs: %w", err)
	}
	return res, nil
}

// missing turns a NotFound blob into the FAILED_PRECONDITION Bazel answers by uploading.
func missing(err error, d *repb.Digest) error {
	if status.Code(err) == codes.NotFound {
		return status.Errorf(codes.FailedPrecondition, "missing blob %s/%d", d.GetHash(), d.GetSizeBytes())
	}
	return err
}
