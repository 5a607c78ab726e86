#pragma once
// The noise analyses of the façade (DESIGN.md, "Noise"): the transient noise
// envelope (the run's mean with the variance from covariance propagation), the
// Monte Carlo ensemble that cross-checks it, and the noise spectrum with its
// budget at an operating point. Outputs are the model's noise sensors plus any
// other signals asked for by name (a Gain after a sensor carries its variance).

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <utility>
#include <string>
#include <vector>

#include "linearize/frequency_plan.h"
#include "model/model.h"
#include "model/noise_settings.h"
#include "run/simulator.h"

namespace kelvin::core {

class BlockRegistry;
struct FlatSystem;

struct NoiseRunOptions {
  /// Re-linearise when an unknown has moved by more than this fraction of its value
  /// (plus the absolute tolerance) since the last linearisation.
  double relinearizationTolerance = 1e-3;
  /// Monte Carlo: the number of runs (0: covariance propagation only) and the seed.
  int monteCarloRuns = 0;
  unsigned seed = 1;
  /// Signals reported besides the noise sensors, by name (`<block id>.<port>`).
  std::vector<std::string> extraSignals;
  /// Signals shown beside them (a scope's traces): their variance is NaN where it is
  /// unbounded or not representable, instead of an error. A noise sensor named here too.
  std::vector<std::string> optionalSignals;
  /// Elements: every element's own sources. Portions: each passive portion's port sources by
  /// Bosma's theorem (noise/noise_portions.h), which needs `network`.
  NoiseMethod method = NoiseMethod::Elements;
  /// The model elaborated with its aliases kept (noisePortionNetwork()), for the portion method.
  std::shared_ptr<const FlatSystem> network;
  /// Called with each portion that keeps its element sources, and why (may be empty).
  std::function<void(const std::string&)> onWarning;
  /// Monte Carlo: called once with the number of independent sources drawn at each step and the
  /// number of element sources of the model (equal with the element method).
  std::function<void(int drawn, int elementSources)> onMonteCarloSources;

  /// The run's part of the model's NoiseSettings (model/noise_settings.h: the tolerance, the
  /// runs, the seed). Throws ModelError naming the setting when a value is not usable.
  static NoiseRunOptions fromSettings(const Settings& settings, const std::string& file = {});
  /// With the portion method and no network yet, elaborates `model` for it (noisePortionNetwork);
  /// nothing otherwise. Throws ModelError.
  void prepareFor(const Model& model, const BlockRegistry& registry, const std::string& file);
};

/// The model elaborated with its aliases kept, for NoiseRunOptions::network. Throws ModelError.
std::shared_ptr<const FlatSystem> noisePortionNetwork(const Model& model, const BlockRegistry& registry,
                                                      const std::string& file);

/// The names of the outputs a noise analysis reports: the noise sensors' `<id>.y`, then
/// options.signals. Throws ModelError naming an unknown signal.
std::vector<std::string> noiseOutputNames(const CompiledModel& compiled, const NoiseRunOptions& options);
/// The noise sensors alone.
std::vector<std::string> noiseSensorNames(const CompiledModel& compiled);

/// Mean and variance of every output (noiseOutputNames order) at an output time.
using NoiseSampleCallback =
    std::function<void(double time, const std::vector<double>& mean, const std::vector<double>& variance)>;

/// Runs the model (as simulate() does) and propagates the covariance of the linearised
/// noise system alongside, re-linearising as the operating point moves. Throws
/// SimulationError when the model is not of index 1 or a variance is unbounded (naming it).
SimulationStats simulateNoise(const CompiledModel& compiled, const SimulationOptions& options,
                              const NoiseRunOptions& noise, const NoiseSampleCallback& onSample,
                              const std::atomic<bool>* cancel = nullptr);

/// One run of the ensemble: time and the outputs' values (a synthesised noisy trace).
using NoiseTraceCallback = std::function<void(double time, const std::vector<double>& values)>;

/// Monte Carlo transient noise: noise.monteCarloRuns runs of the fixed-step solver
/// (options.solver, implicit Euler when it is ida; options.step is needed) with every
/// source drawn as band-limited white noise (Gaussian, held over each step, variance
/// S/(2h)); calls onSample with the ensemble's sample mean and variance per output time,
/// and onTrace with the first run's values.
SimulationStats simulateMonteCarlo(const CompiledModel& compiled, SimulationOptions options,
                                   const NoiseRunOptions& noise, const NoiseSampleCallback& onSample,
                                   const NoiseTraceCallback& onTrace = {}, const std::atomic<bool>* cancel = nullptr);

/// The frequencies of a noise spectrum. Unset values default to the model's FrequencyPlan
/// (the band from the poles, FrequencyPlan::kDefaultPoints log-spaced points).
struct NoiseSweep {
  std::optional<double> lowHz, highHz;
  std::optional<int> points;
  /// Refine: add the points around the resonant poles and refine adaptively until the integral
  /// is within SpectrumIntegrator's tolerance. Off: exactly `points` log-spaced frequencies.
  bool refine = true;

  /// The defaults an imported SPICE `.noise` card carries (settings.extra["noise_card"]: fstart,
  /// fstop, points, per decade for a "dec" sweep; unrefined, as SPICE evaluates it), else none.
  static NoiseSweep fromSettings(const Settings& settings);
};

/// The noise spectrum at an operating point.
struct NoiseSpectrum {
  std::vector<std::string> outputs;
  std::vector<double> frequencies;             // Hz, every frequency evaluated
  std::vector<std::vector<double>> psd;        // [output][frequency], one-sided, unit²/Hz
  struct Contribution {
    std::string source;  // "R1.thermal"
    std::string block;   // "R1"
    double variance;     // over the band, unit²
  };
  std::vector<double> totalVariance;                    // [output], the PSD integrated over the band
  std::vector<std::vector<Contribution>> budget;        // [output], largest share first
  FrequencyBand band;                                   // the band integrated over
  int basePoints = 0;                                   // the log-spaced points before refinement
  bool refined = false;
  /// [output] the estimated error of totalVariance, relative; the variance outside the band, relative.
  std::vector<double> relativeError, outsideBand;
  /// Why an integral cannot be trusted to kTrustedAccuracy, one line each (empty: it can).
  std::vector<std::string> warnings;

  static constexpr double kTrustedAccuracy = 1e-3;
};

/// The sweep defaults at `time`: the poles of the linearisation there and the noise sensors'
/// bandwidths (FrequencyPlan). Throws SimulationError when the state cannot be reached.
FrequencyPlan noiseFrequencyPlan(const CompiledModel& compiled, const SimulationOptions& options,
                                 const NoiseRunOptions& noise, double time);

/// The PSD of every output at `point` over `sweep`, integrated over its band (SpectrumIntegrator:
/// refined Simpson in ln f, or trapezoids when sweep.refine is off), the share of each source,
/// and warnings where the integral is not trustworthy. Throws SimulationError; ModelError for a
/// band that is not 0 < low < high or fewer than 2 points; AnalysisCancelled
/// (run/analysis_cancelled.h) once *cancel is set, checked at every frequency.
NoiseSpectrum noiseSpectrum(const CompiledModel& compiled, const NoiseRunOptions& noise, const OperatingPoint& point,
                            const NoiseSweep& sweep = {}, const std::atomic<bool>* cancel = nullptr);

/// The same at the state at `time` (consistent initialisation when time ≤ options.startTime).
NoiseSpectrum noiseSpectrum(const CompiledModel& compiled, const SimulationOptions& options,
                            const NoiseRunOptions& noise, double time, const NoiseSweep& sweep = {},
                            const std::atomic<bool>* cancel = nullptr);

/// The same at exactly `frequencies` (ascending, > 0), by trapezoids in ln f.
NoiseSpectrum noiseSpectrum(const CompiledModel& compiled, const SimulationOptions& options,
                            const NoiseRunOptions& noise, double time, const std::vector<double>& frequencies,
                            const std::atomic<bool>* cancel = nullptr);

}  // namespace kelvin::core
