package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"

	repb "github.com/bazelbuild/remote-apis/build/bazel/remote/execution/v2"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/timestamppb"
)

// sandboxRoot is where the input root appears inside the sandbox.
const sandboxRoot = "/b/execroot"

// executor runs one action: in a fresh directory that holds only its input root (hard
// links into the bot's store), inside bubblewrap with the image (a C runtime, a shell and
// coreutils) as its whole file system.
type executor struct {
	s     *store
	image string // "" runs actions without a sandbox (unit tests only)
	name  string // the bot's name, in results and the log
	logMu sync.Mutex
	log   io.Writer
	keep  bool
}

func (e *executor) run(ctx context.Context, actionDigest *repb.Digest, action *repb.Action, cmd *repb.Command) (*repb.ActionResult, error) {
	if len(cmd.Arguments) == 0 {
		return nil, status.Errorf(codes.InvalidArgument, "action %s has no arguments", actionDigest.Hash)
	}
	work, err := os.MkdirTemp(filepath.Join(e.s.dir, "tmp"), "exec-")
	if err != nil {
		return nil, err
	}
	if !e.keep {
		defer os.RemoveAll(work)
	}
	root := filepath.Join(work, "root")
	if err := e.materialize(action.InputRootDigest, root); err != nil {
		return nil, missing(err, action.InputRootDigest)
	}
	wd := filepath.Join(root, cmd.WorkingDirectory)
	if err := makeOutputDirs(wd, cmd); err != nil {
		return nil, err
	}
	timeout := 15 * time.Minute
	if t := action.Timeout.AsDuration(); t > 0 {
		timeout = t
	}
	var stdout, stderr bytes.Buffer
	start := time.Now()
	exit, err := e.execute(ctx, timeout, root, wd, cmd, &stdout, &stderr)
	if err != nil {
		return nil, err
	}
	took := time.Since(start)

	res := &repb.ActionResult{ExitCode: int32(exit)}
	if exit == 0 {
		if err := e.collect(wd, cmd, res); err != nil {
			return nil, err
		}
	}
	if res.StdoutDigest, err = e.s.put(stdout.Bytes()); err != nil {
		return nil, err
	}
	if res.StderrDigest, err = e.s.put(stderr.Bytes()); err != nil {
		return nil, err
	}
	now := time.Now()
	res.ExecutionMetadata = &repb.ExecutedActionMetadata{
		Worker:                      e.name,
		ExecutionStartTimestamp:     timestamppb.New(start),
		ExecutionCompletedTimestamp: timestamppb.New(now),
	}
	e.logLine(actionDigest, exit, took, cmd)
	return res, nil
}

// makeOutputDirs creates the action's output directories and the parents of its output
// files under wd.
func makeOutputDirs(wd string, cmd *repb.Command) error {
	for _, o := range cmd.OutputDirectories {
		if err := os.MkdirAll(filepath.Join(wd, o), 0o755); err != nil {
			return err
		}
	}
	for _, o := range outputPaths(cmd) {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(wd, o)), 0o755); err != nil {
			return err
		}
	}
	return nil
}

// execute runs the command (in bubblewrap when the executor has an image) and returns its
// exit code: a signal's as 128+N, 127 when it cannot start (the reason on stderr). A
// timeout is an error (DEADLINE_EXCEEDED).
func (e *executor) execute(ctx context.Context, timeout time.Duration, root, wd string, cmd *repb.Command, stdout, stderr *bytes.Buffer) (int, error) {
	runCtx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	var env []string
	for _, v := range cmd.EnvironmentVariables {
		env = append(env, v.Name+"="+v.Value)
	}
	var c *exec.Cmd
	if e.image == "" {
		c = exec.CommandContext(runCtx, cmd.Arguments[0], cmd.Arguments[1:]...)
		if arg0 := cmd.Arguments[0]; strings.Contains(arg0, "/") && !filepath.IsAbs(arg0) {
			c.Path = filepath.Join(wd, arg0)
		}
		c.Dir = wd
	} else {
		c = exec.CommandContext(runCtx, "bwrap", e.bwrapArgs(root, cmd)...)
	}
	c.Env = env
	c.Stdout, c.Stderr = stdout, stderr
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	runErr := c.Run()
	if runErr == nil {
		return 0, nil
	}
	var ee *exec.ExitError
	switch {
	case runCtx.Err() == context.DeadlineExceeded:
		return 0, status.Errorf(codes.DeadlineExceeded, "action timed out after %s", timeout)
	case errors.As(runErr, &ee):
		if exit := ee.ExitCode(); exit >= 0 {
			return exit, nil
		}
		return 128 + int(ee.Sys().(syscall.WaitStatus).Signal()), nil
	default:
		fmt.Fprintf(stderr, "bot: cannot start %s: %v\n", cmd.Arguments[0], runErr)
		return 127, nil
	}
}

// bwrapArgs: the image read-only as /, the input root read-write at sandboxRoot, no
// network, a private /tmp, /proc and /dev, and nothing else of the host.
func (e *executor) bwrapArgs(root string, cmd *repb.Command) []string {
	args := []string{
		"--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL",
		"--ro-bind", filepath.Join(e.image, "usr"), "/usr",
		"--symlink", "usr/bin", "/bin",
		"--symlink", "usr/sbin", "/sbin",
		"--symlink", "usr/lib", "/lib",
		"--symlink", "usr/lib64", "/lib64",
		"--proc", "/proc",
		"--dev", "/dev",
		"--tmpfs", "/tmp",
		"--bind", root, sandboxRoot,
		"--chdir", filepath.Join(sandboxRoot, cmd.WorkingDirectory),
		"--",
	}
	return append(args, cmd.Arguments...)
}

func (e *executor) logLine(d *repb.Digest, exit int, took time.Duration, cmd *repb.Command) {
	if e.log == nil {
		return
	}
	out := ""
	if all := outputPaths(cmd); len(all) > 0 {
		out = all[0]
	}
	e.logMu.Lock()
	defer e.logMu.Unlock()
	fmt.Fprintf(e.log, "executed %s bot=%s exit=%d %.2fs %s -> %s\n", d.Hash[:12], e.name, exit, took.Seconds(), cmd.Arguments[0], out)
}

// materialize lays out the Directory tree d under dir. Files are hard links to the
// store's blobs (one copy per mode), so large toolchains cost no copying.
func (e *executor) materialize(d *repb.Digest, dir string) error {
	node := &repb.Directory{}
	if err := e.s.getProto(d, node); err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, f := range node.Files {
		if err := checkName(f.Name); err != nil {
			return err
		}
		if err := e.linkBlob(f.Digest, f.IsExecutable, filepath.Join(dir, f.Name)); err != nil {
			return err
		}
	}
	for _, l := range node.Symlinks {
		if err := checkName(l.Name); err != nil {
			return err
		}
		if filepath.IsAbs(l.Target) {
			return status.Errorf(codes.InvalidArgument, "symlink %s points to the absolute path %s", l.Name, l.Target)
		}
		if err := os.Symlink(l.Target, filepath.Join(dir, l.Name)); err != nil {
			return err
		}
	}
	for _, sub := range node.Directories {
		if err := checkName(sub.Name); err != nil {
			return err
		}
		if err := e.materialize(sub.Digest, filepath.Join(dir, sub.Name)); err != nil {
			return err
		}
	}
	return nil
}

func checkName(name string) error {
	if name == "" || name == "." || name == ".." || strings.Contains(name, "/") {
		return status.Errorf(codes.InvalidArgument, "bad name %q in an input root", name)
	}
	return nil
}

// linkBlob links the blob into place: from cas/ for plain files, from a read-only
// executable twin (x/HASH) for executables.
func (e *executor) linkBlob(d *repb.Digest, executable bool, path string) error {
	if d.GetSizeBytes() == 0 {
		mode := os.FileMode(0o444)
		if executable {
			mode = 0o555
		}
		return os.WriteFile(path, nil, mode)
	}
	src, err := e.s.path(d)
	if err != nil {
		return err
	}
	if _, err := os.Stat(src); err != nil {
		return status.Errorf(codes.NotFound, "blob %s/%d not found", d.Hash, d.SizeBytes)
	}
	mode := os.FileMode(0o444)
	if executable {
		mode = 0o555
		twin := filepath.Join(e.s.dir, "x", d.Hash)
		if _, err := os.Stat(twin); err != nil {
			if err := copyFile(src, twin, mode); err != nil {
				return err
			}
		}
		src = twin
	} else if st, err := os.Stat(src); err == nil && st.Mode().Perm() != mode {
		if err := os.Chmod(src, mode); err != nil {
			return err
		}
	}
	return os.Link(src, path)
}

func copyFile(src, dst string, mode os.FileMode) error {
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	tmp := fmt.Sprintf("%s.tmp%d", dst, os.Getpid())
	if err := os.WriteFile(tmp, data, mode); err != nil {
		return err
	}
	if err := os.Chmod(tmp, mode); err != nil {
		return err
	}
	return os.Rename(tmp, dst)
}

// collect uploads the outputs the command declared and names them in res.
func (e *executor) collect(wd string, cmd *repb.Command, res *repb.ActionResult) error {
	paths := outputPaths(cmd)
	sort.Strings(paths)
	seen := map[string]bool{}
	for _, p := range paths {
		if seen[p] {
			continue
		}
		seen[p] = true
		full := filepath.Join(wd, p)
		st, err := os.Stat(full)
		if err != nil {
			continue // Bazel reports the missing output.
		}
		if st.IsDir() {
			tree, err := e.tree(full)
			if err != nil {
				return err
			}
			td, err := e.s.putProto(tree)
			if err != nil {
				return err
			}
			res.OutputDirectories = append(res.OutputDirectories, &repb.OutputDirectory{Path: p, TreeDigest: td})
			continue
		}
		d, err := e.s.putPath(full)
		if err != nil {
			return err
		}
		res.OutputFiles = append(res.OutputFiles, &repb.OutputFile{Path: p, Digest: d, IsExecutable: st.Mode()&0o111 != 0})
	}
	return nil
}

// tree builds the Tree of an output directory, uploading its files and directories.
func (e *executor) tree(dir string) (*repb.Tree, error) {
	t := &repb.Tree{}
	root, err := e.directory(dir, t)
	if err != nil {
		return nil, err
	}
	t.Root = root
	return t, nil
}

func (e *executor) directory(dir string, t *repb.Tree) (*repb.Directory, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	out := &repb.Directory{}
	for _, ent := range entries { // ReadDir sorts by name, as REAPI requires.
		full := filepath.Join(dir, ent.Name())
		st, err := os.Stat(full)
		if err != nil {
			return nil, err
		}
		if st.IsDir() {
			sub, err := e.directory(full, t)
			if err != nil {
				return nil, err
			}
			d, err := e.s.putProto(sub)
			if err != nil {
				return nil, err
			}
			t.Children = append(t.Children, sub)
			out.Directories = append(out.Directories, &repb.DirectoryNode{Name: ent.Name(), Digest: d})
			continue
		}
		d, err := e.s.putPath(full)
		if err != nil {
			return nil, err
		}
		out.Files = append(out.Files, &repb.FileNode{Name: ent.Name(), Digest: d, IsExecutable: st.Mode()&0o111 != 0})
	}
	return out, nil
}

// outputPaths lists every output the command declares, in REAPI v2.0's fields and v2.1's.
func outputPaths(cmd *repb.Command) []string {
	return append(append(append([]string{}, cmd.OutputFiles...), cmd.OutputDirectories...), cmd.OutputPaths...)
}
