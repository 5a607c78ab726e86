#pragma once
// Covariance of the linearised noise system along a run (DESIGN.md, "Noise",
// transient envelope): P of the states obeys dP/dt = A·P + P·Aᵀ + B·W·Bᵀ, with
// W = diag(S_k/2) the two-sided intensities of the white sources. Over a step h
// P ← Φ·P·Φᵀ + Q_d, Φ = e^{Ah}, Q_d = ∫₀ʰ e^{As}·B·W·Bᵀ·e^{Aᵀs} ds, both exact
// (Van Loan's block exponential at h/2^k, small enough to be safe for stiff A,
// then k doublings Q_d(2h) = Q_d(h) + Φ(h)·Q_d(h)·Φ(h)ᵀ). Outputs with a noise
// bandwidth read a first-order filter state τ·z' = o − z (τ = 1/(4B), noise
// bandwidth B), appended to the states; the output variance is σ² = C·P·Cᵀ. While
// the system and the step stay the same, only the output rows C·Φ^m are propagated.

#include <string>
#include <vector>

#include <Eigen/Dense>

#include "noise/noise_system.h"

namespace kelvin::core {

class CovariancePropagator {
 public:
  /// Starts from P = 0 (a known initial state) with the linearisation `system`.
  explicit CovariancePropagator(const NoiseSystem& system);

  /// Takes a new linearisation (the same states and outputs); P is kept, and so are Φ and
  /// Q_d when A and B·W·Bᵀ did not change (a linear model).
  void relinearise(const NoiseSystem& system);
  /// P ← Φ·P·Φᵀ + Q_d over a step h > 0 (Φ and Q_d recomputed when h differs from the
  /// last one by more than rounding).
  void step(double h);
  /// σ² of each output. Throws std::runtime_error naming a required output when white noise
  /// reaches it through no storage and no bandwidth filter (an unbounded variance); an
  /// optional output gets NaN there, and where its variance is not representable.
  std::vector<double> outputVariances() const;

 private:
  /// Φ = e^{Ah} and Q_d over h for the present A and B·W·Bᵀ.
  void discretise(double h, Eigen::MatrixXd& phi, Eigen::MatrixXd& qd) const;
  /// Brings P up to date over the pending steps (one exact step of their total length).
  void materialise();

  Eigen::MatrixXd a_, q_;   // augmented state matrix, B·W·Bᵀ
  Eigen::MatrixXd c_;       // outputs × augmented states
  std::vector<bool> unbounded_, unavailable_, required_;
  std::vector<std::string> outputNames_;
  // P itself is brought up to date only when the system or the step changes: between, only
  // the output rows move (O(n²) a step instead of O(n³)).
  Eigen::MatrixXd p_;              // the covariance before the pending steps
  long pending_ = 0;               // steps of discretisedStep_ taken since p_
  Eigen::MatrixXd rows_;           // c·Φ^pending
  Eigen::VectorXd accumulated_;    // Σ over the pending steps of (c·Φ^j)·Q_d·(c·Φ^j)ᵀ, per output
  Eigen::MatrixXd phi_, qd_;
  double discretisedStep_ = -1.0;  // h of phi_ and qd_, < 0 when stale
};

}  // namespace kelvin::core
