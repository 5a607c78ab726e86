#include "run/model_check.h"

#include "model/model_validator.h"
#include "run/analysis_cancelled.h"
#include "run/simulator.h"

namespace kelvin::core {

std::vector<Diagnostic> checkModel(const Model& model, const BlockRegistry& registry, const std::string& file,
                                   const std::atomic<bool>* cancel) {
  std::vector<Diagnostic> problems = validateModel(model, registry, file);
  if (hasErrors(problems)) return problems;
  throwIfCancelled(cancel);
  try {
    const auto compiled = compileModel(model, registry, file, {}, {}, cancel);
    throwIfCancelled(cancel);
    checkInitialState(*compiled, SimulationOptions::fromSettings(model.settings, file));
  } catch (const ModelError& e) {
    for (Diagnostic problem : e.diagnostics()) {
      if (problem.file.empty()) problem.file = file;
      problems.push_back(std::move(problem));
    }
  }
  return problems;
}

}  // namespace kelvin::core
