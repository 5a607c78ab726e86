#pragma once
// Runs a sweep: compiles the model once with the swept parameters as run-time
// values, then runs any of its runs, on as many threads as asked, each run
// independent of the others and of the thread that makes it (so a table built
// from the results is the same for any number of threads, shards or MPI ranks).
//
// A swept parameter that its block reads while building (a start value, a
// period, a count) is structural: its runs compile the model again (once per
// distinct value set, kept), which the log says.

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "elaborate/component_type.h"
#include "model/model.h"
#include "run/simulator.h"
#include "sweep/measure.h"
#include "sweep/sweep_spec.h"
#include "sweep/trace.h"

namespace kelvin::core {

class BlockRegistry;
class CompiledModel;

/// What one run gave: its parameter values, its measures (NaN where undefined), and
/// `error`, empty when the run succeeded; on failure the measures are NaN.
struct SweepRunResult {
  long run = 0;
  std::vector<double> parameters;
  std::vector<double> measures;
  std::string error;
  Trace trace;  // the kept signals (SweepRunner's traceSignals, then the measures' ones)
};

class SweepRunner {
 public:
  /// Checks the spec against the model and compiles it. `registry` must outlive the runner.
  /// `traceSignals` are sampled in every run's trace besides the measures' signals; with
  /// `traceDefaults`, the model's default signals are (before them). Throws ModelError naming the problem before any run: an unknown block or
  /// parameter, a parameter that is not a number, a value or a distribution's range
  /// outside the parameter's bounds (a negative draw for a positive parameter), a measure
  /// or trace signal the model does not have, a model that does not compile.
  SweepRunner(Model model, const BlockRegistry& registry, std::string file, SweepSpec spec,
              std::vector<Measure> measures, SimulationOptions options, std::vector<std::string> traceSignals = {},
              bool traceDefaults = false);
  ~SweepRunner();

  const SweepSpec& spec() const { return spec_; }
  const std::vector<Measure>& measures() const { return measures_; }
  long runCount() const { return spec_.runCount(); }
  /// The swept parameters that shape the equations (their runs compile again).
  const std::vector<std::string>& structuralParameters() const { return structural_; }
  /// Signal names of the kept traces, in column order.
  const std::vector<std::string>& traceSignals() const { return traceSignals_; }

  /// Runs run `index` (0 ≤ index < runCount()). Thread-safe. Never throws for a failing
  /// run: its result says why.
  SweepRunResult run(long index, const std::atomic<bool>* cancel = nullptr) const;

  /// Runs `indices` on `jobs` threads (≥ 1); calls onResult (serialised, from the worker
  /// threads, in completion order) with each result. Stops starting runs once *cancel is true.
  void runAll(const std::vector<long>& indices, int jobs, const std::function<void(SweepRunResult&&)>& onResult,
              const std::atomic<bool>* cancel = nullptr) const;

 private:
  std::shared_ptr<const CompiledModel> compiledFor(const std::vector<double>& values) const;
  std::string outOfBounds(const std::vector<double>& values) const;

  Model model_;
  const BlockRegistry& registry_;
  std::string file_;
  SweepSpec spec_;
  std::vector<Measure> measures_;
  SimulationOptions options_;
  std::vector<std::string> names_;          // the swept parameters, spec order
  std::vector<std::string> traceSignals_;   // kept signals
  std::vector<std::string> structural_;
  std::vector<int> structuralIndex_;        // their positions in names_
  std::vector<const ParamDecl*> decls_;     // the swept parameters' declarations (their bounds)
  std::shared_ptr<const CompiledModel> compiled_;
  mutable std::mutex cacheMutex_;
  mutable std::map<std::vector<double>, std::shared_ptr<const CompiledModel>> cache_;
};

}  // namespace kelvin::core
