#pragma once
// Integrates one-sided PSDs over a frequency band to the variance, ∫S df, on a
// grid refined where it is needed. In u = ln f the integrand is g(u) = S(f)·f
// (smooth for rational spectra, and a power law is exponential in u).
//
// Refined (the default): each interval [a, b] between neighbouring given
// frequencies is a panel evaluated at a, its quarter points, its midpoint and b;
// its integral is composite Simpson over the two halves, S₂, and its error
// estimate |S₂ − S₁|/15 with S₁ the Simpson rule over the whole panel
// (Richardson). The panel with the largest estimate (relative to its output's
// total) is halved, costing two new evaluations, until the estimated error is
// below `tolerance` of every output's total or `maxPoints` are used.
// Unrefined: trapezoids in u over the given frequencies, with the error
// estimated by comparing against trapezoids over every other frequency.
//
// Either way the result is a quadrature rule: weights w_i with ∫S df ≈ Σ w_i·S(f_i),
// so any part of the PSD (a source's share) integrates with the same rule.
// Also estimated: the variance outside the band, from the log-log slope of S
// at each end (below: S ∝ f^n with n > −1 integrates to S·f/(n+1); above: with
// n < −1 to S·f/(−n−1); infinite otherwise).

#include <functional>
#include <vector>

namespace kelvin::core {

class SpectrumIntegrator {
 public:
  /// The PSD of every output at a frequency (Hz); the same number of outputs at every call.
  using Sampler = std::function<std::vector<double>(double hz)>;

  struct Options {
    bool refine = true;
    /// Target of the refinement: estimated error / total, per output.
    double tolerance = 1e-5;
    /// At most this many frequencies evaluated (refined only).
    int maxPoints = 20000;
  };

  struct Result {
    std::vector<double> hz;       // every frequency evaluated, ascending
    std::vector<double> weights;  // ∫S df ≈ Σ weights[i]·S(hz[i])
    std::vector<double> totals;   // [output] the integral over the band
    /// [output] estimated |error| / total of the integral (0 for a zero total).
    std::vector<double> relativeError;
    /// [output] estimated variance outside the band / the integral over it (may be infinite).
    std::vector<double> outsideBand;
    /// The refinement stopped at maxPoints before reaching the tolerance.
    bool budgetExhausted = false;
  };

  /// `frequencies`: ascending, positive, at least two (one without refinement: a zero integral). Throws std::invalid_argument otherwise.
  /// `psd` is called once per frequency in Result::hz (and never again for the same one).
  static Result integrate(const std::vector<double>& frequencies, const Sampler& psd, const Options& options);
};

}  // namespace kelvin::core
