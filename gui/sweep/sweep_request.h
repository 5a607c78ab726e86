#pragma once
// What the Sweep dialog asks for: the spec (grid and Monte Carlo parameters), the
// measures and the number of threads, already parsed. The model is the document's
// snapshot taken when the sweep starts.

#include <vector>

#include "sweep/measure.h"
#include "sweep/sweep_spec.h"

namespace kelvin::gui {

struct SweepRequest {
  core::SweepSpec spec;
  std::vector<core::Measure> measures;
  int jobs = 1;
};

}  // namespace kelvin::gui
