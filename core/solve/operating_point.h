#pragma once
// The complete state of a run at one instant: what a linearisation needs.

#include <cstdint>
#include <vector>

namespace kelvin::core {

struct OperatingPoint {
  double time = 0.0;
  std::vector<double> y, yp, discrete;
  std::vector<std::uint8_t> switches;
  /// The value each transport delay line outputs at `time` (its input τ ago); empty when
  /// not known, read as 0 then (which matters only where a delayed value enters nonlinearly).
  std::vector<double> delayed = {};
};

}  // namespace kelvin::core
