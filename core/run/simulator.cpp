#include "run/simulator.h"

#include "elaborate/elaborator.h"
#include "expr/si_number.h"
#include "run/compiled_model.h"
#include "solve/ida_integrator.h"
#include "structure/structural_check.h"

namespace kelvin::core {

namespace {
double settingNumber(const std::string& text, const char* name, const std::string& file) {
  auto value = parseSiNumber(text);
  if (!value) throw ModelError(Diagnostic{file, "", "", std::string("setting ") + name + ": '" + text + "' is not a number"});
  return *value;
}
}  // namespace

SimulationOptions SimulationOptions::fromSettings(const Settings& settings, const std::string& file) {
  SimulationOptions o;
  o.stopTime = settingNumber(settings.stopTime, "stop_time", file);
  o.solver = settings.solver;
  o.rtol = settings.rtol;
  o.atol = settings.atol;
  o.step = settings.step.empty() ? 0.0 : settingNumber(settings.step, "step", file);
  o.projection = settings.projection;
  return o;
}

std::shared_ptr<const CompiledModel> compileModel(const Model& model, const BlockRegistry& registry,
                                                  const std::string& file) {
  FlatSystem flat = Elaborator(registry, file).elaborate(model);
  std::vector<Diagnostic> problems = structuralProblems(flat, file);
  if (!problems.empty()) throw ModelError(std::move(problems));
  return std::make_shared<const CompiledModel>(std::move(flat), file);
}

const std::vector<std::string>& signalNames(const CompiledModel& compiled) { return compiled.signalNames(); }

const std::vector<std::string>& defaultSignalNames(const CompiledModel& compiled) {
  return compiled.defaultSignals();
}

SimulationStats simulate(const CompiledModel& compiled, const SimulationOptions& options,
                         const SampleCallback& onSample, const std::atomic<bool>* cancel) {
  if (!(options.stopTime > options.startTime))
    throw ModelError(Diagnostic{compiled.file(), "", "", "stop time must be after the start time"});
  if (options.solver != "ida")
    throw ModelError(Diagnostic{compiled.file(), "", "", "solver '" + options.solver + "' is not available; use ida"});
  return IdaIntegrator(compiled.dae(), options, compiled.file()).run(onSample, cancel);
}

}  // namespace kelvin::core
