"""Go modules rules_sycl imports, as go_repository rules (written by Gazelle's update-repos)."""

load("@bazel_gazelle//:deps.bzl", "go_repository")

def go_dependencies():
    """Declares the Go modules of go.mod."""
    pass
