package split

import (
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/llvmir"
)

func TestImportable(t *testing.T) {
	src := `target triple = "spir64-unknown-unknown"
define spir_func void @ext() #0 {
  ret void
}
define spir_func void @helper() {
  ret void
}
define spir_func void @_Z9__privatev() #0 {
  ret void
}
declare spir_func void @_Z5twicef(float)
declare spir_func void @_ZN7__spirv3fooEv()
declare spir_func i64 @_Z28__spirv_GlobalInvocationId_xv()
declare spir_func void @__devicelib_foo()
declare spir_func float @_Z3sinf(float)
declare float @llvm.fabs.f32(float)
declare spir_func void @_ZN4math5scaleEf(float)
attributes #0 = { "sycl-module-id"="a.cpp" }
`
	m, err := llvmir.Parse("i.ll", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{
		"ext": true, "helper": false, "_Z9__privatev": false, "_Z5twicef": true,
		"_ZN7__spirv3fooEv": false, "_Z28__spirv_GlobalInvocationId_xv": false,
		"__devicelib_foo": false, "_Z3sinf": false, "llvm.fabs.f32": false, "_ZN4math5scaleEf": true,
	}
	for _, f := range m.Funcs {
		w, ok := want[f.Name]
		if !ok {
			t.Fatalf("unexpected function %s", f.Name)
		}
		if got := Importable(m, f); got != w {
			t.Errorf("Importable(%s) = %v, want %v", f.Name, got, w)
		}
	}
	for name, start := range map[string]string{"_Z3foov": "foo", "_ZNK3Foo3barEv": "Foo", "_ZSt4moveIiEv": "std", "plain": "plain", "_Z": "_Z", "_Z99x": "_Z99x"} {
		if got := demangledStart(name); got != start {
			t.Errorf("demangledStart(%q) = %q, want %q", name, got, start)
		}
	}
}
