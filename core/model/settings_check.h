#pragma once
// Checks the simulation settings of a model before any run, so that a bad
// value is named as itself rather than showing up later as a failed start:
// the stop time and the step must be > 0, rtol in (0, 1), atol > 0, and the
// temperature (absolute, in kelvin) > 0, initial "ic" or "operating_point". A time that is not a number is left
// to the run, which names it.

#include <string>
#include <vector>

#include "model/diagnostic.h"
#include "model/model.h"

namespace kelvin::core {

/// Errors about `settings`, model-wide (no block), for the file `file`.
std::vector<Diagnostic> checkSettings(const Settings& settings, const std::string& file);

}  // namespace kelvin::core
