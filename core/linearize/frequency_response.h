#pragma once
// Frequency analysis of an ABCD matrix with its frequency operator [ω]:
//
//   transfer to output k   W_k(ω) = C_k·([ω] − A)⁻¹·B + D_k
//   "SIMO W1/W2"           W_k(ω)/W_m(ω)   (k = m: plain W_k)
//   Mikhailov hodograph    D(ω) = det([ω] − A)
//
// and sweeps of them over log- or linearly spaced frequencies, with the Bode
// magnitude (dB) and the unwrapped phase (degrees). A frequency where [ω] − A
// is singular (a pole on the axis) or where W_m = 0 is not evaluated: the sweep
// lists it as skipped instead of producing NaN.

#include <complex>
#include <functional>
#include <string>
#include <vector>

#include <Eigen/Dense>

#include "linearize/abcd_matrix.h"
#include "linearize/frequency_operator.h"

namespace kelvin::core {

/// Thrown where a value does not exist at a frequency (singular [ω] − A, W_m = 0).
class SingularFrequency : public std::domain_error {
 public:
  using std::domain_error::domain_error;
};

enum class FrequencyKind { Transfer, Mikhailov };

struct FrequencySample {
  double hz = 0.0;
  std::complex<double> value;
  double magnitudeDb = 0.0;
  double phaseDeg = 0.0;  // unwrapped along the sweep
};

struct FrequencySweep {
  std::vector<FrequencySample> samples;
  std::vector<double> skippedHz;  // frequencies where the value does not exist
  /// The largest phase step between neighbouring samples (degrees): above 180° the
  /// unwrapping is ambiguous and the sweep needs more points.
  double largestPhaseStepDeg = 0.0;
};

class FrequencyResponse {
 public:
  /// Keeps a copy of `abcd`. Throws std::invalid_argument when a row has no fixed period (see FrequencyOperator).
  explicit FrequencyResponse(const AbcdMatrix& abcd);

  /// W_1..W_N at ω (rad/s). Throws std::invalid_argument without an input;
  /// SingularFrequency where [ω] − A is singular.
  Eigen::VectorXcd transfers(double omega) const;
  /// W_k/W_m with 0-based indices (k = m: W_k). Throws std::out_of_range for an index
  /// outside the outputs; SingularFrequency where W_m = 0 or [ω] − A is singular.
  std::complex<double> ratio(int k, int m, double omega) const;
  /// det([ω] − A). Throws SingularFrequency where [ω] is infinite (an S&H row at a
  /// multiple of its sampling frequency).
  std::complex<double> mikhailov(double omega) const;

  /// The value chosen by `kind` (the ratio W_k/W_m, or D(ω)) at every frequency (Hz).
  /// `beforeEach`, when given, is called before each frequency; what it throws ends the
  /// sweep (a caller's cancellation: run/analysis_cancelled.h).
  FrequencySweep sweep(FrequencyKind kind, int k, int m, const std::vector<double>& hz,
                       const std::function<void()>& beforeEach = {}) const;

 private:
  AbcdMatrix abcd_;
  FrequencyOperator operator_;
};

/// n frequencies from fmin to fmax (both included), log-spaced or evenly spaced.
/// Throws std::invalid_argument for n < 1, fmax < fmin, or fmin <= 0 on a log grid.
std::vector<double> frequencyGrid(double fmin, double fmax, int n, bool logarithmic);

/// Continuous phase in degrees: each step between neighbours brought within ±180°.
std::vector<double> unwrappedPhaseDegrees(const std::vector<std::complex<double>>& values);

}  // namespace kelvin::core
