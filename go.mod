module github.com/rules-sycl/rules_sycl

go 1.19

require (
	github.com/ianlancetaylor/demangle v0.0.0-20260724033716-83e58baca724
	go.starlark.net v0.0.0-20231101134539-556fd59b42f6
	gopkg.in/yaml.v3 v3.0.1
)

require golang.org/x/sys v0.0.0-20220715151400-c0bba94af5f8 // indirect
