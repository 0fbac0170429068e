"""WORKSPACE macros for users of rules_sycl.

    load("@rules_sycl//:repositories.bzl", "rules_sycl_dependencies", "rules_sycl_register_toolchains")
    rules_sycl_dependencies()
    # ... rules_go's and Gazelle's own setup (see the README) ...
    rules_sycl_register_toolchains()
"""

load("@bazel_tools//tools/build_defs/repo:http.bzl", "http_archive")
load("@bazel_tools//tools/build_defs/repo:utils.bzl", "maybe")
load("//:versions.bzl", "GO_MODULES", "MINIMUM_BAZEL_VERSION", "MINIMUM_RULES_GO_VERSION", "WORKSPACE_DEPS", "check_version", "declared_rules_go_version")
load("//toolchain:cc_repository.bzl", "sycl_cc_repository")
load("//toolchain:cuda_repository.bzl", "cuda_repository")
load("//toolchain:dpcpp_repository.bzl", "sycl_dpcpp_repository")
load("//toolchain:go_module.bzl", "go_module")
load("//toolchain:llvm_repository.bzl", "sycl_llvm_repository")
load("//toolchain:onemkl_repository.bzl", "onemkl_repository")
load("//toolchain:ur_cuda_repository.bzl", "ur_cuda_repository")

def rules_sycl_dependencies():
    """Declares every repository rules_sycl needs, unless the workspace already has it.

    rules_go, Gazelle and skylib (the versions of versions.bzl), the Go modules of the
    sycl-device tool (as rules_sycl_* repositories: they never clash with your own
    go_repository rules), @sycl_llvm, the host's clang/LLVM 22, and @sycl_cc, the
    hermetic C++ toolchain of that clang (laid out only when registered:
    rules_sycl_register_cc_toolchain), and @sycl_dpcpp, Intel's DPC++ runtime and DPC++'s
    device front end, from SYCL_DPCPP_ROOT or ONEAPI_ROOT, else downloaded as Intel's PyPI
    wheels pinned in versions.bzl (declare it yourself first to give a path), and @onemkl,
    oneMKL's SYCL API from Intel's wheels (downloaded only when a target depends on
    @onemkl//:onemkl), and @sycl_cuda and @sycl_ur_cuda, NVIDIA's libdevice, ptxas and
    driver headers from NVIDIA's wheels and Unified Runtime's CUDA adapter built from
    source (downloaded only when a build has an NVIDIA target). Fails with one line
    on a Bazel older than versions.bzl's MINIMUM_BAZEL_VERSION, or when the workspace's own
    io_bazel_rules_go (declared before this call) is a release older than
    MINIMUM_RULES_GO_VERSION.
    """
    err = check_version("Bazel", getattr(native, "bazel_version", ""), MINIMUM_BAZEL_VERSION)
    if not err:
        rules_go = declared_rules_go_version(native.existing_rule("io_bazel_rules_go"))
        err = check_version("rules_go", rules_go, MINIMUM_RULES_GO_VERSION)
    if err:
        fail(err)
    for name, d in WORKSPACE_DEPS.items():
        url = d["url"]
        maybe(
            http_archive,
            name = name,
            sha256 = d["sha256"],
            urls = [url, "https://mirror.bazel.build/" + url.split("://", 1)[1]],
        )
    for name, m in GO_MODULES.items():
        maybe(
            go_module,
            name = name,
            module = m["module"],
            version = m["version"],
            sha256 = m["sha256"],
            library = m["library"],
            exclude = m.get("exclude", []),
        )
    maybe(
        sycl_llvm_repository,
        name = "sycl_llvm",
    )
    maybe(
        sycl_cc_repository,
        name = "sycl_cc",
    )
    maybe(
        sycl_dpcpp_repository,
        name = "sycl_dpcpp",
        wheels = True,
    )
    maybe(
        onemkl_repository,
        name = "onemkl",
    )
    maybe(
        cuda_repository,
        name = "sycl_cuda",
    )
    maybe(
        ur_cuda_repository,
        name = "sycl_ur_cuda",
    )

# buildifier: disable=unnamed-macro
def rules_sycl_register_toolchains():
    """Registers the SYCL compiler toolchains and the built-in device targets.

    A DPC++ compiler that @sycl_dpcpp found (oneAPI's icpx, or intel/llvm's clang++) is
    registered first, so that it compiles SYCL code; upstream clang 22 otherwise.

    Register your own sycl_device() toolchains before calling this (or pass them with
    --extra_toolchains): the fallback device toolchain registered here matches any name.
    """
    native.register_toolchains(
        # First: a DPC++ compiler, when @sycl_dpcpp found one (none: nothing registered).
        "@sycl_dpcpp//:all",
        str(Label("//toolchain:all")),
        str(Label("//toolchain/devices:all")),
        # Last: the fallback device toolchain, which matches any name.
        str(Label("//toolchain/fallback:unknown_toolchain")),
    )

# buildifier: disable=unnamed-macro
def rules_sycl_register_cc_toolchain():
    """Registers @sycl_cc, the hermetic C++ toolchain (clang/lld 22 and a sysroot).

    C++ compiles and links, SYCL host compiles among them, then read nothing from the
    host's /usr: what remote execution needs (docs/REMOTE.md). Bazel 7 and later select
    C++ toolchains this way by default; before 7 also pass
    --incompatible_enable_cc_toolchain_resolution.
    """
    native.register_toolchains("@sycl_cc//:all")
