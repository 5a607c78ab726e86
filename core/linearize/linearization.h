#pragma once
// The one linearisation of a hybrid model at an operating point (DESIGN.md,
// "Data flow"): the Jacobians of every row of a LinearizationPlan (the DAE's
// equations, the receivers of the 1/z, 1/e and S&H coordinates, the samplers and
// the outputs) over every leaf kind — the unknowns y, their derivatives y', the
// discrete values, the delay lines' outputs — with the inputs (the analysis.Inp
// marker and the noise sources) among the discrete values. Everything else is a
// view of it:
//
//   combined()   the K2 combined matrix [A B; C D] over every input: the DAE's rows
//                solved for ẋ (the 1/s rows) and the rest, ẋ substituted, the =0 rows;
//   abcd()       the same with the analysis.Inp column alone (the ABCD table);
//   reduced()    the =0 rows eliminated (state_space_reduction.h, the one index-1
//                elimination): for 1/s rows only, the ordinary (A, B, C, D);
//   poles()      the eigenvalues of the reduced A;
//   transfer(ω)  W(ω) = C·([ω] − A)⁻¹·B + D for every output and input, with the
//                operators 1/s → jω, 1/z → e^{jωT}, 1/e → e^{jωτ}, S&H → the inverse of
//                its hold response (FrequencyOperator). It solves the rows of the
//                combined matrix before the DAE's rows are solved for ẋ and the =0
//                rows substituted — row operations that leave W unchanged — so the
//                system stays sparse: K(ω)·v + B(ω)·u = 0 over v = [y; q_z, q_e, q_S&H;
//                samplers], o = C(ω)·v + D·u, H = D − C·K⁻¹·B.
//
// Exact (automatic differentiation over the tapes) or, as the cross-check, by
// central differences.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <Eigen/Dense>

#include "linearize/abcd_matrix.h"
#include "linearize/linearization_plan.h"
#include "linearize/tape_jacobian.h"
#include "solve/dae_system.h"
#include "solve/operating_point.h"

namespace kelvin::core {

class FrequencyPencil;

class Linearization {
 public:
  /// Exact, at `point`. `plan` must outlive this object.
  Linearization(const LinearizationPlan& plan, const OperatingPoint& point);
  /// Exact, with a plan of its own without outputs (the characteristic system); `dae` is
  /// observed during construction only.
  Linearization(const DaeSystem& dae, const OperatingPoint& point);
  /// By central differences with relative increment `delta` (> 0).
  static Linearization byDifferences(const LinearizationPlan& plan, const OperatingPoint& point, double delta);

  const LinearizationPlan& plan() const { return *plan_; }
  double time() const { return time_; }
  const LeafJacobian& leaves() const { return jac_; }
  /// Unknown indices of the states (the 1/s coordinates), in coordinate order.
  const std::vector<int>& states() const { return plan_->states(); }
  /// True when both have the same Jacobians (a linear model linearised anywhere).
  bool sameAs(const Linearization& other) const;

  /// The combined matrix with B and D over every input. Throws ModelError when the linearised
  /// DAE is not of index 1 (E's state columns rank-deficient), naming the states.
  const AbcdMatrix& combined() const;
  /// Per output: false where it reads y' of an algebraic unknown (no entry of C can hold that).
  const std::vector<bool>& representable() const;
  /// The ABCD table: combined() with the analysis.Inp column alone. Throws ModelError also when
  /// an output is not representable.
  AbcdMatrix abcd() const;
  /// combined() with the =0 rows eliminated. Throws std::runtime_error when the algebraic
  /// part is singular.
  const AbcdMatrix& reduced() const;
  /// The eigenvalues of reduced().a: the poles in s for 1/s rows only. Throws as reduced().
  Eigen::VectorXcd poles() const;
  /// outputs × inputs at ω (rad/s). Throws std::runtime_error where the system is singular.
  Eigen::MatrixXcd transfer(double omega) const;

 private:
  Linearization(std::shared_ptr<const LinearizationPlan> owned, const OperatingPoint& point);
  Linearization(const LinearizationPlan& plan, double time, LeafJacobian jac);

  Eigen::RowVectorXd inCoordinates(Eigen::Index row, const Eigen::MatrixXd* xdot, const Eigen::MatrixXd& samplerRows,
                                   bool* readsAlgebraicDerivative = nullptr) const;
  void assemble() const;

  std::shared_ptr<const LinearizationPlan> owned_;  // set when the plan is this object's own
  const LinearizationPlan* plan_;
  double time_ = 0.0;
  LeafJacobian jac_;
  mutable std::optional<AbcdMatrix> combined_, reduced_;
  mutable std::vector<bool> representable_;
  mutable std::shared_ptr<const FrequencyPencil> pencil_;
};

}  // namespace kelvin::core
