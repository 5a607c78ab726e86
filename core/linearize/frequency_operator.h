#pragma once
// The diagonal frequency-operator matrix [ω] of an ABCD matrix's rows:
//
//   1/s: jω     1/z: e^{jωT}     1/e: e^{jωτ}     =0: 0
//   S&H: the inverse of the hold's response H(ω) = (1 − e^{−jωT})/(jωT)
//
// Each row is kept as a pair (α, β) with the row reading α·q_i = β·(A_i·q + B_i·u),
// [ω]_i = α/β: an S&H row is (1, H), which stays finite where H vanishes (at the
// sampling frequency and its multiples); the others have β = 1.

#include <complex>
#include <vector>

#include <Eigen/Dense>

#include "linearize/abcd_matrix.h"

namespace kelvin::core {

class FrequencyOperator {
 public:
  /// Throws std::invalid_argument naming the row when a 1/z or S&H row has no fixed
  /// period (a clock triggered by a signal) or a 1/e row no positive delay.
  explicit FrequencyOperator(std::vector<AbcdRow> rows);

  /// α and β of every row at angular frequency ω (rad/s).
  void at(double omega, Eigen::VectorXcd& alpha, Eigen::VectorXcd& beta) const;
  /// [ω]_i = α_i/β_i (infinite for an S&H row where H = 0).
  Eigen::VectorXcd diagonal(double omega) const;

  /// H(ω) = (1 − e^{−jωT})/(jωT), 1 at ω = 0.
  static std::complex<double> holdResponse(double omega, double period);

 private:
  std::vector<AbcdRow> rows_;
};

}  // namespace kelvin::core
