#include "linearize/frequency_plan.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>

namespace kelvin::core {

namespace {

constexpr double kTwoPi = 2.0 * std::numbers::pi;
/// Around a resonance: points every kPeakStep half-bandwidths out to kPeakHalfWidths of them.
constexpr double kPeakStep = 0.5;
constexpr int kPeakHalfWidths = 8;
/// A pole counts as resonant when ω_d exceeds σ (Q above about 0.7): its peak can be narrower
/// than the log grid's spacing.
constexpr double kResonantRatio = 1.0;

std::vector<double> positiveFinite(std::vector<double> values) {
  std::erase_if(values, [](double v) { return !(v > 0.0) || !std::isfinite(v); });
  return values;
}

}  // namespace

FrequencyPlan::FrequencyPlan(std::vector<std::complex<double>> poles, std::vector<double> samplePeriods,
                             std::vector<double> delays, std::vector<double> cornersHz)
    : samplePeriods_(positiveFinite(std::move(samplePeriods))), delays_(positiveFinite(std::move(delays))),
      cornersHz_(positiveFinite(std::move(cornersHz))) {
  for (const std::complex<double>& p : poles)
    if (std::isfinite(p.real()) && std::isfinite(p.imag()) && std::abs(p) > 0.0) poles_.push_back(p);
}

FrequencyPlan FrequencyPlan::ofAbcd(const AbcdMatrix& abcd, const Eigen::VectorXcd& reducedEigenvalues,
                                    std::vector<double> cornersHz) {
  std::vector<double> periods, delays;
  bool continuousOnly = true;
  for (const AbcdRow& row : abcd.rows) {
    if (row.kind == RowKind::UnitDelay || row.kind == RowKind::SampleHold) periods.push_back(row.period);
    if (row.kind == RowKind::TransportDelay) delays.push_back(row.period);
    continuousOnly = continuousOnly && (row.kind == RowKind::Integrator || row.kind == RowKind::Algebraic);
  }
  std::vector<std::complex<double>> poles;
  if (continuousOnly) poles.assign(reducedEigenvalues.data(), reducedEigenvalues.data() + reducedEigenvalues.size());
  return FrequencyPlan(std::move(poles), std::move(periods), std::move(delays), std::move(cornersHz));
}

FrequencyBand FrequencyPlan::noiseBand() const {
  std::vector<double> natural = cornersHz_;
  for (const std::complex<double>& p : poles_) natural.push_back(std::abs(p) / kTwoPi);
  if (natural.empty()) return kFallbackBand;
  const auto [slowest, fastest] = std::minmax_element(natural.begin(), natural.end());
  const double factor = std::pow(10.0, kNoiseDecades);
  return {*slowest / factor, *fastest * factor};
}

FrequencyBand FrequencyPlan::responseBand() const {
  std::vector<double> natural = cornersHz_;
  for (const std::complex<double>& p : poles_) natural.push_back(std::abs(p) / kTwoPi);
  const double factor = std::pow(10.0, kResponseDecades);
  double low = HUGE_VAL, high = 0.0;
  for (double f : natural) low = std::min(low, f / factor), high = std::max(high, f * factor);
  for (double t : samplePeriods_) {
    const double nyquist = 0.5 / t;
    low = std::min(low, nyquist / 1e4);
    high = std::max(high, nyquist);
  }
  for (double tau : delays_) {
    low = std::min(low, 0.01 / tau);
    high = std::max(high, 10.0 / tau);
  }
  if (!(high > 0.0)) return kFallbackBand;
  return {low, high};
}

std::vector<double> FrequencyPlan::grid(const FrequencyBand& band, int points) const {
  if (!(band.lowHz > 0.0 && band.highHz > band.lowHz && std::isfinite(band.highHz)))
    throw std::invalid_argument("a frequency band needs 0 < lowest < highest");
  if (points < 2) throw std::invalid_argument("a frequency sweep needs at least two points");
  std::vector<double> hz;
  for (int i = 0; i < points; ++i) hz.push_back(band.lowHz * std::pow(band.highHz / band.lowHz, i / (points - 1.0)));
  hz.back() = band.highHz;
  for (const std::complex<double>& p : poles_) {
    const double sigma = std::abs(p.real()) / kTwoPi, peak = std::abs(p.imag()) / kTwoPi;
    if (p.imag() < 0.0 || !(peak > kResonantRatio * sigma)) continue;  // one of each conjugate pair
    const double step = sigma > 0.0 ? kPeakStep * sigma : peak * 1e-9;  // an undamped pole: a narrow cluster
    for (int k = -2 * kPeakHalfWidths; k <= 2 * kPeakHalfWidths; ++k) hz.push_back(peak + k * step);
    for (double d = 2.0 * kPeakHalfWidths * step; d < 0.5 * peak; d *= 2.0) {
      hz.push_back(peak - d);
      hz.push_back(peak + d);
    }
  }
  std::erase_if(hz, [&](double f) { return !(f >= band.lowHz && f <= band.highHz); });
  std::sort(hz.begin(), hz.end());
  // Distinct to well above rounding, so that every interval has a width in log f.
  std::vector<double> distinct;
  for (double f : hz)
    if (distinct.empty() || f > distinct.back() * (1.0 + 1e-12)) distinct.push_back(f);
  return distinct;
}

}  // namespace kelvin::core
