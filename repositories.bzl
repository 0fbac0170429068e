"""WORKSPACE macros for users of rules_sycl.

    load("@rules_sycl//:repositories.bzl", "rules_sycl_dependencies", "rules_sycl_register_toolchains")
    rules_sycl_dependencies()
    rules_sycl_register_toolchains()

rules_go and Gazelle still need their own setup calls (go_rules_dependencies(),
go_register_toolchains(), gazelle_dependencies()) after these, as in any rules_go
workspace; see the README.
"""

load("@bazel_tools//tools/build_defs/repo:http.bzl", "http_archive")
load("@bazel_tools//tools/build_defs/repo:utils.bzl", "maybe")
load("//toolchain:llvm_repository.bzl", "sycl_llvm_repository")

def rules_sycl_dependencies():
    """Declares the repositories rules_sycl needs, unless the workspace already has them."""
    maybe(
        http_archive,
        name = "io_bazel_rules_go",
        sha256 = "16e9fca53ed6bd4ff4ad76facc9b7b651a89db1689a2877d6fd7b82aa824e366",
        urls = ["https://github.com/bazelbuild/rules_go/releases/download/v0.34.0/rules_go-v0.34.0.zip"],
    )
    maybe(
        http_archive,
        name = "bazel_gazelle",
        sha256 = "5982e5463f171da99e3bdaeff8c0f48283a7a5f396ec5282910b9e8a49c0dd7e",
        urls = ["https://github.com/bazelbuild/bazel-gazelle/releases/download/v0.25.0/bazel-gazelle-v0.25.0.tar.gz"],
    )
    maybe(
        http_archive,
        name = "bazel_skylib",
        sha256 = "1c531376ac7e5a180e0237938a2536de0c54d93f5c278634818e0efc952dd56c",
        urls = ["https://github.com/bazelbuild/bazel-skylib/releases/download/1.0.3/bazel-skylib-1.0.3.tar.gz"],
    )
    maybe(
        sycl_llvm_repository,
        name = "sycl_llvm",
    )

# buildifier: disable=unnamed-macro
def rules_sycl_register_toolchains():
    """Registers the SYCL compiler toolchains and the built-in device targets.

    Register your own sycl_device() toolchains before calling this (or pass them with
    --extra_toolchains): the fallback device toolchain registered here matches any name.
    """
    native.register_toolchains(
        str(Label("//toolchain:all")),
        # Built-in device targets; the fallback (zz_unknown_toolchain) sorts last.
        str(Label("//toolchain/devices:all")),
    )
