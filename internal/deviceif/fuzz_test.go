package deviceif

import (
	"github.com/rules-sycl/rules_sycl/internal/kernelinfo"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/llvmir"
	"github.com/rules-sycl/rules_sycl/internal/props"
	"github.com/rules-sycl/rules_sycl/internal/testutil"
)

// FuzzVariants: any module the reader accepts as an image. Making its device_if variants
// never panics; every variant reads back and carries its outcome; at most 2^kernelinfo.MaxDeviceIfTested.
func FuzzVariants(f *testing.F) {
	f.Add([]byte(testutil.DeviceIfTwoTests))
	f.Add([]byte("define spir_kernel void @k() {\n  ret void\n}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if _, err := llvmir.Parse("fuzz.ll", data); err != nil {
			return
		}
		n := 0
		_, err := Variants("fuzz.ll", 1, data, &props.Registry{}, func(v Variant) error {
			n++
			if _, err := llvmir.Parse("variant.ll", v.Text); err != nil {
				t.Fatalf("variant %s does not read back: %v", v.Tag, err)
			}
			if v.Props.Set(props.DeviceIfSet) == nil {
				t.Fatalf("variant %s has no outcome", v.Tag)
			}
			return nil
		})
		if err == nil && n > 1<<kernelinfo.MaxDeviceIfTested {
			t.Fatalf("%d variants", n)
		}
	})
}
