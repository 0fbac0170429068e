"""SyclWrap and SyclWrapCompile: the device images as a C descriptor, compiled."""

load("//sycl/private:common.bzl", "scratch_path")
load("//sycl/private:steps.bzl", "step")

def wrap(ctx, steps, tc, tables, runtime, checked = None, executable = True):
    """Writes DPC++'s descriptor of the images into a C source and compiles it.

    Args:
      ctx: the rule context.
      steps: the step list to append to.
      tc: the SyclToolchainInfo.
      tables: list of (target, format, images directory File).
      runtime: the program's SyclRuntimeInfo (the image layout and aspect numbering it reads).
      checked: a File the wrapper waits for (the coverage check's output), or None.
      executable: the wrapper is an executable's: it sets the runtime's environment
        (SyclRuntimeInfo.run_env) before main.

    Returns:
      (wrapper.c File, wrapper.o File).
    """
    wrap_c = ctx.actions.declare_file(scratch_path(ctx, "wrapper.c"))
    steps.append(step(
        tc.sycl_device,
        ["wrap", "--id=" + str(ctx.label), "--image-version=%d" % runtime.image_version] +
        (["--aspect-numbering=" + runtime.aspect_numbering] if runtime.aspect_numbering else []) +
        # Only the test runtime reads rsycl/device_if; libsycl takes the first image its
        # device meets the requirements of.
        (["--device-if-as-requirements"] if runtime.kind != "rsycl" else []) + ["--incbin", "-o", wrap_c.path] +
        (runtime.run_env if executable else []) +
        ["--table=%s:%s:%s/files.table" % (t, f, d.path) for t, f, d in tables],
        depset([d for _, _, d in tables] + ([checked] if checked else [])),
        [wrap_c],
        "SyclWrap",
        "Wrapping the device images of %s for %s (%d image tables)" % (ctx.label, runtime.description, len(tables)),
        sycl_device = True,
    ))
    wrap_o = ctx.actions.declare_file(scratch_path(ctx, "wrapper.o"))

    # The source includes the images with the assembler's .incbin, by their paths in the
    # execution root: they are inputs of the compile, which costs the same whatever their
    # size.
    steps.append(step(
        tc.clang,
        ["-x", "c", "-c", "-O1", "-fPIC", wrap_c.path, "-o", wrap_o.path],
        depset([wrap_c] + [d for _, _, d in tables], transitive = [tc.compile_files]),
        [wrap_o],
        "SyclWrapCompile",
        "Compiling the device image wrapper of %s" % ctx.label,
    ))
    return wrap_c, wrap_o
