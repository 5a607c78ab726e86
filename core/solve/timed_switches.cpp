#include "solve/timed_switches.h"

#include <cmath>

namespace kelvin::core {

TimedSwitches::TimedSwitches(const DaeSystem& dae) : dae_(dae), ws_(dae.makeWorkspace()) {
  // A delayed value reads the recorded history, which is not there yet ahead of the step.
  const bool delays = dae.delayCount() > 0;
  for (int s = 0; s < dae.switchCount(); ++s) {
    const bool timed = !delays && !dae.indicatorReadsUnknowns(s);
    timed_.push_back(timed);
    if (timed)
      timedList_.push_back(s);
    else
      watched_ = true;
  }
}

bool TimedSwitches::outcomeAt(int s, double t, const std::vector<double>& discrete,
                              const std::vector<std::uint8_t>& switches) {
  // The indicator reads no unknown: y and y' are never touched.
  const EvalPoint at{t, nullptr, nullptr, discrete.data(), switches.data(), nullptr};
  return Tape::switchOutcome(dae_.switchInfo(s).op, dae_.indicator(s, at, ws_), 0.0);
}

double TimedSwitches::next(double t, double until, const std::vector<double>& discrete,
                           const std::vector<std::uint8_t>& switches) {
  crossing_.clear();
  double earliest = std::numeric_limits<double>::infinity();
  if (!(until > t)) return earliest;
  for (int s : timedList_) {
    const bool frozen = switches[s] != 0;
    if (outcomeAt(s, until, discrete, switches) == frozen) continue;
    // Bisect for the first double where the outcome differs: lo keeps the frozen outcome
    // (t itself, after an event, is where it was last settled), hi differs.
    double lo = t, hi = until;
    for (;;) {
      const double mid = lo + 0.5 * (hi - lo);
      if (mid <= lo || mid >= hi) break;
      (outcomeAt(s, mid, discrete, switches) == frozen ? lo : hi) = mid;
    }
    if (hi > earliest) continue;
    if (hi < earliest) crossing_.clear();
    earliest = hi;
    const bool positive = Tape::switchOutcome(dae_.switchInfo(s).op, 1.0, 0.0) != frozen;
    crossing_.emplace_back(s, positive ? 1 : -1);
  }
  return earliest;
}

void TimedSwitches::fired(std::vector<int>& fired) const {
  for (const auto& [s, sign] : crossing_) fired[s] = sign;
}

}  // namespace kelvin::core
