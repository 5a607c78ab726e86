#pragma once
// How one run goes (SimulationOptions), what it reports (SimulationStats, the event
// log) and the callbacks that receive its samples. Declared here, below the run façade,
// so the integrators in solve/ read them without including core/run.

#include <functional>
#include <string>
#include <vector>

#include "model/model.h"
#include "solve/operating_point.h"

namespace kelvin::core {

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

}  // namespace kelvin::core
