// Package modfile opens the input module of a verb that holds one large parsed module
// while it works (propagate, post-link, split), in one way for all of them: the file is
// mapped, not read onto the heap (internal/mapfile); a ballast of the input's size paces
// the collector as if it were (internal/memlimit); and the parse lets go of the pages it
// has passed (llvmir.ParseOptions.Drop).
package modfile

import (
	"io"

	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/llvmir"
	"github.com/rules-sycl/rules_sycl/internal/mapfile"
	"github.com/rules-sycl/rules_sycl/internal/memlimit"
)

// Input is a parsed input module and the file it was read from. The module's text
// (Module.Src) is the file's bytes: good until Close.
type Input struct {
	Module  *llvmir.Module
	file    *mapfile.File
	release func()
}

// Open reads the module at path and parses it; an error names the file.
func Open(path string) (*Input, error) {
	f, err := mapfile.Read(path)
	if err != nil {
		return nil, diag.Errorf(path, 0, "cannot read: %v", err)
	}
	return Parse(path, f)
}

// Parse parses f's contents as the module named name (for messages). The Input owns f
// from then on, also when parsing fails (f is closed then).
func Parse(name string, f *mapfile.File) (*Input, error) {
	in := &Input{file: f, release: func() {}}
	if f.Mapped() {
		in.release = memlimit.Ballast(len(f.Data))
	}
	if err := llvmir.NotBitcode(name, f.Data); err != nil {
		in.Close()
		return nil, err
	}
	m, err := llvmir.ParseWith(name, f.Data, llvmir.ParseOptions{Drop: f.Drop})
	if err != nil {
		in.Close()
		return nil, err
	}
	in.Module = m
	return in, nil
}

// Text reads the module's text without going through the mapping (nil when the input
// is on the heap, where Module.Src is as good): for readers that visit the text out of
// order, see mapfile.File.ReadAt.
func (in *Input) Text() io.ReaderAt {
	if !in.file.Mapped() {
		return nil
	}
	return in.file
}

// Close gives the file and the ballast back; the module's text must not be used after
// it. Closing twice is harmless.
func (in *Input) Close() {
	in.release()
	in.file.Close()
}
