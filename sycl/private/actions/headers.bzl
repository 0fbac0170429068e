"""Header symlinks: strip_include_prefix and include_prefix as cc_library has them."""

load("@bazel_skylib//lib:paths.bzl", "paths")

def _repo_relative(f):
    """The path of a source or generated File relative to its repository's root."""
    p = f.short_path
    return p.split("/", 2)[2] if p.startswith("../") else p

def virtual_includes(ctx):
    """strip_include_prefix and include_prefix: the headers under their include paths.

    As cc_library does: each header of hdrs is symlinked to
    _virtual_includes/<name>/<include_prefix>/<path without strip_include_prefix>, and
    that directory is searched by this target's compiles and its dependents'.

    Args:
      ctx: the rule context.

    Returns:
      (list of File, string or None): the symlinks and the directory to search.
    """
    strip = getattr(ctx.attr, "strip_include_prefix", "")
    prefix = getattr(ctx.attr, "include_prefix", "")
    if not strip and not prefix:
        return [], None
    if strip.startswith("/"):
        strip = strip[1:]
    else:
        strip = paths.join(ctx.label.package, strip) if strip else ctx.label.package
    strip = paths.normalize(strip) if strip else ""
    if prefix.startswith("/") or ".." in prefix.split("/"):
        fail("include_prefix %r must be a relative path without '..'" % prefix)
    links, rest = [], ""
    base = "_virtual_includes/%s" % ctx.label.name
    for h in ctx.files.hdrs:
        rel = _repo_relative(h)
        if strip and strip != "." and not rel.startswith(strip + "/"):
            fail("header %s is not under strip_include_prefix %s" % (rel, strip))
        rest = rel[len(strip) + 1:] if strip and strip != "." else rel
        link = ctx.actions.declare_file(paths.join(base, prefix, rest))
        ctx.actions.symlink(output = link, target_file = h)
        links.append(link)
    if not links:
        return [], None
    virtual = paths.join(prefix, rest) if prefix else rest
    return links, links[-1].path[:-len(virtual) - 1]
