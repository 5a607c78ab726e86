// libFuzzer target: a SPICE netlist through the importer, then the imported
// model through the validator. Only ModelError is caught.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "elaborate/block_registry.h"
#include "import/spice_importer.h"
#include "library.h"
#include "model/model_validator.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const kelvin::core::BlockRegistry registry = [] {
    kelvin::core::BlockRegistry r;
    kelvin::blocks::registerAll(r);
    return r;
  }();
  try {
    const kelvin::core::SpiceImport imported =
        kelvin::core::importSpice(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.cir", registry);
    kelvin::core::validateModel(imported.model, registry, "fuzz.kelvin");
  } catch (const kelvin::core::ModelError&) {
  }
  return 0;
}
