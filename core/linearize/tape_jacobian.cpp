#include "linearize/tape_jacobian.h"

#include <algorithm>
#include <cmath>

namespace kelvin::core {

namespace {

/// The delay lines' outputs as the operating point holds them (0 where it holds none).
class FrozenDelays final : public DelayedValues {
 public:
  FrozenDelays(const std::vector<double>& known, int count) : values_(known) { values_.resize(count, 0.0); }
  double valueAt(int line, double) const override { return values_[line]; }
  std::vector<double>& values() { return values_; }

 private:
  std::vector<double> values_;
};

/// Copies of the point's values that the differences may move, and the EvalPoint reading them.
struct MovablePoint {
  MovablePoint(const OperatingPoint& point, const LeafSpace& space)
      : y(point.y), yp(point.yp), d(point.discrete), delays(point.delayed, space.delays) {
    d.resize(std::max(space.discretes, 1), 0.0);
  }
  EvalPoint at(const OperatingPoint& point) const {
    return {point.time, y.data(), yp.data(), d.data(), point.switches.empty() ? nullptr : point.switches.data(), &delays};
  }
  std::vector<double> y, yp, d;
  FrozenDelays delays;
};

std::size_t longest(const std::vector<Tape>& tapes) {
  std::size_t n = 1;
  for (const Tape& t : tapes) n = std::max(n, t.size());
  return n;
}

LeafJacobian zeros(std::size_t rows, const LeafSpace& space) {
  const auto r = static_cast<Eigen::Index>(rows);
  return {Eigen::MatrixXd::Zero(r, space.unknowns), Eigen::MatrixXd::Zero(r, space.unknowns),
          Eigen::MatrixXd::Zero(r, space.discretes), Eigen::MatrixXd::Zero(r, space.delays)};
}

}  // namespace

LeafJacobian exactJacobian(const std::vector<Tape>& tapes, const OperatingPoint& point, const LeafSpace& space) {
  LeafJacobian jac = zeros(tapes.size(), space);
  MovablePoint values(point, space);
  const EvalPoint at = values.at(point);
  std::vector<double> work(longest(tapes)), adjoint(work.size()), gradient(work.size());
  std::vector<double> dd(std::max(space.discretes, 1)), de(std::max(space.delays, 1));
  for (std::size_t r = 0; r < tapes.size(); ++r) {
    std::fill(dd.begin(), dd.end(), 0.0);
    std::fill(de.begin(), de.end(), 0.0);
    tapes[r].fullGradient(at, work.data(), adjoint.data(), gradient.data(), dd.data(), de.data());
    const auto row = static_cast<Eigen::Index>(r);
    const auto& leaves = tapes[r].leaves();
    for (std::size_t k = 0; k < leaves.size(); ++k) (leaves[k].derivative ? jac.yp : jac.y)(row, leaves[k].index) += gradient[k];
    for (int k = 0; k < space.discretes; ++k) jac.d(row, k) = dd[k];
    for (int k = 0; k < space.delays; ++k) jac.e(row, k) = de[k];
  }
  return jac;
}

LeafJacobian differenceJacobian(const std::vector<Tape>& tapes, const OperatingPoint& point, const LeafSpace& space,
                                double delta) {
  LeafJacobian jac = zeros(tapes.size(), space);
  MovablePoint values(point, space);
  const EvalPoint at = values.at(point);
  std::vector<double> work(longest(tapes));
  // Moves one leaf value by ±h and writes the central difference of every expression into column `col` of m.
  auto column = [&](double& v, Eigen::MatrixXd& m, int col) {
    const double saved = v, h = delta * std::max(std::abs(saved), 1.0);
    for (std::size_t r = 0; r < tapes.size(); ++r) {
      v = saved + h;
      const double up = tapes[r].evaluate(at, work.data());
      v = saved - h;
      const double down = tapes[r].evaluate(at, work.data());
      m(static_cast<Eigen::Index>(r), col) = (up - down) / (2.0 * h);
    }
    v = saved;
  };
  for (int k = 0; k < space.unknowns; ++k) {
    column(values.y[k], jac.y, k);
    column(values.yp[k], jac.yp, k);
  }
  for (int k = 0; k < space.discretes; ++k) column(values.d[k], jac.d, k);
  for (int k = 0; k < space.delays; ++k) column(values.delays.values()[k], jac.e, k);
  return jac;
}

}  // namespace kelvin::core
