#pragma once
// The simulation side of a main window: the Run / Pause / Resume / Step /
// Stop actions and their enabled states, the SimulationController, the
// history of runs that the scopes show, the scope windows (every Scope block's
// opens when a run has compiled and starts), the progress in the status bar and the banner
// saying that a run uses the snapshot taken at Run while the model is being
// edited. Replacing the model (New, Open) stops its run and frees its results.

#include <QObject>

#include <vector>

#include "engine/run_payloads.h"
#include "model/diagnostic.h"

class QAction;
class QLabel;
class QMainWindow;

namespace kelvin::core {
class BlockRegistry;
}

namespace kelvin::gui {

class ModelDocument;
class ResultsArea;
class RunHistory;
class RunStatusWidget;
class ScopeManager;
class SimulationController;

class SimulationSession : public QObject {
  Q_OBJECT

 public:
  /// `document` and `registry` must outlive the session; widgets are children of `host`, scopes
  /// go to `results`.
  SimulationSession(ModelDocument* document, const core::BlockRegistry& registry, QMainWindow* host,
                    ResultsArea* results);

  SimulationController* controller() const { return controller_; }
  RunHistory* history() const { return history_; }
  ScopeManager* scopes() const { return scopes_; }
  RunStatusWidget* statusWidget() const { return status_; }
  QLabel* banner() const { return banner_; }
  /// "run", "pause", "resume", "step", "stop", "newScope".
  QList<QAction*> actions() const;

  /// Runs the document's model as it is now (a snapshot), validated on the worker thread; the
  /// scope of every Scope block opens when it has compiled. False when a run is going.
  bool run();

 Q_SIGNALS:
  /// The run found the model invalid (core::validateModel) and did not start.
  void validationFailed(const std::vector<kelvin::core::Diagnostic>& problems);
  /// run() is starting a run.
  void starting();
  void runEnded(const kelvin::gui::RunOutcome& outcome);

 private:
  QAction* makeAction(const QString& name, const QString& text, const QString& icon, const QKeySequence& shortcut);
  void updateActions();
  void onEnded(const RunOutcome& outcome);

  ModelDocument* document_;
  SimulationController* controller_;
  RunHistory* history_;
  ScopeManager* scopes_;
  RunStatusWidget* status_;
  QLabel* banner_;
  QList<QAction*> actions_;
  QAction* run_;
  QAction* pause_;
  QAction* resume_;
  QAction* step_;
  QAction* stop_;
};

}  // namespace kelvin::gui
