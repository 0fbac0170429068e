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
