#include "main_window.h"

#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>

#include <spdlog/spdlog.h>

#include "elaborate/block_registry.h"
#include "log/log_view.h"
#include "model/diagnostic.h"
#include "model/model_file.h"
#include "model/model_validator.h"
#include "model_overview.h"
#include "recent_files_menu.h"

namespace kelvin::gui {

namespace {

const QString kGeometryKey = QStringLiteral("mainWindow/geometry");
const QString kStateKey = QStringLiteral("mainWindow/state");
const QString kDirectoryKey = QStringLiteral("mainWindow/lastDirectory");

QString fileFilter() { return MainWindow::tr("Kelvin models (*.kelvin);;All files (*)"); }

/// One line per diagnostic, `block.port: message`: the box's summary already names the file.
QString diagnosticsText(const std::vector<core::Diagnostic>& diagnostics) {
  QStringList lines;
  for (core::Diagnostic diagnostic : diagnostics) {
    diagnostic.file.clear();
    lines << QString::fromStdString(diagnostic.toString());
  }
  return lines.join(QLatin1Char('\n'));
}

}  // namespace

MainWindow::MainWindow(const core::BlockRegistry& registry, QWidget* parent)
    : QMainWindow(parent), registry_(registry) {
  overview_ = new ModelOverview(registry_, this);
  setCentralWidget(overview_);

  auto* logDock = new QDockWidget(tr("Log"), this);
  logDock->setObjectName(QStringLiteral("logDock"));  // for saveState
  logView_ = new LogView(logDock);
  logDock->setWidget(logView_);
  addDockWidget(Qt::BottomDockWidgetArea, logDock);

  createMenus();
  statusBar();

  QSettings settings;
  if (!restoreGeometry(settings.value(kGeometryKey).toByteArray())) resize(1100, 760);
  if (!restoreState(settings.value(kStateKey).toByteArray())) resizeDocks({logDock}, {150}, Qt::Vertical);

  setCurrentModel(core::Model{}, QString());
}

void MainWindow::createMenus() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  file->addAction(tr("&New"), QKeySequence::New, this, &MainWindow::newModel);
  file->addAction(tr("&Open…"), QKeySequence::Open, this, &MainWindow::open);
  recentFiles_ = new RecentFilesMenu(this);
  connect(recentFiles_, &RecentFilesMenu::fileChosen, this, &MainWindow::openFile);
  file->addMenu(recentFiles_);
  file->addSeparator();
  file->addAction(tr("&Save"), QKeySequence::Save, this, &MainWindow::save);
  file->addAction(tr("Save &As…"), QKeySequence::SaveAs, this, &MainWindow::saveAs);
  file->addSeparator();
  QAction* quit = file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
  quit->setMenuRole(QAction::QuitRole);

  QMenu* view = menuBar()->addMenu(tr("&View"));
  for (QDockWidget* dock : findChildren<QDockWidget*>()) view->addAction(dock->toggleViewAction());

  QMenu* help = menuBar()->addMenu(tr("&Help"));
  QAction* about = help->addAction(tr("&About Kelvin"), this, &MainWindow::about);
  about->setMenuRole(QAction::AboutRole);
  help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

bool MainWindow::openFile(const QString& path) {
  core::Model model;
  try {
    model = core::loadModel(path.toStdString());
  } catch (const core::ModelError& e) {
    spdlog::error("{}", e.what());
    if (!QFileInfo::exists(path)) recentFiles_->remove(path);
    showError(tr("Cannot open %1.").arg(QFileInfo(path).fileName()), diagnosticsText(e.diagnostics()));
    return false;
  }
  const std::vector<core::Diagnostic> problems = core::validateModel(model, registry_, path.toStdString());
  for (const core::Diagnostic& problem : problems) spdlog::warn("{}", problem.toString());
  setCurrentModel(std::move(model), path);
  recentFiles_->add(path);
  QSettings().setValue(kDirectoryKey, QFileInfo(path).absolutePath());
  spdlog::info("opened {}: {} blocks, {} connections", path.toStdString(), model_.blocks.size(),
               model_.connections.size());
  statusBar()->showMessage(
      problems.empty() ? tr("Opened %1").arg(QFileInfo(path).fileName())
                       : tr("Opened %1 — %n problem(s), see the log", nullptr, static_cast<int>(problems.size()))
                             .arg(QFileInfo(path).fileName()));
  return true;
}

void MainWindow::closeEvent(QCloseEvent* event) {
  QSettings settings;
  settings.setValue(kGeometryKey, saveGeometry());
  settings.setValue(kStateKey, saveState());
  event->accept();
}

void MainWindow::newModel() {
  setCurrentModel(core::Model{}, QString());
  statusBar()->showMessage(tr("New model"), 3000);
}

void MainWindow::open() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Open Model"), dialogDirectory(), fileFilter());
  if (!path.isEmpty()) openFile(path);
}

bool MainWindow::save() { return currentFile_.isEmpty() ? saveAs() : saveTo(currentFile_); }

bool MainWindow::saveAs() {
  const QString suggested =
      currentFile_.isEmpty() ? dialogDirectory() + QStringLiteral("/untitled.kelvin") : currentFile_;
  QString path = QFileDialog::getSaveFileName(this, tr("Save Model As"), suggested, fileFilter());
  if (path.isEmpty()) return false;
  if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".kelvin");
  return saveTo(path);
}

bool MainWindow::saveTo(const QString& path) {
  try {
    core::saveModel(model_, path.toStdString());
  } catch (const core::ModelError& e) {
    spdlog::error("{}", e.what());
    showError(tr("Cannot save %1.").arg(QFileInfo(path).fileName()), diagnosticsText(e.diagnostics()));
    return false;
  }
  currentFile_ = path;
  setWindowModified(false);
  updateTitle();
  recentFiles_->add(path);
  QSettings().setValue(kDirectoryKey, QFileInfo(path).absolutePath());
  spdlog::info("saved {}", path.toStdString());
  statusBar()->showMessage(tr("Saved %1").arg(QFileInfo(path).fileName()), 3000);
  return true;
}

void MainWindow::about() {
  QMessageBox::about(this, tr("About Kelvin"),
                     tr("<h3>Kelvin %1</h3>"
                        "<p>Block diagrams and physical networks — electrical, mechanical, hydraulic, thermal — "
                        "in one model, simulated by an equation-based engine.</p>"
                        "<p>Built with Qt %2.</p>")
                         .arg(QApplication::applicationVersion(), QString::fromLatin1(qVersion())));
}

void MainWindow::setCurrentModel(core::Model model, const QString& path) {
  model_ = std::move(model);
  currentFile_ = path;
  overview_->showModel(model_);
  setWindowModified(false);
  updateTitle();
}

void MainWindow::updateTitle() {
  const QString name = currentFile_.isEmpty() ? tr("Untitled") : QFileInfo(currentFile_).fileName();
  setWindowTitle(tr("%1[*] — Kelvin").arg(name));
}

void MainWindow::showError(const QString& summary, const QString& details) {
  QMessageBox box(QMessageBox::Critical, tr("Kelvin"), summary, QMessageBox::Ok, this);
  // Diagnostics are long lines: keep the box wide enough not to wrap them word by word.
  box.setStyleSheet(QStringLiteral("QLabel#qt_msgbox_informativelabel { min-width: 480px; }"));
  box.setInformativeText(details.section(QLatin1Char('\n'), 0, 9));
  if (details.count(QLatin1Char('\n')) >= 10) box.setDetailedText(details);
  box.exec();
}

QString MainWindow::dialogDirectory() const {
  if (!currentFile_.isEmpty()) return QFileInfo(currentFile_).absolutePath();
  return QSettings().value(kDirectoryKey).toString();
}

}  // namespace kelvin::gui
