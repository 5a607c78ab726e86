// libFuzzer target: a .kelvin file through the loader, the validator and the
// compiler. Only ModelError (the documented answer to a bad model) is caught;
// anything else, and any sanitizer report, is a finding.

#include <cstddef>
#include <cstdint>
#include <string>

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
    kelvin::core::compileModel(model, registry, "fuzz.kelvin");
  } catch (const kelvin::core::ModelError&) {
  }
  return 0;
}
