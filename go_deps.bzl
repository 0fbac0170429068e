"""Go modules rules_sycl imports, as go_repository rules (kept by Gazelle's update-repos)."""

load("@bazel_gazelle//:deps.bzl", "go_repository")

def go_dependencies():
    """Declares the Go modules of go.mod."""
    go_repository(
        name = "com_github_ianlancetaylor_demangle",
        importpath = "github.com/ianlancetaylor/demangle",
        sum = "h1:QixF8Mcbe87ET7pK/fPbBJ9GXFddmEY8yYMepzMzo30=",
        version = "v0.0.0-20260724033716-83e58baca724",
    )
    go_repository(
        name = "in_gopkg_check_v1",
        importpath = "gopkg.in/check.v1",
        sum = "h1:yhCVgyC4o1eVCa2tZl7eS0r+SDo693bJlVdllGtEeKM=",
        version = "v0.0.0-20161208181325-20d25e280405",
    )
    go_repository(
        name = "in_gopkg_yaml_v3",
        importpath = "gopkg.in/yaml.v3",
        sum = "h1:fxVm/GzAzEWqLHuvctI91KS9hhNmmWOoWu0XTYJS7CA=",
        version = "v3.0.1",
    )
    go_repository(
        name = "net_starlark_go",
        importpath = "go.starlark.net",
        sum = "h1:+eC0F/k4aBLC4szgOcjd7bDTEnpxADJyWJE0yowgM3E=",
        version = "v0.0.0-20231101134539-556fd59b42f6",
    )
