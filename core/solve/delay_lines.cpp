#include "solve/delay_lines.h"

#include <algorithm>
#include <limits>

namespace kelvin::core {

DelayLines::DelayLines(const std::vector<FlatDelay>& delays) : delays_(delays), values_(delays.size()) {}

void DelayLines::record(double t, const std::vector<double>& inputs) {
  if (delays_.empty()) return;
  if (!samples_.empty() && t <= samples_.back().t) ++stretch_;  // a restart at the same time: a new stretch
  samples_.push_back({t, stretch_});
  for (std::size_t k = 0; k < delays_.size(); ++k) values_[k].push_back(inputs[k]);
}

double DelayLines::shortestDelay() const {
  double shortest = std::numeric_limits<double>::infinity();
  for (const FlatDelay& d : delays_) shortest = std::min(shortest, d.delay);
  return shortest;
}

double DelayLines::valueAt(int line, double time) const {
  const double past = time - delays_[line].delay;
  if (samples_.empty() || past < samples_.front().t) return delays_[line].initial;
  // The last sample at or before `past` (the later one of two at an event time).
  auto after = std::upper_bound(samples_.begin(), samples_.end(), past,
                                [](double t, const Sample& s) { return t < s.t; });
  const std::size_t i = static_cast<std::size_t>(after - samples_.begin()) - 1;
  const std::vector<double>& v = values_[line];
  if (past == samples_[i].t || i + 1 == samples_.size()) return v[i];
  // Up to four samples i-1 .. i+2 of i's stretch, then Lagrange interpolation.
  const int stretch = samples_[i].stretch;
  std::size_t first = i, last = i;
  while (first > 0 && i - first < 1 && samples_[first - 1].stretch == stretch) --first;
  while (last + 1 < samples_.size() && last - i < 2 && samples_[last + 1].stretch == stretch) ++last;
  while (first > 0 && last - first < 3 && samples_[first - 1].stretch == stretch) --first;
  double value = 0.0;
  for (std::size_t a = first; a <= last; ++a) {
    double weight = 1.0;
    for (std::size_t b = first; b <= last; ++b)
      if (b != a) weight *= (past - samples_[b].t) / (samples_[a].t - samples_[b].t);
    value += weight * v[a];
  }
  return value;
}

}  // namespace kelvin::core
