#pragma once
// The one check of a model, shared by `kelvin-cli validate`, the GUI's
// Validate (F7) and its Problems panel: what validateModel() finds (types,
// parameters, connections, dangling ports), and when that is clean, what
// compiling finds (structural analysis: a floating node, two ideal sources in
// parallel, a structurally singular system) and whether a consistent initial
// state exists (an algebraic loop without solution). Run performs the same
// steps in the same order, so a model this passes is one Run accepts.

#include <atomic>
#include <string>
#include <vector>

#include "model/diagnostic.h"
#include "model/model.h"

namespace kelvin::core {

class BlockRegistry;

/// Every diagnostic found, each naming `file`, block and port where it can: the model is fit
/// to run when none is an error (hasErrors); warnings and information (free ends) come
/// along. Stops at the first stage that finds errors (a model that does not validate is not
/// compiled). Does not throw for model content; throws AnalysisCancelled (run/analysis_cancelled.h)
/// once *cancel is set, checked between the stages and the phases of compiling.
std::vector<Diagnostic> checkModel(const Model& model, const BlockRegistry& registry, const std::string& file,
                                   const std::atomic<bool>* cancel = nullptr);

}  // namespace kelvin::core
