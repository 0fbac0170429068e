"""SyclDeviceCompile and SyclHostCompile steps of the SYCL toolchain's clang, checked."""

load("//sycl/private:common.bzl", "scratch_path", "source_language")
load("//sycl/private:steps.bzl", "step")

def tu_stem(ctx, src):
    """The output stem of a TU's compiles: its path, flattened, under the scratch directory."""
    return scratch_path(ctx, src.short_path.replace("/", "_").rsplit(".", 1)[0])

def checked_compile(tc, cc_toolchain, src, what, argv, inputs, outputs, mnemonic, message):
    """A step of a compile by tc.clang, through `sycl-device checked-compile`.

    The compile writes its dependency file (-MD), and every file it read must be one of
    inputs or under the C++ toolchain's built-in include directories: an absolute
    #include or a header no rule declares fails the action, naming the file, as Bazel's
    C++ rules fail an undeclared inclusion (otherwise its edits would not make the
    compile run again).

    Args:
      tc: the SyclToolchainInfo (clang, sycl_device).
      cc_toolchain: the C++ toolchain.
      src: the source File (the messages name it).
      what: "device" or "host".
      argv: clang's arguments.
      inputs: depset of what the compile reads.
      outputs: list of File.
      mnemonic: the action mnemonic.
      message: the progress message.

    Returns:
      struct: the step.
    """
    builtin = ["--builtin-include-dir=" + d for d in cc_toolchain.built_in_include_directories]
    return step(
        tc.sycl_device,
        ["checked-compile", "--source=" + src.path, "--what=" + what] + builtin + ["--", tc.clang] + argv,
        depset([tc.clang], transitive = [inputs]),
        outputs,
        mnemonic,
        message,
        list_inputs = "--declared-inputs=%s",
        list_inputs_after = 1,
    )

def tu_compile(ctx, steps, common, src, mode_flags, ext, mnemonic, what):
    """A checked compile of one of the target's own sources (its flags, its inputs).

    Returns the output File (the source's stem + ext).
    """
    out = ctx.actions.declare_file(tu_stem(ctx, src) + ext)
    steps.append(checked_compile(
        common.tc,
        common.cc_toolchain,
        src,
        what,
        mode_flags + list(common.flags) + source_language(src) + [src, "-o", out],
        depset([src], transitive = [common.compile_inputs]),
        [out],
        mnemonic,
        "Compiling SYCL %s code %s" % (what, src.short_path),
    ))
    return out

def target_compile(ctx, steps, tc, tu, index, subdir, args, what, cc_toolchain):
    """SyclDeviceCompile of one TU again for one device-IR key, by the toolchain's clang.

    Args:
      ctx: the rule context.
      steps: the step list to append to.
      tc: the SyclToolchainInfo.
      tu: struct(src, flags, inputs) from SyclInfo.tus.
      index: the TU's position (keeps output names unique).
      subdir: the output directory under the rule's scratch directory (the target's name).
      args: the driver arguments before the TU's flags.
      what: the target, for the progress message.
      cc_toolchain: the C++ toolchain (its built-in include directories).

    Returns:
      The device IR File.
    """
    ll = ctx.actions.declare_file(scratch_path(ctx, "%s/%d_%s.dev.ll" % (subdir, index, tu.src.basename.rsplit(".", 1)[0])))
    steps.append(checked_compile(
        tc,
        cc_toolchain,
        tu.src,
        "device",
        args + list(tu.flags) + source_language(tu.src) + [tu.src, "-o", ll],
        depset([tu.src], transitive = [tu.inputs, tc.compile_files]),
        [ll],
        "SyclDeviceCompile",
        "Compiling SYCL device code %s for %s" % (tu.src.short_path, what),
    ))
    return ll
