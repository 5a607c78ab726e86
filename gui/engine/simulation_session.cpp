#include "engine/simulation_session.h"

#include <QAction>
#include <QLabel>
#include <QMainWindow>
#include <QUndoStack>

#include "document/model_document.h"
#include "document/scope_wiring.h"
#include "engine/run_status_widget.h"
#include "engine/simulation_controller.h"
#include "scopes/run_history.h"
#include "scopes/run_result.h"
#include "scopes/scope_manager.h"

namespace kelvin::gui {

SimulationSession::SimulationSession(ModelDocument* document, const core::BlockRegistry& registry, QMainWindow* host,
                                     ResultsArea* results)
    : QObject(host), document_(document), controller_(new SimulationController(registry, this)),
      history_(new RunHistory(this)), scopes_(new ScopeManager(document, history_, results)),
      status_(new RunStatusWidget(host)), banner_(new QLabel(host)) {
  banner_->setObjectName(QStringLiteral("snapshotBanner"));
  banner_->setText(tr("The running simulation uses the model as it was when you pressed Run; "
                      "your edits apply to the next run."));
  banner_->setWordWrap(true);
  banner_->setStyleSheet(QStringLiteral("background: #fff3cd; color: #6b4e00; padding: 4px 8px;"));
  banner_->hide();

  run_ = makeAction(QStringLiteral("run"), tr("&Run"), QStringLiteral("run"), QKeySequence(Qt::Key_F5));
  pause_ = makeAction(QStringLiteral("pause"), tr("&Pause"), QStringLiteral("pause"), QKeySequence(Qt::Key_F6));
  resume_ = makeAction(QStringLiteral("resume"), tr("Res&ume"), QStringLiteral("resume"),
                       QKeySequence(Qt::SHIFT | Qt::Key_F6));
  step_ = makeAction(QStringLiteral("step"), tr("S&tep"), QStringLiteral("step"), QKeySequence(Qt::Key_F10));
  stop_ = makeAction(QStringLiteral("stop"), tr("St&op"), QStringLiteral("stop"), QKeySequence(Qt::SHIFT | Qt::Key_F5));
  QAction* scope = makeAction(QStringLiteral("newScope"), tr("New S&cope"), QStringLiteral("scope"), {});
  run_->setToolTip(tr("Run the simulation (F5)"));
  step_->setToolTip(tr("While paused: advance by one output sample (F10)"));
  connect(run_, &QAction::triggered, this, &SimulationSession::run);
  connect(pause_, &QAction::triggered, controller_, &SimulationController::pause);
  connect(resume_, &QAction::triggered, controller_, &SimulationController::resume);
  connect(step_, &QAction::triggered, status_, &RunStatusWidget::showStepping);
  connect(step_, &QAction::triggered, controller_, &SimulationController::step);
  connect(stop_, &QAction::triggered, controller_, &SimulationController::stop);
  connect(scope, &QAction::triggered, scopes_, &ScopeManager::openSignalsScope);

  connect(controller_, &SimulationController::stateChanged, this, [this](SimulationController::State state) {
    updateActions();
    status_->showPaused(state == SimulationController::State::Paused);
  });
  // The model compiled and the run begins: every Scope block's plot opens and streams.
  connect(controller_, &SimulationController::runStarted, this, [this](const RunInfo& info) {
    history_->beginRun(info);
    scopes_->openModelScopes();
  });
  connect(controller_, &SimulationController::samplesArrived, this, [this](const SampleBatch& batch) {
    if (RunResult* run = history_->current()) run->append(batch);
  });
  connect(controller_, &SimulationController::progress, status_, &RunStatusWidget::showProgress);
  connect(controller_, &SimulationController::runEnded, this, &SimulationSession::onEnded);
  // An edit during a run: say that the run goes on with the snapshot.
  connect(document_->undoStack(), &QUndoStack::indexChanged, this, [this] {
    if (controller_->isActive()) banner_->show();
  });
  // The runs belong to the model: a new or opened one stops the run and frees the results.
  connect(document_, &ModelDocument::modelReset, this, [this] {
    const bool wasActive = controller_->isActive();
    controller_->stop();
    history_->clear();
    if (!wasActive) status_->clear();
  });
  updateActions();
}

QAction* SimulationSession::makeAction(const QString& name, const QString& text, const QString& icon,
                                       const QKeySequence& shortcut) {
  auto* a = new QAction(QIcon(QStringLiteral(":/gui/actions/%1.svg").arg(icon)), text, this);
  a->setObjectName(name);
  if (!shortcut.isEmpty()) a->setShortcut(shortcut);
  actions_ << a;
  return a;
}

QList<QAction*> SimulationSession::actions() const { return actions_; }

bool SimulationSession::run() {
  if (controller_->isActive()) return false;
  // The worker validates the snapshot (validationFailed then follows): nothing long on the GUI thread.
  Q_EMIT starting();
  banner_->hide();
  status_->showStarted();
  return controller_->start(document_->snapshot(), document_->filePath(), signalsWiredToScopes(document_->model()));
}

void SimulationSession::updateActions() {
  const SimulationController::State state = controller_->state();
  run_->setEnabled(state == SimulationController::State::Idle);
  pause_->setEnabled(state == SimulationController::State::Running);
  resume_->setEnabled(state == SimulationController::State::Paused);
  step_->setEnabled(state == SimulationController::State::Paused);
  stop_->setEnabled(state == SimulationController::State::Running || state == SimulationController::State::Paused);
}

void SimulationSession::onEnded(const RunOutcome& outcome) {
  if (outcome.status == RunOutcome::Status::Refused) {
    status_->showEnded(outcome);
    Q_EMIT validationFailed(outcome.diagnostics);
    return;
  }
  if (RunResult* run = history_->current(); run && run->isRunning()) run->finish(outcome);
  banner_->hide();
  status_->showEnded(outcome);
  Q_EMIT runEnded(outcome);
}

}  // namespace kelvin::gui
