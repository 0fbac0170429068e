"""sycl_binary and sycl_test: the device pipeline per target, wrapped into the host program."""

load("@bazel_skylib//rules:common_settings.bzl", "BuildSettingInfo")
load("//sycl/private:actions/aot.bzl", "filter_and_aot", "wrap_kind")
load("//sycl/private:actions/report.bzl", "compatibility_report", "coverage_check")
load("//sycl/private:actions/split.bzl", "split")
load("//sycl/private:actions/wrap.bzl", "wrap")
load("//sycl/private:common.bzl", "COMPILE_ATTRS", "CPP_TOOLCHAIN", "program_runtime", "scratch_path", "uses_openmp")
load("//sycl/private:device_config.bzl", "DEVICE_ATTRS", "device_family", "device_ir_key", "resolved_devices", "tool_target_name")
load("//sycl/private:front_ends.bzl", "before_split", "compile_sources", "front_end", "link_chains", "sycl_common", "target_compiles")
load("//sycl/private:providers.bzl", "SyclInfo", "SyclRuntimeInfo")
load("//sycl/private:steps.bzl", "register_steps")
load("//sycl/private:toolchain.bzl", "TOOLCHAIN_TYPE")
load("//toolchain:devices.bzl", "FAMILIES", "FRONT_ENDS")

def _flag(ctx, attr_value, flag):
    return attr_value or getattr(ctx.attr, flag)[BuildSettingInfo].value

def _irs_by_key(ctx, steps, common, fe, devices, device_ir, tus):
    """Device IR per device-IR key: spir64 from the compiles, the others compiled again per key."""
    irs = {"spir": device_ir}
    for name, d in devices:
        key = device_ir_key(d, fe.name)
        if key in irs:
            continue
        for tu in tus:
            if not tu.src:
                fail("target %s needs a device compile of its own (%s), and %s imports spir64 device IR only; build it for spir64 targets, or import the TU's device IR for %s too" % (name, key, tu.imported, name))
        irs[key] = target_compiles(ctx, steps, common, fe, d, tus)
    return irs

def check_front_ends(ctx, own, devices, deps):
    """Fails at analysis for a target or library the program's front end cannot serve.

    Which front ends serve a device family is the family's record (FAMILIES'
    front_ends): DPC++'s front end from the runtime wheel writes SPIR code only.

    Device IR of DPC++'s front end and of upstream clang's (the rsycl API) cannot be
    linked into one program, and which one compiles a library follows its runtime.

    Args:
      ctx: the rule context.
      own: the program's front end (front_end_name).
      devices: [(name, SyclDeviceConfigInfo)] from resolved_devices.
      deps: the deps' SyclInfo providers.
    """
    for name, d in devices:
        if own not in device_family(d)["front_ends"]:
            fail("target %s (%s) cannot be served by %s" % (name, d.triple, FRONT_ENDS[own]["refusal"]), attr = "targets")
    for d in deps:
        for fe in d.front_ends.to_list():
            if fe.front_end != own:
                fail(("%s's device code was compiled by the %s front end, and %s's by the %s front end: they cannot be linked. " +
                      "Give both the same runtime (the runtime attribute of sycl_library and sycl_binary, or --@rules_sycl//sycl:runtime): " +
                      "@sycl_dpcpp//:runtime for SYCL 2020 code (DPC++'s front end), @rules_sycl//runtime:rsycl for the rsycl API (upstream clang)") %
                     (fe.label, fe.front_end, ctx.label, own))

def _split_chains(ctx, steps, common, fe, devices, chains, deps, shared_library):
    """The front end's steps before the split, then the split, of every chain.

    Returns:
      struct(split_of, locations_of, exported_symbols, shards): per chain its shards and
      its kernel locations file (or None); a shared library's exports files; all shards.
    """

    # Device image dependencies: a shared library's images export its SYCL_EXTERNAL
    # functions; a program that uses one imports them (libsycl links the images).
    image_dependencies = shared_library or bool(depset(transitive = [d.shared_libraries for d in deps]).to_list())
    provided = depset(transitive = [d.exported_symbols for d in deps]).to_list()
    mode = _flag(ctx, ctx.attr.device_code_split, "_split_flag")
    shards = _flag(ctx, ctx.attr.shards, "_shards_flag")
    werror = _flag(ctx, ctx.attr.device_has_errors, "_device_has_errors_flag")

    # device_has diagnostics come from one device-IR key's chains only (spir64's when
    # there is one): the other keys compile the same sources again (NVPTX, AMD) and would
    # repeat every warning.
    checked_key = "spir" if "spir" in chains else sorted(chains.keys())[0] if chains else None

    # DPC++'s driver asks sycl-post-link for program metadata for some families only: a
    # key's chains get it when any of its targets' families does (NVIDIA targets share the
    # spir key where they are retargeted from it).
    family_of = {device_ir_key(d, fe.name): device_family(d) for _, d in devices}
    metadata_keys = {device_ir_key(d, fe.name): True for _, d in devices if device_family(d)["program_metadata"]}

    # Virtual functions in images of their own per set, as DPC++'s JIT flow splits them,
    # where libsycl links the images: every target of the key JIT-compiles SPIR-V.
    libsycl = libsycl_runtime(ctx)
    out = struct(split_of = {}, locations_of = {}, exported_symbols = [], shards = [])
    for key in chains:
        family = family_of.get(key, FAMILIES["spir64"])
        vf_sets = libsycl and all([d.aot_tool == "" for _, d in devices if device_ir_key(d, fe.name) == key])
        opts = struct(key = key, family = family, werror = werror, checked = key == checked_key, provided = provided, export = shared_library)
        for chain, ir in chains[key]:
            module, out.locations_of[chain], exports = before_split(ctx, steps, common, fe, ir, chain, opts)
            if exports:
                out.exported_symbols.append(exports)
            out.split_of[chain] = split(ctx, steps, common.tc.sycl_device, module, chain, mode, shards, key in metadata_keys, image_dependencies, vf_sets)
            out.shards.extend(out.split_of[chain])
    return out

def _images(ctx, steps, common, fe, devices, chains, splits):
    """The filter and AOT steps of every target and chain.

    Returns:
      (wrapper tables [(target, format, images)], report rows [(target, shard, images)]).
    """
    tables, report = [], []
    for name, d in devices:
        wtarget, wformat = wrap_kind(d)
        target = tool_target_name(name, d)
        for chain, _ in chains[device_ir_key(d, fe.name)]:
            for s, images in enumerate(filter_and_aot(ctx, steps, common, d, target, chain, splits.split_of[chain], splits.locations_of[chain])):
                tables.append((wtarget, wformat, images))
                report.append((target, splits.split_of[chain][s], images))
    return tables, report

def binary_pipeline(ctx, steps, shared_library = False):
    """Appends every step of a SYCL program's build to steps (nothing is registered).

    Args:
      ctx: the rule context of sycl_binary, sycl_test or sycl_shared_library.
      steps: the step list to append to.
      shared_library: build a sycl_shared_library's images, whose SYCL_EXTERNAL
        functions programs may import.

    Returns:
      struct: the host objects (with the wrapper's), the wrapper source, the shards and
      images, the headers the TUs may include, the report rows, the kernel locations
      files, the device configuration file, the target's own headers and includes, the
      front end's name, a shared library's exports files, the C++ toolchain and the
      sycl-device executable.
    """
    devices = resolved_devices(ctx)
    common = sycl_common(ctx, devices)
    device, objects, tus = compile_sources(ctx, steps, common)
    deps = [d[SyclInfo] for d in ctx.attr.deps if SyclInfo in d]
    fe = front_end(common.tc)
    check_front_ends(ctx, fe.name, devices, deps)
    device_ir = depset(device, transitive = [d.device_ir for d in deps]).to_list()
    all_tus = depset(tus, transitive = [d.tus for d in deps]).to_list()
    rdc = ctx.attr.rdc == "on" or (ctx.attr.rdc == "auto" and ctx.attr._rdc_flag[BuildSettingInfo].value)
    chains = link_chains(ctx, steps, common.tc, fe, _irs_by_key(ctx, steps, common, fe, devices, device_ir, all_tus), rdc)
    splits = _split_chains(ctx, steps, common, fe, devices, chains, deps, shared_library)
    tables, report = _images(ctx, steps, common, fe, devices, chains, splits)
    locations = [f for f in splits.locations_of.values() if f]
    checked = coverage_check(
        ctx,
        steps,
        common.tc.sycl_device,
        ctx.actions.declare_file(scratch_path(ctx, "coverage.html")),
        common.devices_config,
        locations,
        report,
        _flag(ctx, ctx.attr.unrunnable_kernel_errors, "_unrunnable_kernel_errors_flag"),
    )
    wrap_c, wrap_o = wrap(ctx, steps, common.tc, tables, program_runtime(ctx)[SyclRuntimeInfo], checked, executable = not shared_library)
    return struct(
        objects = objects + [wrap_o],
        # A TU of the program (its own or a library's) compiled with -fopenmp: the link
        # takes LLVM's OpenMP runtime, which clang's host code calls.
        openmp = common.tc.openmp if [t for t in all_tus if uses_openmp(t.flags)] else None,
        wrapper_c = wrap_c,
        compile_inputs = common.headers,
        shards = splits.shards,
        images = [images for _, _, images in tables],
        report = report,
        kernel_locations = locations,
        devices_config = common.devices_config,
        hdrs = common.hdrs,
        own_includes = common.own_includes,
        front_end = fe.name,
        exported_symbols = splits.exported_symbols,
        cc_toolchain = common.cc_toolchain,
        feature_configuration = common.feature_configuration,
        tool = common.tc.sycl_device,
        # Unified Runtime adapters the targets need, for a program of Intel's libsycl.
        adapters = depset([f for _, d in devices for f in d.runtime_adapters]).to_list() if libsycl_runtime(ctx) else [],
    )

def libsycl_runtime(ctx):
    """Whether the program's runtime is Intel's libsycl (its loader loads UR adapters)."""
    return program_runtime(ctx)[SyclRuntimeInfo].kind == "dpcpp"

def link_binary(ctx, p, output_type = "executable"):
    """Links the host objects with the deps' and the runtime's libraries (C++ toolchain).

    linkopts (with $(location) of data and deps expanded) and linkstatic apply as they
    do to cc_binary.

    Args:
      ctx: the rule context.
      p: the struct of binary_pipeline (its objects and C++ toolchain).
      output_type: "executable", or "dynamic_library" (sycl_shared_library).

    Returns:
      (File or LibraryToLink, list of File): the executable (the library to link, for a
      dynamic library), and the shared libraries it loads from its runfiles
      (linkstatic = False, or deps with only a shared library).
    """
    cc_toolchain, fc = p.cc_toolchain, p.feature_configuration
    outputs = cc_common.create_compilation_outputs(objects = depset(p.objects), pic_objects = depset(p.objects))
    deps = ctx.attr.deps
    linkopts = [o for opt in getattr(ctx.attr, "linkopts", []) for o in ctx.tokenize(expand(ctx, opt))]
    linkstatic = getattr(ctx.attr, "linkstatic", True)
    runtime = program_runtime(ctx)
    contexts = [d[CcInfo].linking_context for d in deps + [runtime] if CcInfo in d]
    more_inputs = []
    if p.openmp:
        # The runtime itself (in the runfiles, on the RUNPATH), and its directory for the
        # -lomp of a clang link's -fopenmp.
        omp = cc_common.create_library_to_link(actions = ctx.actions, feature_configuration = fc, cc_toolchain = cc_toolchain, dynamic_library = p.openmp.runtime)
        contexts.append(cc_common.create_linking_context(linker_inputs = depset([cc_common.create_linker_input(owner = ctx.label, libraries = depset([omp]))])))
        linkopts = linkopts + ["-L" + p.openmp.runtime.dirname]
        more_inputs = p.openmp.files

    # The runtime's libraries from the runfiles: next to the executable (bazel-bin, bazel
    # run) and from inside a runfiles tree (a test's copy of the executable).
    up = "/".join([".."] * (ctx.label.package.count("/") + 2 if ctx.label.package else 1))
    for d in runtime[SyclRuntimeInfo].library_dirs:
        linkopts = linkopts + ["-Wl,-rpath,$ORIGIN/%s.runfiles/%s" % (ctx.label.name, d), "-Wl,-rpath,$ORIGIN/%s/%s" % (up, d)]
    linked = cc_common.link(
        actions = ctx.actions,
        feature_configuration = fc,
        cc_toolchain = cc_toolchain,
        compilation_outputs = outputs,
        linking_contexts = contexts,
        user_link_flags = linkopts,
        additional_inputs = more_inputs,
        link_deps_statically = linkstatic,
        name = ctx.label.name,
        output_type = output_type,
    )
    shared = []
    for c in contexts:
        for li in c.linker_inputs.to_list():
            for lib in li.libraries:
                has_static = lib.static_library or lib.pic_static_library
                if lib.dynamic_library and (not linkstatic or not has_static):
                    shared.append(lib.dynamic_library)
    if output_type == "dynamic_library":
        return linked.library_to_link, shared
    return linked.executable, shared

def expand(ctx, value):
    """$(location)/$(execpath)/$(rootpath) of data and deps, then Make variables.

    Args:
      ctx: the rule context.
      value: the attribute string.

    Returns:
      string.
    """
    targets = getattr(ctx.attr, "data", []) + ctx.attr.deps
    return ctx.expand_make_variables("linkopts", ctx.expand_location(value, targets), {})

def executable_info(ctx, exe, shared = [], adapters = []):
    """DefaultInfo of a rule whose executable is exe: its runfiles hold data and deps'.

    Args:
      ctx: the rule context.
      exe: the executable File.
      shared: the shared libraries it loads (link_binary).
      adapters: Unified Runtime adapters, placed beside the runtime's libraries (where
        libsycl's loader looks for them).

    Returns:
      DefaultInfo.
    """
    dirs = program_runtime(ctx)[SyclRuntimeInfo].library_dirs
    beside = {"%s/%s" % (dirs[0], f.basename): f for f in adapters} if dirs else {}
    runfiles = ctx.runfiles(files = [exe] + shared + getattr(ctx.files, "data", []), root_symlinks = beside)
    for t in getattr(ctx.attr, "data", []) + ctx.attr.deps + [program_runtime(ctx)]:
        runfiles = runfiles.merge(t[DefaultInfo].default_runfiles)
    return DefaultInfo(executable = exe, files = depset([exe]), runfiles = runfiles)

def test_environment(ctx):
    """The runtime's environment, then the env attribute ($(location) expanded), for tests.

    Args:
      ctx: the rule context.

    Returns:
      A list with testing.TestEnvironment, or nothing without env.
    """
    env = dict(program_runtime(ctx)[SyclRuntimeInfo].env)
    env.update({k: expand(ctx, v) for k, v in getattr(ctx.attr, "env", {}).items()})
    if not env:
        return []
    return [testing.TestEnvironment(env)]

def run_pipeline(ctx, shared_library = False):
    """Registers a program's (or shared library's) device pipeline and its report.

    Args:
      ctx: the rule context.
      shared_library: see binary_pipeline.

    Returns:
      (struct, OutputGroupInfo): binary_pipeline's struct, and the output groups
      (sycl_shards, sycl_images, sycl_wrapper, sycl_compile_inputs, sycl_report).
    """
    steps = []
    p = binary_pipeline(ctx, steps, shared_library)
    register_steps(ctx, steps)
    report = compatibility_report(ctx, p.tool, p)
    return p, OutputGroupInfo(
        sycl_shards = depset(p.shards),
        sycl_images = depset(p.images),
        sycl_wrapper = depset([p.wrapper_c]),
        sycl_compile_inputs = p.compile_inputs,
        sycl_report = depset([report]),
    )

def _sycl_binary_impl(ctx):
    p, groups = run_pipeline(ctx)
    exe, shared = link_binary(ctx, p)
    return test_environment(ctx) + [executable_info(ctx, exe, shared, p.adapters), groups]

BINARY_ATTRS = dict(COMPILE_ATTRS, **DEVICE_ATTRS)
BINARY_ATTRS.update({
    "device_code_split": attr.string(values = ["", "auto", "per_kernel", "per_source", "off"], doc = "Split mode; default --@rules_sycl//sycl:device_code_split."),
    "shards": attr.int(doc = "Number of split shards; default --@rules_sycl//sycl:shards (8)."),
    "rdc": attr.string(default = "auto", values = ["auto", "on", "off"], doc = "Link all TUs' device code before propagation (on) or process each TU alone (off); auto follows --@rules_sycl//sycl:rdc."),
    "device_has_errors": attr.bool(doc = "Make device_has warnings of the propagate step errors (or --@rules_sycl//sycl:device_has_errors)."),
    "unrunnable_kernel_errors": attr.bool(doc = "Fail the build when a kernel gets no image for any requested target (a warning otherwise; or --@rules_sycl//sycl:unrunnable_kernel_errors)."),
    "data": attr.label_list(allow_files = True, doc = "Files the program needs at run time: in its runfiles, as cc_binary's data."),
    "linkopts": attr.string_list(doc = "Linker flags, as cc_binary's; $(location) of data and deps is expanded."),
    "linkstatic": attr.bool(default = True, doc = "Link the deps' libraries statically where both kinds exist, as cc_binary's linkstatic."),
    "runtime": attr.label(providers = [SyclRuntimeInfo], doc = "The SYCL runtime the program links: `@sycl_dpcpp//:runtime` (Intel's libsycl) or `@rules_sycl//runtime:rsycl` (the test runtime); default --@rules_sycl//sycl:runtime."),
    "_runtime_flag": attr.label(default = Label("//sycl:runtime")),
    "_split_flag": attr.label(default = Label("//sycl:device_code_split")),
    "_shards_flag": attr.label(default = Label("//sycl:shards")),
    "_rdc_flag": attr.label(default = Label("//sycl:rdc")),
    "_device_has_errors_flag": attr.label(default = Label("//sycl:device_has_errors")),
    "_unrunnable_kernel_errors_flag": attr.label(default = Label("//sycl:unrunnable_kernel_errors")),
})

def binary_rule(implementation, doc, test = False):
    """Declares a rule that builds a SYCL program with BINARY_ATTRS.

    Args:
      implementation: the implementation function.
      doc: the rule's documentation.
      test: declare a test rule (else an executable one).

    Returns:
      The rule.
    """
    kind = {"test": True} if test else {"executable": True}
    attrs = BINARY_ATTRS
    if test:
        attrs = dict(BINARY_ATTRS, env = attr.string_dict(doc = "Environment variables of the test ($(location) expanded), as cc_test's env."))
    return rule(
        implementation = implementation,
        doc = doc,
        attrs = attrs,
        fragments = ["cpp"],
        toolchains = [TOOLCHAIN_TYPE, CPP_TOOLCHAIN],
        **kind
    )

sycl_binary = binary_rule(_sycl_binary_impl, "A SYCL program: the device pipeline per target, wrapped into the host executable.")

sycl_test = binary_rule(_sycl_binary_impl, "sycl_binary as a test.", test = True)
