#pragma once
// The GUI thread's side of a simulation run. start() takes a snapshot of the
// model and runs it on a worker thread (one QThread per run); samples come
// back in batches by queued signals and are re-emitted here, on the GUI
// thread, with the run's progress (simulated time, speed). pause(), resume(),
// step() and stop() only set flags in the shared RunControl: no call here
// ever waits for the engine, except the destructor, which stops a run still
// going and joins its thread. Stop while the model is still compiling (which
// cannot be interrupted) ends the run at once: its worker is abandoned, left
// to finish in the background, and whatever it sends afterwards is dropped.

#include <memory>
#include <string>
#include <vector>

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>

#include "engine/analysis_snapshot.h"
#include "engine/run_payloads.h"

class QThread;

namespace kelvin::core {
class BlockRegistry;
struct Model;
}  // namespace kelvin::core

namespace kelvin::gui {

class RunControl;

class SimulationController : public QObject {
  Q_OBJECT

 public:
  enum class State { Idle, Running, Paused, Stopping };

  /// `registry` must outlive the controller.
  explicit SimulationController(const core::BlockRegistry& registry, QObject* parent = nullptr);
  ~SimulationController() override;

  /// Runs `model` (`file` names it in messages), recording its default signals and
  /// `extraSignals`. Returns false, doing nothing, while a run is going. The model is read on the
  /// worker until it has compiled it: it must not change meanwhile (ModelDocument::snapshot()).
  bool start(std::shared_ptr<const core::Model> model, const QString& file,
             const std::vector<std::string>& extraSignals = {});
  /// The same with a copy of `model`.
  bool start(const core::Model& model, const QString& file, const std::vector<std::string>& extraSignals = {});
  void pause();
  void resume();
  /// While paused: one more output sample, then paused again.
  void step();
  /// Asks the run to end; runEnded() follows within one solver step, or at once (status
  /// Cancelled, endTime NaN) when the run has not started simulating yet.
  void stop();

  State state() const { return state_; }
  /// True from start() until ended() has been emitted.
  bool isActive() const { return state_ != State::Idle; }

 Q_SIGNALS:
  void stateChanged(kelvin::gui::SimulationController::State state);
  void runStarted(const kelvin::gui::RunInfo& info);
  void samplesArrived(const kelvin::gui::SampleBatch& batch);
  /// `time` simulated so far of [start, stop]; `speed` simulated seconds per wall-clock second.
  void progress(double time, double startTime, double stopTime, double speed);
  void runEnded(const kelvin::gui::RunOutcome& outcome);
  /// The run halted (paused) or ended at the snapshot's instant; it can be analysed there
  /// until the run resumes or another starts.
  void analysable(const kelvin::gui::AnalysisSnapshot& snapshot);

 private:
  void setState(State state);
  void onStarted(const RunInfo& info);
  void onSamples(const SampleBatch& batch);
  void onEnded(const RunOutcome& outcome);

  const core::BlockRegistry& registry_;
  std::shared_ptr<RunControl> control_;
  QPointer<QThread> thread_;
  /// Threads of runs stopped while compiling, still finishing; joined by the destructor.
  std::vector<QPointer<QThread>> abandoned_;
  /// The worker has said started(): compiling is over.
  bool started_ = false;
  State state_ = State::Idle;
  RunInfo info_;
  QElapsedTimer wallClock_;
  double lastWallSeconds_ = 0.0;
  double lastSimTime_ = 0.0;
  double speed_ = 0.0;
};

}  // namespace kelvin::gui

Q_DECLARE_METATYPE(kelvin::gui::SimulationController::State)
