"""Go modules only rules_sycl's own tests import, as go_repository rules.

The modules the sycl-device tool itself needs are declared by rules_sycl_dependencies()
(versions.bzl's GO_MODULES), for users and for this workspace alike.
"""

load("@bazel_gazelle//:deps.bzl", "go_repository")

def go_dependencies():
    """Declares the test-only Go modules of go.mod."""
    go_repository(
        name = "in_gopkg_check_v1",
        importpath = "gopkg.in/check.v1",
        sum = "h1:yhCVgyC4o1eVCa2tZl7eS0r+SDo693bJlVdllGtEeKM=",
        version = "v0.0.0-20161208181325-20d25e280405",
    )
    go_repository(
        name = "net_starlark_go",
        importpath = "go.starlark.net",
        sum = "h1:+eC0F/k4aBLC4szgOcjd7bDTEnpxADJyWJE0yowgM3E=",
        version = "v0.0.0-20231101134539-556fd59b42f6",
    )
