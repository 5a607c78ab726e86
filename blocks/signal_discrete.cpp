// Discrete, delayed and algebraic signal blocks — the "solvers" other than 1/s:
// UnitDelay (1/z on its own clock), ClockedDelay (1/z ticked by a clock signal),
// ZeroOrderHold (S&H), TransportDelay (1/e) and the algebraic pair
// Unknown/Constraint (=0).
//
// A 1/z keeps two values: `held`, sampled from u at each tick, and `out`, what
// the block shows. At tick k, out ← held first (so y[k] = u[k−1], and a loop
// through the delay sees the new output), then held ← u sampled from the
// consistent state after that.

#include "declarations.h"
#include "elaborate/block_registry.h"
#include "families.h"

namespace kelvin::blocks {

using core::ComponentBuilder;
using core::Expr;

namespace {

/// y = out; at every tick of `clock`: out ← held, then held ← u.
void buildUnitDelay(ComponentBuilder& b, int clock) {
  const double y0 = b.param("y0");
  const Expr out = b.discrete("out", y0);
  const Expr held = b.discrete("held", y0);
  b.onClock(clock, out, held);
  b.onSample(clock, held, b.input("u"));
  b.equation(b.output("y") - out);
}

}  // namespace

void registerSignalDiscrete(core::BlockRegistry& registry) {
  registry.add({.type = "signal.UnitDelay",
                .title = "Unit delay",
                .description = "1/z: outputs its input of the previous sample, y[k] = u[k−1], every sample_time.",
                .ports = {signalInput("u", "input, sampled at each tick"), signalOutput("y", "u one sample ago")},
                .params = {positive("sample_time", "s", "1m", "sample period T"),
                           number("y0", "", "0", "output before the first sample has passed")},
                .keyParam = "sample_time",
                .icon = iconFor("signal.UnitDelay"),
                .build = [](ComponentBuilder& b) { buildUnitDelay(b, b.clock(0.0, b.param("sample_time"))); }});

  registry.add({.type = "signal.ClockedDelay",
                .title = "Clocked delay",
                .description = "1/z ticked by a clock signal: at each rising edge of clk through 0.5, y takes the u "
                               "sampled at the previous edge.",
                .ports = {signalInput("u", "input, sampled at each clock edge"),
                          signalInput("clk", "clock: a tick when it rises through 0.5"),
                          signalOutput("y", "u one clock tick ago")},
                .params = {number("y0", "", "0", "output before the first tick has passed")},
                .keyParam = "y0",
                .icon = iconFor("signal.ClockedDelay"),
                .build = [](ComponentBuilder& b) {
                  buildUnitDelay(b, b.triggeredClock(greater(b.input("clk"), b.pool().constant(0.5))));
                }});

  registry.add({.type = "signal.ZeroOrderHold",
                .title = "Zero-order hold",
                .description = "S&H: samples its input every sample_time and holds the value until the next sample.",
                .ports = {signalInput("u", "input"), signalOutput("y", "the last sample of u")},
                .params = {positive("sample_time", "s", "1m", "sample period T")},
                .keyParam = "sample_time",
                .icon = iconFor("signal.ZeroOrderHold"),
                .build = [](ComponentBuilder& b) {
                  const int clock = b.clock(0.0, b.param("sample_time"));
                  const Expr held = b.discrete("held", 0.0);
                  b.onSample(clock, held, b.input("u"));
                  b.equation(b.output("y") - held);
                }});

  registry.add({.type = "signal.TransportDelay",
                .title = "Transport delay",
                .description = "1/e: y(t) = u(t − delay); y = initial until the run has lasted `delay`.",
                .ports = {signalInput("u", "input"), signalOutput("y", "u, delay seconds ago")},
                .params = {positive("delay", "s", "1m", "dead time τ"),
                           number("initial", "", "0", "output during the first τ seconds")},
                .keyParam = "delay",
                .icon = iconFor("signal.TransportDelay"),
                .build = [](ComponentBuilder& b) {
                  b.equation(b.output("y") - b.delayed(b.input("u"), b.param("delay"), b.param("initial")));
                }});

  registry.add({.type = "signal.Unknown",
                .title = "Algebraic unknown",
                .description = "An algebraic unknown: its output is whatever drives the input of the Constraint "
                               "block(s) of the model to zero.",
                .ports = {signalOutput("y", "the unknown")},
                .params = {},
                .keyParam = "",
                .icon = iconFor("signal.Unknown"),
                .build = [](ComponentBuilder&) {}});

  registry.add({.type = "signal.Constraint",
                .title = "Algebraic constraint",
                .description = "Demands that its input be zero; an Unknown block supplies the unknown that makes it so.",
                .ports = {signalInput("u", "residual, held at 0")},
                .params = {},
                .keyParam = "",
                .icon = iconFor("signal.Constraint"),
                .build = [](ComponentBuilder& b) { b.equation(b.input("u")); }});
}

}  // namespace kelvin::blocks
