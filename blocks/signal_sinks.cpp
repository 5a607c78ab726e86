// Signal sinks: Scope. A sink adds no equation; the GUI and the CLI read the
// signals wired to it.

#include "declarations.h"
#include "elaborate/block_registry.h"
#include "families.h"

namespace kelvin::blocks {

void registerSignalSinks(core::BlockRegistry& registry) {
  registry.add({.type = "signal.Scope",
                .title = "Scope",
                .description = "Plots the signals wired to its inputs against time.",
                .ports = {variadicInput("u", true, "traces")},
                .params = {inputsParam()},
                .keyParam = "inputs",
                .icon = iconFor("signal.Scope"),
                .build = [](core::ComponentBuilder&) {}});
}

}  // namespace kelvin::blocks
