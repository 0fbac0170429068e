// sycl-jit-fe: DPC++'s SYCL device front end, from the compiler library in Intel's
// runtime wheel (libsycl-jit.so), as one compile of one translation unit.
//
//   sycl-jit-fe --library=LIB --source=SRC --output=OUT.bc
//               [--int-header=H --int-footer=F] [--] [DRIVER ARGS...]
//
// It loads LIB, calls its exported compileSYCL with SRC and the driver arguments (what
// `clang++ -fsycl-device-only` takes: -I, -D, -O2, -std=, -g, -Xclang ...), and writes
// the front end's LLVM bitcode to OUT, DPC++'s integration header and footer to H and F.
// The compiler's warnings and errors are printed as it wrote them (file:line:col of the
// user's source). Exit status: 0 on success, 1 on a compile error or bad input (nothing
// is written then), 2 on bad usage; a crash inside the library is reported with the TU's
// name, leaves nothing behind and ends the process with the crash's signal. Standard
// input is never read.
#include <dlfcn.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/personality.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "toolchain/dpcpp_jit/external_libraries.h"
#include "toolchain/dpcpp_jit/rtc_abi.h"

namespace {

constexpr off_t kMaxSource = 64 << 20;  // 64 MiB: a translation unit, not a data file.

// What the crash handler needs, prepared before the library runs (a handler may only call
// async-signal-safe functions): where standard error really goes, what the library
// printed so far, the message naming the TU, and the temporary outputs to remove.
struct CrashState {
  int stderr_fd = -1;
  int captured_fd = -1;
  std::string message;
  std::vector<std::string> temporaries;
};
CrashState crash;

// OnCrash reports a crash inside DPC++'s compiler library with the TU's name, after what
// the library printed, removes the temporary outputs, and dies of the same signal (the
// handler is reset first), so that the build sees a crashed action, not a compile error.
void OnCrash(int sig) {
  if (crash.stderr_fd >= 0) {
    if (crash.captured_fd >= 0 && lseek(crash.captured_fd, 0, SEEK_SET) == 0) {
      char buf[4096];
      ssize_t n;
      while ((n = read(crash.captured_fd, buf, sizeof buf)) > 0) {
        if (write(crash.stderr_fd, buf, static_cast<size_t>(n)) < 0) break;
      }
    }
    ssize_t written = write(crash.stderr_fd, crash.message.data(), crash.message.size());
    (void)written;
  }
  for (const std::string &t : crash.temporaries) unlink(t.c_str());
  raise(sig);
}

// GuardCrashes installs OnCrash for the signals of a crash, reset once taken.
void GuardCrashes(const std::string &source, int stderr_fd, int captured_fd, std::vector<std::string> temporaries) {
  crash.stderr_fd = stderr_fd;
  crash.captured_fd = captured_fd;
  crash.message = "sycl-jit-fe: " + source + ": DPC++'s compiler library crashed; no output was written\n";
  crash.temporaries = std::move(temporaries);
  struct sigaction sa;
  std::memset(&sa, 0, sizeof sa);
  sa.sa_handler = OnCrash;
  sa.sa_flags = SA_RESETHAND | SA_NODEFER;
  sigemptyset(&sa.sa_mask);
  for (int sig : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT}) sigaction(sig, &sa, nullptr);
}

int Fail(const std::string &msg) {
  std::fprintf(stderr, "sycl-jit-fe: error: %s\n", msg.c_str());
  return 1;
}

bool ReadSource(const std::string &path, std::string *out, std::string *err) {
  int fd = open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    *err = path + ": " + std::strerror(errno);
    return false;
  }
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    *err = path + ": not a regular file";
    return false;
  }
  if (st.st_size > kMaxSource) {
    close(fd);
    *err = path + ": larger than 64 MiB";
    return false;
  }
  out->resize(static_cast<size_t>(st.st_size));
  size_t done = 0;
  while (done < out->size()) {
    ssize_t n = read(fd, &(*out)[done], out->size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      close(fd);
      *err = path + ": read failed";
      return false;
    }
    done += static_cast<size_t>(n);
  }
  close(fd);
  if (out->find('\0') != std::string::npos) {
    *err = path + ":1: not a C++ source: it holds a NUL byte";
    return false;
  }
  return true;
}

bool WriteFile(const std::string &path, const char *data, size_t size) {
  std::string tmp = path + ".tmp";
  FILE *f = std::fopen(tmp.c_str(), "wb");
  if (!f) return false;
  bool ok = std::fwrite(data, 1, size, f) == size;
  ok = (std::fclose(f) == 0) && ok;
  if (!ok || std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    return false;
  }
  return true;
}

bool FileExists(const std::string &path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

bool Flag(const std::string &arg, const char *name, std::string *value) {
  std::string prefix = std::string("--") + name + "=";
  if (arg.compare(0, prefix.size(), prefix) != 0) return false;
  *value = arg.substr(prefix.size());
  return true;
}

bool StartsWith(const std::string &s, const char *prefix) {
  return s.compare(0, std::strlen(prefix), prefix) == 0;
}

// For the compiler's "<file:line:col>: fatal error: '<include>' file not found" line of an
// include of a library rules_sycl does not provide (external_libraries.h), a note at the
// same place that says which library it is and what to do; "" for any other line.
std::string MissingLibraryNote(const std::string &line) {
  static const char kError[] = ": fatal error: '";
  static const char kNotFound[] = "' file not found";
  size_t at = line.find(kError);
  if (at == std::string::npos) return "";
  size_t inc = at + std::strlen(kError);
  size_t end = line.find(kNotFound, inc);
  if (end == std::string::npos) return "";
  std::string include = line.substr(inc, end - inc);
  for (const auto &lib : rs_external_libraries) {
    size_t n = std::strlen(lib.prefix);
    bool dir = n > 0 && lib.prefix[n - 1] == '/';
    if (include == lib.prefix || (dir && include.compare(0, n, lib.prefix) == 0)) {
      if (lib.label[0] != '\0') {
        return line.substr(0, at) + ": note: " + include + " is " + lib.name + ": add " + lib.label + " to deps (" +
               lib.where + ")\n";
      }
      return line.substr(0, at) + ": note: " + include + " is " + lib.name +
             ", which rules_sycl does not provide: " + rs_external_library_advice + " (" + lib.where + ")\n";
    }
  }
  return "";
}

// The compiler's messages as a compiler prints them: the library wraps a failed compile's
// log in "Device compilation failed" / "Detailed information:" lines and indents its first
// line with a tab; the file:line:col of each diagnostic must start its line (editors and
// Bazel's output parsers read it there). The action's own failure line follows.
std::string CompilerMessages(const std::string &log) {
  std::string out = log;
  for (const char *wrap : {"Device compilation failed\n", "Detailed information:\n"}) {
    if (out.compare(0, std::strlen(wrap), wrap) == 0) out.erase(0, std::strlen(wrap));
  }
  if (!out.empty() && out[0] == '\t') out.erase(0, 1);
  // The library's own device-library link and post-link steps, whose results the build
  // does not use, warn about every SYCL_EXTERNAL function another TU defines (they see
  // one TU as the whole program) and, for an AOT triple, about linking its spir64
  // libraries; the build links TUs itself, so these lines are dropped (and the blank
  // lines after them).
  std::string kept;
  size_t start = 0;
  bool skip_blank = false;
  while (start < out.size()) {
    size_t end = out.find('\n', start);
    end = end == std::string::npos ? out.size() : end + 1;
    std::string line = out.substr(start, end - start);
    bool post_link_warning = (StartsWith(line, "warning: Undefined function ") &&
                              line.find(". This may result in runtime errors.") != std::string::npos) ||
                             StartsWith(line, "WARNING:Linking two modules of different target triples");
    if (post_link_warning) {
      skip_blank = true;
    } else if (!(skip_blank && (line == "\n" || line.empty()))) {
      kept += line;
      kept += MissingLibraryNote(line);
      skip_blank = false;
    }
    start = end;
  }
  // Only blank lines left (the separators of dropped messages): nothing to say.
  if (kept.find_first_not_of(" \t\r\n") == std::string::npos) return "";
  return kept;
}

// Ends the process without running the library's static destructors: it keeps buffered
// messages of its own unused steps (its device-library link warns about each module of
// another triple) that would be printed at exit, and unloading 186 MB of code is slow.
int Finish(int code) {
  std::fflush(stdout);
  std::fflush(stderr);
  _exit(code);
}

// Driver options that make no sense for one in-process device compile; the library
// refuses some of them with a less helpful message.
const char *const kRefused[] = {"-o", "-c", "-S", "-E", "-fsycl-rtc-mode"};

}  // namespace

// Runs this program again without address-space randomisation, once. The library's
// optimiser iterates over some address-keyed maps: with randomised addresses, about one
// run in twenty gave other bytes for the same TU (a call's noundef attribute came and
// went); with fixed addresses every run gave the same, from any directory. Where the
// personality cannot be changed (a seccomp filter), the compile goes on as it is.
void RunWithoutAddressRandomisation(char **argv) {
  int current = personality(0xffffffff);
  if (current == -1 || (current & ADDR_NO_RANDOMIZE)) return;
  if (personality(static_cast<unsigned long>(current) | ADDR_NO_RANDOMIZE) == -1) return;
  execv("/proc/self/exe", argv);
  personality(static_cast<unsigned long>(current));  // exec failed: go on as we are
}

int main(int argc, char **argv) {
  RunWithoutAddressRandomisation(argv);
  std::string library, source, output, header, footer;
  std::vector<std::string> driver;
  bool rest = false;
  for (int i = 1; i < argc; i++) {
    std::string a = argv[i];
    if (rest) {
      driver.push_back(a);
    } else if (a == "--") {
      rest = true;
    } else if (Flag(a, "library", &library) || Flag(a, "source", &source) || Flag(a, "output", &output) ||
               Flag(a, "int-header", &header) || Flag(a, "int-footer", &footer)) {
    } else if (a == "--help" || a == "-h") {
      std::printf("usage: sycl-jit-fe --library=LIB --source=SRC --output=OUT.bc [--int-header=H --int-footer=F] [--] [DRIVER ARGS...]\n");
      return 0;
    } else {
      driver.push_back(a);
    }
  }
  if (library.empty() || source.empty() || output.empty()) {
    std::fprintf(stderr, "sycl-jit-fe: error: --library, --source and --output are required (--help)\n");
    return 2;
  }
  if (header.empty() != footer.empty()) {
    std::fprintf(stderr, "sycl-jit-fe: error: --int-header and --int-footer go together\n");
    return 2;
  }
  for (const std::string &a : driver) {
    for (const char *r : kRefused) {
      if (a == r || (a.compare(0, std::strlen(r), r) == 0 && std::strcmp(r, "-fsycl-rtc-mode") == 0)) {
        return Fail("the driver option " + a + " is not for a device front end compile (the build chooses the outputs)");
      }
    }
    if (a.compare(0, 14, "-fsycl-targets") == 0) {
      return Fail(a + ": the build compiles each target itself (an AOT SPIR triple through -Xclang -triple)");
    }
  }

  std::string text, err;
  if (!ReadSource(source, &text, &err)) return Fail(err);

  // What the library prints to standard error itself (its device-library link's and
  // post-link step's warnings, through streams it opens when it is loaded) goes through
  // the same filter as its build log.
  std::fflush(stderr);
  FILE *captured = std::tmpfile();
  int saved_stderr = captured ? dup(2) : -1;
  if (saved_stderr >= 0) dup2(fileno(captured), 2);
  void *lib = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
  auto compile = lib ? reinterpret_cast<rsycl_rtc::CompileSYCLFn>(dlsym(lib, rsycl_rtc::kEntryPoint)) : nullptr;
  if (!compile) {
    std::string why = lib ? library + " does not export " + rsycl_rtc::kEntryPoint +
                                ": not the libsycl-jit of the intel-sycl-rt wheel pinned in rules_sycl's versions.bzl"
                          : std::string("cannot load DPC++'s compiler library: ") + dlerror();
    if (saved_stderr >= 0) dup2(saved_stderr, 2);
    return Finish(Fail(why));
  }

  // The header and footer go to temporary names and are renamed only when the compile
  // succeeded: a failed compile leaves no output behind.
  std::vector<std::string> args_store;
  if (!header.empty()) {
    args_store.insert(args_store.end(), {"-Xclang", "-fsycl-int-header=" + header + ".tmp", "-Xclang",
                                         "-fsycl-int-footer=" + footer + ".tmp"});
    std::remove((header + ".tmp").c_str());
    std::remove((footer + ".tmp").c_str());
  }
  args_store.insert(args_store.end(), driver.begin(), driver.end());
  std::vector<const char *> args;
  for (const std::string &a : args_store) args.push_back(a.c_str());

  std::vector<std::string> temporaries;
  if (!header.empty()) temporaries = {header + ".tmp", footer + ".tmp"};
  GuardCrashes(source, saved_stderr >= 0 ? saved_stderr : 2, captured ? fileno(captured) : -1, temporaries);
  rsycl_rtc::InMemoryFile src{source.c_str(), text.c_str()};
  rsycl_rtc::Result r = compile(src, rsycl_rtc::View<rsycl_rtc::InMemoryFile>{nullptr, 0},
                                rsycl_rtc::View<const char *>{args.data(), args.size()},
                                rsycl_rtc::View<char>{nullptr, 0}, true, rsycl_rtc::kFormatSPIRV);
  if (saved_stderr >= 0) {
    std::fflush(stderr);
    dup2(saved_stderr, 2);
    close(saved_stderr);
    std::string printed;
    std::rewind(captured);
    char buf[4096];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, captured)) > 0 && printed.size() < (16u << 20)) printed.append(buf, n);
    std::fclose(captured);
    std::fputs(CompilerMessages(printed).c_str(), stderr);
  }
  // The result is not destroyed: its members were allocated by the library, and the
  // process ends here.
  std::string log = CompilerMessages(r.build_log.c_str());
  if (!log.empty()) {
    std::fputs(log.c_str(), stderr);
    if (log.back() != '\n') std::fputc('\n', stderr);
  }
  auto cleanup = [&] {
    if (!header.empty()) {
      std::remove((header + ".tmp").c_str());
      std::remove((footer + ".tmp").c_str());
    }
  };
  if (r.error_code != rsycl_rtc::kSuccess) {
    cleanup();
    std::fprintf(stderr, "sycl-jit-fe: %s: DPC++'s device compile failed%s\n", source.c_str(),
                 r.error_code == rsycl_rtc::kInvalid ? " (invalid arguments)" : "");
    return Finish(1);
  }
  if (r.device_code_ir.size == 0) {
    cleanup();
    return Finish(Fail(source + ": the compiler library returned no device IR"));
  }
  if (!header.empty() && (!FileExists(header + ".tmp") || !FileExists(footer + ".tmp"))) {
    cleanup();
    return Finish(Fail(source + ": the compiler library wrote no integration header or footer (does " + header + "'s directory exist?)"));
  }
  if (!WriteFile(output, static_cast<const char *>(r.device_code_ir.values), r.device_code_ir.size)) {
    cleanup();
    return Finish(Fail(output + ": cannot write: " + std::strerror(errno)));
  }
  if (!header.empty() && (std::rename((header + ".tmp").c_str(), header.c_str()) != 0 ||
                          std::rename((footer + ".tmp").c_str(), footer.c_str()) != 0)) {
    std::remove(output.c_str());
    cleanup();
    return Finish(Fail(header + ": cannot write: " + std::strerror(errno)));
  }
  return Finish(0);
}
