#include "engine/simulation_worker.h"

#include <algorithm>
#include <cmath>

#include <spdlog/spdlog.h>

#include "engine/run_control.h"
#include "run/noise_run.h"
#include "run/simulator.h"
#include "solve/simulation_error.h"

namespace kelvin::gui {

namespace {

/// Indices into signalNames(compiled) of the default signals and then the extra ones not among them.
std::vector<int> selectOutputs(const core::CompiledModel& compiled, const std::vector<std::string>& extra) {
  const std::vector<std::string>& all = core::signalNames(compiled);
  std::vector<std::string> names = core::defaultSignalNames(compiled);
  names.insert(names.end(), extra.begin(), extra.end());
  std::vector<int> outputs;
  for (const std::string& name : names) {
    const auto it = std::find(all.begin(), all.end(), name);
    if (it == all.end()) {
      spdlog::warn("{}: the model has no signal of that name; not recorded", name);
      continue;
    }
    const int index = static_cast<int>(it - all.begin());
    if (std::find(outputs.begin(), outputs.end(), index) == outputs.end()) outputs.push_back(index);
  }
  return outputs;
}

/// The noise envelope runs when the model has a noise sensor and settings.noise.envelope is not false.
bool wantsNoiseEnvelope(const core::CompiledModel& compiled, const core::Settings& settings) {
  if (core::noiseSensorNames(compiled).empty()) return false;
  const core::Json& noise = settings.extra.contains("noise") ? settings.extra["noise"] : core::Json::object();
  return !(noise.is_object() && noise.contains("envelope") && noise["envelope"] == false);
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
    const auto compiled = core::compileModel(request_.model, registry_, request_.file);
    core::SimulationOptions options = core::SimulationOptions::fromSettings(request_.model.settings, request_.file);
    options.outputs = selectOutputs(*compiled, request_.extraSignals);
    RunInfo info;
    info.startTime = options.startTime;
    info.stopTime = options.stopTime;
    core::NoiseRunOptions noise = core::NoiseRunOptions::fromSettings(request_.model.settings, request_.file);
    std::vector<std::string> recorded;
    for (int index : options.outputs) recorded.push_back(core::signalNames(*compiled)[index]);
    info.hasVariance = wantsNoiseEnvelope(*compiled, request_.model.settings);
    analysis_ = {compiled, options, noise, options.startTime, std::nullopt};
    if (info.hasVariance) {
      // Every recorded signal carries its variance (a Gain after a noise sensor too).
      noise.extraSignals = recorded;
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
  if (noise.monteCarloRuns < 2)
    return core::simulateNoise(
        compiled, options, noise,
        [this](double t, const std::vector<double>& mean, const std::vector<double>& variance) {
          record(t, mean, &variance);
          haltIfPaused();
        },
        control_->cancelFlag());
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
  if (noisy && pending_.noisy.size() != pending_.values.size()) noisy = nullptr;  // rows must stay aligned
  pending_.times.push_back(time);
  pending_.values.insert(pending_.values.end(), values.begin(), values.end());
  if (variance) pending_.variances.insert(pending_.variances.end(), variance->begin(), variance->end());
  if (noisy) pending_.noisy.insert(pending_.noisy.end(), noisy->begin(), noisy->end());
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
