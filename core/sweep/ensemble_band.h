#pragma once
// The spread of one signal over the runs of a sweep, per time: mean, standard
// deviation (of the runs, n − 1), minimum and maximum, on the time grid of the
// first run that has the signal (the others read linearly between their samples,
// and hold their end values beyond them).

#include <string>
#include <vector>

#include "sweep/trace.h"

namespace kelvin::core {

struct EnsembleBand {
  std::vector<double> time, mean, sigma, min, max;
  int runs = 0;  // traces that had the signal
};

/// Empty (runs = 0) when no trace has `signal`.
EnsembleBand ensembleBand(const std::vector<const Trace*>& traces, const std::string& signal);

}  // namespace kelvin::core
