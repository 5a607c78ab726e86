#pragma once
// Faster element-wise operations for SUNDIALS serial vectors. IDA spends most of a step on
// vector operations (about 45 passes over y-sized vectors per step on the RC ladder), and
// the Debian build of the serial N_Vector runs them at ~2.7 ns per element where a plain
// loop compiled here takes ~0.75 ns (measured on N_VLinearSum, n = 1,000 to 100,000).
// The fused operations (a linear
// combination of q + 1 vectors, IDA's predictor and interpolation) become one pass instead
// of q. Each operation computes what the SUNDIALS one does, in the same order of
// floating-point operations, so results are unchanged; the loops are vectorised (SIMD: this
// file is compiled with -O3 -fopenmp-simd, see core/CMakeLists.txt), which changes no element's
// operations.

#include <nvector/nvector_serial.h>

namespace kelvin::core {

/// Replaces the element-wise and fused operations of serial vector v (and so of every
/// clone made from it afterwards: install before IDAInit).
void installFastVectorOps(N_Vector v);

/// Makes IDA's weighted norms of v (and of its later clones) the weighted maximum norm
/// max_i |x_i·w_i| instead of the root mean square (see its definition for why).
void installMaxNorm(N_Vector v);

/// IDA's error weights w_i = 1/(rtol·|y_i| + atol) in one pass over y. Returns the smallest
/// rtol·|y_i| + atol (a weight is valid only where it is positive).
double errorWeights(N_Vector y, N_Vector w, double rtol, double atol);

/// Whether every one of the n values is finite (no infinity, no NaN), in one vectorised pass.
bool allFinite(const double* x, sunindextype n);

}  // namespace kelvin::core
