// libFuzzer target: a .kelvin file through the loader, the validator, the
// compiler and a short run (at most 200 fixed steps or 500 adaptive ones). Only
// ModelError (the documented answer to a bad model, SimulationError included)
// is caught; anything else, and any sanitizer report, is a finding.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "elaborate/block_registry.h"
#include "library.h"
#include "model/model_file.h"
#include "model/model_validator.h"
#include "run/simulator.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const kelvin::core::BlockRegistry registry = [] {
    kelvin::core::BlockRegistry r;
    kelvin::blocks::registerAll(r);
    return r;
  }();
  try {
    const kelvin::core::Model model =
        kelvin::core::parseModel(std::string(reinterpret_cast<const char*>(data), size), "fuzz.kelvin");
    if (kelvin::core::hasErrors(kelvin::core::validateModel(model, registry, "fuzz.kelvin"))) return 0;
    const auto compiled = kelvin::core::compileModel(model, registry, "fuzz.kelvin");
    kelvin::core::SimulationOptions options = kelvin::core::SimulationOptions::fromSettings(model.settings);
    if (options.step > 0.0) options.stopTime = std::min(options.stopTime, 200.0 * options.step);
    options.maxSteps = 500.0;
    kelvin::core::simulate(*compiled, options, [](double, const std::vector<double>&) {});
  } catch (const kelvin::core::ModelError&) {
  }
  return 0;
}
