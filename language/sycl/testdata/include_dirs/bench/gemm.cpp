#include "common.h"
#include "util.h"
#include "kernels.inc"

int main(int argc, char **argv) {
  sycl::queue q;
  scale(q);
  return percent_diff(1.0f, 1.0f) > 0.1f;
}
