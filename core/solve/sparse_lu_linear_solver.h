#pragma once
// IDA's linear solver for a sparse Jacobian: SparseLu (KLU with 32-bit indices,
// refactorised with the old pivots while they stay well conditioned) behind
// SUNDIALS' SUNLinearSolver interface, in place of SUNLinSol_KLU (KLU's 64-bit
// index variant, as Debian builds SUNDIALS).

#include <vector>

#include <sundials/sundials_linearsolver.h>

namespace kelvin::core {

class SparseLu;

/// A direct SUNLinearSolver for n×n sparse matrices in this CSC pattern (the matrix that
/// setup receives holds its values in this order). The pattern vectors must outlive it;
/// SUNLinSolFree releases it. Setup reports a singular matrix as recoverable. With `analysed`
/// (a factorisation of the same pattern) its symbolic analysis is shared, not done again.
SUNLinearSolver makeSparseLuLinearSolver(int n, const std::vector<int>& columnStart, const std::vector<int>& rowIndex,
                                         SUNContext context, const SparseLu* analysed = nullptr);

}  // namespace kelvin::core
