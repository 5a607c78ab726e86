#pragma once
// The noise analyses of the façade (DESIGN.md, "Noise"): the transient noise
// envelope (the run's mean with the variance from covariance propagation), the
// Monte Carlo ensemble that cross-checks it, and the noise spectrum with its
// budget at an operating point. Outputs are the model's noise sensors plus any
// other signals asked for by name (a Gain after a sensor carries its variance).

#include <atomic>
#include <functional>
#include <utility>
#include <string>
#include <vector>

#include "model/model.h"
#include "run/simulator.h"

namespace kelvin::core {

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
  /// unbounded or not representable, instead of an error.
  std::vector<std::string> optionalSignals;

  /// Reads settings.extra["noise"] {"relinearization_tolerance", "monte_carlo_runs", "seed"}.
  /// Throws ModelError naming the setting when a value is not usable.
  static NoiseRunOptions fromSettings(const Settings& settings, const std::string& file = {});
};

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

/// The noise spectrum at an operating point.
struct NoiseSpectrum {
  std::vector<std::string> outputs;
  std::vector<double> frequencies;             // Hz
  std::vector<std::vector<double>> psd;        // [output][frequency], one-sided, unit²/Hz
  struct Contribution {
    std::string source;  // "R1.thermal"
    std::string block;   // "R1"
    double variance;     // over the band, unit²
  };
  std::vector<double> totalVariance;                    // [output], the PSD integrated over the band
  std::vector<std::vector<Contribution>> budget;        // [output], largest share first
};

/// A frequency band that covers the model's dynamics at `time`: three decades below its
/// slowest and above its fastest pole (1 Hz – 1 MHz without poles).
std::pair<double, double> naturalNoiseBand(const CompiledModel& compiled, const SimulationOptions& options, double time);

/// The PSD of every output at `frequencies` (ascending, > 0) at the state at `time`
/// (consistent initialisation when time ≤ options.startTime), integrated over their range
/// (trapezoids in log f), and the share of each source. Throws SimulationError.
NoiseSpectrum noiseSpectrum(const CompiledModel& compiled, const SimulationOptions& options,
                            const NoiseRunOptions& noise, double time, const std::vector<double>& frequencies);

}  // namespace kelvin::core
