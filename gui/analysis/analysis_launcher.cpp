#include "analysis/analysis_launcher.h"

#include <QAction>
#include <QEvent>
#include <QWidget>

#include "analysis/abcd_table_window.h"
#include "analysis/frequency_window.h"
#include "analysis/noise_spectrum_window.h"
#include "run/abcd_analysis.h"

namespace kelvin::gui {

namespace {

constexpr const char* kGeneration = "kelvinAnalysisRequest";

/// Numbers the requests of one window: only the answer to its latest one is shown.
int nextGeneration(QObject* window) {
  const int generation = window->property(kGeneration).toInt() + 1;
  window->setProperty(kGeneration, generation);
  return generation;
}

bool isCurrent(QObject* window, int generation) { return window->property(kGeneration).toInt() == generation; }

/// The combined matrix at the snapshot's instant, with the poles (eigenvalues of the reduced A).
core::AbcdReport identify(const AnalysisSnapshot& s, const std::atomic<bool>* cancel) {
  const core::AbcdIdentificationResult result =
      s.state ? core::identifyAbcd(*s.compiled, *s.state, core::kDefaultAbcdDelta, cancel)
              : core::identifyAbcd(*s.compiled, s.options, s.time, core::kDefaultAbcdDelta, cancel);
  // Without a reduced form (a singular algebraic part) the table still shows, without poles.
  return core::AbcdReport{result.exact, false, result.eigenvalues, result.delta, result.discrepancy};
}

/// The noise spectrum at the snapshot's state (the run's own, when it reported it).
core::NoiseSpectrum spectrumAt(const AnalysisSnapshot& s, const core::NoiseSweep& sweep, const std::atomic<bool>* cancel) {
  return s.state ? core::noiseSpectrum(*s.compiled, s.noise, *s.state, sweep, cancel)
                 : core::noiseSpectrum(*s.compiled, s.options, s.noise, s.time, sweep, cancel);
}

}  // namespace

AnalysisLauncher::AnalysisLauncher(SimulationController* controller, QWidget* host)
    : QObject(host), controller_(controller), host_(host) {
  identifyAction_ = makeAction(QStringLiteral("identifyAbcd"), tr("Identify &ABCD Here"),
                         tr("The combined ABCD matrix of the model at the paused (or last) instant"));
  frequencyAction_ = makeAction(QStringLiteral("frequencyResponse"), tr("&Frequency Response…"),
                          tr("Bode, Nyquist and Mikhailov plots and the poles at the paused (or last) instant"));
  noiseAction_ = makeAction(QStringLiteral("noiseSpectrum"), tr("&Noise Spectrum…"),
                            tr("The noise PSD at each noise sensor and the noise budget at the paused (or last) instant"));
  connect(identifyAction_, &QAction::triggered, this, &AnalysisLauncher::identifyAbcd);
  connect(frequencyAction_, &QAction::triggered, this, &AnalysisLauncher::showFrequencyResponse);
  connect(noiseAction_, &QAction::triggered, this, &AnalysisLauncher::showNoiseSpectrum);
  connect(controller_, &SimulationController::analysable, this, &AnalysisLauncher::onAnalysable);
  connect(controller_, &SimulationController::stateChanged, this, &AnalysisLauncher::onStateChanged);
  connect(controller_, &SimulationController::runEnded, this, [this](const RunOutcome& outcome) {
    if (outcome.status == RunOutcome::Status::Failed) dropSnapshot();  // a pause's snapshot, now stale
    updateActions();
  });
  updateActions();
}

AnalysisLauncher::~AnalysisLauncher() {
  tasks_.cancelAll();  // the windows close at once: an analysis still running stops at its next check
  tasks_.waitForDone();
}

AbcdTableWindow* AnalysisLauncher::abcdWindow() const { return abcd_; }
FrequencyWindow* AnalysisLauncher::frequencyWindow() const { return frequency_; }
NoiseSpectrumWindow* AnalysisLauncher::noiseWindow() const { return noise_; }

QAction* AnalysisLauncher::makeAction(const QString& name, const QString& text, const QString& tip) {
  auto* action = new QAction(text, this);
  action->setObjectName(name);
  action->setStatusTip(tip);
  action->setToolTip(tip);
  actions_ << action;
  return action;
}

void AnalysisLauncher::dropSnapshot() {
  if (!snapshot_) return;
  tasks_.release(std::move(snapshot_->compiled));
  snapshot_.reset();
}

void AnalysisLauncher::onAnalysable(const AnalysisSnapshot& snapshot) {
  dropSnapshot();
  snapshot_ = snapshot;
  updateActions();
}

void AnalysisLauncher::onStateChanged(SimulationController::State state) {
  // Running again (resumed, or a new run): the instant is gone.
  if (state == SimulationController::State::Running) dropSnapshot();
  updateActions();
}

void AnalysisLauncher::updateActions() {
  const SimulationController::State state = controller_->state();
  const bool available = snapshot_ && (state == SimulationController::State::Paused ||
                                       state == SimulationController::State::Idle);
  const bool changed = identifyAction_->isEnabled() != available;
  identifyAction_->setEnabled(available);
  frequencyAction_->setEnabled(available);
  noiseAction_->setEnabled(available && !core::noiseSensorNames(*snapshot_->compiled).empty());
  if (changed) Q_EMIT availabilityChanged(available);
}

bool AnalysisLauncher::eventFilter(QObject* watched, QEvent* event) {
  // A window closed (Esc, Close, the window manager; not minimised): its task is of no use any more.
  if (event->type() == QEvent::Hide && !event->spontaneous()) {
    nextGeneration(watched);  // a result already on its way is dropped
    if (const auto task = running_.find(watched); task != running_.end() && task->second) task->second->store(true);
  }
  return QObject::eventFilter(watched, event);
}

template <typename Window>
Window* AnalysisLauncher::raise(QPointer<Window>& window) {
  if (!window) {
    window = new Window(host_);
    window->installEventFilter(this);
  }
  window->show();
  window->raise();
  window->activateWindow();
  return window;
}

template <typename Window>
void AnalysisLauncher::identifyInto(Window* window) {
  const AnalysisSnapshot snapshot = *snapshot_;
  window->setBusy(snapshot.time);
  const int generation = nextGeneration(window);
  QPointer<Window> target(window);
  supersede(window, tasks_.runCancellable<core::AbcdReport>(
      this, [snapshot](const std::atomic<bool>* cancel) { return identify(snapshot, cancel); },
      [this, target, generation](const TaskOutcome<core::AbcdReport>& outcome) {
        if (!target || !isCurrent(target, generation)) return;
        if (outcome.value)
          target->setReport(*outcome.value);
        else
          target->setError(outcome.error);
        Q_EMIT analysisDone();
      }));
}

void AnalysisLauncher::supersede(QObject* window, std::shared_ptr<std::atomic<bool>> task) {
  std::shared_ptr<std::atomic<bool>>& running = running_[window];
  if (running) running->store(true);  // its result would be dropped: stop computing it
  running = std::move(task);
}

void AnalysisLauncher::identifyAbcd() {
  if (!snapshot_) return;
  identifyInto(raise(abcd_));
}

void AnalysisLauncher::showFrequencyResponse() {
  if (!snapshot_) return;
  identifyInto(raise(frequency_));
}

void AnalysisLauncher::showNoiseSpectrum() {
  if (!snapshot_) return;
  const AnalysisSnapshot snapshot = *snapshot_;
  const bool created = !noise_;
  NoiseSpectrumWindow* window = raise(noise_);
  if (created) connect(window, &NoiseSpectrumWindow::sweepRequested, this, &AnalysisLauncher::showNoiseSpectrum);
  const core::NoiseSweep sweep = window->sweep();
  window->setBusy(snapshot.time);
  const int generation = nextGeneration(window);
  QPointer<NoiseSpectrumWindow> target(window);
  supersede(window, tasks_.runCancellable<core::NoiseSpectrum>(
      this, [snapshot, sweep](const std::atomic<bool>* cancel) { return spectrumAt(snapshot, sweep, cancel); },
      [this, target, generation, time = snapshot.time](const TaskOutcome<core::NoiseSpectrum>& outcome) {
        if (!target || !isCurrent(target, generation)) return;
        if (outcome.value)
          target->setSpectrum(*outcome.value, time);
        else
          target->setError(outcome.error);
        Q_EMIT analysisDone();
      }));
}

}  // namespace kelvin::gui
