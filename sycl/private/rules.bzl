"""sycl_library, sycl_binary, sycl_test: the device pipeline as Bazel actions."""

load("@bazel_skylib//rules:common_settings.bzl", "BuildSettingInfo")
load("@bazel_tools//tools/cpp:toolchain_utils.bzl", "find_cpp_toolchain")
load("//sycl/private:device_config.bzl", "DEVICE_ATTRS", "FLAG_DEVICE_ATTRS", "device_config_file", "device_yaml", "resolved_devices")
load("//sycl/private:providers.bzl", "SyclInfo")
load("//sycl/private:toolchain.bzl", "TOOLCHAIN_TYPE", "find_sycl_toolchain")
load("//sycl/private:traits.bzl", "traits_header")
load("//sycl/private:workers.bzl", "run_sycl_device")

_CPP_TOOLCHAIN = "@bazel_tools//tools/cpp:toolchain_type"
_SPLIT_MODES = {"auto": "auto", "per_kernel": "kernel", "per_source": "source", "off": "none"}

# The descriptor's target and format of each device triple family's images.
_WRAP = {
    "": ("spir64", "spirv"),
    "llvm-spirv": ("spir64", "llvmbc"),
    "ptx": ("nvptx64", "native"),
    "ocloc": ("spir64_gen", "native"),
    "opencl-aot": ("spir64_x86_64", "native"),
}

def _path(x):
    return x if type(x) == "string" else x.path

def _declare(ctx, rec, path, directory = False):
    """An intermediate output: a declared File, or in one-action mode a scratch path.

    In one-action mode (rec is a dict) the file exists only inside the single action
    that runs every step, as it does inside one `clang++ -fsycl` call."""
    if rec == None:
        return ctx.actions.declare_directory(path) if directory else ctx.actions.declare_file(path)
    full = "/".join([p for p in [ctx.bin_dir.path, ctx.label.package, path] if p])
    rec["mkdirs"].append(full if directory else full.rsplit("/", 1)[0])
    return struct(path = full, dirname = full.rsplit("/", 1)[0], scratch = True)

def _shell_quote(s):
    return "'" + s.replace("'", "'\\''") + "'"

def _action(ctx, rec, executable, argv, inputs, outputs, mnemonic, message, transitive = [], params = False):
    """Registers one step: its own action, or in one-action mode a line of the script."""
    real = [i for i in inputs if not hasattr(i, "scratch")]
    if rec != None:
        rec["cmds"].append(" ".join([_shell_quote(_path(a)) for a in [executable] + argv]))
        rec["inputs"].append(depset(real + ([executable] if type(executable) != "string" else []), transitive = transitive))
        rec["outputs"].extend([o for o in outputs if not hasattr(o, "scratch")])
        return
    args = ctx.actions.args()
    args.add_all([_path(a) for a in argv])
    if params:
        run_sycl_device(ctx, executable, args, depset(real, transitive = transitive), outputs, mnemonic, message)
        return
    ctx.actions.run(
        executable = executable,
        arguments = [args],
        inputs = depset(real, transitive = transitive),
        outputs = outputs,
        mnemonic = mnemonic,
        progress_message = message,
    )

def _compilation_context(deps):
    return cc_common.merge_cc_infos(cc_infos = [d[CcInfo] for d in deps if CcInfo in d]).compilation_context

def _include_flags(ctx, cc):
    flags = ["-iquote", ".", "-iquote", ctx.bin_dir.path]
    for d in cc.quote_includes.to_list():
        flags += ["-iquote", d]
    for d in cc.includes.to_list():
        flags += ["-I", d]
    for d in cc.system_includes.to_list():
        flags += ["-isystem", d]
    for d in cc.defines.to_list():
        flags.append("-D" + d)
    return flags

def _compile_tus(ctx, tc, srcs, hdrs, cc, traits, rec = None):
    """Device compile (SyclDeviceCompile) and host compile (SyclHostCompile) of every TU.

    Both see the aspect traits header of the selected targets (-include)."""
    flags = _include_flags(ctx, cc) + ["-D" + d for d in ctx.attr.defines] + ctx.attr.copts
    flags = flags + ["-I", traits.dirname, "-include", traits.path]
    hdrs = hdrs + [traits]
    inputs = depset(hdrs, transitive = [cc.headers, tc.compile_files])
    device, objects, tus = [], [], []
    for src in srcs:
        tus.append(struct(src = src, flags = tuple(flags), inputs = depset(hdrs, transitive = [cc.headers])))
        stem = "_sycl/%s/%s" % (ctx.label.name, src.short_path.replace("/", "_").rsplit(".", 1)[0])
        ll = _declare(ctx, rec, stem + ".dev.ll")
        _action(
            ctx,
            rec,
            tc.clang,
            ["-fsycl", "-fsycl-device-only", "-S", "-emit-llvm", "-O2"] + list(flags) + [src, "-o", ll],
            [src],
            [ll],
            "SyclDeviceCompile",
            "Compiling SYCL device code %s" % src.short_path,
            transitive = [inputs],
        )
        device.append(ll)
        obj = ctx.actions.declare_file(stem + ".o")
        _action(
            ctx,
            rec,
            tc.clang,
            ["-Xclang", "-fsycl-is-host", "-c", "-O2", "-fPIC"] + list(flags) + [src, "-o", obj],
            [src],
            [obj],
            "SyclHostCompile",
            "Compiling SYCL host code %s" % src.short_path,
            transitive = [inputs],
        )
        objects.append(obj)
    return device, objects, tus

def _nvptx_compile(ctx, tc, tus, arch, rec = None):
    """The second device compile of every TU with clang's NVPTX front end for arch."""
    out = []
    for i, tu in enumerate(tus):
        ll = _declare(ctx, rec, "_sycl/%s/%s/%d_%s.dev.ll" % (ctx.label.name, arch, i, tu.src.basename.rsplit(".", 1)[0]))
        _action(
            ctx,
            rec,
            tc.clang,
            ["-fsycl", "--offload-arch=" + arch, "-nocudalib", "-Xclang", "-target-feature", "-Xclang", "+ptx80"] +
            ["-fsycl-device-only", "-S", "-emit-llvm", "-O2"] + list(tu.flags) + [tu.src, "-o", ll],
            [tu.src],
            [ll],
            "SyclDeviceCompile",
            "Compiling SYCL device code %s for %s" % (tu.src.short_path, arch),
            transitive = [tu.inputs, tc.compile_files],
        )
        out.append(ll)
    return out

def _cc_setup(ctx):
    cc_toolchain = find_cpp_toolchain(ctx)
    fc = cc_common.configure_features(
        ctx = ctx,
        cc_toolchain = cc_toolchain,
        requested_features = ctx.features,
        unsupported_features = ctx.disabled_features,
    )
    return cc_toolchain, fc

def _sycl_library_impl(ctx):
    tc = find_sycl_toolchain(ctx)
    cc = _compilation_context(ctx.attr.deps + [ctx.attr._runtime])
    traits = traits_header(ctx, resolved_devices(ctx), "_sycl/%s/traits" % ctx.label.name)
    device, objects, tus = _compile_tus(ctx, tc, ctx.files.srcs, ctx.files.hdrs, cc, traits)
    cc_toolchain, fc = _cc_setup(ctx)
    comp_ctx = cc_common.create_compilation_context(
        headers = depset(ctx.files.hdrs),
        includes = depset([ctx.label.package + "/" + i if ctx.label.package else i for i in ctx.attr.includes]),
    )
    archive = None
    if objects:
        archive = ctx.actions.declare_file("lib%s.a" % ctx.label.name)
        args = ctx.actions.args()
        args.add("rcsD", archive)
        args.add_all(objects)
        ar = tc.llvm_ar if tc.llvm_ar else cc_toolchain.ar_executable
        ctx.actions.run(
            executable = ar,
            arguments = [args],
            inputs = depset(objects, transitive = [tc.tool_files if tc.llvm_ar else cc_toolchain.all_files]),
            outputs = [archive],
            mnemonic = "SyclArchive",
            progress_message = "Archiving SYCL host objects of %s" % ctx.label,
        )
    linking = []
    if archive:
        lib = cc_common.create_library_to_link(
            actions = ctx.actions,
            feature_configuration = fc,
            cc_toolchain = cc_toolchain,
            static_library = archive,
            alwayslink = True,
        )
        linking.append(cc_common.create_linking_context(
            linker_inputs = depset([cc_common.create_linker_input(owner = ctx.label, libraries = depset([lib]))]),
        ))
    own = CcInfo(
        compilation_context = comp_ctx,
        linking_context = cc_common.merge_cc_infos(cc_infos = []).linking_context if not linking else linking[0],
    )
    merged = cc_common.merge_cc_infos(direct_cc_infos = [own], cc_infos = [d[CcInfo] for d in ctx.attr.deps if CcInfo in d])
    sycl = SyclInfo(
        device_ir = depset(device, transitive = [d[SyclInfo].device_ir for d in ctx.attr.deps if SyclInfo in d]),
        tus = depset(tus, transitive = [d[SyclInfo].tus for d in ctx.attr.deps if SyclInfo in d]),
    )
    return [merged, sycl, DefaultInfo(files = depset(device + ([archive] if archive else [])))]

_COMMON_ATTRS = {
    "srcs": attr.label_list(allow_files = [".cpp", ".cc", ".cxx", ".c++"], doc = "SYCL C++ sources."),
    "hdrs": attr.label_list(allow_files = [".h", ".hpp", ".hh", ".hxx", ".inc"], doc = "Headers."),
    "deps": attr.label_list(providers = [[CcInfo]], doc = "sycl_library or cc_library targets."),
    "copts": attr.string_list(doc = "Extra compiler options (host and device)."),
    "defines": attr.string_list(doc = "Preprocessor defines."),
    "includes": attr.string_list(doc = "Include directories, relative to the package."),
    "_cc_toolchain": attr.label(default = "@bazel_tools//tools/cpp:current_cc_toolchain"),
    "_runtime": attr.label(default = Label("//runtime")),
}

_LIBRARY_ATTRS = dict(_COMMON_ATTRS, **FLAG_DEVICE_ATTRS)
_LIBRARY_ATTRS["_sycl_device"] = attr.label(default = Label("//cmd/sycl-device"), executable = True, cfg = "exec")

sycl_library = rule(
    implementation = _sycl_library_impl,
    doc = """SYCL sources: host objects (CcInfo) and per-TU device IR (SyclInfo).

Compiled with the aspect traits of --@rules_sycl//sycl:targets (a library is compiled once,
whatever binary uses it).""",
    attrs = _LIBRARY_ATTRS,
    fragments = ["cpp"],
    toolchains = [TOOLCHAIN_TYPE, _CPP_TOOLCHAIN],
    provides = [CcInfo, SyclInfo],
)

def _run_tool(ctx, rec, mnemonic, message, arguments, inputs, outputs, transitive = []):
    _action(ctx, rec, ctx.executable._sycl_device, arguments, inputs, outputs, mnemonic, message, transitive = transitive, params = True)

def _sycl_binary_impl(ctx):
    tc = find_sycl_toolchain(ctx)
    devices = resolved_devices(ctx)
    cc = _compilation_context(ctx.attr.deps + [ctx.attr._runtime])
    traits = traits_header(ctx, devices, "_sycl/%s/traits" % ctx.label.name)

    # One-action mode (sycl_monolithic_binary): every step below becomes a line of one
    # script run by a single action, as one `clang++ -fsycl` call does them.
    rec = {"cmds": [], "inputs": [], "mkdirs": [], "outputs": []} if ctx.attr._one_action else None
    device, objects, tus = _compile_tus(ctx, tc, ctx.files.srcs, ctx.files.hdrs, cc, traits, rec)
    name = ctx.label.name
    split_mode = ctx.attr.device_code_split or ctx.attr._split_flag[BuildSettingInfo].value
    shards = ctx.attr.shards or ctx.attr._shards_flag[BuildSettingInfo].value
    rdc = ctx.attr.rdc
    if rdc == "auto":
        rdc = "on" if ctx.attr._rdc_flag[BuildSettingInfo].value else "off"

    # Device IR per triple family: spir64 from the libraries' compiles, NVPTX compiled
    # again for every requested arch.
    families = {"spir": depset(device, transitive = [d[SyclInfo].device_ir for d in ctx.attr.deps if SyclInfo in d]).to_list()}
    all_tus = depset(tus, transitive = [d[SyclInfo].tus for d in ctx.attr.deps if SyclInfo in d]).to_list()
    for _, d in devices:
        if d.triple == "nvptx64":
            arch = d.aot_options[0] if d.aot_options else "sm_50"
            if "nvptx:" + arch not in families:
                families["nvptx:" + arch] = _nvptx_compile(ctx, tc, all_tus, arch, rec)

    # One device module per chain: all TUs linked (rdc) or each TU on its own.
    chains = {}
    for family, irs in families.items():
        fname = family.replace(":", "_")
        if rdc == "on" and len(irs) > 1:
            linked = _declare(ctx, rec, "_sycl/%s/%s.linked.ll" % (name, fname))
            _action(
                ctx,
                rec,
                tc.llvm_link,
                ["-S"] + irs + ["-o", linked],
                irs,
                [linked],
                "SyclDeviceLink",
                "Linking SYCL device code of %s (%s)" % (ctx.label, family),
                transitive = [tc.tool_files],
            )
            chains[family] = [(fname, linked)]
        else:
            chains[family] = [("%s_tu%d" % (fname, i), ir) for i, ir in enumerate(irs)]

    cfg_yaml = ctx.actions.declare_file("_sycl/%s/devices.yaml" % name)
    ctx.actions.write(cfg_yaml, device_yaml(devices))
    user_cfg = device_config_file(ctx)
    cfg_for_tools = user_cfg if user_cfg and [d for _, d in devices if not d.known] else cfg_yaml

    wrap_inputs, wrap_tables = [], []
    all_shards = []
    split_of = {}
    for family in chains:
        for chain, ir in chains[family]:
            prop = _declare(ctx, rec, "_sycl/%s/%s.prop.ll" % (name, chain))
            args = ["propagate", "--validate", "-o", prop.path, ir.path]
            if ctx.attr.device_has_errors or ctx.attr._device_has_errors_flag[BuildSettingInfo].value:
                args.insert(2, "--Werror")
            _run_tool(ctx, rec, "SyclPropagate", "Propagating aspect usage of %s (%s)" % (ctx.label, chain), args, [ir], [prop])
            shard_dirs = [_declare(ctx, rec, "_sycl/%s/%s.shard_%d" % (name, chain, s), directory = True) for s in range(shards)]
            args = ["split", "-split=" + _SPLIT_MODES[split_mode]]
            for d in shard_dirs:
                args.append("--shard-dir=" + d.path)
            args.append(prop.path)
            _run_tool(ctx, rec, "SyclSplit", "Splitting device code of %s into %d shards (%s)" % (ctx.label, shards, chain), args, [prop], shard_dirs)
            split_of[chain] = shard_dirs
            all_shards.extend(shard_dirs)
    for target, d in devices:
        family = "spir"
        if d.triple == "nvptx64":
            family = "nvptx:" + (d.aot_options[0] if d.aot_options else "sm_50")
        for chain, _ in chains[family]:
            shard_dirs = split_of[chain]
            tname = d.name if d.known else target
            tool_inputs, tool_flags = [tc.llc], ["--llc=" + tc.llc.path]
            if d.aot_tool == "llvm-spirv":
                if not tc.llvm_spirv:
                    fail("target %s needs llvm-spirv (Debian's llvm-spirv-15), which the SYCL toolchain does not have" % tname)
                tool_inputs.append(tc.llvm_spirv)
                tool_flags.append("--llvm-spirv=" + tc.llvm_spirv.path)
            elif d.aot_tool in ("ocloc", "opencl-aot"):
                tool = tc.ocloc if d.aot_tool == "ocloc" else tc.opencl_aot
                if not tool:
                    fail("target %s needs %s (Intel's offline compiler), which the SYCL toolchain does not have; install it or select another target" % (tname, d.aot_tool))
                tool_inputs.append(tool)
                tool_flags.append("--%s=%s" % (d.aot_tool, tool.path))
            for s, shard in enumerate(shard_dirs):
                filtered = _declare(ctx, rec, "_sycl/%s/%s.shard_%d.%s.table" % (name, chain, s, tname))
                _run_tool(
                    ctx,
                    rec,
                    "SyclFilter",
                    "Filtering shard %d of %s for %s" % (s, ctx.label, tname),
                    ["aspect-filter", "--dpcpp", "-target=" + tname, "-device-config-file=" + cfg_for_tools.path, "-o", filtered.path, shard.path + "/files.table"],
                    [shard, cfg_for_tools],
                    [filtered],
                )
                images = _declare(ctx, rec, "_sycl/%s/%s.img_%d.%s" % (name, chain, s, tname), directory = True)
                _run_tool(
                    ctx,
                    rec,
                    "SyclAot",
                    "Compiling shard %d of %s for %s" % (s, ctx.label, tname),
                    ["aot", "-target=" + tname, "-device-config-file=" + cfg_for_tools.path, "--out-dir=" + images.path] + tool_flags + [filtered.path],
                    [shard, filtered, cfg_for_tools] + tool_inputs,
                    [images],
                    transitive = [tc.tool_files],
                )
                wtarget, wformat = _WRAP.get(d.aot_tool, ("spir64", "spirv"))
                wrap_tables.append("--table=%s:%s:%s/files.table" % (wtarget, wformat, images.path))
                wrap_inputs.append(images)

    wrap_c = _declare(ctx, rec, "_sycl/%s/wrapper.c" % name)
    _run_tool(
        ctx,
        rec,
        "SyclWrap",
        "Wrapping the device images of %s" % ctx.label,
        ["wrap", "--id=" + str(ctx.label), "-o", wrap_c.path] + wrap_tables,
        wrap_inputs,
        [wrap_c],
    )
    wrap_o = ctx.actions.declare_file("_sycl/%s/wrapper.o" % name)
    _action(
        ctx,
        rec,
        tc.clang,
        ["-x", "c", "-c", "-O1", "-fPIC", wrap_c.path, "-o", wrap_o.path],
        [wrap_c],
        [wrap_o],
        "SyclWrapCompile",
        "Compiling the device image wrapper of %s" % ctx.label,
        transitive = [tc.compile_files],
    )
    if rec != None:
        ctx.actions.run_shell(
            command = "\n".join(["set -e"] + ["mkdir -p " + _shell_quote(d) for d in sorted(depset(rec["mkdirs"]).to_list())] + rec["cmds"]),
            inputs = depset(transitive = rec["inputs"]),
            outputs = rec["outputs"],
            mnemonic = "SyclMonolithic",
            progress_message = "Running the whole SYCL pipeline of %s in one action (%d steps)" % (ctx.label, len(rec["cmds"])),
        )
        all_shards, wrap_inputs, wrap_c = [], [], None

    cc_toolchain, fc = _cc_setup(ctx)
    outputs = cc_common.create_compilation_outputs(
        objects = depset(objects + [wrap_o]),
        pic_objects = depset(objects + [wrap_o]),
    )
    linked = cc_common.link(
        actions = ctx.actions,
        feature_configuration = fc,
        cc_toolchain = cc_toolchain,
        compilation_outputs = outputs,
        linking_contexts = [d[CcInfo].linking_context for d in ctx.attr.deps + [ctx.attr._runtime] if CcInfo in d],
        name = name,
        output_type = "executable",
    )
    exe = linked.executable
    return [
        DefaultInfo(executable = exe, files = depset([exe]), runfiles = ctx.runfiles(files = [exe])),
        OutputGroupInfo(
            sycl_shards = depset(all_shards),
            sycl_images = depset(wrap_inputs),
            sycl_wrapper = depset([wrap_c] if wrap_c else []),
        ),
    ]

_BINARY_ATTRS = dict(_COMMON_ATTRS, **DEVICE_ATTRS)
_BINARY_ATTRS.update({
    "device_code_split": attr.string(values = ["", "auto", "per_kernel", "per_source", "off"], doc = "Split mode; default --@rules_sycl//sycl:device_code_split."),
    "shards": attr.int(doc = "Number of split shards; default --@rules_sycl//sycl:shards (8)."),
    "rdc": attr.string(default = "auto", values = ["auto", "on", "off"], doc = "Link all TUs' device code before propagation (on) or process each TU alone (off); auto follows --@rules_sycl//sycl:rdc."),
    "device_has_errors": attr.bool(doc = "Make device_has warnings of the propagate step errors (or --@rules_sycl//sycl:device_has_errors)."),
    "_split_flag": attr.label(default = Label("//sycl:device_code_split")),
    "_shards_flag": attr.label(default = Label("//sycl:shards")),
    "_rdc_flag": attr.label(default = Label("//sycl:rdc")),
    "_device_has_errors_flag": attr.label(default = Label("//sycl:device_has_errors")),
    "_sycl_device": attr.label(default = Label("//cmd/sycl-device"), executable = True, cfg = "exec"),
    "_one_action": attr.bool(default = False),
})

sycl_binary = rule(
    implementation = _sycl_binary_impl,
    doc = "A SYCL program: the device pipeline per target, wrapped into the host executable.",
    attrs = _BINARY_ATTRS,
    executable = True,
    fragments = ["cpp"],
    toolchains = [TOOLCHAIN_TYPE, _CPP_TOOLCHAIN],
)

_ONE_ACTION_ATTRS = dict(_BINARY_ATTRS)
_ONE_ACTION_ATTRS["_one_action"] = attr.bool(default = True)

# The baseline of the performance comparison (docs/PERFORMANCE.md): the same tools with
# the same command lines as sycl_binary, run in sequence by one action for the whole
# program, as a single `clang++ -fsycl` invocation does (only the link is separate).
sycl_monolithic_binary = rule(
    implementation = _sycl_binary_impl,
    doc = "sycl_binary with the whole device pipeline in one action (a benchmark baseline).",
    attrs = _ONE_ACTION_ATTRS,
    executable = True,
    fragments = ["cpp"],
    toolchains = [TOOLCHAIN_TYPE, _CPP_TOOLCHAIN],
)

sycl_test = rule(
    implementation = _sycl_binary_impl,
    doc = "sycl_binary as a test.",
    attrs = _BINARY_ATTRS,
    test = True,
    fragments = ["cpp"],
    toolchains = [TOOLCHAIN_TYPE, _CPP_TOOLCHAIN],
)
