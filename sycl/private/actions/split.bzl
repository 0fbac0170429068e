"""SyclSplit: `sycl-device split` of one propagated module into shard directories."""

load("//sycl/private:common.bzl", "scratch_path")
load("//sycl/private:steps.bzl", "step")

def split(ctx, steps, tool, prop, chain, mode, shards, program_metadata = False, image_dependencies = False, virtual_function_sets = False):
    """Splits a module by mode and device requirements into shards.

    Args:
      ctx: the rule context.
      steps: the step list to append to.
      tool: the sycl-device executable (SyclToolchainInfo.sycl_device).
      prop: the propagated IR File.
      chain: the chain name (output stem, progress message).
      mode: the device_code_split value (auto, per_kernel, per_source, off; the tool
        takes these spellings).
      shards: the number of shards.
      program_metadata: write [SYCL/program metadata] (each kernel's required work-group
        and sub-group sizes), as DPC++'s driver asks for NVPTX and AMDGCN targets.
      image_dependencies: let images call SYCL_EXTERNAL functions other images define
        (a sycl_shared_library's, or a program's that uses one): they are entry points,
        exported and imported by name, and the runtime links the images.
      virtual_function_sets: split virtual functions as DPC++'s JIT flow does (images of
        their own per set, which libsycl links at run time); else they stay in the
        images of the kernels that reach them, as DPC++'s AOT flow does.

    Returns:
      list of directory Files, one per shard, each with a files.table.
    """
    dirs = [ctx.actions.declare_directory(scratch_path(ctx, "%s.shard_%d" % (chain, s))) for s in range(shards)]

    # Only kernels are entry points (DPC++'s driver asks sycl-post-link for
    # -emit-only-kernels-as-entry-points): a SYCL_EXTERNAL function is no kernel. With
    # device image dependencies, SYCL_EXTERNAL functions are entry points that other
    # images import.
    if image_dependencies:
        argv = ["split", "-split=" + mode, "-allow-device-image-dependencies", "-emit-exported-symbols", "-emit-imported-symbols"]
    else:
        argv = ["split", "-split=" + mode, "-emit-only-kernels-as-entry-points"]
    argv += ["-emit-program-metadata"] if program_metadata else []
    argv += ["-virtual-function-sets"] if virtual_function_sets else []
    argv += ["--shard-dir=" + d.path for d in dirs] + [prop.path]
    steps.append(step(
        tool,
        argv,
        depset([prop]),
        dirs,
        "SyclSplit",
        "Splitting device code of %s into %d shards (%s)" % (ctx.label, shards, chain),
        sycl_device = True,
    ))
    return dirs
