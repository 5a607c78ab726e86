#pragma once
// Picking signals by name for a command's --signals option (simulate, op).

#include <cstddef>
#include <string>
#include <vector>

namespace kelvin::cli {

/// The indices in `names` of the `wanted` signals, in the order wanted.
/// Throws CliError (exit 2) naming an unknown signal and listing the available ones.
std::vector<std::size_t> selectSignals(const std::vector<std::string>& wanted, const std::vector<std::string>& names);

}  // namespace kelvin::cli
