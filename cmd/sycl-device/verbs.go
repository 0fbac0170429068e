package main

import (
	"github.com/rules-sycl/rules_sycl/internal/cli"
	"github.com/rules-sycl/rules_sycl/internal/verbs"
)

// registerVerbs adds every verb of the tool (the command layer, internal/verbs).
func registerVerbs(t *cli.Tool) {
	t.Register(verbs.All()...)
}
