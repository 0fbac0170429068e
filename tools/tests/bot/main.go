// Command bot is a Remote Workers API bot for BuildGrid (or any server of the Bots
// service), a test fixture of rules_sycl: it proves that a build runs on workers that
// have nothing of the host but a C runtime, a shell and coreutils. It takes leases from
// the server, fetches each action's inputs from the server's CAS into a store of its
// own, runs the action in a fresh directory that holds only its input root, inside
// bubblewrap with an image directory (tools/tests/bot/make_image.sh) as the whole file
// system, uploads the outputs and completes the lease with the ActionResult. The
// scheduler, CAS and action cache are the server's. BuildGrid's own bot left its
// releases before the ones PyPI serves, and buildbox-worker is in no registry here.
//
//	bot -server 127.0.0.1:50051 -dir /tmp/bot1 -image /tmp/image -name bot1 -log executed.log
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
)

func main() {
	server := flag.String("server", "", "host:port of the server's Bots, CAS and ByteStream services (required)")
	instance := flag.String("instance", "", "the server's instance name")
	dir := flag.String("dir", "", "directory of the bot's blob store and action directories (required)")
	image := flag.String("image", "", "root file system of the sandbox (make_image.sh); empty: run actions unsandboxed")
	name := flag.String("name", "", "the bot's id (default: bot-<pid>)")
	logFile := flag.String("log", "", "append one line per executed action to this file")
	keep := flag.Bool("keep", false, "keep each action's directory (debugging)")
	flag.Parse()
	if *server == "" || *dir == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: bot -server HOST:PORT -dir DIR [-image DIR] [-name ID] [-instance NAME] [-log FILE] [-keep]")
		os.Exit(2)
	}
	if *name == "" {
		*name = fmt.Sprintf("bot-%d", os.Getpid())
	}
	if err := run(*server, *instance, *dir, *image, *name, *logFile, *keep); err != nil {
		fmt.Fprintf(os.Stderr, "bot %s: %v\n", *name, err)
		os.Exit(1)
	}
}

func run(server, instance, dir, image, name, logFile string, keep bool) error {
	if image != "" {
		if _, err := os.Stat(image + "/usr/bin/sh"); err != nil {
			return fmt.Errorf("image %s has no usr/bin/sh (build it with tools/tests/bot/make_image.sh)", image)
		}
	}
	s, err := newStore(dir)
	if err != nil {
		return err
	}
	e := &executor{s: s, image: image, name: name, keep: keep}
	if logFile != "" {
		f, err := os.OpenFile(logFile, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			return err
		}
		defer f.Close()
		e.log = f
	}
	conn, err := grpc.Dial(server, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		return err
	}
	defer conn.Close()
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	b := newBot(conn, name, instance, s, e)
	fmt.Fprintf(os.Stderr, "bot %s: serving %s (store %s, sandbox %s)\n", name, server, dir, orNone(image))
	err = b.serve(ctx)
	fmt.Fprintf(os.Stderr, "bot %s: %d blobs fetched, %d uploaded\n", name, b.r.fetched.Load(), b.r.uploaded.Load())
	if ctx.Err() != nil {
		return nil
	}
	return err
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}
