"""The versions rules_sycl is built and tested with: the one place that holds them.

repositories.bzl reads the WORKSPACE pins; tools/bootstrap.sh and tools/dpcpp_wheels.py
read them and DPCPP_WHEELS with Python's parser (the dicts are literals); and
//internal/versions:versions_test fails when MODULE.bazel's bazel_deps drift from
BZLMOD_DEPS.
"""

RULES_SYCL_VERSION = "0.1.0"

# The oldest Bazel and rules_go rules_sycl loads with (rules_go 0.35+ needs Bazel 5.1).
MINIMUM_BAZEL_VERSION = "4.2.1"
MINIMUM_RULES_GO_VERSION = "0.34.0"

# WORKSPACE users (Bazel 4.2 to 6): what rules_sycl_dependencies() declares unless the
# workspace already has it.
WORKSPACE_DEPS = {
    "io_bazel_rules_go": {
        "version": "0.34.0",
        "sha256": "16e9fca53ed6bd4ff4ad76facc9b7b651a89db1689a2877d6fd7b82aa824e366",
        "url": "https://github.com/bazelbuild/rules_go/releases/download/v0.34.0/rules_go-v0.34.0.zip",
    },
    "bazel_gazelle": {
        "version": "0.25.0",
        "sha256": "5982e5463f171da99e3bdaeff8c0f48283a7a5f396ec5282910b9e8a49c0dd7e",
        "url": "https://github.com/bazelbuild/bazel-gazelle/releases/download/v0.25.0/bazel-gazelle-v0.25.0.tar.gz",
    },
    "bazel_skylib": {
        "version": "1.0.3",
        "sha256": "1c531376ac7e5a180e0237938a2536de0c54d93f5c278634818e0efc952dd56c",
        "url": "https://github.com/bazelbuild/bazel-skylib/releases/download/1.0.3/bazel-skylib-1.0.3.tar.gz",
    },
}

# The Go SDK rules_go builds the sycl-device tool with (Go 1.19: what rules_go 0.34 supports).
GO_VERSION = "1.19.13"

# The Go modules the sycl-device tool imports (tests excluded), fetched by
# rules_sycl_dependencies() from the Go module proxy as module zips (sha256 of the zip).
GO_MODULES = {
    "rules_sycl_in_gopkg_yaml_v3": {
        "module": "gopkg.in/yaml.v3",
        "version": "v3.0.1",
        "sha256": "aab8fbc4e6300ea08e6afe1caea18a21c90c79f489f52c53e2f20431f1a9a015",
        "library": "yaml_v3",
    },
    "rules_sycl_com_github_ianlancetaylor_demangle": {
        "module": "github.com/ianlancetaylor/demangle",
        "version": "v0.0.0-20260724033716-83e58baca724",
        "sha256": "fabdd52cd74a737632600aea516f473f4dd233bc8a6e7ac83ba6035999bf8d1a",
        "library": "demangle",
        "exclude": ["c++filt.go"],  # a tool behind a build tag
    },
}

# Intel's DPC++ runtime (libsycl, the SYCL headers, Unified Runtime with its OpenCL adapter)
# and Intel's CPU OpenCL device, as the PyPI wheels Intel publishes (manylinux_2_28).
# tools/bootstrap.sh downloads them with pip and lays out .deps/sycl_dpcpp; users point
# @sycl_dpcpp at a oneAPI install, or let it download these URLs (wheels = True,
# docs/RUNTIME.md). 2026.1.2 is the newest
# whose intel-cmplr-lib-ur still ships libur_adapter_opencl.so (2026.2.0 has only the
# Level Zero adapters). tcmlib provides libhwloc, which libumf loads.
DPCPP_WHEELS = {
    "intel-sycl-rt": {
        "version": "2026.1.2",
        "file": "intel_sycl_rt-2026.1.2-py2.py3-none-manylinux_2_28_x86_64.whl",
        "url": "https://files.pythonhosted.org/packages/80/3c/f8ef51b3d21eb1b2e7d1b302877d3354bbe3a0e728c5a8c4f9b7ff080957/intel_sycl_rt-2026.1.2-py2.py3-none-manylinux_2_28_x86_64.whl",
        "sha256": "9f4c9aff11177a29ff81bcecffd47e43b1edf54b766f97ed1dac13a820b649e6",
    },
    "intel-cmplr-lib-ur": {
        "version": "2026.1.2",
        "file": "intel_cmplr_lib_ur-2026.1.2-py2.py3-none-manylinux_2_28_x86_64.whl",
        "url": "https://files.pythonhosted.org/packages/80/f0/b7e8305da2d2ea162599795886d03a809bf1554ec5079c59f147b506f277/intel_cmplr_lib_ur-2026.1.2-py2.py3-none-manylinux_2_28_x86_64.whl",
        "sha256": "b27207f3b42d12ce88cd53ca8b3b7a7e79755aa07a84eccf1c209fcbefe468bf",
    },
    "intel-cmplr-lib-rt": {
        "version": "2026.1.2",
        "file": "intel_cmplr_lib_rt-2026.1.2-py2.py3-none-manylinux_2_28_x86_64.whl",
        "url": "https://files.pythonhosted.org/packages/0b/2d/94c431fe41bcc56d9834af652f844721798a139c9f0a7b999e6338aebd0a/intel_cmplr_lib_rt-2026.1.2-py2.py3-none-manylinux_2_28_x86_64.whl",
        "sha256": "b4a975deeb97eee26c15e7038f63635c4dacc33151506f2e5c56cc5758cbe462",
    },
    "intel-opencl-rt": {
        "version": "2026.1.2",
        "file": "intel_opencl_rt-2026.1.2-py2.py3-none-manylinux_2_28_x86_64.whl",
        "url": "https://files.pythonhosted.org/packages/1d/3d/895a1628ca64752a235a045a649609d6e3b3f42b1588312225bf2fd7dd48/intel_opencl_rt-2026.1.2-py2.py3-none-manylinux_2_28_x86_64.whl",
        "sha256": "b543a09209fc157a70eb40f72338862a35cf86ad1ef4808d4e89cf0078bf8947",
    },
    "umf": {
        "version": "1.1.0",
        "file": "umf-1.1.0-py2.py3-none-manylinux_2_28_x86_64.whl",
        "url": "https://files.pythonhosted.org/packages/c4/72/2e0182f4e6a727a15d0a8a99a82182a4f5bdec1a4f5767acfd2abdc72070/umf-1.1.0-py2.py3-none-manylinux_2_28_x86_64.whl",
        "sha256": "567152c5ee6b8e16cc56b29a8a9a6b918de1febf89877f71ea2e8247ef39fc32",
    },
    "tbb": {
        "version": "2023.2.0",
        "file": "tbb-2023.2.0-py2.py3-none-manylinux_2_28_x86_64.whl",
        "url": "https://files.pythonhosted.org/packages/59/fd/8ca476c7b2513b1e64e08d3f5404c8ed19b34d0213000b5e23b3a91676c2/tbb-2023.2.0-py2.py3-none-manylinux_2_28_x86_64.whl",
        "sha256": "7d80615b6e970f11671fa05b6eaa9483ac864fbfe525ac280271a78b37870b7c",
    },
    "tcmlib": {
        "version": "1.6.0",
        "file": "tcmlib-1.6.0-py2.py3-none-manylinux_2_28_x86_64.whl",
        "url": "https://files.pythonhosted.org/packages/a4/95/d2616129c971d989c1f5ec2ea697a6885165570c69d9fa50bfbde8195d26/tcmlib-1.6.0-py2.py3-none-manylinux_2_28_x86_64.whl",
        "sha256": "46c2491988bfd18c4733eeb08aca6a386706a497b92cc51d155f37ddea003c14",
    },
}

# bzlmod users (Bazel 7/8): MODULE.bazel's bazel_dep versions.
BZLMOD_DEPS = {
    "bazel_skylib": "1.7.1",
    "platforms": "0.0.10",
    "rules_cc": "0.0.9",
    "rules_go": "0.50.1",
    "gazelle": "0.39.1",
}

def _parse(v):
    """"4.2.3" -> [4, 2, 3]; pre-release or build suffixes are ignored."""
    out = []
    for part in v.split("-")[0].split("+")[0].split("."):
        digits = ""
        for c in part.elems():
            if not c.isdigit():
                break
            digits += c
        out.append(int(digits) if digits else 0)
    return out

def version_at_least(have, want):
    """Whether version have >= want (dotted numbers).

    Args:
      have: the version found.
      want: the minimum.

    Returns:
      bool.
    """
    a, b = _parse(have), _parse(want)
    for i in range(max(len(a), len(b))):
        x = a[i] if i < len(a) else 0
        y = b[i] if i < len(b) else 0
        if x != y:
            return x > y
    return True

def check_version(what, have, want):
    """Returns the one-line error for an old version of what, or None.

    A version Bazel cannot tell ("" or Debian's "no_version") passes.

    Args:
      what: the name (e.g. "Bazel").
      have: the version found.
      want: the minimum.

    Returns:
      string or None.
    """
    if not have or have == "no_version" or version_at_least(have, want):
        return None
    return "rules_sycl %s needs %s %s or newer; this workspace has %s" % (RULES_SYCL_VERSION, what, want, have)

def declared_rules_go_version(rule):
    """The rules_go version a workspace's own io_bazel_rules_go rule names, or "".

    rules_go's release archives are named rules_go-vX.Y.Z.{zip,tar.gz}; the version is
    read from the first url (or strip_prefix) that has one. A local_repository or a
    git_repository by commit tells nothing: "" (the check passes).

    Args:
      rule: native.existing_rule("io_bazel_rules_go"), or None.

    Returns:
      string.
    """
    if not rule:
        return ""
    texts = list(rule.get("urls") or [])
    if rule.get("url"):
        texts.append(rule["url"])
    if rule.get("strip_prefix"):
        texts.append(rule["strip_prefix"])
    for text in texts:
        i = text.rfind("rules_go-v")
        if i < 0:
            continue
        version = ""
        for c in text[i + len("rules_go-v"):].elems():
            if not (c.isdigit() or c == "."):
                break
            version += c
        version = version.rstrip(".")
        if version:
            return version
    return ""
