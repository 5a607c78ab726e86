// Amplifiers of the electrical domain: OpAmp (ideal nullor or finite gain).

#include "declarations.h"
#include "elaborate/block_registry.h"
#include "families.h"

namespace kelvin::blocks {

using core::ComponentBuilder;
using core::Expr;

void registerElectricalAmplifiers(core::BlockRegistry& registry) {
  // Inputs draw no current: i(in_p) = i(in_n) = 0. The output is a voltage
  // source to ground whose current i(out) is free (it returns through ground):
  //   gain = 0, ideal (nullor):  v(in_p) = v(in_n)
  //   finite gain:               v(out)  = gain·(v(in_p) − v(in_n))
  // An infinite gain is written 0 because parameter values must be finite.
  registry.add({.type = "electrical.OpAmp",
                .title = "Operational amplifier",
                .description = "Operational amplifier: ideal (nullor) when gain is 0, else v_out = gain·(v_p − v_n).",
                .ports = {pin("in_p", "non-inverting input"), pin("in_n", "inverting input"),
                          pin("out", "output, driven against ground")},
                .params = {nonNegative("gain", "", "0", "open-loop voltage gain (0: infinite, ideal)")},
                .keyParam = "gain",
                .icon = iconFor("electrical.OpAmp"),
                .build = [](ComponentBuilder& b) {
                  b.equation(b.through("in_p"));
                  b.equation(b.through("in_n"));
                  const Expr vd = b.across("in_p") - b.across("in_n");
                  const double gain = b.param("gain");
                  if (gain == 0.0)
                    b.equation(vd);
                  else
                    b.equation(b.across("out") - gain * vd);
                }});
}

}  // namespace kelvin::blocks
