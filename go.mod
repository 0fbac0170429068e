module github.com/rules-sycl/rules_sycl

go 1.19

require (
	github.com/bazelbuild/bazel-gazelle v0.25.0
	github.com/ianlancetaylor/demangle v0.0.0-20260724033716-83e58baca724
	go.starlark.net v0.0.0-20231101134539-556fd59b42f6
	gopkg.in/yaml.v3 v3.0.1
)

require (
	github.com/bazelbuild/buildtools v0.0.0-20220323134444-a9f46b2bb3de // indirect
	github.com/google/go-cmp v0.5.7 // indirect
	golang.org/x/sys v0.0.0-20220715151400-c0bba94af5f8 // indirect
	golang.org/x/tools v0.1.10 // indirect
)
