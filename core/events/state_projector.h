#pragma once
// State projection at constraint changes. When constraints g(x) = 0 on the
// states become active (a clutch locks), or drift off while active, the state
// is moved to the nearest point on them in the metric of the stored energy:
//
//   minimise ½ (x⁺ − x⁻)ᵀ M (x⁺ − x⁻)  subject to g(x⁺) = 0,
//   x⁺ = x⁻ − M⁻¹Gᵀ (G M⁻¹ Gᵀ)⁻¹ g(x⁻)    (G = ∂g/∂x),
//
// solved as Newton on its KKT system, with M and G re-evaluated at each iterate when
// they depend on x (nonlinear capacitors, nonlinear constraints)
//
// with M the Hessian of the components' declared energies over the states
// (inertias, masses, inductances, capacitances). So two locking shafts keep
// their total angular momentum, two joined capacitors their charge. States
// without stored energy (prescribed or signal states) are held fixed.

#include <map>
#include <string>

#include <Eigen/Dense>
#include <vector>

#include "expr/tape.h"
#include "solve/dae_system.h"

namespace kelvin::core {

struct Projection {
  bool moved = false;
  double energyRemoved = 0.0;  // E(x⁻) − E(x⁺), joules
  double residual = 0.0;       // max |g(x⁺)| reached
  std::vector<int> blocks;     // owners of the active constraints
};

class StateProjector {
 public:
  static constexpr int kMaxIterations = 20;

  /// `dae` is observed and must outlive the projector.
  explicit StateProjector(const DaeSystem& dae);

  bool hasConstraints() const { return !active_.empty(); }
  /// The largest |g| of the constraints active at `at`, and their owners (0 and none if none is active).
  std::pair<double, std::vector<int>> violation(const EvalPoint& at);
  /// Projects the states in y onto the constraints active at `at` (whose y must be
  /// y.data()), if they are violated by more than `tolerance`.
  Projection project(EvalPoint at, std::vector<double>& y, double tolerance);

 private:
  double totalEnergy(const EvalPoint& at);
  /// M over the states in `column` (state index -> position), at y (whose data at.y points to).
  Eigen::MatrixXd massMatrix(const EvalPoint& at, std::vector<double>& y, const std::map<int, int>& column);

  const DaeSystem& dae_;
  std::vector<Tape> active_, g_, energies_;
  std::vector<int> owner_;
  DaeWorkspace ws_;
  std::vector<double> work_, adjoint_, gradient_;
};

}  // namespace kelvin::core
