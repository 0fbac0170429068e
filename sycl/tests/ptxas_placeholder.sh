#!/bin/sh
# Stands where ptxas would be in the analysis test of //examples/optional_features/tests
# (ptxas_aot_test): analysis never runs it, and a build that does fails here.
echo "ptxas_placeholder.sh: not a real ptxas (set SYCL_PTXAS or install CUDA)" >&2
exit 1
