package main

import (
	"github.com/rules-sycl/rules_sycl/internal/aot"
	"github.com/rules-sycl/rules_sycl/internal/cli"
	"github.com/rules-sycl/rules_sycl/internal/devverbs"
	"github.com/rules-sycl/rules_sycl/internal/propagate/propagatecmd"
	"github.com/rules-sycl/rules_sycl/internal/report"
	"github.com/rules-sycl/rules_sycl/internal/split"
	"github.com/rules-sycl/rules_sycl/internal/wrap"
)

// registerVerbs adds every verb of the tool. Each verb lives in its own internal package.
func registerVerbs(t *cli.Tool) {
	t.Register(propagatecmd.Verb(), split.PostLinkVerb(), split.SplitVerb(),
		devverbs.FilterVerb(), devverbs.DevicesVerb(), devverbs.TraitsVerb(), devverbs.InspectVerb(),
		wrap.Verb(), aot.Verb(), report.Verb())
}
