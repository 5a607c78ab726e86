#pragma once
// The frequency response of a Linearization from every input to every output,
// solved on the sparse rows of the combined matrix before elimination:
//
//   DAE row e:        J_e·v + jω·E_e·y + G_e·u = 0
//   receiver of q_c:  β_c·(∇r_c·v + ∇r_c,u·u) − α_c·q_c = 0   (1/z, 1/e, S&H; α, β from FrequencyOperator)
//   sampler s:        ∇s·v − q_s = 0
//   output k:         o_k = C_k(ω)·v + D_k·u
//
// over v = [y; the 1/z, 1/e and S&H coordinates; the samplers] (y' = jω·y). This is
// [ω] − A of the combined matrix before the DAE's rows are solved for ẋ and the =0
// rows substituted, so H(ω) = D − C·K⁻¹·B equals C·([ω] − A)⁻¹·B + D; but K keeps
// the sparsity of the model. One sparse LU of Kᵀ and a solve per output, not per input.

#include <vector>

#include <Eigen/Dense>

#include "linearize/frequency_operator.h"
#include "linearize/linearization_plan.h"
#include "linearize/tape_jacobian.h"

namespace kelvin::core {

class FrequencyPencil {
 public:
  /// Throws ModelError naming the block of a 1/z, 1/e or S&H coordinate without a fixed period.
  FrequencyPencil(const LinearizationPlan& plan, const LeafJacobian& jac);

  /// H(ω), outputs × inputs, ω in rad/s. Throws std::runtime_error where K is singular.
  Eigen::MatrixXcd transfer(double omega) const;

 private:
  /// One nonzero: row and column of its matrix, its value, whether it multiplies jω (a y'
  /// entry), and the operator row whose β scales it (−1: none).
  struct Entry {
    int row, col;
    double value;
    bool derivative;
    int scaledBy;
  };
  void scan(const LinearizationPlan& plan, const LeafJacobian& jac, Eigen::Index tapeRow, int row, bool withDerivatives,
            int scaledBy, std::vector<Entry>& into, std::vector<Entry>& inputs) const;

  std::vector<int> pencilOf_;  // per coordinate: its index in v (−1: 1/s and =0 coordinates are y)
  int unknowns_ = 0, samplerStart_ = 0, size_ = 0, outputs_ = 0, inputs_ = 0;
  std::vector<Entry> k_, b_, c_, d_;
  std::vector<int> operatorRowOf_;  // per operator row: its index in v
  std::vector<AbcdRow> operatorRows_;
  FrequencyOperator operator_;
};

}  // namespace kelvin::core
