#include "run/model_check.h"

#include "model/model_validator.h"
#include "run/simulator.h"

namespace kelvin::core {

std::vector<Diagnostic> checkModel(const Model& model, const BlockRegistry& registry, const std::string& file) {
  std::vector<Diagnostic> problems = validateModel(model, registry, file);
  if (hasErrors(problems)) return problems;
  try {
    const auto compiled = compileModel(model, registry, file);
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
