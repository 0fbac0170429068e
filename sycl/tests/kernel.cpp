// Minimal SYCL kernels for the pipeline smoke test: the kernel entry point attribute
// of upstream clang, no SYCL headers needed. One kernel uses double (fp64).
template <typename KernelName, typename KernelType>
[[clang::sycl_kernel_entry_point(KernelName)]] void kernel_entry(KernelType k) { k(); }

class AddOne;
class Scale;

void launch(int *p, double *d) {
  kernel_entry<AddOne>([=]() { p[0] += 1; });
  kernel_entry<Scale>([=]() { d[0] *= 2.5; });
}

int main() { return 0; }
