#pragma once
// Checks that the start positions mechanical components declare agree with
// one another (ComponentType::positions). Mechanical ports carry velocity, not
// position: a spring's stretch s0 is its own state, while a mass's x0 and a
// position sensor's x0 only say where the readouts start. So a mass "displaced
// by 0.1 m" on an unstretched spring does not move; this check warns about it:
//
//  - a relative position (a spring's or a stop's s0 = x(a) − x(b)) whose two
//    flanges have absolute start positions (a mass's x0, a fixed point's x0,
//    a position sensor's x0) that make a different stretch;
//  - two absolute start positions of one flange that differ.
//
// One diagram level at a time (the caller walks the subsystems). Blocks of an
// unknown type and parameters that do not evaluate are skipped: the validator
// reports those as errors.

#include <string>
#include <vector>

#include "elaborate/block_registry.h"
#include "model/diagnostic.h"
#include "model/model.h"
#include "model/parameter_evaluator.h"

namespace kelvin::core {

/// Warnings (Severity::Warning) about the blocks and connections of one level;
/// `prefix` ("" or "Sub1/") goes before block ids in the diagnostics.
std::vector<Diagnostic> checkStartPositions(const std::vector<Block>& blocks,
                                            const std::vector<Connection>& connections, const std::string& prefix,
                                            const ParameterScope& scope, const BlockRegistry& registry,
                                            const std::string& file);

}  // namespace kelvin::core
