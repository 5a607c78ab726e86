#pragma once
// The switches whose indicators are functions of time alone (they read no unknown and the
// model has no delay line: a pulse's corners, a time comparison): their next change is
// located exactly, ahead of the step, and given to the integrator as a stop time, so the
// solver's root finding (which interpolates the solution at every step to evaluate the
// indicators) watches only the switches that read the state.

#include <cstdint>
#include <limits>
#include <vector>

#include "solve/dae_system.h"

namespace kelvin::core {

class TimedSwitches {
 public:
  /// `dae` is observed and must outlive this object.
  explicit TimedSwitches(const DaeSystem& dae);

  /// Whether switch s is located here (a function of time) rather than by root finding.
  bool timed(int s) const { return timed_[s]; }
  /// Whether any switch is left to the solver's root finding.
  bool anyWatched() const { return watched_; }

  /// The earliest time in (t, until] at which a timed switch's outcome differs from its
  /// frozen one in `switches` (the first double where it does, by bisection), or +infinity.
  /// The switches that change there, with the sign of their indicator after the change
  /// (+1 or -1, as the solver's root information gives it), are kept for fired().
  double next(double t, double until, const std::vector<double>& discrete, const std::vector<std::uint8_t>& switches);
  /// fired[s] for the crossing found by the last next(): ±1 for a timed switch that changes
  /// there, 0 otherwise. `fired` has one entry per switch.
  void fired(std::vector<int>& fired) const;

 private:
  bool outcomeAt(int s, double t, const std::vector<double>& discrete, const std::vector<std::uint8_t>& switches);

  const DaeSystem& dae_;
  DaeWorkspace ws_;
  std::vector<bool> timed_;
  std::vector<int> timedList_;
  bool watched_ = false;
  std::vector<std::pair<int, int>> crossing_;  // (switch, sign) at the last crossing found
};

}  // namespace kelvin::core
