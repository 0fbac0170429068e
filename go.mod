module github.com/rules-sycl/rules_sycl

go 1.19
