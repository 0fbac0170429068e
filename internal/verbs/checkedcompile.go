package verbs

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/rules-sycl/rules_sycl/internal/cli"
	"github.com/rules-sycl/rules_sycl/internal/depcheck"
	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/mapfile"
)

// CheckedCompile is `sycl-device checked-compile`: a clang-compatible compile whose
// every read file must be a declared input of the action.
func CheckedCompile() *cli.Verb {
	var declared, source, what string
	var builtin cli.Multi
	return &cli.Verb{
		Name:    "checked-compile",
		Summary: "run a clang-like compile (-MD) and fail it when it read a file that is not a declared input",
		Usage:   "checked-compile --declared-inputs=LIST --source=SRC [--builtin-include-dir=DIR]... [--what=device|host] -- COMPILER ARG...",
		Flags: func(fs *flag.FlagSet) {
			fs.StringVar(&declared, "declared-inputs", "", "a file of the action's inputs, one path per line")
			fs.StringVar(&source, "source", "", "the source file compiled (the messages name it)")
			fs.Var(&builtin, "builtin-include-dir", "a directory whose files the compile may read undeclared: the C++ toolchain's built-in include directories (repeatable)")
			fs.StringVar(&what, "what", "device", "which compile it is, for the messages: device or host")
		},
		Run: func(env *cli.Env, fs *flag.FlagSet, args []string) error {
			if declared == "" || source == "" || len(args) == 0 {
				return diag.Usagef("checked-compile: need --declared-inputs, --source and a compile command after --")
			}
			if what != "device" && what != "host" {
				return diag.Usagef("checked-compile: --what is device or host, not %q", what)
			}
			set, err := depcheck.ReadDeclared(declared)
			if err != nil {
				return err
			}
			deps, err := os.CreateTemp("", "sycl-checked-compile-*.d")
			if err != nil {
				return err
			}
			deps.Close()
			defer os.Remove(deps.Name())
			stdout, stderr, runErr := env.Run(nil, args[0], append(append([]string(nil), args[1:]...), "-MD", "-MF", deps.Name())...)
			env.Stdout.Write(stdout)
			env.Stderr.Write(stderr)
			if runErr != nil {
				return fmt.Errorf("%s: the %s compile failed (%s: %v)", source, what, args[0], runErr)
			}
			text, err := mapfile.ReadRegular(deps.Name(), depcheck.MaxList)
			if err != nil {
				return fmt.Errorf("%s: the compiler wrote no dependency list: %v", source, err)
			}
			read := depcheck.ParseMake(string(text))
			c := &depcheck.Checker{Declared: set, BuiltinDirs: builtin}
			bad := c.Undeclared(read)
			if len(bad) > 0 {
				// The compiler's own headers (clang's resource directory, where it finds
				// it: through a symbolic link, the host's) are the compiler's, as its
				// binary is; asked only when something else did not pass.
				if out, _, err := env.Run(nil, args[0], "-print-resource-dir"); err == nil {
					if dir := strings.TrimSpace(string(out)); dir != "" {
						c.BuiltinDirs = append(c.BuiltinDirs, dir)
						bad = c.Undeclared(read)
					}
				}
			}
			if len(bad) == 0 {
				return nil
			}
			const shown = 10
			var b strings.Builder
			for i, u := range bad {
				if i == shown {
					fmt.Fprintf(&b, "%s: error: and %d more undeclared inclusions\n", source, len(bad)-shown)
					break
				}
				fmt.Fprintf(&b, "%s: error: undeclared inclusion in the %s compile: %s\n", source, what, u)
			}
			env.Stderr.Write([]byte(b.String()))
			return fmt.Errorf("%s: the %s compile read files that are not inputs of this action: the build would not compile it again when they change", source, what)
		},
	}
}
