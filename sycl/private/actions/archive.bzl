"""SyclArchive: the host objects of a library as a static archive."""

def archive(ctx, tc, cc_toolchain, objects):
    """SyclArchive: the host objects of a library as a static archive.

    Args:
      ctx: the rule context.
      tc: the SyclToolchainInfo (its llvm-ar, else the C++ toolchain's ar).
      cc_toolchain: the CcToolchainInfo.
      objects: the object Files.

    Returns:
      The archive File (lib<name>.a).
    """
    out = ctx.actions.declare_file("lib%s.a" % ctx.label.name)
    args = ctx.actions.args()
    args.add("rcsD", out)
    args.add_all(objects)
    ctx.actions.run(
        executable = tc.llvm_ar if tc.llvm_ar else cc_toolchain.ar_executable,
        arguments = [args],
        inputs = depset(objects, transitive = [tc.tool_files if tc.llvm_ar else cc_toolchain.all_files]),
        outputs = [out],
        mnemonic = "SyclArchive",
        env = tc.env if tc.llvm_ar else {},
        progress_message = "Archiving SYCL host objects of %s" % ctx.label,
    )
    return out
