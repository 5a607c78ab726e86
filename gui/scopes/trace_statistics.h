#pragma once
// Minimum, maximum and RMS of a trace over a time range (the visible part of
// a scope). RMS is time-weighted, sqrt(∫y² dt / (t_end − t_start)) by the
// trapezoidal rule over the samples in range, so a variable-step run is not
// biased towards its dense regions; a single sample gives |y|.

#include <cstddef>
#include <span>

namespace kelvin::gui {

struct TraceStatistics {
  std::size_t count = 0;  // samples in range; the other fields are meaningless when 0
  double min = 0.0;
  double max = 0.0;
  double rms = 0.0;

  static TraceStatistics over(std::span<const double> times, std::span<const double> values, double lower,
                              double upper);
};

}  // namespace kelvin::gui
