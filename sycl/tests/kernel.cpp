// A minimal SYCL kernel for the toolchain smoke test: the kernel entry point attribute
// of upstream clang, no SYCL headers needed.
template <typename KernelName, typename KernelType>
[[clang::sycl_kernel_entry_point(KernelName)]] void kernel_entry(KernelType k) { k(); }

class AddOne;

void launch(int *p) {
  kernel_entry<AddOne>([=]() { p[0] += 1; });
}
