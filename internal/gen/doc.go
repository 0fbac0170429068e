// Package gen holds the generators: text in another language made from the Go tables,
// which are the one home of those facts. DevicesBzl writes toolchain/devices.bzl
// (Starlark: the built-in targets and the family, front-end and AOT tool records),
// TablesHeader runtime/sycl_tables.h (C: the test runtime's aspect names, backends,
// format labels and platform quirks), ExternalLibrariesHeader
// toolchain/dpcpp_jit/external_libraries.h (C++: the libraries rules_sycl does not
// provide, for DPC++'s device compile's messages), NVPTXMath toolchain/nvptx/math_names.inc
// (C++: the math functions of the NVPTX builtins), TraitsHeader the aspect traits header of a target
// set (C++, at build time, by `sycl-device traits`). The checked-in outputs are compared
// byte for byte by this package's tests (`go test ./internal/gen -update` rewrites them).
package gen
