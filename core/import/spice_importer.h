#pragma once
// Reads a SPICE netlist (the subset a Kelvin model can express) into a Model:
//
//  - elements R, C (IC=), L (IC=), V and I (DC value, SIN(vo va f td θ φ) and PULSE(v1 v2
//    td tr tf pw per)); AC specifications are accepted and ignored (small-signal only);
//  - D, Q, M and J with their `.model` cards (D; NPN, PNP; NMOS, PMOS level 1; NJF, PJF) and area
//    factors: each SPICE parameter is
//    translated to the block's, reported as not supported, or, when SPICE does not know it for
//    that kind, an error; a value out of the block's range (a negative IS) is an error;
//  - E, G (linear: n+ n- nc+ nc- value) → electrical.VCVS, VCCS; F, H (n+ n- vname value) →
//    CCCS, CCVS whose sense branch is put in series with vname; K (L1 L2 k) → the two inductors
//    become one electrical.CoupledInductors named after K;
//  - `.subckt NAME nodes [params: name=value...]` ... `.ends` and X instances → Subsystem blocks
//    named after the instance, holding the elements under their SPICE names, nested as deep as
//    the definitions are (an instance of itself, a wrong node count: errors);
//  - `.param name=value|{expr}` -> a model variable (in a subcircuit: a parameter of its
//    subsystem); values `{expr}` are kept as expressions over them;
//  - `.include PATH`, `.lib PATH [SECTION]`: the file's cards, relative to the including file
//    (a file that includes itself is an error naming file:line);
//  - `.tran tstep tstop [tstart [tmax]] [UIC]` (also `tran` in a .control block) -> settings
//    stop_time and step, and without UIC settings initial = "operating_point" (a run starts at
//    the DC operating point, as SPICE's); `.op` is accepted (`kelvin-cli op`); `.options reltol
//    vntol temp tnom` -> rtol, atol, temperature, the devices' TNOM; `.temp` -> temperature;
//    `.save/.print/.probe v(x)` -> an electrical.VoltageSensor V_x across x and ground;
//  - `.noise v(out[,ref]) src sweep points fstart fstop` -> an electrical.NoiseSensor NOISE_out
//    across out and ref (no bandwidth: the density SPICE reports) when the library has that
//    type, and always settings.extra["noise_card"];
//  - `.ic v(node)=value ...` -> the v0 of every capacitor on those nodes (SPICE's UIC start; a
//    node without a value at 0 V; a capacitor's own IC= wins), with a warning when .tran has no
//    UIC (ngspice then holds the nodes during its operating point, Kelvin does not);
//  - `.ac dec|oct|lin points fstart fstop` -> settings.extra["ac_card"], the sweep `kelvin-cli
//    freq` takes when no option gives one.
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
#include "import/spice_deck.h"
#include "model/diagnostic.h"
#include "model/model.h"

namespace kelvin::core {

struct SpiceImport {
  Model model;
  std::vector<Diagnostic> warnings;  // file = "<fileName>:<line>"
};

/// Translates the netlist `text`; `fileName` names it in diagnostics and gives
/// the model its name (without directory and extension). `registry` says which
/// optional block types exist; `reader` reads the files of `.include` and `.lib` cards,
/// relative to the file that names them (SpiceDeck). Throws ModelError (file = "<file>:<line>")
/// on the first hard error, or when the netlist has no element.
SpiceImport importSpice(std::string_view text, const std::string& fileName, const BlockRegistry& registry,
                        const SpiceFileReader& reader = readSpiceFile);

}  // namespace kelvin::core
