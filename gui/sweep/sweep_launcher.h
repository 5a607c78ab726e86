#pragma once
// Simulation ▸ Sweep…: asks for the sweep (SweepDialog) and opens a SweepWindow
// that runs it on a snapshot of the document's model, its spread handed to the
// scopes' run history when it ends.

#include <QObject>
#include <QPointer>

class QAction;
class QWidget;

namespace kelvin::core {
class BlockRegistry;
}

namespace kelvin::gui {

class ModelDocument;
class RunHistory;
class SweepWindow;

class SweepLauncher : public QObject {
  Q_OBJECT

 public:
  /// Everything observed must outlive the launcher; windows are children of `host`.
  SweepLauncher(ModelDocument* document, const core::BlockRegistry& registry, RunHistory* history, QWidget* host);

  /// The menu action ("sweep").
  QAction* action() const { return action_; }
  /// The latest sweep's window, or nullptr.
  SweepWindow* window() const;
  /// Opens the dialog; on Run, the sweep's window.
  void showDialog();

 private:
  ModelDocument* document_;
  const core::BlockRegistry& registry_;
  RunHistory* history_;
  QWidget* host_;
  QAction* action_;
  QPointer<SweepWindow> window_;
};

}  // namespace kelvin::gui
