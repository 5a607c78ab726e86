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

SparseLu::SparseLu(int n, const std::vector<int>& columnStart, const std::vector<int>& rowIndex)
    : klu_(std::make_unique<Klu>()), n_(n), columnStart_(columnStart), rowIndex_(rowIndex) {
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
        klu_rcond(klu_->symbolic, klu_->numeric, &klu_->common) && klu_->common.rcond > 1e-12)
      return true;
    klu_free_numeric(&klu_->numeric, &klu_->common);
  }
  klu_->numeric = klu_factor(cp, ri, v, klu_->symbolic, &klu_->common);
  return klu_->numeric && klu_->common.status == KLU_OK;
}

void SparseLu::solve(double* b) { klu_solve(klu_->symbolic, klu_->numeric, n_, 1, b, &klu_->common); }

}  // namespace kelvin::core
