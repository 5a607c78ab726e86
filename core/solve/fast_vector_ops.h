#pragma once
// Faster element-wise operations for SUNDIALS serial vectors. IDA spends most of a step on
// vector operations (about 45 passes over y-sized vectors per step on the RC ladder), and
// the Debian build of the serial N_Vector runs them at ~2.7 ns per element where a plain
// loop compiled here takes ~0.75 ns (measured on N_VLinearSum, n = 1,000 to 100,000).
// The fused operations (a linear
// combination of q + 1 vectors, IDA's predictor and interpolation) become one pass instead
// of q. Each operation computes what the SUNDIALS one does, in the same order of
// floating-point operations, so results are unchanged.

#include <nvector/nvector_serial.h>

namespace kelvin::core {

/// Replaces the element-wise and fused operations of serial vector v (and so of every
/// clone made from it afterwards: install before IDAInit).
void installFastVectorOps(N_Vector v);

}  // namespace kelvin::core
