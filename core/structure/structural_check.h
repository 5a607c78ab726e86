#pragma once
// Structural diagnostics of a flat system, before any number is computed:
//  - a floating network: physical nodes with no reference (no ground, no
//    fixed flange, ...) anywhere in their connected network;
//  - a structurally singular system: too many equations for some unknowns
//    (ideal voltage sources in parallel, a loop of them) or unknowns that no
//    equation determines (ideal current sources in series).
// Each diagnostic names the blocks (and ports) involved.

#include <string>
#include <vector>

#include "elaborate/flat_system.h"
#include "structure/incidence.h"
#include "model/diagnostic.h"

namespace kelvin::core {

/// All structural problems found; empty when the system is structurally sound.
std::vector<Diagnostic> structuralProblems(const FlatSystem& system, const std::string& file);
/// As above, with the system's incidence (Incidence::of(system)) made by the caller, who
/// may hand it on (VariableEliminator::run) instead of walking every equation again.
std::vector<Diagnostic> structuralProblems(const FlatSystem& system, const std::string& file,
                                           const Incidence& graph);

}  // namespace kelvin::core
