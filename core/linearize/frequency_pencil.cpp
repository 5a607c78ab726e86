#include "linearize/frequency_pencil.h"

#include <complex>
#include <stdexcept>

#include <Eigen/Sparse>

#include "model/diagnostic.h"

namespace kelvin::core {

namespace {

using Complex = std::complex<double>;

bool hasOperator(RowKind kind) {
  return kind == RowKind::UnitDelay || kind == RowKind::TransportDelay || kind == RowKind::SampleHold;
}

/// The 1/z, 1/e and S&H rows of `plan`, checked for a fixed period (FrequencyOperator's precondition).
std::vector<AbcdRow> operatorRows(const LinearizationPlan& plan) {
  std::vector<AbcdRow> rows;
  for (const AbcdRow& r : plan.rows()) {
    if (!hasOperator(r.kind)) continue;
    if (!(r.period > 0.0))
      throw ModelError(Diagnostic{plan.file(), r.block, "",
                                  r.name + " (" + rowLabel(r.kind) +
                                      ") has no fixed period: a clock triggered by a signal has no frequency response"});
    rows.push_back(r);
  }
  return rows;
}

}  // namespace

FrequencyPencil::FrequencyPencil(const LinearizationPlan& plan, const LeafJacobian& jac)
    : operatorRows_(operatorRows(plan)), operator_(operatorRows_) {
  unknowns_ = plan.space().unknowns;
  int next = unknowns_;
  pencilOf_.assign(static_cast<std::size_t>(plan.coordinateCount()), -1);
  for (int c = 0; c < plan.coordinateCount(); ++c)
    if (hasOperator(plan.rows()[static_cast<std::size_t>(c)].kind)) {
      pencilOf_[static_cast<std::size_t>(c)] = next++;
      operatorRowOf_.push_back(pencilOf_[static_cast<std::size_t>(c)]);
    }
  samplerStart_ = next;
  size_ = next + static_cast<int>(plan.samplers().size());
  outputs_ = static_cast<int>(plan.outputs().size());
  inputs_ = plan.inputCount();

  for (int e = 0; e < unknowns_; ++e) scan(plan, jac, e, e, true, -1, k_, b_);
  int op = 0;
  for (int c = 0; c < plan.coordinateCount(); ++c) {
    const int at = pencilOf_[static_cast<std::size_t>(c)];
    if (at < 0) continue;
    scan(plan, jac, plan.receiverTape(c), at, true, op, k_, b_);
    ++op;
  }
  for (std::size_t s = 0; s < plan.samplers().size(); ++s) {
    const int at = samplerStart_ + static_cast<int>(s);
    // As in the combined matrix, what is sampled is read without derivatives.
    scan(plan, jac, plan.samplers()[s].tape, at, false, -1, k_, b_);
    k_.push_back({at, at, -1.0, false, -1});
  }
  for (int o = 0; o < outputs_; ++o) scan(plan, jac, plan.outputTape(o), o, true, -1, c_, d_);
}

void FrequencyPencil::scan(const LinearizationPlan& plan, const LeafJacobian& jac, Eigen::Index tapeRow, int row,
                           bool withDerivatives, int scaledBy, std::vector<Entry>& into,
                           std::vector<Entry>& inputs) const {
  const LeafSpace& space = plan.space();
  for (int i = 0; i < space.unknowns; ++i) {
    if (const double v = jac.y(tapeRow, i); v != 0.0) into.push_back({row, i, v, false, scaledBy});
    if (const double v = jac.yp(tapeRow, i); v != 0.0 && withDerivatives) into.push_back({row, i, v, true, scaledBy});
  }
  for (int k = 0; k < space.discretes; ++k) {
    const double v = jac.d(tapeRow, k);
    if (v == 0.0) continue;
    const int column = plan.columnOfDiscrete(k);
    if (column >= plan.coordinateCount())
      inputs.push_back({row, column - plan.coordinateCount(), v, false, scaledBy});
    else if (column >= 0)
      into.push_back({row, pencilOf_[static_cast<std::size_t>(column)], v, false, scaledBy});
    else if (column == LinearizationPlan::kSampler)
      into.push_back({row, samplerStart_ + plan.samplerOf(k), v, false, scaledBy});
  }
  for (int l = 0; l < space.delays; ++l)
    if (const double v = jac.e(tapeRow, l); v != 0.0)
      into.push_back({row, pencilOf_[static_cast<std::size_t>(plan.columnOfDelay(l))], v, false, scaledBy});
}

Eigen::MatrixXcd FrequencyPencil::transfer(double omega) const {
  const Complex jw(0.0, omega);
  Eigen::VectorXcd alpha, beta;
  operator_.at(omega, alpha, beta);
  auto value = [&](const Entry& e) {
    Complex v = e.value;
    if (e.derivative) v *= jw;
    if (e.scaledBy >= 0) v *= beta[e.scaledBy];
    return v;
  };
  auto dense = [&](const std::vector<Entry>& entries, int rows, int cols) {
    Eigen::MatrixXcd m = Eigen::MatrixXcd::Zero(rows, cols);
    for (const Entry& e : entries) m(e.row, e.col) += value(e);
    return m;
  };
  Eigen::MatrixXcd h = dense(d_, outputs_, inputs_);
  if (size_ == 0) return h;
  // Kᵀ directly: entry (r, c) of K at (c, r).
  std::vector<Eigen::Triplet<Complex>> triplets;
  triplets.reserve(k_.size() + operatorRowOf_.size());
  for (const Entry& e : k_) triplets.emplace_back(e.col, e.row, value(e));
  for (std::size_t r = 0; r < operatorRowOf_.size(); ++r)
    triplets.emplace_back(operatorRowOf_[r], operatorRowOf_[r], -alpha[static_cast<Eigen::Index>(r)]);
  Eigen::SparseMatrix<Complex> kt(size_, size_);
  kt.setFromTriplets(triplets.begin(), triplets.end());
  Eigen::SparseLU<Eigen::SparseMatrix<Complex>> lu;
  lu.compute(kt);
  if (lu.info() != Eigen::Success)
    throw std::runtime_error("the linearised model is singular at ω = " + std::to_string(omega) + " rad/s");
  // o = C·v + D·u with K·v = −B·u: H = D − C·K⁻¹·B = D − Wᵀ·B, Kᵀ·W = Cᵀ.
  const Eigen::MatrixXcd w = lu.solve(Eigen::MatrixXcd(dense(c_, outputs_, size_).transpose()));
  std::vector<Eigen::Triplet<Complex>> inputs;
  inputs.reserve(b_.size());
  for (const Entry& e : b_) inputs.emplace_back(e.row, e.col, value(e));
  Eigen::SparseMatrix<Complex> b(size_, inputs_);
  b.setFromTriplets(inputs.begin(), inputs.end());
  h -= w.transpose() * b;
  return h;
}

}  // namespace kelvin::core
