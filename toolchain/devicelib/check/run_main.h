// The main part of a check (imf_check.cu, imf_fp_check.cu), included after its
// run(Out *): built by nvcc, run fills an Out in one GPU thread; built as C++, on the
// host. run_and_print prints the text and returns main's exit status.
#ifdef __CUDACC__
__global__ void kernel(Out *o) { run(o); }
static int run_and_print() {
  Out *o;
  if (cudaMallocManaged(&o, sizeof(Out)) != cudaSuccess) return 2;
  o->n = 0;
  kernel<<<1, 1>>>(o);
  if (cudaDeviceSynchronize() != cudaSuccess) return 3;
  fputs(o->text, stdout);
  return 0;
}
#else
static Out out;
static int run_and_print() {
  run(&out);
  fputs(out.text, stdout);
  return 0;
}
#endif
