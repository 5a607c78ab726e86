#include "solve/sparse_lu.h"

#include <cmath>
#include <stdexcept>

#include <klu.h>

namespace kelvin::core {

struct SparseLu::Klu {
  klu_common common;
  klu_symbolic* symbolic = nullptr;
  klu_numeric* numeric = nullptr;
};

namespace {

/// Where KLU packs column k of L or U in its block's storage (klu_internal.h, GET_POINTER):
/// the row indices (int), padded to whole doubles, then the values.
struct PackedColumn {
  const int* rows;
  const double* values;
  int length;
};
PackedColumn packed(const void* block, const int* start, const int* length, int k) {
  const double* column = static_cast<const double*>(block) + start[k];
  const int count = length[k];
  const std::size_t indexUnits = (sizeof(int) * count + sizeof(double) - 1) / sizeof(double);
  return {reinterpret_cast<const int*>(column), column + indexUnits, count};
}

}  // namespace

SparseLu::SparseLu(int n, const std::vector<int>& columnStart, const std::vector<int>& rowIndex)
    : klu_(std::make_unique<Klu>()), n_(n), columnStart_(columnStart), rowIndex_(rowIndex), pivotInverse_(n), work_(n) {
  klu_defaults(&klu_->common);
  klu_->symbolic = klu_analyze(n_, const_cast<int*>(columnStart_.data()), const_cast<int*>(rowIndex_.data()),
                               &klu_->common);
  if (!klu_->symbolic) throw std::runtime_error("sparse LU: symbolic analysis failed");
}

SparseLu::~SparseLu() {
  if (klu_->numeric) klu_free_numeric(&klu_->numeric, &klu_->common);
  if (klu_->symbolic) klu_free_symbolic(&klu_->symbolic, &klu_->common);
}

bool SparseLu::factorize(const double* values) {
  int* cp = const_cast<int*>(columnStart_.data());
  int* ri = const_cast<int*>(rowIndex_.data());
  double* v = const_cast<double*>(values);
  if (klu_->numeric) {
    // Refactorise with the old pivots while they stay well conditioned.
    if (klu_refactor(cp, ri, v, klu_->symbolic, klu_->numeric, &klu_->common) &&
        klu_rcond(klu_->symbolic, klu_->numeric, &klu_->common) && klu_->common.rcond > 1e-12) {
      invertPivots();
      return true;
    }
    klu_free_numeric(&klu_->numeric, &klu_->common);
  }
  klu_->numeric = klu_factor(cp, ri, v, klu_->symbolic, &klu_->common);
  if (!klu_->numeric || klu_->common.status != KLU_OK) return false;
  invertPivots();
  return true;
}

void SparseLu::invertPivots() {
  const double* pivot = static_cast<const double*>(klu_->numeric->Udiag);
  for (int k = 0; k < n_; ++k) pivotInverse_[k] = 1.0 / pivot[k];
}

void SparseLu::solve(double* b) {
  // klu_solve's steps: X = P·(R⁻¹·b); the diagonal blocks from the last, each L then U, with
  // the entries above the blocks (Off) carrying a solved block into the rows before it; b = Q·X.
  const klu_numeric& numeric = *klu_->numeric;
  const klu_symbolic& symbolic = *klu_->symbolic;
  double* x = work_.data();
  for (int k = 0; k < n_; ++k)  // KLU keeps the row scale factors in pivotal order
    x[k] = numeric.Rs ? b[numeric.Pnum[k]] / numeric.Rs[k] : b[numeric.Pnum[k]];
  const auto* off = static_cast<const double*>(numeric.Offx);
  for (int block = symbolic.nblocks - 1; block >= 0; --block) {
    const int first = symbolic.R[block], last = symbolic.R[block + 1];
    if (last - first == 1) {  // a singleton block: its pivot alone (KLU keeps no columns for it)
      x[first] *= pivotInverse_[first];
    } else {
      solveBlock(numeric.LUbx[block], first, last, x);
    }
    for (int k = first; k < last; ++k)
      for (int p = numeric.Offp[k]; p < numeric.Offp[k + 1]; ++p) x[numeric.Offi[p]] -= off[p] * x[k];
  }
  for (int k = 0; k < n_; ++k) b[symbolic.Q[k]] = x[k];
}

void SparseLu::solveBlock(const void* lu, int first, int last, double* x) const {
  const klu_numeric& numeric = *klu_->numeric;
  // L (unit diagonal), forward. The update of row k + 1 by column k, the last before row
  // k + 1 is read, stays in `carry`: x[k + 1] - carry is what x[k + 1] -= l·x[k] then gives.
  double carry = 0.0;
  for (int k = first; k < last; ++k) {
    const double xk = x[k] - carry;
    x[k] = xk;
    carry = 0.0;
    const PackedColumn c = packed(lu, numeric.Lip, numeric.Llen, k);
    for (int p = 0; p < c.length; ++p) {
      const int row = first + c.rows[p];
      if (row == k + 1)
        carry = c.values[p] * xk;
      else
        x[row] -= c.values[p] * xk;
    }
  }
  // U, backward, the update of row k - 1 carried likewise.
  carry = 0.0;
  for (int k = last - 1; k >= first; --k) {
    const double xk = (x[k] - carry) * pivotInverse_[k];
    x[k] = xk;
    carry = 0.0;
    const PackedColumn c = packed(lu, numeric.Uip, numeric.Ulen, k);
    for (int p = 0; p < c.length; ++p) {
      const int row = first + c.rows[p];
      if (row == k - 1)
        carry = c.values[p] * xk;
      else
        x[row] -= c.values[p] * xk;
    }
  }
}

}  // namespace kelvin::core
