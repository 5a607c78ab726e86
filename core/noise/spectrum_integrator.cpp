#include "noise/spectrum_integrator.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <queue>
#include <stdexcept>

namespace kelvin::core {

namespace {

using Samples = std::map<double, std::vector<double>>;  // f → PSD per output

/// A panel [a, b] in u = ln f, evaluated at five equally spaced points of u.
struct Panel {
  double f[5];                    // Hz: the ends, the quarter points and the midpoint
  std::vector<double> integral;   // [output] S₂
  std::vector<double> error;      // [output] |S₂ − S₁|/15
};

class Refiner {
 public:
  explicit Refiner(const SpectrumIntegrator::Sampler& psd) : psd_(psd) {}

  const std::vector<double>& at(double f) {
    auto it = samples_.find(f);
    if (it == samples_.end()) it = samples_.emplace(f, psd_(f)).first;
    return it->second;
  }
  /// The midpoint of a and b in ln f.
  static double midpoint(double a, double b) { return std::sqrt(a) * std::sqrt(b); }
  /// The panel from a to b with midpoint m (given, so that a halved panel reuses its points).
  Panel panel(double a, double m, double b) {
    const double h = std::log(b / a);
    Panel p{{a, midpoint(a, m), m, midpoint(m, b), b}, {}, {}};
    const double* f = p.f;
    const std::vector<double>* s[5];
    for (int i = 0; i < 5; ++i) s[i] = &at(f[i]);
    for (std::size_t o = 0; o < s[0]->size(); ++o) {
      double g[5];
      for (int i = 0; i < 5; ++i) g[i] = (*s[i])[o] * f[i];
      const double s1 = h / 6.0 * (g[0] + 4.0 * g[2] + g[4]);
      const double s2 = h / 12.0 * (g[0] + 4.0 * g[1] + 2.0 * g[2] + 4.0 * g[3] + g[4]);
      p.integral.push_back(s2);
      p.error.push_back(std::abs(s2 - s1) / 15.0);
    }
    return p;
  }
  Samples& samples() { return samples_; }

 private:
  const SpectrumIntegrator::Sampler& psd_;
  Samples samples_;
};

/// Estimated variance beyond each end of the band, from the log-log slope of the end intervals.
void estimateTails(const Samples& samples, SpectrumIntegrator::Result& result) {
  if (samples.size() < 2) {
    result.outsideBand.assign(result.totals.size(), 0.0);  // one frequency: no band
    return;
  }
  const auto first = samples.begin(), second = std::next(first);
  const auto last = std::prev(samples.end()), beforeLast = std::prev(last);
  for (std::size_t o = 0; o < result.totals.size(); ++o) {
    auto slope = [o](const auto& p, const auto& q) {
      return std::log(q->second[o] / p->second[o]) / std::log(q->first / p->first);
    };
    double outside = 0.0;
    if (first->second[o] > 0.0) {
      const double n = second->second[o] > 0.0 ? slope(first, second) : HUGE_VAL;
      outside += n > -1.0 ? first->second[o] * first->first / (n + 1.0) : HUGE_VAL;
    }
    if (last->second[o] > 0.0) {
      const double n = beforeLast->second[o] > 0.0 ? slope(beforeLast, last) : -HUGE_VAL;
      outside += n < -1.0 ? last->second[o] * last->first / (-n - 1.0) : HUGE_VAL;
    }
    const double total = result.totals[o];
    result.outsideBand.push_back(outside == 0.0 ? 0.0 : total > 0.0 ? outside / total : HUGE_VAL);
  }
}

SpectrumIntegrator::Result trapezoids(const std::vector<double>& hz, const SpectrumIntegrator::Sampler& psd) {
  SpectrumIntegrator::Result result;
  Samples samples;
  for (double f : hz) samples.emplace(f, psd(f));
  const std::size_t n = hz.size(), outputs = samples.begin()->second.size();
  result.hz = hz;
  result.weights.assign(n, 0.0);
  for (std::size_t i = 1; i < n; ++i) {
    const double h = std::log(hz[i] / hz[i - 1]);
    result.weights[i - 1] += 0.5 * h * hz[i - 1];
    result.weights[i] += 0.5 * h * hz[i];
  }
  // The same rule over every other frequency (and the last): T_h − T_2h ≈ 3·(error of T_h).
  std::vector<std::size_t> coarse;
  for (std::size_t i = 0; i < n; i += 2) coarse.push_back(i);
  if (coarse.back() != n - 1) coarse.push_back(n - 1);
  for (std::size_t o = 0; o < outputs; ++o) {
    double fine = 0.0, rough = 0.0;
    for (std::size_t i = 0; i < n; ++i) fine += result.weights[i] * samples[hz[i]][o];
    for (std::size_t j = 1; j < coarse.size(); ++j) {
      const double f0 = hz[coarse[j - 1]], f1 = hz[coarse[j]];
      rough += 0.5 * std::log(f1 / f0) * (samples[f0][o] * f0 + samples[f1][o] * f1);
    }
    result.totals.push_back(fine);
    result.relativeError.push_back(n < 3 ? HUGE_VAL : fine != 0.0 ? std::abs(fine - rough) / 3.0 / std::abs(fine) : 0.0);
  }
  estimateTails(samples, result);
  return result;
}

}  // namespace

SpectrumIntegrator::Result SpectrumIntegrator::integrate(const std::vector<double>& frequencies, const Sampler& psd,
                                                         const Options& options) {
  if (frequencies.size() < (options.refine ? 2u : 1u))
    throw std::invalid_argument("integrating a spectrum needs at least two frequencies");
  for (std::size_t i = 0; i < frequencies.size(); ++i)
    if (!(frequencies[i] > 0.0) || !std::isfinite(frequencies[i]) || (i > 0 && !(frequencies[i] > frequencies[i - 1])))
      throw std::invalid_argument("frequencies must be positive and ascending");
  if (!options.refine) return trapezoids(frequencies, psd);

  Refiner refiner(psd);
  std::vector<Panel> panels;
  for (std::size_t i = 1; i < frequencies.size(); ++i) {
    const double a = frequencies[i - 1], b = frequencies[i];
    panels.push_back(refiner.panel(a, Refiner::midpoint(a, b), b));
  }
  const std::size_t outputs = panels.front().integral.size();
  std::vector<double> total(outputs, 0.0), error(outputs, 0.0);
  std::vector<bool> leaf(panels.size(), true);
  auto account = [&](const Panel& p, double sign) {
    for (std::size_t o = 0; o < outputs; ++o) total[o] += sign * p.integral[o], error[o] += sign * p.error[o];
  };
  for (const Panel& p : panels) account(p, 1.0);
  // Largest error relative to its output's total first (the totals as they stand when it is queued).
  auto score = [&](const Panel& p) {
    double s = 0.0;
    for (std::size_t o = 0; o < outputs; ++o)
      if (total[o] > 0.0) s = std::max(s, p.error[o] / total[o]);
    return s;
  };
  std::priority_queue<std::pair<double, std::size_t>> queue;
  for (std::size_t i = 0; i < panels.size(); ++i) queue.emplace(score(panels[i]), i);
  auto converged = [&] {
    for (std::size_t o = 0; o < outputs; ++o)
      if (error[o] > options.tolerance * std::abs(total[o])) return false;
    return true;
  };
  Result result;
  while (!converged()) {
    if (static_cast<int>(refiner.samples().size()) + 2 > options.maxPoints || queue.empty()) {
      result.budgetExhausted = true;
      break;
    }
    const std::size_t i = queue.top().second;
    queue.pop();
    const Panel parent = panels[i];
    const double* f = parent.f;
    if (!(f[0] < f[1] && f[1] < f[2] && f[2] < f[3] && f[3] < f[4])) continue;  // as narrow as doubles go
    account(parent, -1.0);
    leaf[i] = false;
    for (int half = 0; half < 2; ++half) {
      panels.push_back(refiner.panel(f[2 * half], f[2 * half + 1], f[2 * half + 2]));
      leaf.push_back(true);
      account(panels.back(), 1.0);
      queue.emplace(score(panels.back()), panels.size() - 1);
    }
  }

  std::map<double, double> weights;
  for (const auto& [f, s] : refiner.samples()) weights[f] = 0.0;
  for (std::size_t i = 0; i < panels.size(); ++i) {
    if (!leaf[i]) continue;
    const double* f = panels[i].f;
    const double h = std::log(f[4] / f[0]);
    static constexpr double kSimpson[5] = {1.0, 4.0, 2.0, 4.0, 1.0};
    for (int k = 0; k < 5; ++k) weights[f[k]] += h / 12.0 * kSimpson[k] * f[k];
  }
  for (const auto& [f, w] : weights) result.hz.push_back(f), result.weights.push_back(w);
  // The totals again from the weights (no drift from the running sums).
  result.totals.assign(outputs, 0.0);
  for (std::size_t i = 0; i < result.hz.size(); ++i)
    for (std::size_t o = 0; o < outputs; ++o) result.totals[o] += result.weights[i] * refiner.samples()[result.hz[i]][o];
  for (std::size_t o = 0; o < outputs; ++o)
    result.relativeError.push_back(result.totals[o] != 0.0 ? error[o] / std::abs(result.totals[o]) : 0.0);
  estimateTails(refiner.samples(), result);
  return result;
}

}  // namespace kelvin::core
