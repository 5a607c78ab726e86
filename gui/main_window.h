#pragma once
// Kelvin's main window: the diagram editor in the centre, above the results
// area where the scopes open when a run starts; docks for the
// block library (palette), the inspector, the model variables, the undo
// history, the problems found by validation and the log; the File, Edit,
// View, Simulation and Help menus and a toolbar; the simulation runs, scopes
// and progress through a SimulationSession. Owns the ModelDocument and
// handles files: New, Open, Recent, Save, Save As (atomic, core::saveModel),
// asking before unsaved changes are lost. The title shows the file name and
// a modified mark. Window geometry and dock layout persist in QSettings.
// Unsaved edits are kept in a recovery copy (Autosaver) that the next start
// offers to restore after a crash (offerRecovery); changes other programs make
// to the open file are noticed (DiskFileWatch) and never silently overwritten.

#include <map>

#include <QMainWindow>
#include <QString>

#include "engine/run_payloads.h"
#include "model/model.h"

class QAction;
class QDockWidget;
class QUndoView;

namespace kelvin::core {
class BlockRegistry;
}

namespace kelvin::gui {

class AnalysisLauncher;
class OperatingPointLauncher;
class Autosaver;
class DiskFileWatch;
class SweepLauncher;
class DiagnosticsWidget;
class DiagramEditor;
class InspectorWidget;
class LogView;
class ModelChecker;
class ModelDocument;
class PaletteWidget;
class PartitionOverlay;
class RecentFilesMenu;
class ResultsArea;
class SimulationSession;
class VariablesWidget;

class ComponentEditorDialog;

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  /// `registry` is the component library; it must outlive the window.
  explicit MainWindow(const core::BlockRegistry& registry, QWidget* parent = nullptr);
  ~MainWindow() override;

  /// Loads the model at `path` and shows it. On failure shows the
  /// diagnostics in a message box, keeps the current model and returns false.
  bool openFile(const QString& path);
  /// Translates the SPICE netlist at `path` (core/import) into a new, unsaved model and
  /// shows it; the lines left out and any validation problems go to the Problems dock.
  /// On a malformed netlist shows the error, keeps the current model and returns false.
  bool importSpiceFile(const QString& path);
  /// Saves the model to `path` (atomically); on failure shows why and returns false.
  bool saveFile(const QString& path);
  /// The file of the current model; empty for a new, unsaved model.
  const QString& currentFile() const;
  const core::Model& model() const;

  ModelDocument* document() const { return document_; }
  DiagramEditor* editor() const { return editor_; }
  PaletteWidget* palette() const { return palette_; }
  InspectorWidget* inspector() const { return inspector_; }
  VariablesWidget* variables() const { return variables_; }
  DiagnosticsWidget* diagnostics() const { return diagnostics_; }
  SimulationSession* simulation() const { return simulation_; }
  ResultsArea* results() const { return results_; }
  AnalysisLauncher* analysis() const { return analysis_; }
  OperatingPointLauncher* operatingPoint() const { return operatingPoint_; }
  SweepLauncher* sweep() const { return sweep_; }
  PartitionOverlay* partition() const { return partition_; }
  /// The action with this object name ("save", "undo", "rotate", ...), or nullptr.
  QAction* action(const QString& name) const;

  /// Checks the model as Run and `kelvin-cli validate` do (core::checkModel, off the GUI
  /// thread) and lists the problems in the Problems dock; checked() follows.
  void validate();
  /// Opens the examples gallery (Help ▸ Examples…); the chosen example replaces the model.
  void showExamples();
  /// At start: offers each recovery copy left by a Kelvin that did not close normally, newest
  /// first (Restore / Discard). True when one was restored (it is then the unsaved model).
  bool offerRecovery();
  /// The process was asked to end (SIGTERM, SIGHUP): writes a recovery copy of unsaved changes
  /// and quits with exit code 128 + `signal`, without asking.
  void writeRecoveryAndQuit(int signal);
  Autosaver* autosaver() const { return autosaver_; }

 protected:
  void closeEvent(QCloseEvent* event) override;

 Q_SIGNALS:
  /// A check of the model (Validate, or opening a file) found `problems` problems.
  void checked(int problems);

 private:
  void createDocks();
  void createActions();
  void createMenus();
  void createToolBar();
  QAction* makeAction(const QString& name, const QString& text, const QString& icon, const QKeySequence& shortcut);
  void newModel();
  void open();
  bool save();
  bool saveAs();
  /// Asks whether to save unsaved changes; false when the user cancels.
  bool maybeSave();
  void about();
  void updateTitle();
  void updateActions();
  void editParameters(const QString& id);
  void editSettings();
  /// Model ▸ Components…: opens (or raises) the component editor.
  void editComponents();
  /// Shows the blocks named by paths ("R1", "Sub1/R1"): opens the level of the first, selects those on it.
  void selectBlocks(const QStringList& paths);
  void showRunEnd(const RunOutcome& outcome);
  /// Starts a check of the model; `showResult`: bring the Problems dock forward even when clean.
  void check(bool showResult);
  void showCheck(const std::vector<core::Diagnostic>& problems);
  void showError(const QString& summary, const QString& details);
  /// The open file changed or vanished on disk: asks Reload / Keep Mine / Save As.
  void fileChangedOnDisk(bool deleted);
  QString dialogDirectory() const;

  const core::BlockRegistry& registry_;
  ModelDocument* document_;
  DiagramEditor* editor_;
  PaletteWidget* palette_ = nullptr;
  InspectorWidget* inspector_ = nullptr;
  VariablesWidget* variables_ = nullptr;
  DiagnosticsWidget* diagnostics_ = nullptr;
  QUndoView* undoView_ = nullptr;
  LogView* logView_ = nullptr;
  QDockWidget* problemsDock_ = nullptr;
  RecentFilesMenu* recentFiles_ = nullptr;
  SimulationSession* simulation_ = nullptr;
  ResultsArea* results_ = nullptr;
  ModelChecker* checker_ = nullptr;
  bool showCheckResult_ = false;
  AnalysisLauncher* analysis_ = nullptr;
  OperatingPointLauncher* operatingPoint_ = nullptr;
  SweepLauncher* sweep_ = nullptr;
  PartitionOverlay* partition_ = nullptr;
  ComponentEditorDialog* components_ = nullptr;
  std::map<QString, QAction*> actions_;
  DiskFileWatch* diskWatch_ = nullptr;
  Autosaver* autosaver_ = nullptr;
  bool askingAboutDisk_ = false;
};

}  // namespace kelvin::gui
