module github.com/rules-sycl/rules_sycl

go 1.19

require (
	github.com/ianlancetaylor/demangle v0.0.0-20260724033716-83e58baca724 // indirect
	gopkg.in/yaml.v3 v3.0.1 // indirect
)
