#pragma once
// Kelvin's main window: the File, View and Help menus, the model overview in
// the centre (the diagram canvas will replace it), and the log panel as a
// dock. Opens and saves `.kelvin` files; shows load errors with their
// diagnostics. Window geometry and dock layout persist in QSettings.

#include <QMainWindow>
#include <QString>

#include "model/model.h"

namespace kelvin::core {
class BlockRegistry;
}

namespace kelvin::gui {

class LogView;
class ModelOverview;
class RecentFilesMenu;

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  /// `registry` is the component library; it must outlive the window.
  explicit MainWindow(const core::BlockRegistry& registry, QWidget* parent = nullptr);

  /// Loads the model at `path` and shows it. On failure shows the
  /// diagnostics in a message box, keeps the current model and returns false.
  bool openFile(const QString& path);
  /// The file of the current model; empty for a new, unsaved model.
  const QString& currentFile() const { return currentFile_; }
  const core::Model& model() const { return model_; }

 protected:
  void closeEvent(QCloseEvent* event) override;

 private:
  void createMenus();
  void newModel();
  void open();
  bool save();
  bool saveAs();
  bool saveTo(const QString& path);
  void about();
  void setCurrentModel(core::Model model, const QString& path);
  void updateTitle();
  void showError(const QString& summary, const QString& details);
  QString dialogDirectory() const;

  const core::BlockRegistry& registry_;
  core::Model model_;
  QString currentFile_;
  ModelOverview* overview_;
  LogView* logView_;
  RecentFilesMenu* recentFiles_ = nullptr;
};

}  // namespace kelvin::gui
