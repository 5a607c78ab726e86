#pragma once
// The DAE F(t, y, y', d) = 0 linearised at an operating point: the Jacobians
// E = ∂F/∂y' and J = ∂F/∂y (exact, from the compiled tapes), and the state
// matrix of the reduced state space. With the states x (the unknowns whose
// derivative appears) and the algebraic unknowns z,
//
//   E_x·δx' + J_x·δx + J_z·δz = 0   ⇒   [E_x  J_z]·[δx'; δz] = −J_x·δx,
//
// so for an index-1 DAE (the square matrix [E_x J_z] invertible) δx' = A·δx
// with A the state rows of −[E_x J_z]⁻¹·J_x. The one linearisation that the
// noise analysis and the ABCD identification are to share.

#include <string>
#include <vector>

#include <Eigen/Dense>

#include "solve/dae_system.h"
#include "solve/operating_point.h"

namespace kelvin::core {

class Linearization {
 public:
  /// `dae` is observed during construction only.
  Linearization(const DaeSystem& dae, const OperatingPoint& point);

  const Eigen::MatrixXd& derivativeJacobian() const { return e_; }  // E = ∂F/∂y'
  const Eigen::MatrixXd& jacobian() const { return j_; }            // J = ∂F/∂y
  /// Unknown indices of the states, in the order of the rows and columns of stateMatrix().
  const std::vector<int>& states() const { return states_; }
  const std::vector<std::string>& stateNames() const { return stateNames_; }

  /// A of δx' = A·δx. Throws std::runtime_error when [E_x J_z] is singular (index > 1).
  Eigen::MatrixXd stateMatrix() const;
  /// The eigenvalues of stateMatrix(): the poles of the linearised model.
  Eigen::VectorXcd poles() const;

 private:
  Eigen::MatrixXd e_, j_;
  std::vector<int> states_, algebraic_;
  std::vector<std::string> stateNames_;
};

}  // namespace kelvin::core
