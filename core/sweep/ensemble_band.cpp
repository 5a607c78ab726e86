#include "sweep/ensemble_band.h"

#include <algorithm>
#include <cmath>

namespace kelvin::core {

namespace {
/// x(t) of a sampled signal, linear between samples, held beyond the ends.
double valueAt(const std::vector<double>& time, const std::vector<double>& x, double t) {
  if (t <= time.front()) return x.front();
  if (t >= time.back()) return x.back();
  const auto k = static_cast<std::size_t>(std::lower_bound(time.begin(), time.end(), t) - time.begin());
  if (time[k] == t) return x[k];
  const double f = (t - time[k - 1]) / (time[k] - time[k - 1]);
  return x[k - 1] + f * (x[k] - x[k - 1]);
}
}  // namespace

EnsembleBand ensembleBand(const std::vector<const Trace*>& traces, const std::string& signal) {
  EnsembleBand band;
  std::vector<std::pair<const std::vector<double>*, const std::vector<double>*>> runs;
  for (const Trace* t : traces)
    if (const std::vector<double>* x = t->column(signal); x && !x->empty()) runs.emplace_back(&t->time, x);
  if (runs.empty()) return band;
  band.runs = static_cast<int>(runs.size());
  band.time = *runs.front().first;
  const std::size_t n = band.time.size();
  band.mean.assign(n, 0.0);
  band.sigma.assign(n, 0.0);
  band.min.assign(n, HUGE_VAL);
  band.max.assign(n, -HUGE_VAL);
  std::vector<double> m2(n, 0.0);  // Welford's running sum of squared deviations
  double count = 0.0;
  for (const auto& [time, x] : runs) {
    const bool sameGrid = *time == band.time;
    count += 1.0;
    for (std::size_t i = 0; i < n; ++i) {
      const double v = sameGrid ? (*x)[i] : valueAt(*time, *x, band.time[i]);
      const double delta = v - band.mean[i];
      band.mean[i] += delta / count;
      m2[i] += delta * (v - band.mean[i]);
      band.min[i] = std::min(band.min[i], v);
      band.max[i] = std::max(band.max[i], v);
    }
  }
  for (std::size_t i = 0; i < n; ++i) band.sigma[i] = count > 1 ? std::sqrt(m2[i] / (count - 1)) : 0.0;
  return band;
}

}  // namespace kelvin::core
