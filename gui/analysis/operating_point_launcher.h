#pragma once
// Simulation ▸ Operating Point (F8): solves the DC operating point of the model
// as it is now on a pool thread (BackgroundTasks; the GUI never waits, a newer
// request or a new model cancels an older one and its answer is dropped), then
// shows the values in the Operating Point panel (OperatingPointTable) and on the
// canvas (OperatingPointAnnotations). An edit marks both stale; opening another
// model clears them. View ▸ Show Operating Point Values hides or shows the canvas labels.
// A failure shows the solver's diagnostic, which names the blocks.

#include <atomic>
#include <memory>

#include <QObject>

#include "analysis/background_tasks.h"

class QAction;
class QDockWidget;
class QWidget;

namespace kelvin::core {
class BlockRegistry;
}

namespace kelvin::gui {

class DiagramScene;
class ModelDocument;
class OperatingPointAnnotations;
class OperatingPointTable;

class OperatingPointLauncher : public QObject {
  Q_OBJECT

 public:
  /// `document`, `registry` and `scene` must outlive the launcher; the panel's dock is a child of `host`.
  OperatingPointLauncher(ModelDocument* document, const core::BlockRegistry& registry, DiagramScene* scene,
                         QWidget* host);
  ~OperatingPointLauncher() override;

  /// "operatingPoint" (F8) and "showOperatingPoint" (checkable).
  QAction* solveAction() const { return solve_; }
  QAction* showAction() const { return show_; }
  /// The Operating Point panel's dock (the host adds it to its dock area).
  QDockWidget* dock() const { return dock_; }
  OperatingPointTable* table() const { return table_; }
  OperatingPointAnnotations* annotations() const { return annotations_; }

  /// Starts a solve of the model as it is now.
  void solve();

 Q_SIGNALS:
  /// A solve has ended: `ok` with values shown, else with its error shown.
  void solved(bool ok, const QString& message);

 private:
  void modelEdited();

  ModelDocument* document_;
  const core::BlockRegistry& registry_;
  QAction* solve_;
  QAction* show_;
  QDockWidget* dock_;
  OperatingPointTable* table_;
  OperatingPointAnnotations* annotations_;
  int request_ = 0;  // numbers the solves: only the latest one's answer is shown
  int edits_ = 0;    // counts the edits, so an answer knows whether the model changed meanwhile
  std::shared_ptr<std::atomic<bool>> running_;
  BackgroundTasks tasks_;
};

}  // namespace kelvin::gui
