#pragma once
// What compiling a model must produce besides the equations of a time-domain run: the
// noise sources (FlatSystem::noiseSources, whose signals enter the equations as discrete
// values) and the stored energies (FlatSystem::energies). The noise analyses and the
// linearisations (ABCD, spectra) read the sources, the state projection at constraint
// changes reads the energies; a plain simulation or operating point reads neither. Left
// out, they are never built (ComponentBuilder::noise and ::energy take them lazily): the
// equations then carry no noise inputs, and no expression is made that nobody evaluates.

namespace kelvin::core {

struct CompileProducts {
  /// The noise sources; without them a component's noise() is 0.
  bool noise = true;
  /// The stored energies.
  bool energies = true;

  /// A time-domain run (simulation, operating point): no noise sources, and the energies only
  /// when `projection` may project the state at a constraint change.
  static CompileProducts run(bool projection) { return {.noise = false, .energies = projection}; }
};

}  // namespace kelvin::core
