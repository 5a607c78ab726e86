// Time-varying and signal-controlled voltage sources of the electrical domain:
// SineVoltage, PulseVoltage (SPICE PULSE), SignalVoltage.

#include "declarations.h"
#include "elaborate/block_registry.h"
#include "families.h"
#include "two_pin.h"
#include "waveforms.h"

namespace kelvin::blocks {

using core::ComponentBuilder;

void registerElectricalSources(core::BlockRegistry& registry) {
  // v = offset + amplitude·sin(2π·f·t + phase)
  registry.add({.type = "electrical.SineVoltage",
                .title = "Sine voltage",
                .description = "Sinusoidal voltage source, v = offset + amplitude·sin(2π·frequency·t + phase).",
                .ports = twoPinPorts(),
                .params = sineParams("V"),
                .keyParam = "amplitude",
                .icon = iconFor("electrical.SineVoltage"),
                .build = [](ComponentBuilder& b) {
                  const TwoPin e = twoPin(b);
                  b.equation(e.v - sineWave(b));
                }});

  registry.add(
      {.type = "electrical.PulseVoltage",
       .title = "Pulse voltage",
       .description = "Periodic trapezoidal voltage source, like SPICE PULSE(v1 v2 delay rise fall width period).",
       .ports = twoPinPorts(),
       .params = {number("v1", "V", "0", "initial (low) voltage"), number("v2", "V", "1", "pulsed (high) voltage"),
                  nonNegative("delay", "s", "0", "time of the first rise"), nonNegative("rise", "s", "1u", "rise time"),
                  nonNegative("fall", "s", "1u", "fall time"), nonNegative("width", "s", "0.5m", "time at v2"),
                  positive("period", "s", "1m", "period")},
       .keyParam = "v2",
       .icon = iconFor("electrical.PulseVoltage"),
       .build = [](ComponentBuilder& b) {
         const TwoPin e = twoPin(b);
         const Pulse pulse{.v1 = b.param("v1"),
                           .v2 = b.param("v2"),
                           .delay = b.param("delay"),
                           .rise = b.param("rise"),
                           .fall = b.param("fall"),
                           .width = b.param("width"),
                           .period = b.param("period")};
         b.equation(e.v - pulseWave(b, pulse));
       }});

  // v = u
  registry.add({.type = "electrical.SignalVoltage",
                .title = "Signal voltage",
                .description = "Ideal voltage source driven by a signal, v(p) − v(n) = u.",
                .ports = {pin("p", "positive pin"), pin("n", "negative pin"), signalInput("u", "voltage p − n")},
                .params = {},
                .keyParam = {},
                .icon = iconFor("electrical.SignalVoltage"),
                .build = [](ComponentBuilder& b) {
                  const TwoPin e = twoPin(b);
                  b.equation(e.v - b.input("u"));
                }});
}

}  // namespace kelvin::blocks
