// Markers of the linearisation's input and outputs for ABCD identification
// and frequency analysis: analysis.Inp and analysis.Out. Neither changes the
// time-domain result.

#include "declarations.h"
#include "elaborate/block_registry.h"
#include "families.h"

namespace kelvin::blocks {

using core::ComponentBuilder;

void registerAnalysisMarkers(core::BlockRegistry& registry) {
  // y = u; the linearisation input is added here.
  registry.add({.type = "analysis.Inp",
                .title = "Analysis input",
                .description = "Identity y = u where the linearisation input enters (at most one per model).",
                .ports = {signalInput("u", "signal in"), signalOutput("y", "signal out, with the input added")},
                .params = {},
                .keyParam = {},
                .icon = iconFor("analysis.Inp"),
                .build = [](ComponentBuilder& b) { b.equation(b.output("y") - b.input("u")); }});

  registry.add({.type = "analysis.Out",
                .title = "Analysis outputs",
                .description = "Marks the signals wired to u1..uN as the outputs W1..WN of the linearisation.",
                .ports = {variadicInput("u", true, "outputs W1..WN")},
                .params = {inputsParam()},
                .keyParam = "inputs",
                .icon = iconFor("analysis.Out"),
                .build = [](ComponentBuilder&) {}});
}

}  // namespace kelvin::blocks
