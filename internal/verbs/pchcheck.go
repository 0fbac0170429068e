package verbs

import (
	"flag"
	"strings"

	"github.com/rules-sycl/rules_sycl/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/internal/cli"
	"github.com/rules-sycl/rules_sycl/internal/diag"
	"github.com/rules-sycl/rules_sycl/internal/pchcheck"
)

// PCHCheck is `sycl-device pch-check`.
func PCHCheck() *cli.Verb {
	var quote, dirs, system cli.Multi
	var out string
	return &cli.Verb{
		Name:    "pch-check",
		Summary: "check that TUs may use a precompiled <sycl/sycl.hpp> (nothing before their include of it that it could see)",
		Usage:   "pch-check -o STAMP [--iquote DIR]... [-I DIR]... [--isystem DIR]... SOURCE...",
		Flags: func(fs *flag.FlagSet) {
			fs.Var(&quote, "iquote", "a directory searched for \"x\" includes (repeatable)")
			fs.Var(&dirs, "I", "a directory searched for \"x\" and <x> includes (repeatable)")
			fs.Var(&system, "isystem", "a directory searched after -I (repeatable)")
			fs.StringVar(&out, "o", "", "the stamp written when every SOURCE passes (it lists them)")
		},
		Run: func(env *cli.Env, fs *flag.FlagSet, args []string) error {
			if out == "" || len(args) == 0 {
				return diag.Usagef("pch-check: need -o STAMP and at least one SOURCE")
			}
			o := pchcheck.Options{QuoteDirs: quote, Dirs: dirs, SystemDirs: system}
			var b strings.Builder
			for _, src := range args {
				if err := pchcheck.Check(src, o); err != nil {
					return err
				}
				b.WriteString(src + ": may use the precompiled <" + pchcheck.Header + ">\n")
			}
			return atomicfile.WriteFile(out, []byte(b.String()), 0o644)
		},
	}
}
