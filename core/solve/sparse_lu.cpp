#include "solve/sparse_lu.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <stdexcept>

#include <klu.h>

#include "solve/bisection_ordering.h"

namespace kelvin::core {

namespace {
/// KLU's Common.scale: rows divided by their largest entry (its default), or neither scaled
/// nor checked (refactorisation only).
constexpr int kScaleByRowMaximum = 2;
constexpr int kNoScaleNoCheck = -1;
/// Below this reciprocal condition estimate (smallest over largest pivot) the old pivots are
/// dropped and the matrix factorised afresh with partial pivoting.
constexpr double kSmallestRcond = 1e-12;
/// KLU's Common.ordering: the function in Common.user_order orders each block.
constexpr int kUserOrdering = 3;

/// KLU's user ordering of one block of its block triangular form: bisectionOrdering. Returns
/// KLU's estimate of nnz(L) with the diagonal, or 0 on failure (KLU then fails the analysis).
int orderBlock(int n, int* columnStart, int* rowIndex, int* order, klu_common*) {
  try {
    double lnz = 0.0;
    const std::vector<int> pivots = bisectionOrdering(n, columnStart, rowIndex, &lnz);
    std::copy(pivots.begin(), pivots.end(), order);
    return static_cast<int>(std::clamp(lnz + n, 1.0, static_cast<double>(INT_MAX)));
  } catch (...) {  // nothing may unwind through KLU's C code
    return 0;
  }
}
}  // namespace

struct SparseLu::Klu {
  klu_common common;
  std::shared_ptr<klu_symbolic> symbolic;  // read only by KLU's factorisations and solves: shareable
  klu_numeric* numeric = nullptr;
};

SparseLu::SparseLu(int n, const std::vector<int>& columnStart, const std::vector<int>& rowIndex)
    : klu_(std::make_unique<Klu>()), n_(n), columnStart_(columnStart), rowIndex_(rowIndex) {
  klu_defaults(&klu_->common);
  klu_->common.ordering = kUserOrdering;
  klu_->common.user_order = orderBlock;
  klu_symbolic* symbolic =
      klu_analyze(n_, const_cast<int*>(columnStart_.data()), const_cast<int*>(rowIndex_.data()), &klu_->common);
  if (!symbolic) throw std::runtime_error("sparse LU: symbolic analysis failed");
  klu_->symbolic.reset(symbolic, [](klu_symbolic* s) {
    klu_common common;
    klu_defaults(&common);
    klu_free_symbolic(&s, &common);
  });
}

SparseLu::SparseLu(const SparseLu& pattern, ShareAnalysis)
    : klu_(std::make_unique<Klu>()), n_(pattern.n_), columnStart_(pattern.columnStart_), rowIndex_(pattern.rowIndex_) {
  klu_defaults(&klu_->common);
  klu_->symbolic = pattern.klu_->symbolic;
}

SparseLu::~SparseLu() {
  if (klu_->numeric) klu_free_numeric(&klu_->numeric, &klu_->common);
}

bool SparseLu::factorize(const double* values) {
  int* cp = const_cast<int*>(columnStart_.data());
  int* ri = const_cast<int*>(rowIndex_.data());
  double* v = const_cast<double*>(values);
  auto refactor = [&](int scale) {
    klu_->common.scale = scale;
    return klu_refactor(cp, ri, v, klu_->symbolic.get(), klu_->numeric, &klu_->common) &&
           klu_rcond(klu_->symbolic.get(), klu_->numeric, &klu_->common) && klu_->common.rcond > kSmallestRcond;
  };
  if (klu_->numeric) {
    // Refactorise with the old pivots while they stay well conditioned. Row scaling steers the
    // pivot choice of a full factorisation; with the pivots fixed it changes no more than the
    // rounding, but costs a pass over the matrix (and KLU's check of a pattern that never
    // changes) per refactorisation and a division per row per solve. So refactor unscaled,
    // unless the unscaled pivots span too many decades for the condition test (rows in very
    // different units): then scaled, as from then on.
    if (refactor(scaledRefactor_ ? kScaleByRowMaximum : kNoScaleNoCheck)) return true;
    if (!scaledRefactor_ && refactor(kScaleByRowMaximum)) {
      scaledRefactor_ = true;
      return true;
    }
    klu_free_numeric(&klu_->numeric, &klu_->common);
  }
  klu_->common.scale = kScaleByRowMaximum;
  klu_->numeric = klu_factor(cp, ri, v, klu_->symbolic.get(), &klu_->common);
  return klu_->numeric && klu_->common.status == KLU_OK;
}

std::size_t SparseLu::factorEntries() const {
  return klu_->numeric ? static_cast<std::size_t>(klu_->numeric->lnz) + static_cast<std::size_t>(klu_->numeric->unz)
                       : 0;
}

void SparseLu::solve(double* b) { klu_solve(klu_->symbolic.get(), klu_->numeric, n_, 1, b, &klu_->common); }

}  // namespace kelvin::core
