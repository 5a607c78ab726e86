#pragma once
// An N_Vector for IDA's interpolated output samples (IDAGetDky) that computes only the entries
// the sampled signals read. IDAGetDky forms a sample as a linear combination of IDA's q + 1
// history vectors, a pass over all of them per sample, where a run usually samples a few
// signals of a few unknowns each (a large model: 100 samples of 100,000 unknowns read ~500 MB).
// Each entry computed is what the full combination gives, to the bit (fast_vector_ops: c[0]·X[0],
// then + c[k]·X[k] for k = 1, 2, ...); the others stay zero.

#include <vector>

#include <sundials/sundials_nvector.h>

namespace kelvin::core {

/// A vector of length n whose values N_VGetArrayPointer gives and whose only operation is the
/// linear combination (N_VLinearCombination), computed at `entries` (indices below n) alone.
/// Free it with N_VDestroy.
N_Vector makeSampledVector(int n, std::vector<int> entries, SUNContext context);

}  // namespace kelvin::core
