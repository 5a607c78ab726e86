#pragma once
// The samples of one run's signals, as a sweep keeps them for its measures and
// trace files: the sample times and, per signal, its values at those times.

#include <string>
#include <vector>

namespace kelvin::core {

struct Trace {
  std::vector<std::string> names;            // signal names, one per column
  std::vector<double> time;                  // sample times, non-decreasing
  std::vector<std::vector<double>> columns;  // columns[k][i]: signal k at time[i]

  /// The column of `name`, or nullptr.
  const std::vector<double>* column(const std::string& name) const;
};

}  // namespace kelvin::core
