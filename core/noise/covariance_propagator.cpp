#include "noise/covariance_propagator.h"

#include <cmath>
#include <limits>
#include <stdexcept>

#include <unsupported/Eigen/MatrixFunctions>

#include "noise/noise_analysis_error.h"

namespace kelvin::core {

namespace {
/// White noise reaching an output directly counts when its gain is not rounding noise
/// of the elimination (relative to the output's other coefficients).
constexpr double kFeedthroughTolerance = 1e-12;
/// Output times are sums of rounded numbers, so the interval between two samples on a
/// uniform grid varies in its last bits (relative 1e-16·t/h). Steps this close to the
/// discretised one reuse Φ and Q_d: the covariance they give differs by about this
/// fraction of Q_d, far below the solver's tolerances, where recomputing the block
/// exponential at every sample made it the whole cost of the envelope.
constexpr double kSameStepTolerance = 1e-9;
}  // namespace

CovariancePropagator::CovariancePropagator(const NoiseSystem& system) { relinearise(system); }

void CovariancePropagator::relinearise(const NoiseSystem& system) {
  const NoiseStateSpace ss = system.stateSpace();
  const auto ns = ss.a.rows();
  const auto outputs = static_cast<Eigen::Index>(system.outputs().size());
  Eigen::Index filters = 0;
  for (const NoiseOutput& o : system.outputs()) filters += o.bandwidth > 0.0 ? 1 : 0;
  const Eigen::Index n = ns + filters;
  Eigen::MatrixXd a = Eigen::MatrixXd::Zero(n, n), b = Eigen::MatrixXd::Zero(n, ss.b.cols());
  a.topLeftCorner(ns, ns) = ss.a;
  b.topRows(ns) = ss.b;
  Eigen::MatrixXd c = Eigen::MatrixXd::Zero(outputs, n);
  unbounded_.assign(outputs, false);
  unavailable_.assign(outputs, false);
  required_.assign(outputs, true);
  outputNames_.clear();
  Eigen::Index filter = ns;
  // A row of a matrix without columns (no states, no sources) is an empty row, and blocks of it are
  // not written: Eigen's row() and block() of a matrix without elements offset a null data pointer.
  auto rowOf = [](const Eigen::MatrixXd& m, Eigen::Index o) {
    return m.cols() > 0 ? Eigen::RowVectorXd(m.row(o)) : Eigen::RowVectorXd();
  };
  for (Eigen::Index o = 0; o < outputs; ++o) {
    const Eigen::RowVectorXd cRow = rowOf(ss.c, o);
    const Eigen::RowVectorXd dRow = rowOf(ss.d, o);
    const NoiseOutput& out = system.outputs()[o];
    outputNames_.push_back(out.name);
    required_[o] = out.required;
    unavailable_[o] = !ss.representable[o];
    if (out.bandwidth > 0.0) {
      const double tau = 1.0 / (4.0 * out.bandwidth);  // a first-order filter's noise bandwidth is 1/(4τ)
      if (ns > 0) a.block(filter, 0, 1, ns) = cRow / tau;
      a(filter, filter) = -1.0 / tau;
      if (dRow.size() > 0) b.row(filter) = dRow / tau;
      c(o, filter) = 1.0;
      ++filter;
    } else {
      if (ns > 0) c.block(o, 0, 1, ns) = cRow;
      auto largest = [](const Eigen::RowVectorXd& row) { return row.size() > 0 ? row.cwiseAbs().maxCoeff() : 0.0; };
      const double scale = 1.0 + largest(cRow) + largest(dRow);
      for (Eigen::Index k = 0; k < dRow.size(); ++k)
        if (std::abs(dRow(k)) > kFeedthroughTolerance * scale && system.whitePsd()[k] > 0.0) unbounded_[o] = true;
    }
  }
  Eigen::VectorXd w(ss.b.cols());
  for (Eigen::Index k = 0; k < w.size(); ++k) w(k) = 0.5 * system.whitePsd()[k];  // two-sided intensity
  Eigen::MatrixXd q = b * w.asDiagonal() * b.transpose();
  // A linear model gives the same A and B·W·Bᵀ wherever it is linearised: keep Φ, Q_d and
  // the pending steps then. Otherwise bring P up to date under the old system first.
  const bool sameDynamics = a.rows() == a_.rows() && a == a_ && q == q_;
  if (!sameDynamics || c.rows() != c_.rows() || c != c_) materialise();
  if (!sameDynamics) discretisedStep_ = -1.0;
  a_ = std::move(a);
  q_ = std::move(q);
  c_ = std::move(c);
  if (p_.rows() != n) p_ = Eigen::MatrixXd::Zero(n, n), pending_ = 0;
  if (pending_ == 0) {
    rows_ = c_;
    accumulated_ = Eigen::VectorXd::Zero(c_.rows());
  }
}

void CovariancePropagator::materialise() {
  if (pending_ == 0) return;
  Eigen::MatrixXd phi, qd;
  discretise(static_cast<double>(pending_) * discretisedStep_, phi, qd);
  p_ = phi * p_ * phi.transpose() + qd;
  p_ = 0.5 * (p_ + p_.transpose());
  pending_ = 0;
  rows_ = c_;
  accumulated_ = Eigen::VectorXd::Zero(c_.rows());
}

void CovariancePropagator::discretise(double h, Eigen::MatrixXd& phi, Eigen::MatrixXd& qd) const {
  const auto n = a_.rows();
  // Halve the step until ‖A·h₀‖ ≤ ½, where the block exponential is safe.
  const double norm = n > 0 ? a_.cwiseAbs().colwise().sum().maxCoeff() * h : 0.0;
  const int doublings = norm > 0.5 ? static_cast<int>(std::ceil(std::log2(norm / 0.5))) : 0;
  const double h0 = std::ldexp(h, -doublings);
  Eigen::MatrixXd block = Eigen::MatrixXd::Zero(2 * n, 2 * n);
  block.topLeftCorner(n, n) = -a_ * h0;
  block.topRightCorner(n, n) = q_ * h0;
  block.bottomRightCorner(n, n) = a_.transpose() * h0;
  const Eigen::MatrixXd f = block.exp();
  phi = f.bottomRightCorner(n, n).transpose();
  qd = phi * f.topRightCorner(n, n);
  for (int k = 0; k < doublings; ++k) {
    qd += phi * qd * phi.transpose();
    phi = phi * phi;
  }
  qd = 0.5 * (qd + qd.transpose());
}

void CovariancePropagator::step(double h) {
  if (!(h > 0.0)) return;
  if (!(std::abs(h - discretisedStep_) <= kSameStepTolerance * h)) {
    materialise();
    discretise(h, phi_, qd_);
    discretisedStep_ = h;
  }
  // Only the output rows move: σ² after m steps is r·P·rᵀ + Σ_j (c·Φ^j)·Q_d·(c·Φ^j)ᵀ, r = c·Φ^m.
  for (Eigen::Index o = 0; o < rows_.rows(); ++o) accumulated_(o) += rows_.row(o) * qd_ * rows_.row(o).transpose();
  rows_ = rows_ * phi_;
  ++pending_;
}

std::vector<double> CovariancePropagator::outputVariances() const {
  std::vector<double> variance;
  for (Eigen::Index o = 0; o < c_.rows(); ++o) {
    if ((unbounded_[o] && !required_[o]) || unavailable_[o]) {
      variance.push_back(std::numeric_limits<double>::quiet_NaN());
      continue;
    }
    if (unbounded_[o])
      throw NoiseAnalysisError(outputNames_[o].substr(0, outputNames_[o].rfind('.')), outputNames_[o] +
                               ": white noise reaches this output through no storage element, so its variance "
                               "is unbounded; give the noise sensor a noise bandwidth");
    variance.push_back(std::max(0.0, (rows_.row(o) * p_ * rows_.row(o).transpose())(0, 0) + accumulated_(o)));
  }
  return variance;
}

}  // namespace kelvin::core
