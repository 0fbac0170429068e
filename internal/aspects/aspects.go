// Package aspects is the built-in catalogue of SYCL aspect names and numbers: the SYCL
// 2020 core aspects and DPC++'s extension aspects, numbered as DPC++'s
// sycl/include/sycl/info/aspects.def (and aspects_deprecated.def) of a recent release.
//
// Aspect numbers change between DPC++ releases. Tools take names and numbers from the
// IR (!sycl_aspects, or the pair form !{!"name", i32 V}) whenever it carries them; this
// table is only the fallback, and the numbering a YAML device configuration may use.
package aspects

import (
	"sort"
	"strconv"
)

// Aspect is one named aspect value.
type Aspect struct {
	Name       string
	Value      int
	Deprecated bool
}

var builtin = []Aspect{
	{"host", 0, true}, {"cpu", 1, false}, {"gpu", 2, false}, {"accelerator", 3, false},
	{"custom", 4, false}, {"fp16", 5, false}, {"fp64", 6, false},
	{"int64_base_atomics", 7, true}, {"int64_extended_atomics", 8, true},
	{"image", 9, false}, {"online_compiler", 10, false}, {"online_linker", 11, false},
	{"queue_profiling", 12, false}, {"usm_device_allocations", 13, false},
	{"usm_host_allocations", 14, false}, {"usm_shared_allocations", 15, false},
	{"usm_restricted_shared_allocations", 16, true}, {"usm_system_allocations", 17, false},
	{"ext_intel_pci_address", 18, false}, {"ext_intel_gpu_eu_count", 19, false},
	{"ext_intel_gpu_eu_simd_width", 20, false}, {"ext_intel_gpu_slices", 21, false},
	{"ext_intel_gpu_subslices_per_slice", 22, false},
	{"ext_intel_gpu_eu_count_per_subslice", 23, false},
	{"ext_intel_max_mem_bandwidth", 24, false}, {"ext_intel_mem_channel", 25, false},
	{"usm_atomic_host_allocations", 26, false}, {"usm_atomic_shared_allocations", 27, false},
	{"atomic64", 28, false}, {"ext_intel_device_info_uuid", 29, false},
	{"ext_oneapi_srgb", 30, false}, {"ext_oneapi_native_assert", 31, false},
	{"host_debuggable", 32, false}, {"ext_intel_gpu_hw_threads_per_eu", 33, false},
	{"ext_oneapi_cuda_async_barrier", 34, false},
	{"ext_oneapi_bfloat16_math_functions", 35, false},
	{"ext_intel_free_memory", 36, false}, {"ext_intel_device_id", 37, false},
	{"ext_intel_memory_clock_rate", 38, false}, {"ext_intel_memory_bus_width", 39, false},
	{"emulated", 40, false}, {"ext_intel_legacy_image", 41, false},
	{"ext_oneapi_bindless_images", 42, false},
	{"ext_oneapi_bindless_images_shared_usm", 43, false},
	{"ext_oneapi_bindless_images_1d_usm", 44, false},
	{"ext_oneapi_bindless_images_2d_usm", 45, false},
	{"ext_oneapi_external_memory_import", 46, false},
	{"ext_oneapi_external_semaphore_import", 48, false},
	{"ext_oneapi_mipmap", 50, false}, {"ext_oneapi_mipmap_anisotropy", 51, false},
	{"ext_oneapi_mipmap_level_reference", 52, false}, {"ext_intel_esimd", 53, false},
	{"ext_oneapi_ballot_group", 54, false}, {"ext_oneapi_fixed_size_group", 55, false},
	{"ext_oneapi_opportunistic_group", 56, false}, {"ext_oneapi_tangle_group", 57, false},
	{"ext_intel_matrix", 58, false}, {"ext_oneapi_is_composite", 59, false},
	{"ext_oneapi_is_component", 60, false}, {"ext_oneapi_graph", 61, false},
	{"ext_intel_fpga_task_sequence", 62, false}, {"ext_oneapi_limited_graph", 63, false},
	{"ext_oneapi_private_alloca", 64, false}, {"ext_oneapi_cubemap", 65, false},
	{"ext_oneapi_cubemap_seamless_filtering", 66, false},
	{"ext_oneapi_bindless_sampled_image_fetch_1d_usm", 67, false},
	{"ext_oneapi_bindless_sampled_image_fetch_1d", 68, false},
	{"ext_oneapi_bindless_sampled_image_fetch_2d_usm", 69, false},
	{"ext_oneapi_bindless_sampled_image_fetch_2d", 70, false},
	{"ext_oneapi_bindless_sampled_image_fetch_3d", 72, false},
	{"ext_oneapi_queue_profiling_tag", 73, false}, {"ext_oneapi_virtual_mem", 74, false},
	{"ext_oneapi_cuda_cluster_group", 75, false}, {"ext_oneapi_image_array", 76, false},
	{"ext_oneapi_unique_addressing_per_dim", 77, false},
	{"ext_oneapi_bindless_images_sample_1d_usm", 78, false},
	{"ext_oneapi_bindless_images_sample_2d_usm", 79, false},
	{"ext_oneapi_atomic16", 80, false}, {"ext_oneapi_virtual_functions", 81, false},
}

// dpcpp2026 is DPC++ 2026's numbering (libsycl.so.9, sycl/info/aspects.def and
// aspects_deprecated.def of intel-sycl-rt 2026.1.2): ext_intel_mem_channel and several
// group aspects are gone and the values after them moved down. A program linked against
// that runtime needs its device requirements in these numbers (`sycl-device wrap
// --aspect-numbering=dpcpp2026`); //internal/aspects:runtime_numbering_test compares
// the table with the headers of the runtime @sycl_dpcpp lays out.
var dpcpp2026 = []Aspect{
	{"host", 0, true}, {"cpu", 1, false}, {"gpu", 2, false}, {"accelerator", 3, false},
	{"custom", 4, false}, {"fp16", 5, false}, {"fp64", 6, false}, {"int64_base_atomics", 7, true},
	{"int64_extended_atomics", 8, true}, {"image", 9, false}, {"online_compiler", 10, false},
	{"online_linker", 11, false}, {"queue_profiling", 12, false},
	{"usm_device_allocations", 13, false}, {"usm_host_allocations", 14, false},
	{"usm_shared_allocations", 15, false}, {"usm_restricted_shared_allocations", 16, true},
	{"usm_system_allocations", 17, false}, {"ext_intel_pci_address", 18, false},
	{"ext_intel_gpu_eu_count", 19, false}, {"ext_intel_gpu_eu_simd_width", 20, false},
	{"ext_intel_gpu_slices", 21, false}, {"ext_intel_gpu_subslices_per_slice", 22, false},
	{"ext_intel_gpu_eu_count_per_subslice", 23, false}, {"ext_intel_max_mem_bandwidth", 24, false},
	{"usm_atomic_host_allocations", 25, false}, {"usm_atomic_shared_allocations", 26, false},
	{"atomic64", 27, false}, {"ext_intel_device_info_uuid", 28, false},
	{"ext_oneapi_srgb", 29, false}, {"ext_oneapi_native_assert", 30, false},
	{"host_debuggable", 31, false}, {"ext_intel_gpu_hw_threads_per_eu", 32, false},
	{"ext_oneapi_cuda_async_barrier", 33, false}, {"ext_intel_free_memory", 34, false},
	{"ext_intel_device_id", 35, false}, {"ext_intel_memory_clock_rate", 36, false},
	{"ext_intel_memory_bus_width", 37, false}, {"emulated", 38, false},
	{"ext_intel_legacy_image", 39, false}, {"ext_oneapi_bindless_images", 40, false},
	{"ext_oneapi_bindless_images_shared_usm", 41, false},
	{"ext_oneapi_bindless_images_1d_usm", 42, false},
	{"ext_oneapi_bindless_images_2d_usm", 43, false},
	{"ext_oneapi_external_memory_import", 44, false},
	{"ext_oneapi_external_semaphore_import", 45, false}, {"ext_oneapi_mipmap", 46, false},
	{"ext_oneapi_mipmap_anisotropy", 47, false}, {"ext_oneapi_mipmap_level_reference", 48, false},
	{"ext_intel_esimd", 49, false}, {"ext_oneapi_fragment", 50, false},
	{"ext_oneapi_chunk", 51, false}, {"ext_oneapi_tangle", 52, false},
	{"ext_intel_matrix", 53, false}, {"ext_oneapi_is_composite", 54, false},
	{"ext_oneapi_is_component", 55, false}, {"ext_oneapi_graph", 56, false},
	{"ext_oneapi_limited_graph", 57, false}, {"ext_oneapi_private_alloca", 58, false},
	{"ext_oneapi_cubemap", 59, false}, {"ext_oneapi_cubemap_seamless_filtering", 60, false},
	{"ext_oneapi_bindless_sampled_image_fetch_1d_usm", 61, false},
	{"ext_oneapi_bindless_sampled_image_fetch_1d", 62, false},
	{"ext_oneapi_bindless_sampled_image_fetch_2d_usm", 63, false},
	{"ext_oneapi_bindless_sampled_image_fetch_2d", 64, false},
	{"ext_oneapi_bindless_sampled_image_fetch_3d", 65, false},
	{"ext_oneapi_queue_profiling_tag", 66, false}, {"ext_oneapi_virtual_mem", 67, false},
	{"ext_oneapi_cuda_cluster_group", 68, false}, {"ext_oneapi_image_array", 69, false},
	{"ext_oneapi_unique_addressing_per_dim", 70, false},
	{"ext_oneapi_bindless_images_sample_1d_usm", 71, false},
	{"ext_oneapi_bindless_images_sample_2d_usm", 72, false}, {"ext_oneapi_atomic16", 73, false},
	{"ext_oneapi_virtual_functions", 74, false}, {"ext_intel_spill_memory_size", 75, false},
	{"ext_oneapi_bindless_images_gather", 76, false},
	{"ext_intel_current_clock_throttle_reasons", 77, false}, {"ext_intel_fan_speed", 78, false},
	{"ext_intel_power_limits", 79, false}, {"ext_oneapi_async_memory_alloc", 80, false},
	{"ext_intel_device_info_luid", 81, false}, {"ext_intel_device_info_node_mask", 82, false},
	{"ext_oneapi_exportable_device_mem", 83, false}, {"ext_oneapi_clock_sub_group", 84, false},
	{"ext_oneapi_clock_work_group", 85, false}, {"ext_oneapi_clock_device", 86, false},
	{"ext_oneapi_is_integrated_gpu", 87, false}, {"ext_oneapi_ipc_memory", 88, false},
	{"ext_oneapi_device_wait", 89, false}, {"ext_intel_xe_stack_count", 90, false},
	{"ext_intel_xe_regions_per_stack", 91, false}, {"ext_intel_xe_clusters_per_region", 92, false},
	{"ext_intel_xe_cores_per_cluster", 93, false}, {"ext_intel_eus_per_xe_core", 94, false},
	{"ext_intel_max_lanes_per_hw_thread", 95, false},
}

// Numberings are the aspect numberings of DPC++ runtimes a program may link: "dpcpp2025"
// (the built-in catalogue, libsycl.so.8 and the test runtime) and "dpcpp2026".
var Numberings = []string{"dpcpp2025", "dpcpp2026"}

// Numbering returns the table of a named numbering (Numberings), or false.
func Numbering(name string) (*Table, bool) {
	var list []Aspect
	switch name {
	case "dpcpp2025":
		list = builtin
	case "dpcpp2026":
		list = dpcpp2026
	default:
		return nil, false
	}
	t := NewTable()
	for _, a := range list {
		t.Set(a.Name, a.Value)
	}
	return t, true
}

// Table maps aspect names to values and back. The zero value is empty; use Builtin or
// NewTable.
type Table struct {
	byName  map[string]int
	byValue map[int]string
}

// NewTable returns an empty table.
func NewTable() *Table { return &Table{byName: map[string]int{}, byValue: map[int]string{}} }

// Builtin returns a fresh copy of the built-in catalogue.
func Builtin() *Table {
	t := NewTable()
	for _, a := range builtin {
		t.Set(a.Name, a.Value)
	}
	return t
}

// All returns the built-in catalogue in value order.
func All() []Aspect { return append([]Aspect(nil), builtin...) }

// Set records name = value, replacing earlier entries for either.
func (t *Table) Set(name string, value int) {
	if old, ok := t.byName[name]; ok && t.byValue[old] == name {
		delete(t.byValue, old)
	}
	t.byName[name] = value
	t.byValue[value] = name
}

// Value returns the value of name.
func (t *Table) Value(name string) (int, bool) {
	v, ok := t.byName[name]
	return v, ok
}

// Name returns the name of value v.
func (t *Table) Name(v int) (string, bool) {
	n, ok := t.byValue[v]
	return n, ok
}

// Display returns the name of v, or its decimal value when it has none.
func (t *Table) Display(v int) string {
	if n, ok := t.byValue[v]; ok {
		return n
	}
	return strconv.Itoa(v)
}

// Len is the number of names.
func (t *Table) Len() int { return len(t.byName) }

// Names returns all names, sorted by value then name.
func (t *Table) Names() []string {
	names := make([]string, 0, len(t.byName))
	for n := range t.byName {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		vi, vj := t.byName[names[i]], t.byName[names[j]]
		if vi != vj {
			return vi < vj
		}
		return names[i] < names[j]
	})
	return names
}
