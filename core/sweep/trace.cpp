#include "sweep/trace.h"

#include <algorithm>

namespace kelvin::core {

const std::vector<double>* Trace::column(const std::string& name) const {
  auto it = std::find(names.begin(), names.end(), name);
  return it == names.end() ? nullptr : &columns[static_cast<std::size_t>(it - names.begin())];
}

}  // namespace kelvin::core
