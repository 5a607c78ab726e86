#pragma once
// Runs one simulation on a worker thread: validates and compiles the model
// snapshot it was given (refusing an invalid one: RunOutcome::Status::Refused), runs core::simulate and sends the samples to the GUI thread in
// batches of about kBatchInterval, then says how the run ended. Pause, step
// and stop arrive through the shared RunControl, which the sample callback
// polls: a paused worker blocks inside that callback (its thread only).
// Where it halts, and when the run ends, it hands over an AnalysisSnapshot
// (the compiled model and the state there) for the analysis windows.
//
// Create it on the GUI thread, move it to a QThread and call run() there (the
// SimulationController does). Its signals must be connected with
// Qt::QueuedConnection to receivers on the GUI thread.

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include <QElapsedTimer>
#include <QObject>

#include "engine/analysis_snapshot.h"
#include "engine/run_payloads.h"
#include "model/model.h"

namespace kelvin::core {
class BlockRegistry;
class CompiledModel;
struct NoiseRunOptions;
struct SimulationOptions;
struct SimulationStats;
}  // namespace kelvin::core

namespace kelvin::gui {

class RunControl;

/// What to run: the model as it was at Run (a snapshot that editing does not change; the worker
/// lets it go once compiled).
struct RunRequest {
  std::shared_ptr<const core::Model> model;
  std::string file;
  /// Signals to record besides the model's default ones (those wired to scopes), by name;
  /// names the compiled model lacks are skipped with a warning. Always recorded, whatever
  /// SimulationWorker::kMaxRecordedSignals leaves out of the default ones.
  std::vector<std::string> extraSignals;
};

class SimulationWorker : public QObject {
  Q_OBJECT

 public:
  static constexpr int kBatchIntervalMs = 30;
  /// At most this many signals are recorded (the model's default ones first, in order; those
  /// wired to scopes always): a run keeps every sample of each, 8 bytes a sample.
  static constexpr std::size_t kMaxRecordedSignals = 1000;

  /// `registry` must outlive the run; `control` is shared with the controller.
  SimulationWorker(RunRequest request, const core::BlockRegistry& registry, std::shared_ptr<RunControl> control);
  ~SimulationWorker() override;

  /// Validates, compiles and simulates; emits started, batches and then ended exactly once (a
  /// refused model: ended alone). Never throws.
  void run();

 Q_SIGNALS:
  void started(const kelvin::gui::RunInfo& info);
  void samplesReady(const kelvin::gui::SampleBatch& batch);
  void ended(const kelvin::gui::RunOutcome& outcome);
  /// The run has halted (paused) or ended at the snapshot's time; emitted before ended().
  void analysable(const kelvin::gui::AnalysisSnapshot& snapshot);

 private:
  /// The transient run: core::simulate with every sample recorded.
  core::SimulationStats runTransient(const core::CompiledModel& compiled, const core::SimulationOptions& options);
  /// The noise envelope: the mean and variance of every signal of `noise` by covariance
  /// propagation, or by a Monte Carlo ensemble (sent when it ends, with its first run as
  /// the noisy realisation).
  core::SimulationStats runNoise(const core::CompiledModel& compiled, const core::SimulationOptions& options,
                                 const core::NoiseRunOptions& noise);
  /// Stores one sample (variance: nullptr, or one value per signal) and flushes the batch
  /// when it is due. `noisy`: nullptr, or one realisation value per signal (Monte Carlo).
  void record(double time, const std::vector<double>& values, const std::vector<double>* variance,
              const std::vector<double>* noisy = nullptr);
  /// Halts here while the run is paused, after sending what it has and the snapshot.
  void haltIfPaused();
  void flush();
  AnalysisSnapshot snapshot() const;

  RunRequest request_;
  const core::BlockRegistry& registry_;
  std::shared_ptr<RunControl> control_;
  SampleBatch pending_;
  AnalysisSnapshot analysis_;
  QElapsedTimer sinceFlush_;
  double lastTime_;
};

}  // namespace kelvin::gui
