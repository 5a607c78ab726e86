#include "run/noise_run.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <map>
#include <random>
#include <sstream>
#include <stdexcept>

#include "elaborate/elaborator.h"
#include "linearize/frequency_response.h"
#include "model/noise_settings.h"

#include "noise/covariance_propagator.h"
#include "noise/noise_analysis_error.h"
#include "noise/noise_portions.h"
#include "noise/noise_system.h"
#include "noise/spectrum_integrator.h"
#include "run/analysis_cancelled.h"
#include "run/compiled_model.h"
#include "solve/simulation_error.h"

namespace kelvin::core {

namespace {

std::vector<NoiseOutput> outputsOf(const CompiledModel& compiled, const NoiseRunOptions& options) {
  const FlatSystem& flat = compiled.flat();
  std::vector<NoiseOutput> outputs = noiseSensorOutputs(flat);
  auto add = [&](const std::string& name, bool required) {
    auto it = std::find_if(flat.signals.begin(), flat.signals.end(),
                           [&](const FlatSignal& s) { return s.name == name; });
    if (it == flat.signals.end())
      throw ModelError(Diagnostic{compiled.file(), "", "", "no signal named '" + name + "' to report noise of"});
    const auto listed = std::find_if(outputs.begin(), outputs.end(), [&](const NoiseOutput& o) { return o.name == name; });
    if (listed == outputs.end())
      outputs.push_back({name, it->value, 0.0, required});
    else if (!required)
      listed->required = false;  // a sensor named optional: NaN where its variance cannot be had
  };
  for (const std::string& name : options.extraSignals) add(name, true);
  for (const std::string& name : options.optionalSignals) add(name, false);
  return outputs;
}

/// A noise-analysis failure (not of index 1, unbounded variance) as a SimulationError.
[[noreturn]] void fail(const CompiledModel& compiled, double t, const std::string& block, const std::string& what) {
  throw SimulationError(t, Diagnostic{compiled.file(), block, "", what});
}

/// Runs `analysis` at time t, turning the failures of a linearisation into a SimulationError
/// at t with `context` before the message (the block kept where the failure names one).
template <typename Analysis>
auto atTime(const CompiledModel& compiled, double t, const std::string& context, Analysis analysis) {
  try {
    return analysis();
  } catch (const SimulationError&) {
    throw;
  } catch (const ModelError& e) {
    const Diagnostic& d = e.diagnostics().front();
    fail(compiled, t, d.blockId, context + d.message);
  } catch (const NoiseAnalysisError& e) {
    fail(compiled, t, e.block(), context + e.what());
  } catch (const std::runtime_error& e) {
    fail(compiled, t, "", context + e.what());
  }
}

/// The outputs' values at a state.
class OutputValues {
 public:
  OutputValues(const DaeSystem& dae, const std::vector<NoiseOutput>& outputs) {
    for (const NoiseOutput& o : outputs) {
      tapes_.push_back(dae.compile(o.value));
      work_.resize(std::max(work_.size(), tapes_.back().size()));
    }
  }
  std::vector<double> at(const OperatingPoint& p) {
    const EvalPoint point{p.time, p.y.data(), p.yp.data(), p.discrete.data(), p.switches.data()};
    std::vector<double> values;
    for (const Tape& t : tapes_) values.push_back(t.evaluate(point, work_.data()));
    return values;
  }

 private:
  std::vector<Tape> tapes_;
  std::vector<double> work_;
};

/// True when the noise system of the model is the same at every state with the same switches
/// and discrete values: linear equations with constant coefficients, source levels and outputs
/// that do not depend on the unknowns.
bool linearEverywhere(const CompiledModel& compiled, const std::vector<NoiseOutput>& outputs) {
  if (!compiled.dae().linear()) return false;
  for (const FlatNoiseSource& s : compiled.flat().noiseSources)
    if (s.psd.node().hasUnknown || (s.flicker.valid() && s.flicker.node().hasUnknown)) return false;
  return std::all_of(outputs.begin(), outputs.end(), [](const NoiseOutput& o) { return o.value.node().linear; });
}

/// True when the state has left the linearisation point by more than the tolerance
/// (relative, plus atol; never for a model linear everywhere), or a switch or discrete value has changed.
bool moved(const OperatingPoint& from, const OperatingPoint& to, double tolerance, double atol, bool linear) {
  if (from.switches != to.switches || from.discrete != to.discrete) return true;
  if (linear) return false;
  for (std::size_t i = 0; i < to.y.size(); ++i)
    if (std::abs(to.y[i] - from.y[i]) > tolerance * std::abs(from.y[i]) + atol) return true;
  return false;
}

/// The portion method's sources for `use`, with its warnings passed on (nullptr for the element method).
std::shared_ptr<const NoisePortions> portionsFor(const CompiledModel& compiled, const NoiseRunOptions& noise,
                                                 NoisePortions::Use use) {
  if (noise.method == NoiseMethod::Elements) return nullptr;
  if (!noise.network)
    throw ModelError(Diagnostic{compiled.file(), "", "", "the portion method needs the model's network "
                                                         "(NoiseRunOptions::network, noisePortionNetwork())"});
  auto portions = std::make_shared<const NoisePortions>(noise.network, use);
  if (noise.onWarning)
    for (const std::string& warning : portions->warnings()) noise.onWarning(warning);
  return portions;
}

}  // namespace

std::shared_ptr<const FlatSystem> noisePortionNetwork(const Model& model, const BlockRegistry& registry,
                                                      const std::string& file) {
  return std::make_shared<const FlatSystem>(Elaborator(registry, file).elaborate(model, false));
}

NoiseRunOptions NoiseRunOptions::fromSettings(const Settings& settings, const std::string& file) {
  const NoiseSettings typed = NoiseSettings::fromSettings(settings, file);
  NoiseRunOptions o;
  o.relinearizationTolerance = typed.relinearizationTolerance;
  o.monteCarloRuns = typed.monteCarloRuns;
  o.seed = typed.seed;
  o.method = typed.method;
  return o;
}

void NoiseRunOptions::prepareFor(const Model& model, const BlockRegistry& registry, const std::string& file) {
  if (method == NoiseMethod::Portions && !network) network = noisePortionNetwork(model, registry, file);
}

std::vector<std::string> noiseOutputNames(const CompiledModel& compiled, const NoiseRunOptions& options) {
  std::vector<std::string> names;
  for (const NoiseOutput& o : outputsOf(compiled, options)) names.push_back(o.name);
  return names;
}

std::vector<std::string> noiseSensorNames(const CompiledModel& compiled) {
  return noiseOutputNames(compiled, NoiseRunOptions{});
}

SimulationStats simulateNoise(const CompiledModel& compiled, const SimulationOptions& options,
                              const NoiseRunOptions& noise, const NoiseSampleCallback& onSample,
                              const std::atomic<bool>* cancel) {
  const std::vector<NoiseOutput> outputs = outputsOf(compiled, noise);
  const std::shared_ptr<const LinearizationPlan> plan = noisePlan(compiled.dae(), compiled.file(), outputs);
  OutputValues values(compiled.dae(), outputs);
  const std::shared_ptr<const NoisePortions> portions = portionsFor(compiled, noise, NoisePortions::Use::Transient);
  std::optional<CovariancePropagator> covariance;
  std::optional<NoiseSystem> linearised;  // the system covariance propagates, and where it was taken
  const bool linear = linearEverywhere(compiled, outputs);
  OperatingPoint linearisedAt;
  double previous = options.startTime;
  SimulationOptions run = options;
  run.outputs = {};
  if (compiled.dae().signalCount() > 0) run.outputs = {0};  // the samples come through onState
  run.onState = [&](const OperatingPoint& state) {
    const std::vector<double> variance =
        atTime(compiled, state.time, "noise envelope at t = " + std::to_string(state.time) + " s: ", [&] {
          if (!covariance) {
            linearised.emplace(compiled.dae(), plan, state, outputs, portions);
            covariance.emplace(*linearised);
            linearisedAt = state;
          } else {
            covariance->step(state.time - previous);
            if (moved(linearisedAt, state, noise.relinearizationTolerance, options.atol, linear)) {
              NoiseSystem next(compiled.dae(), plan, state, outputs, portions);
              // A linear model linearises to the same system everywhere: skip the elimination then.
              if (!next.sameAs(*linearised)) covariance->relinearise(next);
              linearised.emplace(std::move(next));
              linearisedAt = state;
            }
          }
          previous = state.time;
          return covariance->outputVariances();
        });
    onSample(state.time, values.at(state), variance);
  };
  const SampleCallback ignore = [](double, const std::vector<double>&) {};
  return simulate(compiled, run, ignore, cancel);
}

SimulationStats simulateMonteCarlo(const CompiledModel& compiled, SimulationOptions options,
                                   const NoiseRunOptions& noise, const NoiseSampleCallback& onSample,
                                   const NoiseTraceCallback& onTrace, const std::atomic<bool>* cancel) {
  if (noise.monteCarloRuns < 2)
    throw ModelError(Diagnostic{compiled.file(), "", "", "Monte Carlo noise needs at least 2 runs"});
  if (!(options.step > 0.0))
    throw ModelError(Diagnostic{compiled.file(), "", "", "Monte Carlo noise needs a fixed step (--step H)"});
  if (options.solver == "ida") options.solver = "euler";
  const DaeSystem& dae = compiled.dae();
  const std::vector<NoiseOutput> outputs = outputsOf(compiled, noise);
  OutputValues values(dae, outputs);
  std::vector<Tape> psd;
  std::size_t longest = 1;
  for (const FlatNoiseSource& s : compiled.flat().noiseSources) {
    psd.push_back(dae.compile(s.psd));
    longest = std::max(longest, psd.back().size());
  }
  std::vector<double> work(longest);
  std::vector<double> times;
  std::vector<std::vector<double>> sum, squares;  // [sample][output], shifted by the first run's values
  std::vector<std::vector<double>> shift;
  std::mt19937_64 random(noise.seed);
  std::normal_distribution<double> gaussian;
  SimulationStats stats;
  const SampleCallback ignore = [](double, const std::vector<double>&) {};
  options.outputs = {};
  if (dae.signalCount() > 0) options.outputs = {0};
  const std::vector<FlatNoiseSource>& sources = compiled.flat().noiseSources;
  // With portions: each characterised (memoryless) portion draws its m port sources ξ and sets its
  // element sources to α·ξ; the other element sources are drawn as they are.
  const std::shared_ptr<const NoisePortions> portions = portionsFor(compiled, noise, NoisePortions::Use::Transient);
  std::vector<std::vector<int>> portionSources;
  std::vector<Eigen::MatrixXd> injections;
  std::vector<bool> drawn(sources.size(), true);
  if (portions) {
    std::vector<std::string> names;
    for (const FlatNoiseSource& source : sources) names.push_back(source.name);
    portionSources = portions->sourceIndices(names);
    for (int p = 0; p < portions->portionCount(); ++p) {
      injections.push_back(portions->injection(p, 0.0).real());
      for (int k : portionSources[static_cast<std::size_t>(p)]) drawn[static_cast<std::size_t>(k)] = false;
    }
  }
  if (noise.onMonteCarloSources) {
    int count = static_cast<int>(std::count(drawn.begin(), drawn.end(), true));
    for (const Eigen::MatrixXd& alpha : injections) count += static_cast<int>(alpha.cols());
    noise.onMonteCarloSources(count, static_cast<int>(sources.size()));
  }
  Eigen::VectorXd xi;
  options.beforeStep = [&](double t, double h, const std::vector<double>& y, const std::vector<double>& yp,
                           std::vector<double>& discrete) {
    // The PSDs at the state without noise (an eliminated unknown may carry the last step's draws).
    for (const FlatNoiseSource& s : sources) discrete[s.discrete] = 0.0;
    const EvalPoint at{t, y.data(), yp.data(), discrete.data(), nullptr};
    std::vector<double> level(psd.size());
    for (std::size_t k = 0; k < psd.size(); ++k)
      if (drawn[k]) level[k] = std::max(0.0, psd[k].evaluate(at, work.data()));
    for (std::size_t k = 0; k < psd.size(); ++k) {
      // White noise of one-sided PSD S, held over h: variance (S/2)/h.
      if (drawn[k]) discrete[sources[k].discrete] = std::sqrt(0.5 * level[k] / h) * gaussian(random);
    }
    for (std::size_t p = 0; p < injections.size(); ++p) {
      // Port sources of unit one-sided PSD, held over h, through α.
      xi.resize(injections[p].cols());
      for (Eigen::Index l = 0; l < xi.size(); ++l) xi(l) = std::sqrt(0.5 / h) * gaussian(random);
      const Eigen::VectorXd n = injections[p] * xi;
      for (std::size_t i = 0; i < portionSources[p].size(); ++i)
        discrete[sources[static_cast<std::size_t>(portionSources[p][i])].discrete] = n(static_cast<Eigen::Index>(i));
    }
  };
  for (int r = 0; r < noise.monteCarloRuns; ++r) {
    if (cancel && cancel->load()) {
      stats.cancelled = true;
      break;
    }
    std::size_t sample = 0;
    options.onState = [&](const OperatingPoint& state) {
      const std::vector<double> v = values.at(state);
      if (r == 0) {
        times.push_back(state.time);
        shift.push_back(v);
        sum.emplace_back(v.size(), 0.0);
        squares.emplace_back(v.size(), 0.0);
        if (onTrace) onTrace(state.time, v);
      }
      if (sample >= times.size()) return;
      for (std::size_t o = 0; o < v.size(); ++o) {
        const double d = v[o] - shift[sample][o];
        sum[sample][o] += d;
        squares[sample][o] += d * d;
      }
      ++sample;
    };
    stats = simulate(compiled, options, ignore, cancel);
  }
  const double n = noise.monteCarloRuns;
  for (std::size_t i = 0; i < times.size(); ++i) {
    std::vector<double> mean(outputs.size()), variance(outputs.size());
    for (std::size_t o = 0; o < outputs.size(); ++o) {
      mean[o] = shift[i][o] + sum[i][o] / n;
      variance[o] = std::max(0.0, (squares[i][o] - sum[i][o] * sum[i][o] / n) / (n - 1.0));
    }
    onSample(times[i], mean, variance);
  }
  return stats;
}

NoiseSweep NoiseSweep::fromSettings(const Settings& settings) {
  NoiseSweep sweep;
  if (!settings.extra.contains("noise_card")) return sweep;
  const Json& card = settings.extra["noise_card"];
  if (!card.is_object() || !card.contains("fstart") || !card.contains("fstop")) return sweep;
  const double fstart = card.value("fstart", 0.0), fstop = card.value("fstop", 0.0);
  if (!(fstart > 0.0 && fstop > fstart)) return sweep;
  int points = static_cast<int>(card.value("points", 0.0));
  if (card.value("sweep", std::string()) == "dec") points = static_cast<int>(std::ceil(points * std::log10(fstop / fstart))) + 1;
  sweep.lowHz = fstart;
  sweep.highHz = fstop;
  sweep.points = std::max(points, 2);
  sweep.refine = false;  // the card's frequencies, as SPICE prints them
  return sweep;
}

namespace {

/// The plan of a noise system: its sampling periods and delays, its poles (none when it is not of
/// index 1, or has discrete parts) and the sensors' filters.
FrequencyPlan planOf(const NoiseSystem& system) {
  const Linearization& linearization = system.linearization();
  Eigen::VectorXcd poles;
  try {
    poles = linearization.poles();
  } catch (const std::runtime_error&) {
    // not of index 1: no poles to go by
  }
  AbcdMatrix shape;
  shape.rows = linearization.plan().rows();
  std::vector<double> corners;
  for (const NoiseOutput& o : system.outputs()) corners.push_back(o.bandwidth);
  return FrequencyPlan::ofAbcd(shape, poles, std::move(corners));
}

std::vector<NoiseOutput> spectrumOutputs(const CompiledModel& compiled, const NoiseRunOptions& noise) {
  std::vector<NoiseOutput> outputs = outputsOf(compiled, noise);
  if (outputs.empty())
    throw ModelError(Diagnostic{compiled.file(), "", "", "the model has no noise sensor: place one (e.g. "
                                                         "electrical.NoiseSensor) where the noise is wanted"});
  return outputs;
}

/// The noise system at `point`.
NoiseSystem systemAt(const CompiledModel& compiled, const OperatingPoint& point, const std::vector<NoiseOutput>& outputs,
                     std::shared_ptr<const NoisePortions> portions = nullptr) {
  return NoiseSystem(compiled.dae(), noisePlan(compiled.dae(), compiled.file(), outputs), point, outputs,
                     std::move(portions));
}

std::string percent(double fraction) {
  std::ostringstream text;
  text << std::setprecision(2) << 100.0 * fraction << " %";
  return text.str();
}

/// Evaluates the spectrum on `grid` (refined or not) and integrates it with its budget.
NoiseSpectrum spectrumOn(const CompiledModel& compiled, double time, const NoiseSystem& system,
                         const std::vector<double>& grid, bool refine, const std::atomic<bool>* cancel) {
  const auto m = static_cast<std::size_t>(system.sourceCount());
  const std::size_t outputs = system.outputs().size();
  // Each frequency's shares: [output][source].
  std::map<double, std::vector<std::vector<double>>> shares;
  const SpectrumIntegrator::Sampler sampler = [&](double f) {
    throwIfCancelled(cancel);
    const Eigen::MatrixXcd h = atTime(compiled, time, "", [&] { return system.transfer(f); });
    std::vector<std::vector<double>> part(outputs, std::vector<double>(m));
    std::vector<double> psd(outputs, 0.0);
    for (std::size_t o = 0; o < outputs; ++o)
      for (std::size_t k = 0; k < m; ++k) {
        part[o][k] = std::norm(h(o, k)) * system.sourcePsd(static_cast<int>(k), f);
        psd[o] += part[o][k];
      }
    shares[f] = std::move(part);
    return psd;
  };
  SpectrumIntegrator::Options options;
  options.refine = refine;
  const SpectrumIntegrator::Result integral = SpectrumIntegrator::integrate(grid, sampler, options);

  NoiseSpectrum spectrum;
  for (const NoiseOutput& o : system.outputs()) spectrum.outputs.push_back(o.name);
  spectrum.frequencies = integral.hz;
  spectrum.band = {grid.front(), grid.back()};
  spectrum.refined = refine;
  spectrum.psd.assign(outputs, std::vector<double>(integral.hz.size(), 0.0));
  std::vector<std::vector<double>> variance(outputs, std::vector<double>(m, 0.0));  // [output][source]
  for (std::size_t i = 0; i < integral.hz.size(); ++i) {
    const auto& part = shares.at(integral.hz[i]);
    for (std::size_t o = 0; o < outputs; ++o)
      for (std::size_t k = 0; k < m; ++k) {
        spectrum.psd[o][i] += part[o][k];
        variance[o][k] += integral.weights[i] * part[o][k];
      }
  }
  spectrum.totalVariance = integral.totals;
  spectrum.relativeError = integral.relativeError;
  spectrum.outsideBand = integral.outsideBand;
  const FlatSystem& flat = compiled.flat();
  for (std::size_t o = 0; o < outputs; ++o) {
    std::vector<NoiseSpectrum::Contribution> budget;
    for (std::size_t k = 0; k < m; ++k) {
      const int block = system.sourceBlocks()[k];
      budget.push_back({system.sourceNames()[k], block >= 0 ? flat.blocks[block].id : std::string(), variance[o][k]});
    }
    std::stable_sort(budget.begin(), budget.end(),
                     [](const auto& a, const auto& b) { return a.variance > b.variance; });
    spectrum.budget.push_back(std::move(budget));
    // The error estimate is asymptotic: trust the integral to kTrustedAccuracy only with a margin of 10.
    const std::string& name = spectrum.outputs[o];
    if (!(integral.relativeError[o] * 10.0 <= NoiseSpectrum::kTrustedAccuracy))
      spectrum.warnings.push_back(
          name + ": the integrated noise may be off by more than " + percent(NoiseSpectrum::kTrustedAccuracy) +
          " (estimated error " + percent(integral.relativeError[o]) + ")" +
          (integral.budgetExhausted ? ": the refinement stopped at its limit of points"
                                    : refine ? "" : ": give more points or let the grid be refined"));
    if (!(integral.outsideBand[o] <= NoiseSpectrum::kTrustedAccuracy))
      spectrum.warnings.push_back(
          name + ": " +
          (std::isfinite(integral.outsideBand[o])
               ? "about " + percent(integral.outsideBand[o] / (1.0 + integral.outsideBand[o])) +
                     " of the variance lies outside the band"
               : std::string("the PSD does not fall off at an end of the band: the variance grows with the band "
                             "(give the sensor a bandwidth)")));
  }
  return spectrum;
}

}  // namespace

FrequencyPlan noiseFrequencyPlan(const CompiledModel& compiled, const SimulationOptions& options,
                                 const NoiseRunOptions& noise, double time) {
  return planOf(systemAt(compiled, operatingPointAt(compiled, options, time), spectrumOutputs(compiled, noise)));
}

NoiseSpectrum noiseSpectrum(const CompiledModel& compiled, const NoiseRunOptions& noise, const OperatingPoint& point,
                            const NoiseSweep& sweep, const std::atomic<bool>* cancel) {
  const NoiseSystem system = systemAt(compiled, point, spectrumOutputs(compiled, noise),
                                      portionsFor(compiled, noise, NoisePortions::Use::Spectrum));
  const FrequencyPlan plan = planOf(system);
  const FrequencyBand natural = plan.noiseBand();
  const FrequencyBand band{sweep.lowHz.value_or(natural.lowHz), sweep.highHz.value_or(natural.highHz)};
  const int points = sweep.points.value_or(FrequencyPlan::kDefaultPoints);
  if (!(band.lowHz > 0.0 && band.highHz > band.lowHz && std::isfinite(band.highHz)) || points < 2)
    throw ModelError(Diagnostic{compiled.file(), "", "",
                                "a noise spectrum needs 0 < lowest < highest frequency and at least 2 points"});
  const std::vector<double> grid = sweep.refine ? plan.grid(band, points) : frequencyGrid(band.lowHz, band.highHz, points, true);
  NoiseSpectrum spectrum = spectrumOn(compiled, point.time, system, grid, sweep.refine, cancel);
  spectrum.basePoints = points;
  return spectrum;
}

NoiseSpectrum noiseSpectrum(const CompiledModel& compiled, const SimulationOptions& options,
                            const NoiseRunOptions& noise, double time, const NoiseSweep& sweep,
                            const std::atomic<bool>* cancel) {
  spectrumOutputs(compiled, noise);  // the missing sensor reported before the run to `time`
  return noiseSpectrum(compiled, noise, operatingPointAt(compiled, options, time, cancel), sweep, cancel);
}

NoiseSpectrum noiseSpectrum(const CompiledModel& compiled, const SimulationOptions& options,
                            const NoiseRunOptions& noise, double time, const std::vector<double>& frequencies,
                            const std::atomic<bool>* cancel) {
  const std::vector<NoiseOutput> outputs = spectrumOutputs(compiled, noise);
  if (frequencies.empty()) throw ModelError(Diagnostic{compiled.file(), "", "", "no frequencies to evaluate"});
  for (std::size_t i = 0; i < frequencies.size(); ++i)
    if (!(frequencies[i] > 0.0) || (i > 0 && !(frequencies[i] > frequencies[i - 1])))
      throw ModelError(Diagnostic{compiled.file(), "", "", "frequencies must be positive and ascending"});
  const NoiseSystem system = systemAt(compiled, operatingPointAt(compiled, options, time, cancel), outputs,
                                      portionsFor(compiled, noise, NoisePortions::Use::Spectrum));
  NoiseSpectrum spectrum = spectrumOn(compiled, time, system, frequencies, false, cancel);
  spectrum.basePoints = static_cast<int>(frequencies.size());
  return spectrum;
}

}  // namespace kelvin::core
