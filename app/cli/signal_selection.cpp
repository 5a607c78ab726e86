#include "cli/signal_selection.h"

#include <algorithm>

#include "cli/cli_error.h"

namespace kelvin::cli {

std::vector<std::size_t> selectSignals(const std::vector<std::string>& wanted, const std::vector<std::string>& names) {
  std::vector<std::size_t> columns;
  for (const std::string& name : wanted) {
    auto it = std::find(names.begin(), names.end(), name);
    if (it == names.end()) {
      std::string available;
      for (const std::string& n : names) available += (available.empty() ? "" : ", ") + n;
      throw CliError(kExitInvalidModel, "unknown signal '" + name + "' in --signals; available signals: " +
                                            (available.empty() ? "(none)" : available));
    }
    columns.push_back(static_cast<std::size_t>(it - names.begin()));
  }
  return columns;
}

}  // namespace kelvin::cli
