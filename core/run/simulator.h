#pragma once
// The façade the GUI and the CLI use to run a model: compile it once into an
// immutable CompiledModel (shareable between threads), then simulate it with
// a sample callback and an optional cancellation flag.

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "elaborate/compile_products.h"
#include "model/model.h"
#include "solve/operating_point.h"
#include "solve/simulation_options.h"

namespace kelvin::core {

class BlockRegistry;
class CompiledModel;

/// Elaborates, analyses and compiles a model. The model should have passed
/// validateModel(). Throws ModelError with diagnostics naming blocks and ports
/// (structurally singular system, floating node, bad parameter, ...).
/// The parameters named in `runtime` ("R1.R") are compiled as run-time values that
/// SimulationOptions::parameters sets per run (CompiledModel::parameters()); those their
/// block reads while building are structural (CompiledModel::structuralParameters()),
/// which the log says. `products` says whether the noise sources and the stored energies are
/// built (all by default: what the analyses need; CompileProducts::run for a plain run).
/// AnalysisCancelled (run/analysis_cancelled.h) once *cancel is set, checked between the phases
/// (elaboration, structural check, elimination, tapes).
std::shared_ptr<const CompiledModel> compileModel(const Model& model, const BlockRegistry& registry,
                                                  const std::string& file = {},
                                                  const std::set<std::string>& runtime = {},
                                                  const CompileProducts& products = {},
                                                  const std::atomic<bool>* cancel = nullptr);
/// As above, taking the model, which is let go as soon as its flat system is built (before the
/// eliminations, where compiling a large model needs the most memory).
std::shared_ptr<const CompiledModel> compileModel(Model&& model, const BlockRegistry& registry,
                                                  const std::string& file = {},
                                                  const std::set<std::string>& runtime = {},
                                                  const CompileProducts& products = {},
                                                  const std::atomic<bool>* cancel = nullptr);

/// Names of the signals a compiled model reports, `<block id>.<port>` or
/// `<block id>.<variable>`, in sample order.
const std::vector<std::string>& signalNames(const CompiledModel& compiled);

/// The signals worth showing when the user names none: block outputs and
/// component variables (states such as C1.v), not every port's potential.
const std::vector<std::string>& defaultSignalNames(const CompiledModel& compiled);

/// The DC operating point at options.startTime (SPICE's .op): every derivative zero, sources
/// at the start time (DcOperatingPointSolver). Throws SimulationError naming the blocks.
OperatingPoint dcOperatingPoint(const CompiledModel& compiled, const SimulationOptions& options);

/// The value of every signal (signalNames() order) at `point`.
std::vector<double> signalValues(const CompiledModel& compiled, const OperatingPoint& point);

/// The through value of every physical port at `point` (FlatSystem::throughs order, names
/// `<block id>.<port>`): the current into a resistor at its pin p, the torque into a flange.
std::vector<double> throughValues(const CompiledModel& compiled, const OperatingPoint& point);

/// The options a run starts from: `options` itself, or, when options.initial is
/// OperatingPoint and no startValues are given, with startValues set to the DC operating
/// point. simulate(), operatingPointAt() and checkInitialState() start from these, so the
/// noise spectrum and the ABCD identification default to the operating point when the
/// model says so. Throws SimulationError.
SimulationOptions startingOptions(const CompiledModel& compiled, SimulationOptions options);

/// Solves for a consistent initial state at options.startTime, as a run would, and
/// throws SimulationError (naming the blocks) when there is none: an algebraic loop
/// without solution, states fixed by constraints that contradict them.
void checkInitialState(const CompiledModel& compiled, const SimulationOptions& options);

/// The state of the model at `time`: consistent initialisation at options.startTime, or
/// the end of a run to `time` with the options' solver. Throws SimulationError;
/// AnalysisCancelled (run/analysis_cancelled.h) once *cancel is set, checked every step.
OperatingPoint operatingPointAt(const CompiledModel& compiled, SimulationOptions options, double time,
                                const std::atomic<bool>* cancel = nullptr);

/// Runs the model from startTime to stopTime. Samples go to onSample on the
/// calling thread. Returns early (stats.cancelled) when *cancel becomes true;
/// checked every step. Throws SimulationError (a ModelError) on solver failure,
/// naming the time and the block whose equation failed.
SimulationStats simulate(const CompiledModel& compiled, const SimulationOptions& options,
                         const SampleCallback& onSample, const std::atomic<bool>* cancel = nullptr,
                         const EventCallback& onEvent = {});

}  // namespace kelvin::core
