#pragma once
// Checks a model against the component types it uses, before it is compiled,
// and reports every problem at once, each naming the file, the block (inner
// blocks of subsystems as "Sub1/R1") and the port it concerns:
//
//  - user components of the model ("components", "component_files"): syntax,
//    names, balance, as "file: component NAME, line L:C: message"; the blocks
//    then find them as user.NAME;
//  - blocks: unknown type (with close names suggested), missing, duplicate or
//    malformed id; more than one analysis.Inp or analysis.Out in the model;
//  - parameters: unknown name, a text that does not evaluate (the parser's
//    message), a value out of the declared bounds, a vector or matrix of the
//    wrong shape, a variadic `inputs` that is not an integer >= 1;
//  - connections: unknown block or port (valid ports listed), two outputs
//    wired together, inputs wired together with no driver, two drivers on one
//    input, a signal port wired to a physical one, two physical ports of
//    different domains joined (at any node of the connection graph);
//  - ports left dangling: an unconnected required input or required physical
//    port (a sensor's) is an error; any other unconnected physical port is a
//    free end, reported as information (outputs may stay unconnected);
//  - start positions that disagree (a spring's stretch against the masses it
//    holds), as warnings: see start_position_check.h.
//
// Subsystems are checked recursively. Inside one, a bare port name ("p")
// names a boundary port of the subsystem; from outside, a Subsystem block's
// ports are its boundary ports. Everything a type declares comes from the
// registry. Parameter names resolve against the model variables and, inside
// a subsystem, its parameters.

#include <string>
#include <vector>

#include "elaborate/block_registry.h"
#include "model/diagnostic.h"
#include "model/model.h"

namespace kelvin::core {

/// All problems of `model`, in model order: errors, warnings and information
/// (Diagnostic::severity); it is fit to compile when none is an error (hasErrors).
/// `file` goes into every diagnostic. Does not throw for model content.
std::vector<Diagnostic> validateModel(const Model& model, const BlockRegistry& registry, const std::string& file);

}  // namespace kelvin::core
