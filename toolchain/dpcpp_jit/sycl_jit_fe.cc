// sycl-jit-fe: DPC++'s SYCL device front end, from the compiler library in Intel's
// runtime wheel (libsycl-jit.so), as one compile of one translation unit.
//
//   sycl-jit-fe --library=LIB --source=SRC --output=OUT.bc
//               [--int-header=H --int-footer=F]
//               [--declared-inputs=LIST [--builtin-include-dir=DIR]...] [--] [DRIVER ARGS...]
//
// It loads LIB, calls its exported compileSYCL with SRC and the driver arguments (what
// `clang++ -fsycl-device-only` takes: -I, -D, -O2, -std=, -g, -Xclang ...), and writes
// the front end's LLVM bitcode to OUT, DPC++'s integration header and footer to H and F.
// The compiler's warnings and errors are printed as it wrote them (file:line:col of the
// user's source). With --declared-inputs (a file of paths, one per line: the action's
// inputs), every file the compile read must be one of them, or under a DIR (the C++
// toolchain's built-in include directories), or the library's own headers: anything
// else (an absolute #include, a header no rule declares) fails the compile, naming the
// file, as Bazel's C++ rules fail an undeclared inclusion; the build would otherwise not
// re-run the compile when that file changes. Exit status: 0 on success, 1 on a compile
// error or bad input (nothing is written then), 2 on bad usage. The compile runs in a
// child process with its own temporary directory: a crash inside the library (a stack
// overflow too) is reported with the TU's name, leaves nothing behind (the library's
// temporary files neither) and ends the process with the crash's signal. Standard input
// is never read: the compile's is /dev/null.
#include <dirent.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <ftw.h>
#include <signal.h>
#include <sys/personality.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "toolchain/dpcpp_jit/external_libraries.h"
#include "toolchain/dpcpp_jit/rtc_abi.h"

namespace {

constexpr off_t kMaxSource = 64 << 20;  // 64 MiB: a translation unit, not a data file.

int Fail(const std::string &msg) {
  std::fprintf(stderr, "sycl-jit-fe: error: %s\n", msg.c_str());
  return 1;
}

bool ReadRegular(const std::string &path, std::string *out, std::string *err) {
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
  return true;
}

bool ReadSource(const std::string &path, std::string *out, std::string *err) {
  if (!ReadRegular(path, out, err)) return false;
  if (out->find('\0') != std::string::npos) {
    *err = path + ":1: not a C++ source: it holds a NUL byte";
    return false;
  }
  return true;
}

// The dependencies of a Makefile rule as clang's -MD writes it ("target: dep dep ..."):
// a backslash escapes a space or '#', "$$" is '$', a backslash before a newline continues
// the rule on the next line.
std::vector<std::string> MakeDependencies(const std::string &text) {
  std::vector<std::string> deps;
  size_t colon = text.find(": ");
  if (colon == std::string::npos) colon = text.find(":\n");
  if (colon == std::string::npos) return deps;
  std::string cur;
  auto flush = [&] {
    if (!cur.empty()) deps.push_back(cur);
    cur.clear();
  };
  for (size_t i = colon + 1; i < text.size(); i++) {
    char c = text[i];
    if (c == '\\' && i + 1 < text.size() && (text[i + 1] == ' ' || text[i + 1] == '#')) {
      cur += text[++i];
    } else if (c == '\\' && i + 1 < text.size() && text[i + 1] == '\n') {
      i++;
      flush();
    } else if (c == '$' && i + 1 < text.size() && text[i + 1] == '$') {
      cur += '$';
      i++;
    } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      flush();
    } else {
      cur += c;
    }
  }
  flush();
  return deps;
}

// path with "." and "dir/.." removed (lexically, as Bazel compares include paths); an
// absolute path stays absolute. *escapes: a relative path that leaves its root.
std::string Normalize(const std::string &path, bool *escapes) {
  *escapes = false;
  bool absolute = !path.empty() && path[0] == '/';
  std::vector<std::string> parts;
  size_t start = 0;
  while (start <= path.size()) {
    size_t end = path.find('/', start);
    if (end == std::string::npos) end = path.size();
    std::string part = path.substr(start, end - start);
    if (part == "..") {
      if (parts.empty()) {
        if (!absolute) *escapes = true;
      } else {
        parts.pop_back();
      }
    } else if (!part.empty() && part != ".") {
      parts.push_back(part);
    }
    start = end + 1;
  }
  std::string out = absolute ? "/" : "";
  for (size_t i = 0; i < parts.size(); i++) out += (i ? "/" : "") + parts[i];
  return out;
}

bool UnderDirectory(const std::string &path, const std::string &dir) {
  if (dir.empty()) return false;
  if (dir == "/") return path[0] == '/';
  return path.compare(0, dir.size(), dir) == 0 && (path.size() == dir.size() || path[dir.size()] == '/');
}

// Where DPC++'s compiler library keeps its own headers (clang's resource headers, its
// C++ library wrappers): files of the library, not of the file system.
constexpr char kLibraryHeaders[] = "/sycl-jit-toolchain/";

// The files a compile read (deps_text, from -MD) that are not among the declared inputs,
// nor under a built-in include directory, nor the library's own, each with why.
std::vector<std::string> Undeclared(const std::string &deps_text, const std::set<std::string> &declared,
                                    const std::vector<std::string> &builtin_dirs) {
  std::vector<std::string> out;
  std::set<std::string> seen;
  for (const std::string &dep : MakeDependencies(deps_text)) {
    if (dep.compare(0, std::strlen(kLibraryHeaders), kLibraryHeaders) == 0) continue;
    bool escapes = false;
    std::string path = Normalize(dep, &escapes);
    if (!seen.insert(path).second) continue;
    bool builtin = false;
    for (const std::string &dir : builtin_dirs) builtin = builtin || UnderDirectory(path, dir);
    if (builtin) continue;
    if (path[0] == '/') {
      out.push_back(dep + " (an absolute path: include it by a path relative to an include directory of a target that declares it)");
    } else if (escapes) {
      out.push_back(dep + " (outside the execution root)");
    } else if (!declared.count(path)) {
      out.push_back(dep + " (not in the hdrs or srcs of this target or of its deps)");
    }
  }
  return out;
}

std::string ReadSmallFile(const std::string &path) {
  std::string out;
  FILE *f = std::fopen(path.c_str(), "r");
  if (!f) return out;
  char buf[512];
  size_t n = std::fread(buf, 1, sizeof buf, f);
  std::fclose(f);
  out.assign(buf, n);
  return out;
}

// The path of a named FIFO that process pid is opening or has open, or "": an #include of
// one would block the compile forever (opening a FIFO waits for a writer: the kernel's
// wait_for_partner, with the path as openat's second argument). Anonymous pipes and the
// standard descriptors do not count.
std::string OpenNamedFifo(pid_t pid) {
  std::string proc = "/proc/" + std::to_string(pid);
  if (ReadSmallFile(proc + "/wchan") == "wait_for_partner") {
    std::string call = ReadSmallFile(proc + "/syscall");  // "257 dirfd path flags ..."
    unsigned long nr = 0, dirfd = 0, addr = 0;
    char path[4096] = {0};
    if (std::sscanf(call.c_str(), "%lu %lx %lx", &nr, &dirfd, &addr) == 3 && nr == 257) {
      int mem = open((proc + "/mem").c_str(), O_RDONLY | O_CLOEXEC);
      if (mem >= 0) {
        ssize_t n = pread(mem, path, sizeof path - 1, static_cast<off_t>(addr));
        close(mem);
        if (n > 0) path[n] = '\0';
      }
    }
    return path[0] ? std::string(path) : std::string("a FIFO");
  }
  DIR *d = opendir((proc + "/fd").c_str());
  if (!d) return "";
  std::string found;
  while (struct dirent *e = readdir(d)) {
    int fd = std::atoi(e->d_name);
    if (fd <= 2) continue;
    std::string link = proc + "/fd/" + e->d_name;
    struct stat st;
    if (stat(link.c_str(), &st) != 0 || !S_ISFIFO(st.st_mode)) continue;
    char target[4096];
    ssize_t n = readlink(link.c_str(), target, sizeof target - 1);
    if (n <= 0) continue;
    target[n] = '\0';
    if (std::strncmp(target, "pipe:", 5) == 0) continue;
    found = target;
    break;
  }
  closedir(d);
  return found;
}

// A stop signal (SIGTERM, SIGINT, SIGHUP) the supervising process received, or 0.
volatile sig_atomic_t stop_signal = 0;

// Removes a directory tree (the compile's temporary directory).
void RemoveTree(const std::string &dir) {
  nftw(
      dir.c_str(), [](const char *path, const struct stat *, int, struct FTW *) { return remove(path); }, 16,
      FTW_DEPTH | FTW_PHYS);
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

// Driver options that make no sense for one in-process device compile, or that write
// files the build does not declare (dependency files, time traces, saved temporaries,
// another integration header); the library refuses some of them with a less helpful
// message. An entry ending in '=' or naming -M? also refuses the joined forms.
const char *const kRefused[] = {"-o", "-c", "-S", "-E", "-M", "-MM", "-MD", "-MMD"};
const char *const kRefusedPrefixes[] = {"-fsycl-rtc-mode", "-MF", "-MT", "-MQ", "-MJ", "-ftime-trace",
                                        "-save-temps", "-fsycl-int-header", "-fsycl-int-footer",
                                        "-fsycl-dump-device-code", "-fmodules-cache-path", "-fcrash-diagnostics-dir",
                                        "-Xsycl-target"};

// An environment variable that marks the one re-exec without address randomisation.
constexpr char kReexecMark[] = "RULES_SYCL_FE_NO_ASLR";

}  // namespace

// Runs this program again without address-space randomisation, once. The library's
// optimiser iterates over some address-keyed maps: with randomised addresses, about one
// run in twenty gave other bytes for the same TU (a call's noundef attribute came and
// went); with fixed addresses every run gave the same, from any directory. Where the
// personality cannot be changed (a seccomp filter), or the kernel resets it across the
// exec (a set-id copy of this program), the compile goes on as it is: the mark in the
// environment allows one re-exec only.
void RunWithoutAddressRandomisation(char **argv) {
  if (std::getenv(kReexecMark)) {
    unsetenv(kReexecMark);
    return;
  }
  int current = personality(0xffffffff);
  if (current == -1 || (current & ADDR_NO_RANDOMIZE)) return;
  if (personality(static_cast<unsigned long>(current) | ADDR_NO_RANDOMIZE) == -1) return;
  setenv(kReexecMark, "1", 1);
  execv("/proc/self/exe", argv);
  unsetenv(kReexecMark);
  personality(static_cast<unsigned long>(current));  // exec failed: go on as we are
}

namespace {

struct Options {
  std::string library, source, output, header, footer, declared_inputs;
  std::vector<std::string> builtin_dirs, driver;
};

// The compile, in the child process: standard error is the captured file (the parent
// prints it), TMPDIR the private directory; deps is where -MD writes (empty: no check).
int Compile(const Options &o, const std::string &text, const std::set<std::string> &declared, int real_stderr,
            FILE *captured, const std::string &deps) {
  void *lib = dlopen(o.library.c_str(), RTLD_NOW | RTLD_LOCAL);
  auto compile = lib ? reinterpret_cast<rsycl_rtc::CompileSYCLFn>(dlsym(lib, rsycl_rtc::kEntryPoint)) : nullptr;
  if (!compile) {
    std::string why = lib ? o.library + " does not export " + rsycl_rtc::kEntryPoint +
                                ": not the libsycl-jit of the intel-sycl-rt wheel pinned in rules_sycl's versions.bzl"
                          : std::string("cannot load DPC++'s compiler library: ") + dlerror();
    dup2(real_stderr, 2);
    return Finish(Fail(why));
  }

  // The header and footer go to temporary names and are renamed only when the compile
  // succeeded: a failed compile leaves no output behind.
  const std::string &header = o.header, &footer = o.footer;
  std::vector<std::string> args_store;
  if (!header.empty()) {
    args_store.insert(args_store.end(), {"-Xclang", "-fsycl-int-header=" + header + ".tmp", "-Xclang",
                                         "-fsycl-int-footer=" + footer + ".tmp"});
    std::remove((header + ".tmp").c_str());
    std::remove((footer + ".tmp").c_str());
  }
  if (!deps.empty()) args_store.insert(args_store.end(), {"-MD", "-MF", deps});
  args_store.insert(args_store.end(), o.driver.begin(), o.driver.end());
  std::vector<const char *> args;
  for (const std::string &a : args_store) args.push_back(a.c_str());

  rsycl_rtc::InMemoryFile src{o.source.c_str(), text.c_str()};
  rsycl_rtc::Result r = compile(src, rsycl_rtc::View<rsycl_rtc::InMemoryFile>{nullptr, 0},
                                rsycl_rtc::View<const char *>{args.data(), args.size()},
                                rsycl_rtc::View<char>{nullptr, 0}, true, rsycl_rtc::kFormatSPIRV);
  std::fflush(stderr);
  dup2(real_stderr, 2);
  std::string printed;
  std::rewind(captured);
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, captured)) > 0 && printed.size() < (16u << 20)) printed.append(buf, n);
  std::fputs(CompilerMessages(printed).c_str(), stderr);
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
    std::fprintf(stderr, "sycl-jit-fe: %s: DPC++'s device compile failed%s\n", o.source.c_str(),
                 r.error_code == rsycl_rtc::kInvalid ? " (invalid arguments)" : "");
    return Finish(1);
  }
  if (r.device_code_ir.size == 0) {
    cleanup();
    return Finish(Fail(o.source + ": the compiler library returned no device IR"));
  }
  if (!header.empty() && (!FileExists(header + ".tmp") || !FileExists(footer + ".tmp"))) {
    cleanup();
    return Finish(Fail(o.source + ": the compiler library wrote no integration header or footer (does " + header +
                       "'s directory exist?)"));
  }
  if (!deps.empty()) {
    std::string deps_text, err;
    if (!ReadRegular(deps, &deps_text, &err)) {
      cleanup();
      return Finish(Fail(o.source + ": the compiler library wrote no dependency list: " + err));
    }
    std::vector<std::string> undeclared = Undeclared(deps_text, declared, o.builtin_dirs);
    if (!undeclared.empty()) {
      cleanup();
      const size_t shown = 10;
      for (size_t i = 0; i < undeclared.size() && i < shown; i++) {
        std::fprintf(stderr, "%s: error: undeclared inclusion in the device compile: %s\n", o.source.c_str(),
                     undeclared[i].c_str());
      }
      if (undeclared.size() > shown) {
        std::fprintf(stderr, "%s: error: and %zu more undeclared inclusions\n", o.source.c_str(), undeclared.size() - shown);
      }
      std::fprintf(stderr,
                   "sycl-jit-fe: %s: the device compile read files that are not inputs of this action: the build "
                   "would not compile it again when they change; nothing was written\n",
                   o.source.c_str());
      return Finish(1);
    }
  }
  if (!WriteFile(o.output, static_cast<const char *>(r.device_code_ir.values), r.device_code_ir.size)) {
    cleanup();
    return Finish(Fail(o.output + ": cannot write: " + std::strerror(errno)));
  }
  if (!header.empty() && (std::rename((header + ".tmp").c_str(), header.c_str()) != 0 ||
                          std::rename((footer + ".tmp").c_str(), footer.c_str()) != 0)) {
    std::remove(o.output.c_str());
    cleanup();
    return Finish(Fail(header + ": cannot write: " + std::strerror(errno)));
  }
  return Finish(0);
}

}  // namespace

int main(int argc, char **argv) {
  RunWithoutAddressRandomisation(argv);
  Options o;
  bool rest = false;
  for (int i = 1; i < argc; i++) {
    std::string a = argv[i], dir;
    if (rest) {
      o.driver.push_back(a);
    } else if (a == "--") {
      rest = true;
    } else if (Flag(a, "library", &o.library) || Flag(a, "source", &o.source) || Flag(a, "output", &o.output) ||
               Flag(a, "int-header", &o.header) || Flag(a, "int-footer", &o.footer) ||
               Flag(a, "declared-inputs", &o.declared_inputs)) {
    } else if (Flag(a, "builtin-include-dir", &dir)) {
      bool escapes = false;
      o.builtin_dirs.push_back(Normalize(dir, &escapes));
    } else if (a == "--help" || a == "-h") {
      std::printf(
          "usage: sycl-jit-fe --library=LIB --source=SRC --output=OUT.bc [--int-header=H --int-footer=F] "
          "[--declared-inputs=LIST [--builtin-include-dir=DIR]...] [--] [DRIVER ARGS...]\n");
      return 0;
    } else {
      o.driver.push_back(a);
    }
  }
  if (o.library.empty() || o.source.empty() || o.output.empty()) {
    std::fprintf(stderr, "sycl-jit-fe: error: --library, --source and --output are required (--help)\n");
    return 2;
  }
  if (o.header.empty() != o.footer.empty()) {
    std::fprintf(stderr, "sycl-jit-fe: error: --int-header and --int-footer go together\n");
    return 2;
  }
  for (const std::string &a : o.driver) {
    bool refused = false;
    for (const char *r : kRefused) refused = refused || a == r;
    for (const char *r : kRefusedPrefixes) refused = refused || StartsWith(a, r);
    if (refused) {
      return Fail("the driver option " + a +
                  " is not for a device front end compile (the build chooses the outputs; AOT compiler options go in "
                  "the device configuration's aot_options)");
    }
    if (StartsWith(a, "-fsycl-targets")) {
      return Fail(a + ": the build compiles each target itself (an AOT SPIR triple through -Xclang -triple)");
    }
  }

  std::string text, err;
  if (!ReadSource(o.source, &text, &err)) return Fail(err);
  std::set<std::string> declared;
  if (!o.declared_inputs.empty()) {
    std::string list;
    if (!ReadRegular(o.declared_inputs, &list, &err)) return Fail(err);
    size_t start = 0;
    while (start < list.size()) {
      size_t end = list.find('\n', start);
      if (end == std::string::npos) end = list.size();
      bool escapes = false;
      if (end > start) declared.insert(Normalize(list.substr(start, end - start), &escapes));
      start = end + 1;
    }
  }

  // The compile gets a temporary directory of its own (the library writes its files
  // there), removed whatever happens, and a file for what the library prints to standard
  // error itself (its device-library link's and post-link step's warnings, through
  // streams it opens when it is loaded), which goes through the same filter as its log.
  const char *tmp_root = std::getenv("TMPDIR");
  std::string tmp_dir = std::string(tmp_root && *tmp_root ? tmp_root : "/tmp") + "/sycl-jit-fe.XXXXXX";
  if (!mkdtemp(&tmp_dir[0])) return Fail("cannot make a temporary directory " + tmp_dir + ": " + std::strerror(errno));
  std::fflush(stdout);
  std::fflush(stderr);
  FILE *captured = std::tmpfile();
  if (!captured) {
    RemoveTree(tmp_dir);
    return Fail(std::string("cannot make a temporary file: ") + std::strerror(errno));
  }
  std::string deps = o.declared_inputs.empty() ? "" : tmp_dir + "/deps.d";
  pid_t pid = fork();
  if (pid < 0) {
    RemoveTree(tmp_dir);
    return Fail(std::string("fork: ") + std::strerror(errno));
  }
  if (pid == 0) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);  // the compile ends with this process, however it ends
    if (getppid() == 1) _exit(1);
    int null_fd = open("/dev/null", O_RDONLY);
    if (null_fd >= 0) dup2(null_fd, 0);
    setenv("TMPDIR", tmp_dir.c_str(), 1);
    int real_stderr = dup(2);
    dup2(fileno(captured), 2);
    return Compile(o, text, declared, real_stderr, captured, deps);
  }
  // Asked to stop (Bazel cancels an action; a user presses ^C): the compile is ended and
  // its files removed, then this process ends of the same signal.
  for (int sig : {SIGTERM, SIGINT, SIGHUP}) signal(sig, [](int sig) { stop_signal = sig; });
  int status = 0;
  std::string fifo;
  for (;;) {
    pid_t done = waitpid(pid, &status, WNOHANG);
    if (done == pid || (done < 0 && errno != EINTR)) break;
    if (stop_signal) {
      kill(pid, SIGKILL);
      while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
      }
      RemoveTree(tmp_dir);
      for (const std::string &t : {o.header + ".tmp", o.footer + ".tmp", o.output + ".tmp"}) std::remove(t.c_str());
      signal(stop_signal, SIG_DFL);
      raise(stop_signal);
      return 128 + stop_signal;
    }
    fifo = OpenNamedFifo(pid);
    if (!fifo.empty()) {
      kill(pid, SIGKILL);
      while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
      }
      break;
    }
    usleep(20000);
  }
  RemoveTree(tmp_dir);
  if (!fifo.empty()) {
    for (const std::string &t : {o.header + ".tmp", o.footer + ".tmp", o.output + ".tmp"}) std::remove(t.c_str());
    return Fail(o.source + ": the compile opened " + fifo +
                ", which is not a regular file (a FIFO would block the build): an #include must name a source file");
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  // A crash inside the library: what it printed, then the TU's name; the temporary
  // outputs are removed, and this process dies of the same signal.
  int sig = WIFSIGNALED(status) ? WTERMSIG(status) : SIGABRT;
  std::string printed;
  if (std::fseek(captured, 0, SEEK_SET) == 0) {
    char buf[4096];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, captured)) > 0 && printed.size() < (16u << 20)) printed.append(buf, n);
  }
  std::fputs(CompilerMessages(printed).c_str(), stderr);
  std::fprintf(stderr, "sycl-jit-fe: %s: DPC++'s compiler library crashed (%s); no output was written\n",
               o.source.c_str(), strsignal(sig));
  for (const std::string &t : {o.header + ".tmp", o.footer + ".tmp", o.output + ".tmp"}) std::remove(t.c_str());
  std::fflush(stderr);
  signal(sig, SIG_DFL);
  raise(sig);
  return 128 + sig;
}
