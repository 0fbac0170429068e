"""go_module: one single-package Go module from the Go module proxy, with its go_library.

The sycl-device tool imports two small modules. Declaring them this way (not with
Gazelle's go_repository) lets rules_sycl_dependencies() declare them before Gazelle is
loaded, under names of their own (rules_sycl_*) that never clash with a workspace's own
go_repository of the same modules.
"""

def _escape(path):
    # The module proxy protocol's case encoding: an upper-case letter becomes !lower.
    out = ""
    for c in path.elems():
        out += "!" + c.lower() if c.isupper() else c
    return out

def _proxy(ctx):
    for p in ctx.os.environ.get("GOPROXY", "https://proxy.golang.org").split(","):
        p = p.strip()
        if p and p not in ("direct", "off"):
            return p.rstrip("/")
    return "https://proxy.golang.org"

def _go_module_impl(ctx):
    url = "%s/%s/@v/%s.zip" % (_proxy(ctx), _escape(ctx.attr.module), ctx.attr.version)
    ctx.download_and_extract(
        url = url,
        sha256 = ctx.attr.sha256,
        stripPrefix = "%s@%s" % (ctx.attr.module, ctx.attr.version),
        type = "zip",
    )
    ctx.file("WORKSPACE", 'workspace(name = "%s")\n' % ctx.name)
    ctx.file("BUILD.bazel", """load("@io_bazel_rules_go//go:def.bzl", "go_library")

go_library(
    name = "{library}",
    srcs = glob(["*.go"], exclude = ["*_test.go"] + {exclude}),
    importpath = "{module}",
    visibility = ["//visibility:public"],
)
""".format(library = ctx.attr.library, module = ctx.attr.module, exclude = repr(ctx.attr.exclude)))

go_module = repository_rule(
    implementation = _go_module_impl,
    doc = "A single-package Go module from $GOPROXY (default proxy.golang.org; file:// works offline).",
    attrs = {
        "module": attr.string(mandatory = True, doc = "The module path."),
        "version": attr.string(mandatory = True, doc = "The module version."),
        "sha256": attr.string(mandatory = True, doc = "SHA-256 of the module zip."),
        "library": attr.string(mandatory = True, doc = "Name of the go_library target."),
        "exclude": attr.string_list(doc = "Go files to leave out (tools with build tags)."),
    },
    environ = ["GOPROXY"],
)
