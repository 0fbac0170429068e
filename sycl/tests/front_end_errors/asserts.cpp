// A kernel's failed assert, as DPC++ documents it: the message (file, line, global id,
// expression) on stderr, then abort. The kernel runs in a child process; the parent,
// which never touches SYCL, checks the child's exit and what it printed. With NDEBUG
// (which reaches the device compile too) the assert is compiled out and the kernel runs.
#include <sycl/sycl.hpp>

#include <cassert>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

static void run_kernel() {
  sycl::queue q;
  int *p = sycl::malloc_shared<int>(4, q);
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) {
    assert(i[0] != 2);
    p[i] = 1;
  }).wait();
  sycl::free(p, q);
}

int main() {
  int fds[2];
  if (pipe(fds) != 0) return std::perror("pipe"), 1;
  pid_t child = fork();
  if (child == 0) {
    dup2(fds[1], 2);
    close(fds[0]);
    run_kernel();
    _exit(0);
  }
  close(fds[1]);
  std::string err;
  char buf[4096];
  for (ssize_t n; (n = read(fds[0], buf, sizeof buf)) > 0;) err.append(buf, size_t(n));
  int status = 0;
  waitpid(child, &status, 0);
#ifdef NDEBUG
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return std::printf("ok: with NDEBUG the assert is compiled out\n"), 0;
  std::fprintf(stderr, "FAIL: with NDEBUG the kernel did not run to its end:\n%s", err.c_str());
  return 1;
#else
  bool aborted = WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT;
  bool message = err.find("sycl/tests/front_end_errors/asserts.cpp:19: ") != std::string::npos &&
                 err.find("global id: [2,0,0]") != std::string::npos &&
                 err.find("Assertion `i[0] != 2` failed") != std::string::npos;
  if (aborted && message) return std::printf("ok: the kernel's assert printed its message and aborted\n"), 0;
  std::fprintf(stderr, "FAIL: the failed assert: aborted %d, message %d; it printed:\n%s", aborted, message, err.c_str());
  return 1;
#endif
}
