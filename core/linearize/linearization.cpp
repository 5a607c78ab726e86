#include "linearize/linearization.h"

#include <stdexcept>

namespace kelvin::core {

Linearization::Linearization(const DaeSystem& dae, const OperatingPoint& point) {
  const int n = dae.size();
  std::vector<double> dy(dae.nonZeros()), dyp(dae.nonZeros());
  DaeWorkspace ws = dae.makeWorkspace();
  const EvalPoint at{point.time, point.y.data(), point.yp.data(), point.discrete.data(), point.switches.data()};
  dae.jacobianParts(at, dy.data(), dyp.data(), ws);
  e_ = Eigen::MatrixXd::Zero(n, n);
  j_ = Eigen::MatrixXd::Zero(n, n);
  const auto& start = dae.columnStart();
  for (int col = 0; col < n; ++col)
    for (int k = start[col]; k < start[col + 1]; ++k) {
      e_(dae.rowIndex()[k], col) = dyp[k];
      j_(dae.rowIndex()[k], col) = dy[k];
    }
  for (int i = 0; i < n; ++i) {
    if (dae.isState(i)) {
      states_.push_back(i);
      stateNames_.push_back(dae.flat().unknowns[i].name);
    } else {
      algebraic_.push_back(i);
    }
  }
}

Eigen::MatrixXd Linearization::stateMatrix() const {
  const auto n = static_cast<Eigen::Index>(e_.rows());
  const auto ns = static_cast<Eigen::Index>(states_.size());
  // [E_x J_z] and J_x: columns of E for the states, of J for the algebraic unknowns.
  Eigen::MatrixXd m(n, n), jx(n, ns);
  for (Eigen::Index k = 0; k < ns; ++k) {
    m.col(k) = e_.col(states_[k]);
    jx.col(k) = j_.col(states_[k]);
  }
  for (std::size_t k = 0; k < algebraic_.size(); ++k) m.col(ns + static_cast<Eigen::Index>(k)) = j_.col(algebraic_[k]);
  const Eigen::FullPivLU<Eigen::MatrixXd> lu(m);
  if (lu.rank() < n) throw std::runtime_error("the linearised DAE is not of index 1: [E_x J_z] is singular");
  return (-lu.solve(jx)).topRows(ns);
}

Eigen::VectorXcd Linearization::poles() const {
  const Eigen::MatrixXd a = stateMatrix();
  if (a.rows() == 0) return {};
  return Eigen::EigenSolver<Eigen::MatrixXd>(a, false).eigenvalues();
}

}  // namespace kelvin::core
