// Signal sources: Constant, Step, Sine, PulseTrain, Ramp.

#include "declarations.h"
#include "elaborate/block_registry.h"
#include "families.h"
#include "waveforms.h"

namespace kelvin::blocks {

using core::ComponentBuilder;
using core::Expr;

void registerSignalSources(core::BlockRegistry& registry) {
  registry.add({.type = "signal.Constant",
                .title = "Constant",
                .description = "Constant signal, y = value.",
                .ports = {signalOutput("y", "the value")},
                .params = {number("value", "", "1", "output value")},
                .keyParam = "value",
                .icon = iconFor("signal.Constant"),
                .build = [](ComponentBuilder& b) { b.equation(b.output("y") - b.param("value")); }});

  // y = height for t ≥ time, else 0. The relation is an event the solver locates.
  registry.add(
      {.type = "signal.Step",
       .title = "Step",
       .description = "Step from 0 to height at the given time.",
       .ports = {signalOutput("y", "the step")},
       .params = {number("height", "", "1", "value after the step"), number("time", "s", "0", "time of the step")},
       .keyParam = "height",
       .icon = iconFor("signal.Step"),
       .build = [](ComponentBuilder& b) {
         core::ExprPool& pool = b.pool();
         const Expr after = greaterEqual(b.time(), pool.constant(b.param("time")));
         b.equation(b.output("y") - ifThenElse(after, pool.constant(b.param("height")), pool.constant(0.0)));
       }});

  registry.add({.type = "signal.Sine",
                .title = "Sine",
                .description = "Sine wave, y = offset + amplitude·sin(2π·frequency·t + phase).",
                .ports = {signalOutput("y", "the sine")},
                .params = sineParams(""),
                .keyParam = "amplitude",
                .icon = iconFor("signal.Sine"),
                .build = [](ComponentBuilder& b) { b.equation(b.output("y") - sineWave(b)); }});

  // Rectangular pulses from t = 0: amplitude for `width` at the start of every period, else 0.
  registry.add({.type = "signal.PulseTrain",
                .title = "Pulse train",
                .description = "Rectangular pulses: amplitude during the first `width` of every period, else 0.",
                .ports = {signalOutput("y", "the pulses")},
                .params = {number("amplitude", "", "1", "value during a pulse"), positive("period", "s", "1", "period"),
                           nonNegative("width", "s", "0.5", "duration of each pulse")},
                .keyParam = "period",
                .icon = iconFor("signal.PulseTrain"),
                .build = [](ComponentBuilder& b) {
                  const Pulse pulse{
                      .v1 = 0.0, .v2 = b.param("amplitude"), .width = b.param("width"), .period = b.param("period")};
                  b.equation(b.output("y") - pulseWave(b, pulse));
                }});

  // y = slope·(t − time) for t ≥ time, else 0.
  registry.add({.type = "signal.Ramp",
                .title = "Ramp",
                .description = "Ramp of the given slope starting at the given time, 0 before.",
                .ports = {signalOutput("y", "the ramp")},
                .params = {number("slope", "1/s", "1", "rate of rise"), number("time", "s", "0", "start of the ramp")},
                .keyParam = "slope",
                .icon = iconFor("signal.Ramp"),
                .build = [](ComponentBuilder& b) {
                  core::ExprPool& pool = b.pool();
                  const Expr t0 = pool.constant(b.param("time"));
                  const Expr ramp = b.param("slope") * (b.time() - t0);
                  b.equation(b.output("y") - ifThenElse(greaterEqual(b.time(), t0), ramp, pool.constant(0.0)));
                }});
}

}  // namespace kelvin::blocks
