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

#include "model/model.h"
#include "solve/operating_point.h"

namespace kelvin::core {

class BlockRegistry;
class CompiledModel;

struct SimulationOptions {
  double startTime = 0.0;
  double stopTime = 1.0;
  std::string solver = "ida";  // ida | euler | trapezoid | bdf2
  double rtol = 1e-6;
  double atol = 1e-9;
  /// Fixed-step solvers: the step. ida: the output interval (0: every accepted step).
  double step = 0.0;
  /// Most steps the run may take (0: no limit of the user's; fixed-step runs are refused
  /// beyond 1e9 steps anyway). A fixed-step run that needs more is refused before it
  /// starts; an adaptive one stops with a SimulationError when it reaches the limit.
  double maxSteps = 0.0;
  bool projection = true;
  /// Which state a fixed-step run projects when a constraint becomes active at a step end:
  /// the overshot state itself (default), or the state integrated one more step from it
  /// under the new constraints ("integrated"). The variable-step path locates the event
  /// and always projects the state there.
  enum class ProjectionStart { Overshot, Integrated };
  ProjectionStart projectionStart = ProjectionStart::Overshot;
  /// Largest step the variable-step solver may take (0: no limit).
  double maxStep = 0.0;
  /// Where a run starts (the model setting `initial`): the model's start values ("ic": every
  /// state at its v0, i0, x0, ...), or the DC operating point ("operating_point": SPICE's .op
  /// before a .tran without UIC). startingOptions() turns the latter into startValues.
  enum class Initial { Ic, OperatingPoint };
  Initial initial = Initial::Ic;
  /// Start values of all unknowns that replace the model's (its states start there); empty: the model's.
  std::vector<double> startValues;
  /// Indices (into signalNames()) of the signals to sample, in this order; empty: all of them.
  std::vector<int> outputs;
  /// Values of the compiled model's run-time parameters for this run, one per entry of
  /// CompiledModel::parameters(), in that order; empty: the values compiled in.
  std::vector<double> parameters;

  /// For analyses that follow a run (the noise envelope): called with the whole state at
  /// every output sample, after the sample callback. May be empty.
  std::function<void(const OperatingPoint& state)> onState;
  /// Fixed-step solvers only (Monte Carlo noise): called before each step from t to t + h
  /// with the state (y, y') at t, to set discrete values (noise inputs) for that step. May be empty.
  std::function<void(double t, double h, const std::vector<double>& y, const std::vector<double>& yp,
                     std::vector<double>& discrete)>
      beforeStep;

  /// Reads the model's settings (stop time and step accept SI prefixes).
  /// Throws ModelError naming the setting when a value does not parse.
  static SimulationOptions fromSettings(const Settings& settings, const std::string& file = {});
};

struct SimulationStats {
  long steps = 0;
  long residualEvaluations = 0;
  long jacobianEvaluations = 0;
  long events = 0;
  bool cancelled = false;
  double endTime = 0.0;
};

/// One entry of the event log: when, which block, what changed.
struct EventRecord {
  double time = 0.0;
  std::string block;
  std::string what;
};
using EventCallback = std::function<void(const EventRecord& event)>;

/// Called with each output sample: time and the values of the signals chosen by
/// SimulationOptions::outputs (by default every signal of signalNames(), in that order).
using SampleCallback = std::function<void(double time, const std::vector<double>& values)>;

/// Elaborates, analyses and compiles a model. The model should have passed
/// validateModel(). Throws ModelError with diagnostics naming blocks and ports
/// (structurally singular system, floating node, bad parameter, ...).
/// The parameters named in `runtime` ("R1.R") are compiled as run-time values that
/// SimulationOptions::parameters sets per run (CompiledModel::parameters()); those their
/// block reads while building are structural (CompiledModel::structuralParameters()),
/// which the log says.
std::shared_ptr<const CompiledModel> compileModel(const Model& model, const BlockRegistry& registry,
                                                  const std::string& file = {},
                                                  const std::set<std::string>& runtime = {});

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
/// the end of a run to `time` with the options' solver. Throws SimulationError.
OperatingPoint operatingPointAt(const CompiledModel& compiled, SimulationOptions options, double time);

/// Runs the model from startTime to stopTime. Samples go to onSample on the
/// calling thread. Returns early (stats.cancelled) when *cancel becomes true;
/// checked every step. Throws SimulationError (a ModelError) on solver failure,
/// naming the time and the block whose equation failed.
SimulationStats simulate(const CompiledModel& compiled, const SimulationOptions& options,
                         const SampleCallback& onSample, const std::atomic<bool>* cancel = nullptr,
                         const EventCallback& onEvent = {});

}  // namespace kelvin::core
