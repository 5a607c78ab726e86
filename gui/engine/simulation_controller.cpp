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
  if (!thread_) return;
  control_->cancel();
  thread_->wait();
  delete thread_.data();
}

bool SimulationController::start(const core::Model& model, const QString& file,
                                 const std::vector<std::string>& extraSignals) {
  if (isActive()) return false;
  control_ = std::make_shared<RunControl>();
  auto* worker = new SimulationWorker(RunRequest{model, file.toStdString(), extraSignals}, registry_, control_);
  auto* thread = new QThread;
  thread->setObjectName(QStringLiteral("simulation"));
  worker->moveToThread(thread);
  connect(thread, &QThread::started, worker, &SimulationWorker::run, Qt::QueuedConnection);
  connect(worker, &SimulationWorker::started, this, &SimulationController::onStarted, Qt::QueuedConnection);
  connect(worker, &SimulationWorker::samplesReady, this, &SimulationController::onSamples, Qt::QueuedConnection);
  connect(worker, &SimulationWorker::ended, this, &SimulationController::onEnded, Qt::QueuedConnection);
  connect(worker, &SimulationWorker::analysable, this, &SimulationController::analysable, Qt::QueuedConnection);
  // The worker is done once ended() is emitted: end its thread from the worker thread itself.
  connect(worker, &SimulationWorker::ended, thread, &QThread::quit, Qt::DirectConnection);
  connect(thread, &QThread::finished, worker, &QObject::deleteLater, Qt::DirectConnection);
  connect(thread, &QThread::finished, thread, &QObject::deleteLater, Qt::QueuedConnection);
  thread_ = thread;
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
  setState(State::Stopping);
}

void SimulationController::setState(State state) {
  if (state == state_) return;
  state_ = state;
  Q_EMIT stateChanged(state);
}

void SimulationController::onStarted(const RunInfo& info) {
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
