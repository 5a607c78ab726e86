#include "run/simulator.h"

#include <algorithm>
#include <map>
#include <sstream>

#include <spdlog/spdlog.h>

#include "elaborate/elaborator.h"
#include "elaborate/variable_eliminator.h"
#include "events/constraint_index_reduction.h"
#include "run/analysis_cancelled.h"
#include "run/compiled_model.h"
#include "run/dc_operating_point_solver.h"
#include "solve/fixed_step_integrator.h"
#include "solve/ida_integrator.h"
#include "solve/simulation_run.h"
#include "structure/structural_check.h"

namespace kelvin::core {

namespace {

/// The compiled model of `flat`, the model elaborated with its aliases eliminated.
std::shared_ptr<const CompiledModel> compileFlat(FlatSystem flat, const std::string& file,
                                                 const std::atomic<bool>* cancel) {
  throwIfCancelled(cancel);
  for (const std::string& name : flat.structuralParameters)
    spdlog::info("compile {}: parameter {} shapes the equations (structural): a new value compiles the model again",
                 file, name);
  spdlog::debug("compile {}: {} unknowns, {} equations, {} expression nodes; structural check", file,
                flat.unknowns.size(), flat.equations.size(), flat.pool->size());
  Incidence incidence = Incidence::of(flat);
  std::vector<Diagnostic> problems = structuralProblems(flat, file, incidence);
  if (!problems.empty()) throw ModelError(std::move(problems));
  throwIfCancelled(cancel);
  const int removed = VariableEliminator().run(flat, std::move(incidence));
  declareRigidConstraints(flat);
  if (const int reduced = differentiateStateConstraints(flat))
    spdlog::debug("compile {}: {} constraints on states used in differentiated form", file, reduced);
  // The pool keeps every node made on the way (the rewrites' too): its nodes and hash table
  // are most of the compiler's memory.
  const auto poolBytes = static_cast<double>(flat.pool->bytes());
  spdlog::debug("compile {}: {} explicit unknowns substituted, {} remain, {} expression nodes ({:.0f} bytes per "
                "equation)", file, removed, flat.unknowns.size(), flat.pool->size(),
                poolBytes / static_cast<double>(std::max<std::size_t>(flat.equations.size(), 1)));
  if (spdlog::should_log(spdlog::level::trace)) {
    const auto names = flat.unknownNames();
    for (std::size_t e = 0; e < flat.equations.size(); ++e)
      spdlog::trace("  0 = {}    [{}]", flat.pool->toString(flat.equations[e].residual, &names), flat.equationOrigin(e));
  }
  throwIfCancelled(cancel);
  auto compiled = std::make_shared<const CompiledModel>(std::move(flat), file);
  spdlog::debug("compile {}: done", file);
  return compiled;
}

}  // namespace

std::shared_ptr<const CompiledModel> compileModel(const Model& model, const BlockRegistry& registry,
                                                  const std::string& file, const std::set<std::string>& runtime,
                                                  const CompileProducts& products, const std::atomic<bool>* cancel) {
  spdlog::debug("compile {}: elaborating", file);
  return compileFlat(Elaborator(registry, file, runtime, products).elaborate(model), file, cancel);
}

std::shared_ptr<const CompiledModel> compileModel(Model&& model, const BlockRegistry& registry, const std::string& file,
                                                  const std::set<std::string>& runtime, const CompileProducts& products,
                                                  const std::atomic<bool>* cancel) {
  spdlog::debug("compile {}: elaborating", file);
  return compileFlat(Elaborator(registry, file, runtime, products).elaborate(std::move(model)), file, cancel);
}

const std::vector<std::string>& signalNames(const CompiledModel& compiled) { return compiled.signalNames(); }

const std::vector<std::string>& defaultSignalNames(const CompiledModel& compiled) {
  return compiled.defaultSignals();
}

OperatingPoint dcOperatingPoint(const CompiledModel& compiled, const SimulationOptions& options) {
  const SampleCallback ignore = [](double, const std::vector<double>&) {};
  const EventCallback none;
  // A run not started holds the model's start values and discrete values.
  const SimulationRun run(compiled.dae(), options, compiled.file(), ignore, none);
  DcOperatingPointSolver solver(compiled.dae(), compiled.file());
  OperatingPoint point = solver.solve(options.startTime, run.y, run.discrete, run.delays());
  spdlog::debug("{}: DC operating point by {} in {} Newton iterations", compiled.file(),
                solver.method() == DcOperatingPointSolver::Method::Newton         ? "Newton"
                : solver.method() == DcOperatingPointSolver::Method::GminStepping ? "gmin stepping"
                                                                                  : "source stepping",
                solver.iterations());
  return point;
}

std::vector<double> signalValues(const CompiledModel& compiled, const OperatingPoint& point) {
  const DaeSystem& dae = compiled.dae();
  std::vector<double> values(dae.signalCount());
  std::vector<double> work;
  const EvalPoint at{point.time, point.y.data(), point.yp.data(), point.discrete.data(), point.switches.data(), nullptr};
  for (int k = 0; k < dae.signalCount(); ++k) {
    const Tape tape = dae.compileSignal(k);
    work.resize(std::max<std::size_t>(tape.size(), 1));
    values[k] = tape.evaluate(at, work.data());
  }
  return values;
}

std::vector<double> throughValues(const CompiledModel& compiled, const OperatingPoint& point) {
  const std::vector<FlatSignal>& throughs = compiled.flat().throughs;
  std::vector<double> values(throughs.size());
  std::vector<double> work;
  const EvalPoint at{point.time, point.y.data(), point.yp.data(), point.discrete.data(), point.switches.data(), nullptr};
  for (std::size_t k = 0; k < throughs.size(); ++k) {
    const Tape tape = compiled.dae().compile(throughs[k].value);
    work.resize(std::max<std::size_t>(tape.size(), 1));
    values[k] = tape.evaluate(at, work.data());
  }
  return values;
}

SimulationOptions startingOptions(const CompiledModel& compiled, SimulationOptions options) {
  if (options.initial == SimulationOptions::Initial::OperatingPoint && options.startValues.empty())
    options.startValues = dcOperatingPoint(compiled, options).y;
  return options;
}

void checkInitialState(const CompiledModel& compiled, const SimulationOptions& options) {
  const SampleCallback ignore = [](double, const std::vector<double>&) {};
  const EventCallback none;
  SimulationRun(compiled.dae(), startingOptions(compiled, options), compiled.file(), ignore, none).start();
}

namespace {
/// Most steps a fixed-step run may take: beyond this it would run for hours and write gigabytes.
constexpr double kMaxFixedSteps = 1e9;

/// Runs with the solver the options name; leaves the final state in *finalState when given.
SimulationStats integrate(const CompiledModel& compiled, const SimulationOptions& options,
                          const SampleCallback& onSample, const std::atomic<bool>* cancel,
                          const EventCallback& onEvent, OperatingPoint* finalState) {
  const std::string& file = compiled.file();
  if (!(options.stopTime > options.startTime))
    throw ModelError(Diagnostic{file, "", "", "stop time must be after the start time"});
  if (options.solver == "ida")
    return IdaIntegrator(compiled.dae(), options, file).run(onSample, cancel, onEvent, finalState);
  const std::map<std::string, FixedStepMethod> methods{{"euler", FixedStepMethod::ImplicitEuler},
                                                       {"trapezoid", FixedStepMethod::Trapezoidal},
                                                       {"bdf2", FixedStepMethod::Bdf2}};
  auto method = methods.find(options.solver);
  if (method == methods.end())
    throw ModelError(Diagnostic{file, "", "", "unknown solver '" + options.solver + "': use ida, euler, trapezoid or bdf2"});
  if (!(options.step > 0.0))
    throw ModelError(Diagnostic{file, "", "", "the " + options.solver + " solver needs a step (--step H)"});
  const double steps = (options.stopTime - options.startTime) / options.step;
  const bool userLimit = options.maxSteps > 0 && options.maxSteps < kMaxFixedSteps;
  const double limit = userLimit ? options.maxSteps : kMaxFixedSteps;
  if (!(steps <= limit)) {
    std::ostringstream os;
    os << "the step " << options.step << " s would take " << steps << " steps to reach the stop time "
       << options.stopTime << " s, more than " << limit << (userLimit ? " (--max-steps)" : "")
       << "; use a larger step or an earlier stop time";
    throw ModelError(Diagnostic{file, "", "", os.str()});
  }
  return FixedStepIntegrator(compiled.dae(), method->second, options, file)
      .run(onSample, cancel, onEvent, finalState);
}
}  // namespace

SimulationStats simulate(const CompiledModel& compiled, const SimulationOptions& options,
                         const SampleCallback& onSample, const std::atomic<bool>* cancel,
                         const EventCallback& onEvent) {
  return integrate(compiled, startingOptions(compiled, options), onSample, cancel, onEvent, nullptr);
}

OperatingPoint operatingPointAt(const CompiledModel& compiled, SimulationOptions options, double time,
                                const std::atomic<bool>* cancel) {
  throwIfCancelled(cancel);
  options = startingOptions(compiled, std::move(options));
  const SampleCallback ignore = [](double, const std::vector<double>&) {};
  const EventCallback none;
  OperatingPoint point;
  if (time <= options.startTime) {
    SimulationRun run(compiled.dae(), options, compiled.file(), ignore, none);
    run.start();
    return run.operatingPoint(options.startTime);
  }
  options.stopTime = time;
  options.outputs = {0};  // samples are not wanted here: evaluate as little as possible
  if (compiled.dae().signalCount() == 0) options.outputs.clear();
  if (integrate(compiled, options, ignore, cancel, none, &point).cancelled) throw AnalysisCancelled();
  return point;
}

}  // namespace kelvin::core
