#pragma once
// The default frequencies of the sweeps (noise spectrum, frequency response),
// chosen from what the linearised model can do: its poles, the sampling
// periods and delays of its discrete parts, and extra corners (a noise
// sensor's bandwidth filter). The one place that holds these defaults; the CLI
// and the GUI take theirs from here.
//
// - Noise band: the variance must be all inside it. A first-order tail falls
//   as 1/f², so beyond a pole p the Lorentzian leaves (2/π)·f_p/f_max of the
//   variance above f_max (and (2/π)·f_min/f_p below f_min): kNoiseDecades = 5
//   decades beyond the extreme poles leave < 1e-5 out.
// - Response band: kResponseDecades = 2 decades beyond the extreme poles (every
//   resonance inside), and up to the Nyquist frequency of the fastest sampling.
// - Grid: `points` log-spaced frequencies over the band, plus, around each
//   resonant pole p = −σ ± jω_d (ω_d > σ), points every half of its half-bandwidth
//   σ/2π within ±8 half-bandwidths of ω_d/2π and then at doubling distances out
//   to half the peak frequency, so a peak of any Q is sampled across its width.

#include <complex>
#include <vector>

#include <Eigen/Dense>

#include "linearize/abcd_matrix.h"

namespace kelvin::core {

struct FrequencyBand {
  double lowHz = 1.0;
  double highHz = 1e6;
};

class FrequencyPlan {
 public:
  /// Log-spaced points of a default sweep, before the points around the poles.
  static constexpr int kDefaultPoints = 200;
  /// Decades beyond the slowest and the fastest pole: noise band, response band.
  static constexpr double kNoiseDecades = 5.0;
  static constexpr double kResponseDecades = 2.0;
  /// The band without any pole or period to go by.
  static constexpr FrequencyBand kFallbackBand{1.0, 1e6};

  /// `poles` in s (rad/s); `samplePeriods` of 1/z and S&H parts and `delays` of 1/e parts (s);
  /// `cornersHz`: further corner frequencies (sensor filters). Non-finite and non-positive
  /// values are ignored, as are poles at 0.
  explicit FrequencyPlan(std::vector<std::complex<double>> poles, std::vector<double> samplePeriods = {},
                         std::vector<double> delays = {}, std::vector<double> cornersHz = {});
  /// The plan of an identified model: its sampling periods and delays, and the eigenvalues
  /// of its reduced A as poles when it has 1/s rows only (they are z-plane values otherwise),
  /// and `cornersHz` as the constructor takes them.
  static FrequencyPlan ofAbcd(const AbcdMatrix& abcd, const Eigen::VectorXcd& reducedEigenvalues,
                              std::vector<double> cornersHz = {});

  const std::vector<std::complex<double>>& poles() const { return poles_; }

  /// kNoiseDecades below the slowest and above the fastest pole or corner.
  FrequencyBand noiseBand() const;
  /// kResponseDecades beyond the poles and corners; up to the Nyquist frequency of the
  /// fastest sampling and ten times 1/τ of the shortest delay; one decade below the slowest of those.
  FrequencyBand responseBand() const;
  /// `points` (≥ 2) log-spaced frequencies over `band` with the points around every resonant pole
  /// inside it, ascending and distinct. Throws std::invalid_argument unless 0 < low < high.
  std::vector<double> grid(const FrequencyBand& band, int points) const;

 private:
  std::vector<std::complex<double>> poles_;
  std::vector<double> samplePeriods_, delays_, cornersHz_;
};

}  // namespace kelvin::core
