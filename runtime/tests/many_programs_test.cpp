// The runtime keeps every registration and caches every program it builds, past the
// sizes of its first tables (64 descriptors, 256 programs, which it used to drop and
// rebuild-and-leak silently): 300 descriptors, each with its own copy of this binary's
// images, registered one at a time and launched; then all at once.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "rsycl/sycl_lite.h"

class Fill;

static int fill(int *out, int value) {
  return rsycl::parallel_for<Fill>(64, [=](size_t i) { out[i] = value + int(i); });
}

static bool check(const int *out, int value) {
  for (int i = 0; i < 64; i++)
    if (out[i] != value + i) return false;
  return true;
}

int main() {
  const int copies = 300;
  int *out = static_cast<int *>(rsycl_malloc_shared(64 * sizeof(int)));
  if (fill(out, 7) != RSYCL_OK || !check(out, 7)) {
    std::printf("first launch failed: %s\n", rsycl_last_error());
    return 1;
  }
  const rs_desc *orig = rsycl_desc(0);
  if (rsycl_desc_count() != 1 || !orig || rsycl_program_count() != 1) {
    std::printf("expected one descriptor and one program, got %zu and %zu\n", rsycl_desc_count(), rsycl_program_count());
    return 1;
  }
  rs_desc base = *orig;
  __sycl_unregister_lib(const_cast<rs_desc *>(orig));
  std::vector<rs_desc> descs(copies);
  for (int c = 0; c < copies; c++) {
    rs_image *imgs = static_cast<rs_image *>(std::malloc(base.count * sizeof(rs_image)));
    std::memcpy(imgs, base.images, base.count * sizeof(rs_image));
    descs[c] = base;
    descs[c].images = imgs;
    __sycl_register_lib(&descs[c]);
    if (fill(out, c) != RSYCL_OK || !check(out, c)) {
      std::printf("launch %d failed: %s\n", c, rsycl_last_error());
      return 1;
    }
    __sycl_unregister_lib(&descs[c]);
  }
  if (rsycl_program_count() != size_t(copies) + 1) {
    std::printf("programs cached: %zu, want %d\n", rsycl_program_count(), copies + 1);
    return 1;
  }
  // Every copy registered at once: none dropped.
  for (int c = 0; c < copies; c++) __sycl_register_lib(&descs[c]);
  if (rsycl_desc_count() != size_t(copies) || rsycl_image_count() != size_t(copies) * base.count) {
    std::printf("registered %zu descriptors with %zu images, want %d and %d\n", rsycl_desc_count(),
                rsycl_image_count(), copies, copies * base.count);
    return 1;
  }
  // A launch now reuses a cached program (no new build).
  if (fill(out, 1) != RSYCL_OK || !check(out, 1) || rsycl_program_count() != size_t(copies) + 1) {
    std::printf("relaunch: %s, %zu programs\n", rsycl_last_error(), rsycl_program_count());
    return 1;
  }
  std::printf("%d descriptors registered, %zu programs cached\n", copies, rsycl_program_count());
  return 0;
}
