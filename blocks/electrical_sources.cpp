// Time-varying and signal-controlled sources of the electrical domain:
// SineVoltage, PulseVoltage (SPICE PULSE), SineCurrent, PulseCurrent, SignalVoltage.

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

  registry.add({.type = "electrical.PulseVoltage",
                .title = "Pulse voltage",
                .description = "Periodic trapezoidal voltage source, like SPICE PULSE(v1 v2 delay rise fall width period).",
                .ports = twoPinPorts(),
                .params = pulseParams("V", "voltage"),
                .keyParam = "v2",
                .icon = iconFor("electrical.PulseVoltage"),
                .build = [](ComponentBuilder& b) {
                  const TwoPin e = twoPin(b);
                  b.equation(e.v - pulseWave(b, pulseFromParams(b)));
                }});

  // i = offset + amplitude·sin(2π·f·t + phase), from p through the source to n
  registry.add({.type = "electrical.SineCurrent",
                .title = "Sine current",
                .description = "Sinusoidal current source driving i = offset + amplitude·sin(2π·frequency·t + phase) "
                               "from p through the source to n.",
                .ports = required(twoPinPorts()),
                .params = sineParams("A"),
                .keyParam = "amplitude",
                .icon = iconFor("electrical.SineCurrent"),
                .build = [](ComponentBuilder& b) {
                  const TwoPin e = twoPin(b);
                  b.equation(e.i - sineWave(b));
                }});

  registry.add({.type = "electrical.PulseCurrent",
                .title = "Pulse current",
                .description = "Periodic trapezoidal current source (from p through the source to n), like SPICE "
                               "PULSE(i1 i2 delay rise fall width period).",
                .ports = required(twoPinPorts()),
                .params = pulseParams("A", "current"),
                .keyParam = "v2",
                .icon = iconFor("electrical.PulseCurrent"),
                .build = [](ComponentBuilder& b) {
                  const TwoPin e = twoPin(b);
                  b.equation(e.i - pulseWave(b, pulseFromParams(b)));
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
