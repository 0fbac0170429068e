package wrap

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/internal/testutil"
)

var clangFlag = flag.String("clang", "", "path of clang (22)")

// TestIncbin: with Incbin the source holds no image bytes; compiled where the tables'
// paths resolve (the clang the rules use), linked with a program that registers the
// descriptor, every image's bytes are exactly its file's.
func TestIncbin(t *testing.T) {
	inputs := []Input{
		{Target: "spir64", Format: FormatSPIRV, Table: "testdata/spir.table"},
		{Target: "spir64", Format: FormatLLVMIR, Table: "testdata/pocl.table"},
	}
	src, err := GenerateWith("t", inputs, Options{ImageVersion: ImageVersion, Incbin: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`.incbin \"testdata/a.bin\"`, `.incbin \"testdata/b.bin\"`, "img0_bin, img0_bin_end,", "img1_bin, img1_bin_end,"} {
		if !strings.Contains(string(src), want) {
			t.Fatalf("source lacks %q:\n%s", want, src)
		}
	}
	if strings.Contains(string(src), "img0_bin[] __attribute__((aligned(8))) = {") {
		t.Fatalf("source still holds the bytes")
	}
	clang := testutil.Tool(*clangFlag, "clang-22")
	if clang == "" {
		t.Skip("clang-22 not found")
	}
	dir := t.TempDir()
	wrapper, main, exe := filepath.Join(dir, "w.c"), filepath.Join(dir, "main.c"), filepath.Join(dir, "a.out")
	os.WriteFile(wrapper, src, 0o644)
	os.WriteFile(main, []byte(`#include <stdio.h>
#include <stdint.h>
#include <stddef.h>
struct rs_image_h { uint16_t version; uint8_t kind; uint8_t format; const char *t, *c, *l;
  const unsigned char *ms, *me, *bs, *be; const void *eb, *ee, *pb, *pe; };
struct rs_desc_h { uint16_t version; uint16_t count; const struct rs_image_h *images; const void *hb, *he; };
void __sycl_register_lib(struct rs_desc_h *d) {
  for (int i = 0; i < d->count; i++) {
    const struct rs_image_h *img = &d->images[i];
    printf("%d:", i);
    for (const unsigned char *p = img->bs; p < img->be; p++) printf("%02x", *p);
    printf("\n");
  }
}
void __sycl_unregister_lib(struct rs_desc_h *d) { (void)d; }
int main(void) { return 0; }
`), 0o644)
	// The compiler runs in the package directory, where the tables' paths lead.
	cmd := exec.Command(clang, "-x", "c", "-fPIC", wrapper, main, "-o", exe)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("clang: %v\n%s", err, out)
	}
	out, err := exec.Command(exe).CombinedOutput()
	if err != nil {
		t.Fatalf("run: %v\n%s", err, out)
	}
	var want strings.Builder
	for i, f := range []string{"testdata/a.bin", "testdata/b.bin"} {
		b, _ := os.ReadFile(f)
		fmt.Fprintf(&want, "%d:%x\n", i, b)
	}
	if string(out) != want.String() {
		t.Errorf("images registered:\n%s\nwant:\n%s", out, want.String())
	}
}
