#pragma once
// The complete state of a run at one instant: what a linearisation needs.

#include <cstdint>
#include <vector>

namespace kelvin::core {

struct OperatingPoint {
  double time = 0.0;
  std::vector<double> y, yp, discrete;
  std::vector<std::uint8_t> switches;
};

}  // namespace kelvin::core
