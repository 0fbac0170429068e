// Package verbs is the command layer of sycl-device: every verb's flags, usage and Run,
// one file per verb (as rules_go's go/tools/builders holds every builder command). The
// verbs parse their command lines, read their inputs through cli.Env and call the step
// packages (split, filter, imagecompile, wrap, report) and the libraries (aspectprop,
// devconfig, gen, ...), which parse no flags themselves. cmd/sycl-device registers All.
package verbs

import (
	"io"

	"github.com/rules-sycl/rules_sycl/internal/cli"
	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/mapfile"
	"github.com/rules-sycl/rules_sycl/internal/modfile"
)

// All returns every verb of the tool, in the order its help lists them.
func All() []*cli.Verb {
	return []*cli.Verb{Propagate(), PostLink(), Split(), AspectFilter(), Devices(), Traits(), Inspect(), Wrap(), AOT(), Report(), PCHCheck(), CheckedCompile()}
}

// readInput reads the input module ("-" or none: the environment's standard input); the
// bytes are good until the file is closed.
func readInput(env *cli.Env, args []string) (string, *mapfile.File, error) {
	if len(args) > 1 {
		return "", nil, diag.Usagef("want one input file, got %d", len(args))
	}
	if len(args) == 0 || args[0] == "-" {
		if !env.HasStdin() {
			return "", nil, diag.Usagef("no input file: standard input is not available to a persistent worker's request")
		}
		data, err := io.ReadAll(env.In())
		if err != nil {
			return "", nil, diag.Errorf("<stdin>", 0, "cannot read: %v", err)
		}
		return "<stdin>", &mapfile.File{Data: data}, nil
	}
	f, err := mapfile.Read(args[0])
	if err != nil {
		return "", nil, diag.Errorf(args[0], 0, "cannot read: %v", err)
	}
	return args[0], f, nil
}

// parseModule reads and parses the input module; Close gives it back.
func parseModule(env *cli.Env, args []string) (*modfile.Input, error) {
	name, f, err := readInput(env, args)
	if err != nil {
		return nil, err
	}
	return modfile.Parse(name, f)
}
