// Upstream clang's attribute: code for upstream clang.
[[clang::sycl_external]] int twice(int x) { return 2 * x; }
