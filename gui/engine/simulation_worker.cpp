#include "engine/simulation_worker.h"

#include <algorithm>
#include <cmath>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include <spdlog/spdlog.h>

#include "engine/run_control.h"
#include "model/model_validator.h"
#include "model/noise_settings.h"
#include "run/analysis_cancelled.h"
#include "run/noise_run.h"
#include "run/simulator.h"
#include "solve/simulation_error.h"

namespace kelvin::gui {

namespace {

/// Indices into signalNames(compiled) of the signals to record: the default ones, in their
/// order, up to `limit` in all, and every one of `extra` (those wired to scopes) after them.
std::vector<int> selectOutputs(const core::CompiledModel& compiled, const std::vector<std::string>& extra,
                               std::size_t limit) {
  const std::vector<std::string>& all = core::signalNames(compiled);
  std::unordered_map<std::string_view, int> indexOf;
  for (std::size_t i = 0; i < all.size(); ++i) indexOf.emplace(all[i], static_cast<int>(i));
  std::vector<int> wired;
  std::unordered_set<int> chosen;
  for (const std::string& name : extra) {
    const auto it = indexOf.find(name);
    if (it == indexOf.end())
      spdlog::warn("{}: the model has no signal of that name; not recorded", name);
    else if (chosen.insert(it->second).second)
      wired.push_back(it->second);
  }
  std::vector<int> outputs;
  const std::vector<std::string>& defaults = core::defaultSignalNames(compiled);
  const std::size_t room = limit > wired.size() ? limit - wired.size() : 0;
  std::size_t left = 0;
  for (const std::string& name : defaults) {
    const int index = indexOf.at(name);
    if (chosen.count(index)) continue;
    if (outputs.size() < room) {
      outputs.push_back(index);
      chosen.insert(index);
    } else {
      ++left;
    }
  }
  if (left > 0)
    spdlog::warn("recording {} of the model's {} signals (at most {}); wire a signal to a scope to record it",
                 outputs.size() + wired.size(), defaults.size(), limit);
  outputs.insert(outputs.end(), wired.begin(), wired.end());
  return outputs;
}

/// Logs a warning for each noise sensor among `names` whose variance is NaN: the scopes draw no band for it.
void warnOfMissingBands(const std::vector<std::string>& names, const std::vector<std::string>& sensors,
                        const std::vector<double>& variance) {
  for (std::size_t k = 0; k < names.size() && k < variance.size(); ++k)
    if (std::isnan(variance[k]) && std::find(sensors.begin(), sensors.end(), names[k]) != sensors.end())
      spdlog::warn("{}: no noise band in this run: the variance cannot be computed along it (white noise reaching "
                   "the sensor through no storage element has an unbounded variance: give the noise sensor a "
                   "noise bandwidth); Noise Spectrum still shows its density",
                   names[k]);
}

RunOutcome failure(const core::ModelError& error, double time) {
  RunOutcome outcome;
  outcome.status = RunOutcome::Status::Failed;
  outcome.endTime = time;
  QStringList lines;
  for (core::Diagnostic d : error.diagnostics()) {
    if (!d.blockId.empty() && !outcome.blocks.contains(QString::fromStdString(d.blockId)))
      outcome.blocks << QString::fromStdString(d.blockId);
    d.file.clear();
    lines << QString::fromStdString(d.toString());
  }
  outcome.message = lines.join(QLatin1Char('\n'));
  outcome.diagnostics = error.diagnostics();
  return outcome;
}

}  // namespace

SimulationWorker::SimulationWorker(RunRequest request, const core::BlockRegistry& registry,
                                   std::shared_ptr<RunControl> control)
    : request_(std::move(request)), registry_(registry), control_(std::move(control)),
      lastTime_(std::numeric_limits<double>::quiet_NaN()) {}

SimulationWorker::~SimulationWorker() = default;

void SimulationWorker::run() {
  RunOutcome outcome;
  try {
    // Validated here, not on the GUI thread: a model of tens of thousands of blocks takes a while.
    std::vector<core::Diagnostic> problems = core::validateModel(*request_.model, registry_, request_.file);
    if (core::hasErrors(problems)) {
      outcome.status = RunOutcome::Status::Refused;
      outcome.diagnostics = std::move(problems);
      Q_EMIT ended(outcome);
      return;
    }
    const auto compiled = core::compileModel(*request_.model, registry_, request_.file, {}, {}, control_->cancelFlag());
    core::SimulationOptions options = core::SimulationOptions::fromSettings(request_.model->settings, request_.file);
    options.outputs = selectOutputs(*compiled, request_.extraSignals, kMaxRecordedSignals);
    RunInfo info;
    info.startTime = options.startTime;
    info.stopTime = options.stopTime;
    const core::NoiseSettings noiseSettings = core::NoiseSettings::fromSettings(request_.model->settings, request_.file);
    core::NoiseRunOptions noise = core::NoiseRunOptions::fromSettings(request_.model->settings, request_.file);
    noise.prepareFor(*request_.model, registry_, request_.file);
    request_.model.reset();  // compiled: an edit from here on need not copy the document's model
    noise.onWarning = [](const std::string& warning) { spdlog::warn("noise: {}", warning); };
    std::vector<std::string> recorded;
    for (int index : options.outputs) recorded.push_back(core::signalNames(*compiled)[index]);
    // The envelope runs when the model has a noise sensor and its settings ask for it (the default).
    info.hasVariance = noiseSettings.envelope && !core::noiseSensorNames(*compiled).empty();
    info.sigmaFactor = noiseSettings.sigmaFactor;
    if (options.step > 0 && options.stopTime > options.startTime)
      info.expectedSamples = static_cast<std::size_t>((options.stopTime - options.startTime) / options.step) + 2;
    analysis_ = {compiled, options, noise, options.startTime, std::nullopt};
    if (info.hasVariance) {
      // Every recorded signal carries its variance (a Gain after a noise sensor too), NaN where it
      // cannot be had: the run then goes on without that band, saying so (warnOfMissingBands).
      noise.optionalSignals = recorded;
      for (const std::string& sensor : core::noiseSensorNames(*compiled)) noise.optionalSignals.push_back(sensor);
      recorded = core::noiseOutputNames(*compiled, noise);
    }
    for (const std::string& name : recorded) info.signalNames << QString::fromStdString(name);
    Q_EMIT started(info);
    const core::SimulationStats stats = info.hasVariance ? runNoise(*compiled, options, noise)
                                                         : runTransient(*compiled, options);
    flush();
    if (!std::isnan(lastTime_)) Q_EMIT analysable(snapshot());
    outcome.status = stats.cancelled ? RunOutcome::Status::Cancelled : RunOutcome::Status::Finished;
    outcome.endTime = stats.cancelled ? lastTime_ : stats.endTime;
    outcome.steps = stats.steps;
    outcome.events = stats.events;
    spdlog::info("run {}: {} steps, {} events, ended at t = {:g} s", stats.cancelled ? "stopped" : "finished",
                 stats.steps, stats.events, outcome.endTime);
  } catch (const core::AnalysisCancelled&) {
    // Stopped while compiling: nothing ran.
    outcome.status = RunOutcome::Status::Cancelled;
    outcome.endTime = lastTime_;
  } catch (const core::SimulationError& e) {
    flush();
    outcome = failure(e, e.time());
    for (const core::Diagnostic& d : e.diagnostics()) spdlog::error("{}", d.toString());
  } catch (const core::ModelError& e) {
    flush();
    outcome = failure(e, lastTime_);
    for (const core::Diagnostic& d : e.diagnostics()) spdlog::error("{}", d.toString());
  } catch (const std::exception& e) {
    flush();
    outcome.status = RunOutcome::Status::Failed;
    outcome.endTime = lastTime_;
    outcome.message = QString::fromStdString(e.what());
    outcome.diagnostics = {core::Diagnostic{request_.file, {}, {}, e.what()}};
    spdlog::error("simulation failed: {}", e.what());
  }
  Q_EMIT ended(outcome);
}

core::SimulationStats SimulationWorker::runTransient(const core::CompiledModel& compiled,
                                                     const core::SimulationOptions& options) {
  sinceFlush_.start();
  // The state comes after its sample: the run halts there, with the state of the sample it shows last.
  core::SimulationOptions run = options;
  run.onState = [this](const core::OperatingPoint& state) {
    analysis_.state = state;
    haltIfPaused();
  };
  return core::simulate(
      compiled, run, [this](double t, const std::vector<double>& values) { record(t, values, nullptr); },
      control_->cancelFlag());
}

core::SimulationStats SimulationWorker::runNoise(const core::CompiledModel& compiled,
                                                 const core::SimulationOptions& options,
                                                 const core::NoiseRunOptions& noise) {
  sinceFlush_.start();
  if (noise.monteCarloRuns < 2) {
    const std::vector<std::string> names = core::noiseOutputNames(compiled, noise);
    const std::vector<std::string> sensors = core::noiseSensorNames(compiled);
    bool first = true;
    return core::simulateNoise(
        compiled, options, noise,
        [&, this](double t, const std::vector<double>& mean, const std::vector<double>& variance) {
          if (std::exchange(first, false)) warnOfMissingBands(names, sensors, variance);
          record(t, mean, &variance);
          haltIfPaused();
        },
        control_->cancelFlag());
  }
  // The ensemble's statistics come after its last run; its first run is the noisy realisation.
  std::vector<std::vector<double>> trace;
  std::size_t sample = 0;
  return core::simulateMonteCarlo(
      compiled, options, noise,
      [&](double t, const std::vector<double>& mean, const std::vector<double>& variance) {
        record(t, mean, &variance, sample < trace.size() ? &trace[sample] : nullptr);
        ++sample;
        haltIfPaused();
      },
      [&](double, const std::vector<double>& values) { trace.push_back(values); }, control_->cancelFlag());
}

void SimulationWorker::record(double time, const std::vector<double>& values, const std::vector<double>* variance,
                              const std::vector<double>* noisy) {
  pending_.addRow(time, values, variance, noisy);
  lastTime_ = time;
  if (sinceFlush_.elapsed() >= kBatchIntervalMs) flush();
}

void SimulationWorker::haltIfPaused() {
  if (!control_->pauseRequested()) return;
  flush();  // the GUI shows everything up to the pause
  Q_EMIT analysable(snapshot());
  control_->waitWhilePaused();
}

AnalysisSnapshot SimulationWorker::snapshot() const {
  AnalysisSnapshot s = analysis_;
  s.time = lastTime_;
  if (s.state && s.state->time != lastTime_) s.state.reset();  // not the state of the last sample
  return s;
}

void SimulationWorker::flush() {
  sinceFlush_.restart();
  if (pending_.empty()) return;
  Q_EMIT samplesReady(pending_);
  pending_ = SampleBatch();
}

}  // namespace kelvin::gui
