#pragma once
// A fill-reducing ordering of a sparse matrix that leaves two independent chains of work for its
// triangular solves. A sparse LU's forward and back substitutions go pivot by pivot, and a pivot
// whose column updates the next one must wait for it: on an RC ladder (a tridiagonal matrix) AMD
// eliminates from one end to the other, so each solve is one chain of n dependent
// multiply-subtract-divide steps, bound by their latency, not by the arithmetic. Here a vertex
// separator (METIS_ComputeVertexSeparator) splits the graph of A + Aᵀ into two halves that share
// no entry; CAMD orders the whole with the separator constrained last (so the halves are ordered
// knowing what borders them, which keeps a path's fill at zero), and the two halves' pivots are
// then taken alternately. That is the same elimination (the same fill: no pivot of one half
// touches the other), but consecutive pivots are independent, so the processor overlaps the two
// chains: on the ladder a KLU solve takes ~0.55 of the time (10,000 and 100,000 unknowns).

#include <vector>

namespace kelvin::core {

/// The ordering of the n×n pattern (CSC: column j holds rows rowIndex[columnStart[j] ..
/// columnStart[j+1]); the diagonal may be absent, duplicates are allowed): order[k] is the k-th
/// pivot. AMD's ordering instead when the halves' ordering would fill L with over 10 % more
/// entries than AMD's, when the matrix is too small to gain, or when METIS fails. *lnz is the
/// number of entries of L below the diagonal (AMD's or CAMD's count).
std::vector<int> bisectionOrdering(int n, const int* columnStart, const int* rowIndex, double* lnz = nullptr);

}  // namespace kelvin::core
