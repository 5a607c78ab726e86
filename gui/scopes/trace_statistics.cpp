#include "scopes/trace_statistics.h"

#include <algorithm>
#include <cmath>

namespace kelvin::gui {

TraceStatistics TraceStatistics::over(std::span<const double> times, std::span<const double> values, double lower,
                                      double upper) {
  TraceStatistics s;
  const std::size_t n = std::min(times.size(), values.size());
  const auto begin = std::lower_bound(times.begin(), times.begin() + n, lower) - times.begin();
  const auto end = std::upper_bound(times.begin(), times.begin() + n, upper) - times.begin();
  if (end <= begin) return s;
  s.count = static_cast<std::size_t>(end - begin);
  s.min = s.max = values[begin];
  double integral = 0.0;
  for (auto i = begin; i < end; ++i) {
    s.min = std::min(s.min, values[i]);
    s.max = std::max(s.max, values[i]);
    if (i > begin) integral += 0.5 * (values[i] * values[i] + values[i - 1] * values[i - 1]) * (times[i] - times[i - 1]);
  }
  const double duration = times[end - 1] - times[begin];
  s.rms = duration > 0 ? std::sqrt(integral / duration) : std::abs(values[begin]);
  return s;
}

}  // namespace kelvin::gui
