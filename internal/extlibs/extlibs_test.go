package extlibs

import (
	"strings"
	"testing"
)

func TestLookup(t *testing.T) {
	for inc, want := range map[string]string{
		"oneapi/dpl/algorithm":     "oneDPL (oneAPI DPC++ Library)",
		"oneapi/mkl.hpp":           "oneMKL's SYCL API",
		"oneapi/mkl/rng.hpp":       "oneMKL's SYCL API",
		"dpct/dpct.hpp":            "SYCLomatic's dpct helpers",
		"dpc_common.hpp":           "the oneAPI samples' dev-utilities",
		"oneapi/mkl.hpp.in":        "",
		"sycl/sycl.hpp":            "",
		"oneapi/dplx/algorithm":    "",
		"my/oneapi/dpl/algorithm":  "",
		"include/dpc_common.hpp":   "",
		"oneapi/mkl_not_mkl/x.hpp": "",
	} {
		l, ok := Lookup(inc)
		if ok != (want != "") || l.Name != want {
			t.Errorf("Lookup(%q) = %q, %v; want %q", inc, l.Name, ok, want)
		}
	}
	l, _ := Lookup("oneapi/dpl/algorithm")
	if m := Message("oneapi/dpl/algorithm", l); !strings.HasPrefix(m, "oneapi/dpl/algorithm is oneDPL") || !strings.Contains(m, "does not provide") {
		t.Errorf("Message: %s", m)
	}
	l, _ = Lookup("oneapi/mkl.hpp")
	if m := Message("oneapi/mkl.hpp", l); m != "oneapi/mkl.hpp is oneMKL's SYCL API: add @onemkl//:onemkl to deps (rules_sycl lays it out from Intel's wheels as @onemkl)" {
		t.Errorf("Message: %s", m)
	}
}
