// Markers of the linearisation's input and outputs for ABCD identification
// and frequency analysis: analysis.Inp and analysis.Out. Neither changes the
// time-domain result.

#include <string>

#include "declarations.h"
#include "elaborate/block_registry.h"
#include "families.h"

namespace kelvin::blocks {

using core::ComponentBuilder;

namespace {
/// Must match kInpInputSuffix of core/linearize (the Inp's discrete is `<id>.input`).
constexpr const char* kInputName = "input";
}  // namespace

void registerAnalysisMarkers(core::BlockRegistry& registry) {
  // y = u + input, where `input` is a discrete value that no clock updates: 0 in
  // every run, so the marker is the identity in the time domain, and the
  // linearisation's input is the derivative with respect to it.
  registry.add({.type = "analysis.Inp",
                .title = "Analysis input",
                .description = "Identity y = u where the linearisation input enters (at most one per model).",
                .ports = {signalInput("u", "signal in"), signalOutput("y", "signal out, with the input added")},
                .params = {},
                .keyParam = {},
                .icon = iconFor("analysis.Inp"),
                .build = [](ComponentBuilder& b) {
                  b.equation(b.output("y") - b.input("u") - b.discrete(kInputName, 0.0));
                }});

  registry.add({.type = "analysis.Out",
                .title = "Analysis outputs",
                .description = "Marks the signals wired to u1..uN as the outputs W1..WN of the linearisation.",
                .ports = {variadicInput("u", true, "outputs W1..WN")},
                .params = {inputsParam()},
                .keyParam = "inputs",
                .icon = iconFor("analysis.Out"),
                .build = [](ComponentBuilder& b) {
                  for (int k = 1; k <= b.variadicCount(); ++k) {
                    const std::string port = "u" + std::to_string(k);
                    b.probe(port, b.input(port));
                  }
                }});
}

}  // namespace kelvin::blocks
