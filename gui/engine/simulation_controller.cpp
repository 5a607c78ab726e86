#include "engine/simulation_controller.h"

#include <QThread>

#include "engine/run_control.h"
#include "engine/simulation_worker.h"

namespace kelvin::gui {

SimulationController::SimulationController(const core::BlockRegistry& registry, QObject* parent)
    : QObject(parent), registry_(registry) {
  qRegisterMetaType<RunInfo>();
  qRegisterMetaType<SampleBatch>();
  qRegisterMetaType<RunOutcome>();
  qRegisterMetaType<AnalysisSnapshot>();
  qRegisterMetaType<SimulationController::State>();
}

SimulationController::~SimulationController() {
  if (thread_) {
    control_->cancel();
    abandoned_.push_back(thread_);
  }
  for (const QPointer<QThread>& thread : abandoned_) {
    if (!thread) continue;
    thread->wait();
    delete thread.data();
  }
}

bool SimulationController::start(const core::Model& model, const QString& file,
                                 const std::vector<std::string>& extraSignals) {
  if (isActive()) return false;
  return start(std::make_shared<const core::Model>(model), file, extraSignals);
}

bool SimulationController::start(std::shared_ptr<const core::Model> model, const QString& file,
                                 const std::vector<std::string>& extraSignals) {
  if (isActive()) return false;
  control_ = std::make_shared<RunControl>();
  auto* worker =
      new SimulationWorker(RunRequest{std::move(model), file.toStdString(), extraSignals}, registry_, control_);
  auto* thread = new QThread;
  thread->setObjectName(QStringLiteral("simulation"));
  worker->moveToThread(thread);
  connect(thread, &QThread::started, worker, &SimulationWorker::run, Qt::QueuedConnection);
  // Each connection knows its run: what a run abandoned while compiling sends later is dropped.
  const std::shared_ptr<RunControl> control = control_;
  connect(
      worker, &SimulationWorker::started, this,
      [this, control](const RunInfo& info) {
        if (control == control_) onStarted(info);
      },
      Qt::QueuedConnection);
  connect(
      worker, &SimulationWorker::samplesReady, this,
      [this, control](const SampleBatch& batch) {
        if (control == control_) onSamples(batch);
      },
      Qt::QueuedConnection);
  connect(
      worker, &SimulationWorker::ended, this,
      [this, control](const RunOutcome& outcome) {
        if (control == control_) onEnded(outcome);
      },
      Qt::QueuedConnection);
  connect(
      worker, &SimulationWorker::analysable, this,
      [this, control](const AnalysisSnapshot& snapshot) {
        if (control == control_) Q_EMIT analysable(snapshot);
      },
      Qt::QueuedConnection);
  // The worker is done once ended() is emitted: end its thread from the worker thread itself.
  connect(worker, &SimulationWorker::ended, thread, &QThread::quit, Qt::DirectConnection);
  connect(thread, &QThread::finished, worker, &QObject::deleteLater, Qt::DirectConnection);
  connect(thread, &QThread::finished, thread, &QObject::deleteLater, Qt::QueuedConnection);
  thread_ = thread;
  started_ = false;
  info_ = RunInfo();
  lastWallSeconds_ = 0.0;
  lastSimTime_ = 0.0;
  speed_ = 0.0;
  wallClock_.start();
  setState(State::Running);
  thread->start();
  return true;
}

void SimulationController::pause() {
  if (state_ != State::Running) return;
  control_->pause();
  setState(State::Paused);
}

void SimulationController::resume() {
  if (state_ != State::Paused) return;
  control_->resume();
  wallClock_.restart();
  lastWallSeconds_ = 0.0;
  setState(State::Running);
}

void SimulationController::step() {
  if (state_ == State::Paused) control_->step();
}

void SimulationController::stop() {
  if (state_ != State::Running && state_ != State::Paused) return;
  control_->cancel();
  if (started_) {
    setState(State::Stopping);
    return;
  }
  // Still compiling: end the run now and leave the worker to finish on its own (it stops at
  // the next phase of compiling, or at its first step); what it sends is dropped.
  std::erase_if(abandoned_, [](const QPointer<QThread>& t) { return t.isNull(); });
  abandoned_.push_back(thread_);
  thread_.clear();
  control_.reset();
  RunOutcome outcome;
  outcome.status = RunOutcome::Status::Cancelled;
  onEnded(outcome);
}

void SimulationController::setState(State state) {
  if (state == state_) return;
  state_ = state;
  Q_EMIT stateChanged(state);
}

void SimulationController::onStarted(const RunInfo& info) {
  started_ = true;
  info_ = info;
  lastSimTime_ = info.startTime;
  Q_EMIT runStarted(info);
}

void SimulationController::onSamples(const SampleBatch& batch) {
  if (batch.empty()) return;
  Q_EMIT samplesArrived(batch);
  // Speed over the last batch, smoothed; the wall clock restarts on resume, so pauses do not count.
  const double wall = wallClock_.nsecsElapsed() * 1e-9;
  const double time = batch.times.back();
  if (state_ == State::Running && wall > lastWallSeconds_) {
    const double instant = (time - lastSimTime_) / (wall - lastWallSeconds_);
    speed_ = speed_ > 0 ? 0.7 * speed_ + 0.3 * instant : instant;
  }
  lastWallSeconds_ = wall;
  lastSimTime_ = time;
  Q_EMIT progress(time, info_.startTime, info_.stopTime, speed_);
}

void SimulationController::onEnded(const RunOutcome& outcome) {
  setState(State::Idle);
  Q_EMIT runEnded(outcome);
}

}  // namespace kelvin::gui
