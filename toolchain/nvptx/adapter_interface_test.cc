// Unified Runtime's CUDA adapter as rules_sycl builds it (@sycl_ur_cuda) against the
// interface of the runtime wheel's UR loader. Every handle the adapter returns starts with
// a pointer to the adapter's whole dispatch table (ur_dditable_t), through which the
// loader calls it, in the layout of the wheel's ur_ddi.h. An adapter compiled against
// another ur_ddi.h lays the table out differently, and the loader's calls land in the
// wrong slots (urDeviceGet on urDeviceSelectBinary). This test loads the adapter (the CUDA
// driver replaced by a stand-in whose functions all fail: none is called), takes its
// adapter handle as the loader does, and reads the table through the wheel's header:
// the Adapter table's urAdapterGet must be the one it called, and the Device table's
// urDeviceSelectBinary slot must answer as only that function does (the nvptx64 image
// among an spir64 and an nvptx64 one; UR_RESULT_ERROR_INVALID_BINARY for spir64 alone).
//
//   adapter_interface_test ADAPTER LIBUMF DRIVER...
#include <dlfcn.h>
#include <sys/wait.h>
#include <unistd.h>
#include <ur_api.h>
#include <ur_ddi.h>

#include <cstdio>

namespace {

int fail(const char *what) {
  std::fprintf(stderr, "FAIL: %s\n", what);
  return 1;
}

}  // namespace

int main(int argc, char **argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: %s ADAPTER LIBUMF DRIVER...\n", argv[0]);
    return 2;
  }
  // What the adapter needs, loaded first so that its dependencies resolve to them.
  for (int i = 2; i < argc; i++)
    if (!dlopen(argv[i], RTLD_NOW | RTLD_GLOBAL)) return fail(dlerror());
  void *adapter = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!adapter) return fail(dlerror());
  auto get = reinterpret_cast<ur_pfnGetAdapterProcAddrTable_t>(dlsym(adapter, "urGetAdapterProcAddrTable"));
  if (!get) return fail("the adapter exports no urGetAdapterProcAddrTable");
  ur_adapter_dditable_t adapters = {};
  if (get(UR_API_VERSION_CURRENT, &adapters) != UR_RESULT_SUCCESS || !adapters.pfnGet)
    return fail("urGetAdapterProcAddrTable refused the runtime's UR version");
  ur_adapter_handle_t handle = nullptr;
  uint32_t n = 0;
  if (adapters.pfnGet(1, &handle, &n) != UR_RESULT_SUCCESS || !handle) return fail("urAdapterGet gave no adapter");

  // The table every handle points to, read with the runtime's layout.
  const ur_dditable_t *table = *reinterpret_cast<const ur_dditable_t *const *>(handle);
  if (table->Adapter.pfnGet != adapters.pfnGet)
    return fail("the handle's table holds another urAdapterGet: it is not laid out as the runtime's ur_ddi.h");
  // In a child: a wrong slot holds another function, which may crash on these arguments.
  pid_t child = fork();
  if (child == 0) {
    ur_device_binary_t both[2] = {{UR_STRUCTURE_TYPE_DEVICE_BINARY, nullptr, UR_DEVICE_BINARY_TARGET_SPIRV64},
                                  {UR_STRUCTURE_TYPE_DEVICE_BINARY, nullptr, UR_DEVICE_BINARY_TARGET_NVPTX64}};
    uint32_t selected = 99;
    auto select = table->Device.pfnSelectBinary;
    bool ok = select && select(nullptr, both, 2, &selected) == UR_RESULT_SUCCESS && selected == 1 &&
              select(nullptr, both, 1, &selected) == UR_RESULT_ERROR_INVALID_BINARY;
    _exit(ok ? 0 : 1);
  }
  int status = 0;
  if (child < 0 || waitpid(child, &status, 0) != child || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
    return fail("the urDeviceSelectBinary slot of the handle's table does not answer as urDeviceSelectBinary: the adapter's dispatch table is not laid out as the runtime's ur_ddi.h");
  std::printf("ok: the adapter's dispatch table is laid out as the runtime's UR interface (version %d.%d)\n",
              UR_MAJOR_VERSION(UR_API_VERSION_CURRENT), UR_MINOR_VERSION(UR_API_VERSION_CURRENT));
  return 0;
}
