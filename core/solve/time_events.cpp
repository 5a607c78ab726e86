#include "solve/time_events.h"

#include <cmath>

namespace kelvin::core {

TimeEvents::TimeEvents(const std::vector<FlatClock>& clocks) : clocks_(clocks), nextTick_(clocks.size(), 0) {}

double TimeEvents::tickTime(std::size_t c) const {
  if (clocks_[c].trigger.valid()) return std::numeric_limits<double>::infinity();  // ticks on a condition
  return clocks_[c].offset + static_cast<double>(nextTick_[c]) * clocks_[c].period;
}

void TimeEvents::startAt(double t) {
  for (std::size_t c = 0; c < clocks_.size(); ++c) {
    if (clocks_[c].trigger.valid()) continue;
    const double k = std::ceil((t - clocks_[c].offset) / clocks_[c].period);
    nextTick_[c] = k > 0 ? static_cast<long long>(k) : 0;
    while (tickTime(c) < t) ++nextTick_[c];
  }
}

double TimeEvents::next() const {
  double t = std::numeric_limits<double>::infinity();
  for (std::size_t c = 0; c < clocks_.size(); ++c) t = std::min(t, tickTime(c));
  return t;
}

std::vector<int> TimeEvents::take(double t) {
  std::vector<int> ticking;
  for (std::size_t c = 0; c < clocks_.size(); ++c)
    if (tickTime(c) <= t) {
      ticking.push_back(static_cast<int>(c));
      while (tickTime(c) <= t) ++nextTick_[c];
    }
  return ticking;
}

}  // namespace kelvin::core
