package imagecompile

import (
	"os"

	"github.com/rules-sycl/rules_sycl/internal/mapfile"
	"github.com/rules-sycl/rules_sycl/internal/nvptx"
)

// retargetSteps are the steps that make the NVPTX module llc compiles (out.opt.bc) of
// the SPIR module in, as DPC++'s driver links libclc and libdevice into its NVPTX code:
//   - retarget: the SPIR module as an nvptx64 one, after its kernels' sub-group sizes are
//     checked (nvptx.CheckKernels, nvptx.Retarget);
//   - llvm-link: with the builtins and libdevice, only what it calls, internalized;
//   - check: nothing is left undefined but what the CUDA driver links (nvptx.CheckLinked);
//   - opt -O3 for the target's architecture: the builtins inlined and optimised with the
//     kernels; libdevice's square roots correctly rounded, as nvcc's default
//     (-prec-sqrt=true), and its denormals kept (no flush to zero, as nvcc's default).
func retargetSteps(r *RetargetTools, arch, in, out string) []Step {
	retargeted, linked, optimised := out+".nvptx.ll", out+".linked.ll", out+".opt.bc"
	link := []string{"-S", in, "--only-needed", "--internalize", r.Builtins}
	if r.Libdevice != "" {
		link = append(link, r.Libdevice)
	}
	link = append(link, "-o", linked)
	// llvm-link's first module is the retargeted one.
	link[1] = retargeted
	return []Step{
		{Tool: "sycl-device", Args: []string{"retarget", "-o", retargeted, in}, Kind: "retarget", Output: retargeted, Temp: true,
			Do: func() error { return retargetFile(in, retargeted) }},
		{Tool: r.LLVMLink, Args: link, Kind: "llvm-link", Output: linked, Temp: true},
		{Tool: "sycl-device", Args: []string{"check-nvptx", linked}, Kind: "check", Output: linked,
			Do: func() error { return checkLinkedFile(linked) }},
		{Tool: r.Opt, Args: []string{"-mtriple=" + nvptx.Triple, "-mcpu=" + arch, "-O3", "-nvvm-reflect-add=__CUDA_PREC_SQRT=1", linked, "-o", optimised},
			Kind: "opt", Output: optimised, Temp: true},
	}
}

// needsRetarget says whether module in, an image of an NVIDIA target, is SPIR code that
// only a retarget (Tools.Retarget) makes NVPTX.
func needsRetarget(in string) bool {
	src, err := mapfile.ReadInput(in)
	return err == nil && nvptx.IsSPIR(src)
}

func retargetFile(in, out string) error {
	src, err := mapfile.ReadInput(in)
	if err != nil {
		return err
	}
	if err := nvptx.CheckKernels(in, src); err != nil {
		return err
	}
	text, err := nvptx.Retarget(in, src)
	if err != nil {
		return err
	}
	return os.WriteFile(out, text, 0o644)
}

// appendNUL ends a PTX file with the NUL the CUDA driver's loaders read it up to.
func appendNUL(path string) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return err
	}
	if _, err := f.Write([]byte{0}); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func checkLinkedFile(linked string) error {
	src, err := mapfile.ReadInput(linked)
	if err != nil {
		return err
	}
	return nvptx.CheckLinked(linked, src)
}
