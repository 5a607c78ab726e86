#pragma once
// Reads a SPICE netlist (the subset a Kelvin model can express) into a Model:
//
//  - elements R, C (IC=), L (IC=), V and I (DC value, SIN(vo va f td θ φ)
//    and PULSE(v1 v2 td tr tf pw per)), D with a `.model NAME D(IS N
//    RS)` card (and an optional area factor); AC specifications are accepted
//    and ignored (they matter only to small-signal analyses);
//  - `.param name=number` -> a model variable, referred to where a value is
//    `{name}` (R, C, L values, DC values); other expressions are reported;
//  - `.tran tstep tstop [tstart [tmax]] [UIC]` (also `tran` in a .control
//    block) -> settings stop_time and step; `.options reltol vntol` -> rtol,
//    atol; `.temp` -> temperature; `.save/.print/.probe v(x)` -> an
//    electrical.VoltageSensor V_x across x and ground;
//  - `.noise v(out[,ref]) src sweep points fstart fstop` -> an
//    electrical.NoiseSensor NOISE_out across out and ref (bandwidth = fstop)
//    when the library has that type, and always settings.extra["noise_card"].
//
// Node 0 (or gnd) is the ground: one electrical.Ground block. Blocks are laid
// out on a grid and each node is a chain of connections (NetlistModelBuilder).
// Every line that is not translated (another element kind, a PWL source, an
// unknown dot command, ignored options) gives a warning naming `file:line`;
// a malformed line (a value that is not a number, too few nodes, a diode
// without its model) is a hard error.

#include <string>
#include <string_view>
#include <vector>

#include "elaborate/block_registry.h"
#include "model/diagnostic.h"
#include "model/model.h"

namespace kelvin::core {

struct SpiceImport {
  Model model;
  std::vector<Diagnostic> warnings;  // file = "<fileName>:<line>"
};

/// Translates the netlist `text`; `fileName` names it in diagnostics and gives
/// the model its name (without directory and extension). `registry` says which
/// optional block types exist. Throws ModelError (file = "<fileName>:<line>")
/// on the first hard error, or when the netlist has no element.
SpiceImport importSpice(std::string_view text, const std::string& fileName, const BlockRegistry& registry);

}  // namespace kelvin::core
