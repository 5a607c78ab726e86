#include "events/state_projector.h"

#include <algorithm>
#include <cmath>
#include <map>

#include <Eigen/Dense>

namespace kelvin::core {

StateProjector::StateProjector(const DaeSystem& dae) : dae_(dae), ws_(dae.makeWorkspace()) {
  std::size_t largest = 1;
  for (const FlatConstraint& c : dae.flat().constraints) {
    // A constraint that involves an algebraic unknown is the solver's to satisfy (index 1).
    std::vector<int> vars, ders;
    dae.flat().pool->collectUnknowns(c.g, vars, ders);
    if (vars.empty() || !ders.empty() ||
        !std::all_of(vars.begin(), vars.end(), [&](int v) { return dae.isState(v); }))
      continue;
    active_.push_back(dae.compile(c.active));
    g_.push_back(dae.compile(c.g));
    owner_.push_back(c.block);
    largest = std::max({largest, active_.back().size(), g_.back().size()});
  }
  // The stored energies weigh a projection; without constraints there is none (a model
  // with one energy per storage element would compile them all for nothing).
  if (!active_.empty()) {
    for (Expr e : dae.flat().energies) {
      energies_.push_back(dae.compile(e));
      largest = std::max(largest, energies_.back().size());
    }
  }
  work_.resize(largest);
  adjoint_.resize(largest);
  gradient_.resize(largest);
}

double StateProjector::totalEnergy(const EvalPoint& at) {
  double e = 0.0;
  for (const Tape& t : energies_) e += t.evaluate(at, work_.data());
  return e;
}

std::pair<double, std::vector<int>> StateProjector::violation(const EvalPoint& at) {
  double worst = 0.0;
  std::vector<int> owners;
  for (std::size_t c = 0; c < active_.size(); ++c) {
    if (active_[c].evaluate(at, work_.data()) == 0.0) continue;
    worst = std::max(worst, std::abs(g_[c].evaluate(at, work_.data())));
    owners.push_back(owner_[c]);
  }
  return {worst, owners};
}

Eigen::MatrixXd StateProjector::massMatrix(const EvalPoint& at, std::vector<double>& y,
                                           const std::map<int, int>& column) {
  // Column j of the Hessian of the energy: (∇E(x + s·e_j) − ∇E(x))/s, exact for quadratic energies.
  const int n = static_cast<int>(column.size());
  Eigen::MatrixXd mass = Eigen::MatrixXd::Zero(n, n);
  for (const Tape& e : energies_) {
    const auto& leaves = e.leaves();
    for (std::size_t a = 0; a < leaves.size(); ++a) {
      auto ja = column.find(leaves[a].index);
      if (ja == column.end() || leaves[a].derivative) continue;
      const double x = y[leaves[a].index];
      const double s = std::max(1.0, std::abs(x));
      e.gradient(at, work_.data(), adjoint_.data(), gradient_.data());
      std::vector<double> base(gradient_.begin(), gradient_.begin() + leaves.size());
      y[leaves[a].index] = x + s;
      e.gradient(at, work_.data(), adjoint_.data(), gradient_.data());
      y[leaves[a].index] = x;
      for (std::size_t b = 0; b < leaves.size(); ++b) {
        auto jb = column.find(leaves[b].index);
        if (jb != column.end() && !leaves[b].derivative) mass(jb->second, ja->second) += (gradient_[b] - base[b]) / s;
      }
    }
  }
  return mass;
}

Projection StateProjector::project(EvalPoint at, std::vector<double>& y, double tolerance) {
  Projection result;
  std::vector<int> rows;
  for (std::size_t c = 0; c < active_.size(); ++c)
    if (active_[c].evaluate(at, work_.data()) != 0.0) rows.push_back(static_cast<int>(c));
  if (rows.empty()) return result;
  at.y = y.data();
  auto residuals = [&] {
    Eigen::VectorXd r(rows.size());
    for (std::size_t k = 0; k < rows.size(); ++k) r[k] = g_[rows[k]].evaluate(at, work_.data());
    return r;
  };
  Eigen::VectorXd r = residuals();
  if (r.cwiseAbs().maxCoeff() <= tolerance) return result;

  // The states involved.
  std::map<int, int> column;  // state index -> position
  for (int row : rows)
    for (const TapeLeaf& leaf : g_[row].leaves())
      if (!leaf.derivative && dae_.isState(leaf.index)) column.emplace(leaf.index, static_cast<int>(column.size()));
  const int n = static_cast<int>(column.size());
  std::vector<int> stateOf(n);
  for (const auto& [state, j] : column) stateOf[j] = state;
  // Newton on the KKT system of  min ½ dᵀM d  subject to g(x⁻ + d) = 0, with M and G
  // re-evaluated at every iterate (exact in one step for constant M and affine g):
  //   [M  Gᵀ] [Δx]   [−M·(x − x⁻)]
  //   [G  0 ] [λ ] = [−g(x)      ]
  std::vector<double> start(n);
  for (int j = 0; j < n; ++j) start[j] = y[stateOf[j]];
  const double before = totalEnergy(at);
  const auto rowCount = static_cast<Eigen::Index>(rows.size());
  for (int iteration = 0; iteration < kMaxIterations; ++iteration) {
    Eigen::MatrixXd m = massMatrix(at, y, column);
    // States without stored energy are held: an identity row and no constraint column.
    std::vector<bool> movable(n);
    for (int j = 0; j < n; ++j) movable[j] = m(j, j) > 0.0;
    for (int j = 0; j < n; ++j)
      if (!movable[j]) {
        m.row(j).setZero();
        m.col(j).setZero();
        m(j, j) = 1.0;
      }
    Eigen::MatrixXd G = Eigen::MatrixXd::Zero(rowCount, n);
    for (Eigen::Index k = 0; k < rowCount; ++k) {
      const Tape& g = g_[rows[k]];
      g.gradient(at, work_.data(), adjoint_.data(), gradient_.data());
      for (std::size_t l = 0; l < g.leaves().size(); ++l) {
        auto j = column.find(g.leaves()[l].index);
        if (j != column.end() && !g.leaves()[l].derivative && movable[j->second]) G(k, j->second) += gradient_[l];
      }
    }
    Eigen::VectorXd displacement(n);
    for (int j = 0; j < n; ++j) displacement[j] = y[stateOf[j]] - start[j];
    Eigen::MatrixXd kkt = Eigen::MatrixXd::Zero(n + rowCount, n + rowCount);
    kkt.topLeftCorner(n, n) = m;
    kkt.topRightCorner(n, rowCount) = G.transpose();
    kkt.bottomLeftCorner(rowCount, n) = G;
    Eigen::VectorXd rhs(n + rowCount);
    rhs.head(n) = -m * displacement;
    rhs.tail(rowCount) = -r;
    // Least squares with minimum norm: redundant constraints (a gear and a rigid joint) are fine.
    const Eigen::VectorXd step = kkt.completeOrthogonalDecomposition().solve(rhs);
    const Eigen::VectorXd dx = step.head(n);
    for (int j = 0; j < n; ++j) y[stateOf[j]] += dx[j];
    r = residuals();
    if (dx.cwiseAbs().maxCoeff() <= 1e-15 * (1.0 + displacement.cwiseAbs().maxCoeff())) break;
  }
  result.moved = true;
  result.residual = r.cwiseAbs().maxCoeff();
  result.energyRemoved = before - totalEnergy(at);
  for (int row : rows) result.blocks.push_back(owner_[row]);
  return result;
}

}  // namespace kelvin::core
