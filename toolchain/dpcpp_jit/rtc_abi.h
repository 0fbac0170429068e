// The interface of DPC++'s runtime-compilation library (libsycl-jit.so, shipped in Intel's
// intel-sycl-rt wheel), declared in our own words from intel/llvm's open-source headers
// sycl-jit/jit-compiler/include/{RTC,View,DynArray,JITBinaryInfo,Macros}.h and
// sycl/include/sycl/detail/string.hpp at the wheel's release (intel-sycl-rt 2026.1.2,
// intel/llvm 691bdebb6c5d8a264fc18e692c6a47d2131efddb, whose compileSYCL takes a trailing
// BinaryFormat). Only what the front end calls and reads is declared: the library is used
// through its exported C entry point, nothing else.
#ifndef RULES_SYCL_DPCPP_JIT_RTC_ABI_H_
#define RULES_SYCL_DPCPP_JIT_RTC_ABI_H_

#include <cstddef>
#include <cstdint>

namespace rsycl_rtc {

// jit_compiler::InMemoryFile: a file of the compile's virtual file system.
struct InMemoryFile {
  const char *path;
  const char *contents;
};

// jit_compiler::View<T>: a read-only pointer and element count (trivially copyable, so
// passed as two words, as the library's own type is).
template <typename T>
struct View {
  const T *data;
  size_t size;
};

// jit_compiler::DynArray<T>: an owning pointer and element count.
struct DynArrayWords {
  void *values;
  size_t size;
};

// sycl::detail::string: one owning pointer to a NUL-terminated string (null: empty).
struct DetailString {
  char *str;
  const char *c_str() const { return str ? str : ""; }
};

// jit_compiler::RTCResult, member by member: the error code (RTCErrorCode: SUCCESS,
// BUILD, INVALID), the bundle info (device images, then the compile options), the
// front end's bitcode (SaveIR), the build log. Returned in memory.
struct Result {
  int32_t error_code;
  DynArrayWords device_images;
  DetailString compile_options;
  DynArrayWords device_code_ir;
  DetailString build_log;
};

enum ErrorCode : int32_t { kSuccess = 0, kBuild = 1, kInvalid = 2 };

// jit_compiler::BinaryFormat.
enum BinaryFormat : uint32_t { kFormatInvalid = 0, kFormatLLVM = 1, kFormatSPIRV = 2 };

// The exported entry point (extern "C"): compiles SourceFile with the driver arguments
// UserArgs as `clang++ -fsycl-device-only`; with SaveIR, the result holds the front end's
// LLVM bitcode.
using CompileSYCLFn = Result (*)(InMemoryFile source, View<InMemoryFile> include_files,
                                 View<const char *> user_args, View<char> cached_ir,
                                 bool save_ir, BinaryFormat format);

constexpr const char kEntryPoint[] = "compileSYCL";

}  // namespace rsycl_rtc

#endif  // RULES_SYCL_DPCPP_JIT_RTC_ABI_H_
