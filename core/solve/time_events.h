#pragma once
// The clocks of a model as a schedule of exact time events: tick k of a clock
// is at offset + k·period, computed by multiplication so nothing drifts over
// millions of samples. Triggered clocks (ticking on a condition) are not
// scheduled here.

#include <limits>
#include <vector>

#include "elaborate/flat_system.h"

namespace kelvin::core {

class TimeEvents {
 public:
  explicit TimeEvents(const std::vector<FlatClock>& clocks);

  /// Skips ticks before t (they happened before the run).
  void startAt(double t);
  /// The earliest pending tick, or +infinity.
  double next() const;
  /// The clocks that tick at `t` (== next()); advances each of them past t.
  std::vector<int> take(double t);

 private:
  double tickTime(std::size_t clock) const;

  const std::vector<FlatClock>& clocks_;
  std::vector<long long> nextTick_;
};

}  // namespace kelvin::core
