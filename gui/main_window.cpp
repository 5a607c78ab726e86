#include "main_window.h"

#include <algorithm>

#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>
#include <QSplitter>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QUndoStack>
#include <QUndoView>
#include <QVBoxLayout>

#include <spdlog/spdlog.h>

#include "analysis/analysis_launcher.h"
#include "analysis/operating_point_launcher.h"
#include "analysis/partition_overlay.h"
#include "sweep/sweep_launcher.h"
#include "canvas/diagram_editor.h"
#include "components/component_editor_dialog.h"
#include "canvas/diagram_scene.h"
#include "canvas/diagram_view.h"
#include "diagnostics/diagnostics_widget.h"
#include "diagnostics/model_checker.h"
#include "document/block_mentions.h"
#include "document/model_document.h"
#include "elaborate/block_registry.h"
#include "engine/run_status_widget.h"
#include "engine/simulation_session.h"
#include "gallery/example_catalog.h"
#include "gallery/example_gallery.h"
#include "gui_resources.h"
#include "i18n/language_menu.h"
#include "import/spice_importer.h"
#include "inspector/inspector_widget.h"
#include "inspector/parameter_dialog.h"
#include "inspector/settings_dialog.h"
#include "inspector/variables_widget.h"
#include "log/log_view.h"
#include "model/diagnostic.h"
#include "model/input_file.h"
#include "model/model_file.h"
#include "model/model_validator.h"
#include "palette/palette_widget.h"
#include "recent_files_menu.h"
#include "recovery/autosaver.h"
#include "recovery/disk_file_watch.h"
#include "recovery/recovery_prompts.h"
#include "recovery/recovery_store.h"
#include "scopes/results_area.h"
#include "scopes/scope_manager.h"

namespace kelvin::gui {

namespace {

const QString kGeometryKey = QStringLiteral("mainWindow/geometry");
const QString kStateKey = QStringLiteral("mainWindow/state");
const QString kDirectoryKey = QStringLiteral("mainWindow/lastDirectory");
const QString kGridKey = QStringLiteral("canvas/snapToGrid");

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

/// The errors and warnings among `diagnostics`: what the user must look at (information is not counted).
int problemCount(const std::vector<core::Diagnostic>& diagnostics) {
  return static_cast<int>(std::count_if(diagnostics.begin(), diagnostics.end(), [](const core::Diagnostic& d) {
    return d.severity != core::Severity::Info;
  }));
}

}  // namespace

MainWindow::MainWindow(const core::BlockRegistry& registry, QWidget* parent)
    : QMainWindow(parent), registry_(registry), document_(new ModelDocument(registry, this)) {
  initResources();
  editor_ = new DiagramEditor(document_, this);
  // The centre: the canvas above, the results (scopes) below when there are some.
  auto* workspace = new QSplitter(Qt::Vertical, this);
  workspace->setObjectName(QStringLiteral("workspace"));
  workspace->setChildrenCollapsible(false);
  results_ = new ResultsArea(document_, workspace);
  simulation_ = new SimulationSession(document_, registry_, this, results_);
  analysis_ = new AnalysisLauncher(simulation_->controller(), this);
  sweep_ = new SweepLauncher(document_, registry_, simulation_->history(), this);
  checker_ = new ModelChecker(document_, this);
  partition_ = new PartitionOverlay(editor_->scene(), document_, registry_, this);
  operatingPoint_ = new OperatingPointLauncher(document_, registry_, editor_->scene(), this);
  diskWatch_ = new DiskFileWatch(this);
  autosaver_ = new Autosaver(document_, [this] { return diskWatch_->recordedHash(); }, this);
  connect(diskWatch_, &DiskFileWatch::changedOnDisk, this, &MainWindow::fileChangedOnDisk);
  auto* centre = new QWidget(workspace);
  auto* centreLayout = new QVBoxLayout(centre);
  centreLayout->setContentsMargins(0, 0, 0, 0);
  centreLayout->setSpacing(0);
  centreLayout->addWidget(simulation_->banner());
  centreLayout->addWidget(editor_, 1);
  workspace->insertWidget(0, centre);
  workspace->setStretchFactor(0, 1);
  workspace->setStretchFactor(1, 2);
  setCentralWidget(workspace);
  createDocks();
  createActions();
  createMenus();
  createToolBar();
  statusBar()->addPermanentWidget(simulation_->statusWidget());

  connect(editor_, &DiagramEditor::statusMessage, this,
          [this](const QString& text, int timeout) { statusBar()->showMessage(text, timeout); });
  connect(editor_, &DiagramEditor::selectionChanged, this, [this] {
    inspector_->showBlock(editor_->level(), editor_->selectedBlockId());
    updateActions();
  });
  connect(editor_, &DiagramEditor::levelChanged, this, [this] {
    inspector_->showBlock(editor_->level(), editor_->selectedBlockId());
    updateActions();
  });
  connect(editor_, &DiagramEditor::parametersRequested, this, &MainWindow::editParameters);
  connect(inspector_, &InspectorWidget::blockRenamed, this,
          [this](const QString& id) { editor_->scene()->selectBlocks({id.toStdString()}); });
  connect(palette_, &PaletteWidget::typeActivated, this, [this](const QString& type) {
    editor_->insertBlock(type, editor_->view()->mapToScene(editor_->view()->viewport()->rect().center()));
    editor_->view()->setFocus();
  });
  connect(editor_, &DiagramEditor::scopeRequested, simulation_->scopes(), &ScopeManager::openScope);
  connect(diagnostics_, &DiagnosticsWidget::blocksRequested, this, &MainWindow::selectBlocks);
  diagnostics_->setBlockFinder([this](const QString& text) { return blocksNamedIn(document_->model(), text); });
  connect(simulation_, &SimulationSession::validationFailed, this,
          [this](const std::vector<core::Diagnostic>& problems) {
            diagnostics_->setDiagnostics(problems);
            problemsDock_->show();
            problemsDock_->raise();
            statusBar()->showMessage(tr("The model has problems: see Problems"), 5000);
          });
  // A run validates the model itself and reports what it finds: a check still under way would
  // only overwrite that (a run that fails before the check at opening ends lost its failure).
  connect(simulation_, &SimulationSession::starting, checker_, &ModelChecker::cancel);
  connect(simulation_, &SimulationSession::starting, diagnostics_, &DiagnosticsWidget::clear);
  connect(checker_, &ModelChecker::checked, this, &MainWindow::showCheck);
  connect(simulation_, &SimulationSession::runEnded, this, &MainWindow::showRunEnd);
  connect(document_, &ModelDocument::modifiedChanged, this, &MainWindow::updateTitle);
  connect(document_, &ModelDocument::filePathChanged, this, &MainWindow::updateTitle);
  connect(document_->undoStack(), &QUndoStack::indexChanged, this, &MainWindow::updateActions);
  connect(QApplication::clipboard(), &QClipboard::dataChanged, this, &MainWindow::updateActions);

  QSettings settings;
  editor_->scene()->setSnapToGrid(settings.value(kGridKey, true).toBool());
  action(QStringLiteral("snap"))->setChecked(editor_->scene()->snapsToGrid());
  if (!restoreGeometry(settings.value(kGeometryKey).toByteArray())) {
    const QSize available = screen() ? screen()->availableSize() : QSize(1400, 900);
    resize(std::min(1500, available.width() * 9 / 10), std::min(950, available.height() * 9 / 10));
  }
  restoreState(settings.value(kStateKey).toByteArray());
  updateTitle();
  updateActions();
}

MainWindow::~MainWindow() {
  // The children go after this destructor: nothing of theirs may call back into the window.
  disconnect(document_, nullptr, this, nullptr);
  disconnect(document_->undoStack(), nullptr, this, nullptr);
  disconnect(QApplication::clipboard(), nullptr, this, nullptr);
  disconnect(editor_, nullptr, this, nullptr);
  disconnect(simulation_, nullptr, this, nullptr);
  disconnect(diskWatch_, nullptr, this, nullptr);
}

const QString& MainWindow::currentFile() const { return document_->filePath(); }

const core::Model& MainWindow::model() const { return document_->model(); }

QAction* MainWindow::action(const QString& name) const {
  const auto it = actions_.find(name);
  return it == actions_.end() ? nullptr : it->second;
}

void MainWindow::editComponents() {
  if (!components_) components_ = new ComponentEditorDialog(document_, this);
  components_->show();
  components_->raise();
  components_->activateWindow();
}

void MainWindow::createDocks() {
  auto dock = [this](const QString& title, const QString& name, QWidget* widget, Qt::DockWidgetArea area) {
    auto* d = new QDockWidget(title, this);
    d->setObjectName(name);  // for saveState
    d->setWidget(widget);
    addDockWidget(area, d);
    return d;
  };
  palette_ = new PaletteWidget(document_->registry(), this);
  connect(document_, &ModelDocument::componentsChanged, palette_, &PaletteWidget::refresh);
  connect(document_, &ModelDocument::modelReset, palette_, &PaletteWidget::refresh);
  QDockWidget* paletteDock = dock(tr("Library"), QStringLiteral("paletteDock"), palette_, Qt::LeftDockWidgetArea);
  inspector_ = new InspectorWidget(document_, this);
  QDockWidget* inspectorDock =
      dock(tr("Inspector"), QStringLiteral("inspectorDock"), inspector_, Qt::RightDockWidgetArea);
  variables_ = new VariablesWidget(document_, this);
  QDockWidget* variablesDock =
      dock(tr("Variables"), QStringLiteral("variablesDock"), variables_, Qt::RightDockWidgetArea);
  undoView_ = new QUndoView(document_->undoStack(), this);
  undoView_->setEmptyLabel(tr("<opened>"));
  QDockWidget* historyDock = dock(tr("History"), QStringLiteral("historyDock"), undoView_, Qt::RightDockWidgetArea);
  tabifyDockWidget(variablesDock, historyDock);
  variablesDock->raise();
  diagnostics_ = new DiagnosticsWidget(this);
  problemsDock_ = dock(tr("Problems"), QStringLiteral("problemsDock"), diagnostics_, Qt::BottomDockWidgetArea);
  logView_ = new LogView(this);
  QDockWidget* logDock = dock(tr("Log"), QStringLiteral("logDock"), logView_, Qt::BottomDockWidgetArea);
  tabifyDockWidget(problemsDock_, logDock);
  addDockWidget(Qt::BottomDockWidgetArea, operatingPoint_->dock());
  tabifyDockWidget(logDock, operatingPoint_->dock());
  problemsDock_->raise();
  resizeDocks({paletteDock, inspectorDock}, {250, 300}, Qt::Horizontal);
  resizeDocks({inspectorDock, variablesDock}, {420, 220}, Qt::Vertical);
  resizeDocks({problemsDock_}, {130}, Qt::Vertical);
}

QAction* MainWindow::makeAction(const QString& name, const QString& text, const QString& icon,
                                const QKeySequence& shortcut) {
  auto* a = new QAction(text, this);
  a->setObjectName(name);
  if (!icon.isEmpty()) a->setIcon(QIcon(QStringLiteral(":/gui/actions/%1.svg").arg(icon)));
  if (!shortcut.isEmpty()) a->setShortcut(shortcut);
  actions_[name] = a;
  return a;
}

void MainWindow::createActions() {
  DiagramEditor* e = editor_;
  connect(makeAction("new", tr("&New"), "new", QKeySequence::New), &QAction::triggered, this, &MainWindow::newModel);
  connect(makeAction("open", tr("&Open…"), "open", QKeySequence::Open), &QAction::triggered, this, &MainWindow::open);
  connect(makeAction("save", tr("&Save"), "save", QKeySequence::Save), &QAction::triggered, this, &MainWindow::save);
  connect(makeAction("importSpice", tr("&Import SPICE Netlist…"), "", {}), &QAction::triggered, this, [this] {
    if (!maybeSave()) return;
    const QString path = QFileDialog::getOpenFileName(this, tr("Import SPICE Netlist"), dialogDirectory(),
                                                      tr("SPICE netlists (*.cir *.sp *.spice *.net);;All files (*)"));
    if (!path.isEmpty()) importSpiceFile(path);
  });
  QAction* saveAsAction = makeAction("saveAs", tr("Save &As…"), "", QKeySequence::SaveAs);
  if (saveAsAction->shortcut().isEmpty()) saveAsAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
  connect(saveAsAction, &QAction::triggered, this, &MainWindow::saveAs);
  QAction* quit = makeAction("quit", tr("&Quit"), "", QKeySequence::Quit);
  quit->setMenuRole(QAction::QuitRole);
  connect(quit, &QAction::triggered, this, &QWidget::close);

  QAction* undo = document_->undoStack()->createUndoAction(this, tr("&Undo"));
  undo->setObjectName("undo");
  undo->setShortcut(QKeySequence::Undo);
  undo->setIcon(QIcon(QStringLiteral(":/gui/actions/undo.svg")));
  actions_["undo"] = undo;
  QAction* redo = document_->undoStack()->createRedoAction(this, tr("&Redo"));
  redo->setObjectName("redo");
  redo->setShortcuts({QKeySequence::Redo, QKeySequence(Qt::CTRL | Qt::Key_Y)});
  redo->setIcon(QIcon(QStringLiteral(":/gui/actions/redo.svg")));
  actions_["redo"] = redo;

  connect(makeAction("cut", tr("Cu&t"), "cut", QKeySequence::Cut), &QAction::triggered, e, &DiagramEditor::cutSelection);
  connect(makeAction("copy", tr("&Copy"), "copy", QKeySequence::Copy), &QAction::triggered, e,
          &DiagramEditor::copySelection);
  connect(makeAction("paste", tr("&Paste"), "paste", QKeySequence::Paste), &QAction::triggered, e,
          &DiagramEditor::paste);
  connect(makeAction("duplicate", tr("D&uplicate"), "", QKeySequence(Qt::CTRL | Qt::Key_D)), &QAction::triggered, e,
          &DiagramEditor::duplicateSelection);
  QAction* del = makeAction("delete", tr("&Delete"), "delete", QKeySequence::Delete);
  del->setShortcuts({QKeySequence::Delete, QKeySequence(Qt::Key_Backspace)});
  connect(del, &QAction::triggered, e, &DiagramEditor::deleteSelection);
  connect(makeAction("selectAll", tr("Select &All"), "", QKeySequence::SelectAll), &QAction::triggered, e,
          &DiagramEditor::selectAll);
  connect(makeAction("rotate", tr("&Rotate"), "rotate", QKeySequence(Qt::CTRL | Qt::Key_R)), &QAction::triggered, e,
          [e] { e->rotateSelection(true); });
  connect(makeAction("rotateBack", tr("Rotate &Counter-clockwise"), "", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R)),
          &QAction::triggered, e, [e] { e->rotateSelection(false); });
  connect(makeAction("flip", tr("&Flip"), "flip", QKeySequence(Qt::CTRL | Qt::Key_I)), &QAction::triggered, e,
          &DiagramEditor::flipSelection);
  const std::pair<const char*, DiagramEditor::Alignment> alignments[] = {
      {"alignLeft", DiagramEditor::Alignment::Left},     {"alignCentre", DiagramEditor::Alignment::HorizontalCentre},
      {"alignRight", DiagramEditor::Alignment::Right},   {"alignTop", DiagramEditor::Alignment::Top},
      {"alignMiddle", DiagramEditor::Alignment::VerticalCentre}, {"alignBottom", DiagramEditor::Alignment::Bottom}};
  const QString alignTexts[] = {tr("Align &Left"), tr("Align &Centres"), tr("Align &Right"),
                                tr("Align &Top"),  tr("Align &Middles"), tr("Align &Bottom")};
  for (int i = 0; i < 6; ++i) {
    const DiagramEditor::Alignment alignment = alignments[i].second;
    connect(makeAction(alignments[i].first, alignTexts[i], "", {}), &QAction::triggered, e,
            [e, alignment] { e->alignSelection(alignment); });
  }
  connect(makeAction("group", tr("&Group into Subsystem"), "group", QKeySequence(Qt::CTRL | Qt::Key_G)),
          &QAction::triggered, e, &DiagramEditor::groupSelection);
  connect(makeAction("ungroup", tr("U&ngroup Subsystem"), "ungroup", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_G)),
          &QAction::triggered, e, &DiagramEditor::ungroupSelection);
  connect(makeAction("openSubsystem", tr("&Open Subsystem"), "", QKeySequence(Qt::CTRL | Qt::Key_Return)),
          &QAction::triggered, e, [e] {
            const std::string id = e->selectedBlockId();
            if (!id.empty()) e->openSubsystem(id);
          });
  connect(makeAction("goUp", tr("Go to &Parent"), "up", QKeySequence(Qt::ALT | Qt::Key_Up)), &QAction::triggered, e,
          &DiagramEditor::goUp);
  connect(makeAction("quickInsert", tr("&Insert Block…"), "insert", QKeySequence(Qt::CTRL | Qt::Key_K)),
          &QAction::triggered, e, [e] { e->showQuickInsert(); });
  connect(makeAction("parameters", tr("&Parameters…"), "", QKeySequence(Qt::CTRL | Qt::Key_E)), &QAction::triggered,
          this, [this] {
            const std::string id = editor_->selectedBlockId();
            if (!id.empty()) editParameters(QString::fromStdString(id));
          });

  connect(makeAction("zoomIn", tr("Zoom &In"), "zoom_in", QKeySequence::ZoomIn), &QAction::triggered, e->view(),
          &DiagramView::zoomIn);
  connect(makeAction("zoomOut", tr("Zoom &Out"), "zoom_out", QKeySequence::ZoomOut), &QAction::triggered, e->view(),
          &DiagramView::zoomOut);
  connect(makeAction("zoomFit", tr("&Fit to Window"), "zoom_fit", QKeySequence(Qt::CTRL | Qt::Key_0)),
          &QAction::triggered, e->view(), &DiagramView::zoomToFit);
  connect(makeAction("zoomReset", tr("Actual &Size (100 %)"), "zoom_reset", QKeySequence(Qt::CTRL | Qt::Key_1)),
          &QAction::triggered, e->view(), &DiagramView::resetZoom);
  QAction* snap = makeAction("snap", tr("&Snap to Grid"), "", {});
  snap->setCheckable(true);
  connect(snap, &QAction::toggled, this, [this](bool on) {
    editor_->scene()->setSnapToGrid(on);
    QSettings().setValue(kGridKey, on);
  });
  QAction* grid = makeAction("showGrid", tr("Show &Grid"), "", {});
  grid->setCheckable(true);
  grid->setChecked(true);
  connect(grid, &QAction::toggled, this, [this](bool on) { editor_->scene()->setShowGrid(on); });

  connect(makeAction("validate", tr("&Validate Model"), "validate", QKeySequence(Qt::Key_F7)), &QAction::triggered,
          this, &MainWindow::validate);
  connect(makeAction("settings", tr("Simulation &Settings…"), "settings", {}), &QAction::triggered, this,
          &MainWindow::editSettings);
  connect(makeAction("components", tr("&Components…"), "", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K)),
          &QAction::triggered, this, &MainWindow::editComponents);
  for (QAction* a : simulation_->actions()) actions_[a->objectName()] = a;
  for (QAction* a : analysis_->actions()) actions_[a->objectName()] = a;
  actions_[sweep_->action()->objectName()] = sweep_->action();
  for (QAction* a : {operatingPoint_->solveAction(), operatingPoint_->showAction()}) actions_[a->objectName()] = a;
  connect(operatingPoint_, &OperatingPointLauncher::solved, this, [this](bool ok, const QString& error) {
    statusBar()->showMessage(ok ? tr("DC operating point solved") : tr("No DC operating point: %1").arg(error), 8000);
  });
  QAction* partition = makeAction("showPartition", tr("Show &Partition"), "", {});
  partition->setCheckable(true);
  partition->setStatusTip(tr("Tint the blocks of linear portions of the network blue and nonlinear ones orange"));
  connect(partition, &QAction::toggled, partition_, &PartitionOverlay::setShown);
  connect(makeAction("about", tr("&About Kelvin"), "", {}), &QAction::triggered, this, &MainWindow::about);
  connect(makeAction("examples", tr("&Examples…"), "", {}), &QAction::triggered, this, &MainWindow::showExamples);
  action("about")->setMenuRole(QAction::AboutRole);

  // The canvas's context menu.
  for (const char* name : {"cut", "copy", "paste", "duplicate", "delete"}) e->view()->addAction(action(name));
  auto* separator1 = new QAction(this);
  separator1->setSeparator(true);
  e->view()->addAction(separator1);
  for (const char* name : {"rotate", "flip", "parameters"}) e->view()->addAction(action(name));
  auto* separator2 = new QAction(this);
  separator2->setSeparator(true);
  e->view()->addAction(separator2);
  for (const char* name : {"group", "ungroup", "openSubsystem"}) e->view()->addAction(action(name));
}

void MainWindow::createMenus() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  file->addAction(action("new"));
  file->addAction(action("open"));
  file->addAction(action("importSpice"));
  recentFiles_ = new RecentFilesMenu(this);
  connect(recentFiles_, &RecentFilesMenu::fileChosen, this, [this](const QString& path) {
    if (maybeSave()) openFile(path);
  });
  file->addMenu(recentFiles_);
  file->addSeparator();
  file->addAction(action("save"));
  file->addAction(action("saveAs"));
  file->addSeparator();
  file->addAction(action("quit"));

  QMenu* edit = menuBar()->addMenu(tr("&Edit"));
  edit->addAction(action("undo"));
  edit->addAction(action("redo"));
  edit->addSeparator();
  for (const char* name : {"cut", "copy", "paste", "duplicate", "delete", "selectAll"}) edit->addAction(action(name));
  edit->addSeparator();
  for (const char* name : {"quickInsert", "parameters", "rotate", "rotateBack", "flip"}) edit->addAction(action(name));
  QMenu* align = edit->addMenu(tr("A&lign"));
  for (const char* name : {"alignLeft", "alignCentre", "alignRight"}) align->addAction(action(name));
  align->addSeparator();
  for (const char* name : {"alignTop", "alignMiddle", "alignBottom"}) align->addAction(action(name));
  edit->addSeparator();
  for (const char* name : {"group", "ungroup", "openSubsystem", "goUp"}) edit->addAction(action(name));
  edit->addSeparator();
  edit->addAction(action("validate"));

  QMenu* modelMenu = menuBar()->addMenu(tr("&Model"));
  modelMenu->addAction(action("components"));

  QMenu* view = menuBar()->addMenu(tr("&View"));
  for (const char* name : {"zoomIn", "zoomOut", "zoomFit", "zoomReset"}) view->addAction(action(name));
  view->addSeparator();
  view->addAction(action("snap"));
  view->addAction(action("showGrid"));
  view->addAction(action("showPartition"));
  view->addAction(action("showOperatingPoint"));
  view->addSeparator();
  for (QDockWidget* dock : findChildren<QDockWidget*>()) view->addAction(dock->toggleViewAction());

  QMenu* simulation = menuBar()->addMenu(tr("&Simulation"));
  for (const char* name : {"run", "pause", "resume", "step", "stop"}) simulation->addAction(action(name));
  simulation->addSeparator();
  simulation->addAction(action("newScope"));
  simulation->addSeparator();
  simulation->addAction(action("operatingPoint"));
  for (const char* name : {"identifyAbcd", "frequencyResponse", "noiseSpectrum"}) simulation->addAction(action(name));
  simulation->addAction(action("sweep"));
  simulation->addSeparator();
  simulation->addAction(action("validate"));
  simulation->addAction(action("settings"));

  view->addSeparator();
  view->addMenu(new LanguageMenu(this));

  QMenu* help = menuBar()->addMenu(tr("&Help"));
  help->addAction(action("examples"));
  help->addSeparator();
  help->addAction(action("about"));
  QAction* aboutQt = help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
  aboutQt->setMenuRole(QAction::AboutQtRole);
}

void MainWindow::createToolBar() {
  QToolBar* bar = addToolBar(tr("Main"));
  bar->setObjectName(QStringLiteral("mainToolBar"));
  bar->setIconSize(QSize(20, 20));
  bar->setMovable(false);
  const char* groups[][7] = {{"new", "open", "save", nullptr},
                             {"undo", "redo", nullptr},
                             {"cut", "copy", "paste", "delete", nullptr},
                             {"rotate", "flip", "group", "ungroup", "goUp", nullptr},
                             {"zoomIn", "zoomOut", "zoomFit", "zoomReset", nullptr},
                             {"quickInsert", "validate", "settings", nullptr},
                             {"run", "pause", "resume", "step", "stop", "operatingPoint"}};
  bool first = true;
  for (const auto& group : groups) {
    if (!first) bar->addSeparator();
    first = false;
    for (const char* const* name = group; *name; ++name) bar->addAction(action(*name));
  }
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
  const std::size_t blocks = model.blocks.size(), connections = model.connections.size();
  document_->reset(std::move(model), path);
  diskWatch_->watch(path);
  recentFiles_->add(path);
  QSettings().setValue(kDirectoryKey, QFileInfo(path).absolutePath());
  spdlog::info("opened {}: {} blocks, {} connections", path.toStdString(), blocks, connections);
  statusBar()->showMessage(tr("Opened %1").arg(QFileInfo(path).fileName()), 5000);
  // The same check as Validate; the Problems dock comes forward only if it finds something.
  check(false);
  return true;
}

bool MainWindow::importSpiceFile(const QString& path) {
  const QString name = QFileInfo(path).fileName();
  const core::InputFileText netlist = core::readInputFile(path.toStdString());
  if (!netlist.text) {
    showError(tr("Cannot import %1.").arg(name), QString::fromStdString(netlist.error));
    return false;
  }
  core::SpiceImport imported;
  try {
    imported = core::importSpice(*netlist.text, path.toStdString(), registry_);
  } catch (const core::ModelError& e) {
    spdlog::error("{}", e.what());
    showError(tr("Cannot import %1.").arg(name), diagnosticsText(e.diagnostics()));
    return false;
  }
  // The lines left out are listed with the model's own problems, each naming its line.
  std::vector<core::Diagnostic> problems = imported.warnings;
  for (const core::Diagnostic& problem : core::validateModel(imported.model, registry_, path.toStdString()))
    problems.push_back(problem);
  for (const core::Diagnostic& problem : problems)
    if (problem.severity != core::Severity::Info) spdlog::warn("{}", problem.toString());
  document_->reset(std::move(imported.model), QString());  // not saved yet: Save asks where
  diskWatch_->watch(QString());
  diagnostics_->setDiagnostics(problems);
  statusBar()->showMessage(tr("Imported %1 — %n note(s), see Problems", nullptr, static_cast<int>(problems.size()))
                               .arg(name),
                           5000);
  return true;
}

bool MainWindow::saveFile(const QString& path) {
  // Never write over what another program changed (or re-create what it deleted) without asking.
  if (QFileInfo(path).absoluteFilePath() == QFileInfo(diskWatch_->path()).absoluteFilePath() &&
      diskWatch_->changedSinceRecorded()) {
    switch (RecoveryPrompts::askBeforeOverwrite(this, QFileInfo(path).fileName(), diskWatch_->missing())) {
      case RecoveryPrompts::Overwrite::Overwrite: break;
      case RecoveryPrompts::Overwrite::SaveAs: return saveAs();
      case RecoveryPrompts::Overwrite::Cancel: return false;
    }
  }
  try {
    core::saveModel(document_->model(), path.toStdString());
  } catch (const core::ModelError& e) {
    spdlog::error("{}", e.what());
    showError(tr("Cannot save %1.").arg(QFileInfo(path).fileName()), diagnosticsText(e.diagnostics()));
    return false;
  }
  document_->markSaved(path);
  diskWatch_->watch(path);
  recentFiles_->add(path);
  QSettings().setValue(kDirectoryKey, QFileInfo(path).absolutePath());
  spdlog::info("saved {}", path.toStdString());
  statusBar()->showMessage(tr("Saved %1").arg(QFileInfo(path).fileName()), 3000);
  updateTitle();
  return true;
}

void MainWindow::closeEvent(QCloseEvent* event) {
  // A copy first: if the session ends while the question is open, the changes are still kept.
  if (document_->isModified()) autosaver_->writeNow();
  if (!maybeSave()) {
    event->ignore();
    return;
  }
  autosaver_->discard();  // saved, or the user discarded the changes
  results_->saveLayout();
  QSettings settings;
  settings.setValue(kGeometryKey, saveGeometry());
  settings.setValue(kStateKey, saveState());
  event->accept();
}

bool MainWindow::maybeSave() {
  if (!document_->isModified()) return true;
  const auto answer = QMessageBox::warning(
      this, tr("Kelvin"), tr("%1 has unsaved changes. Save them?").arg(document_->displayName()),
      QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
  if (answer == QMessageBox::Save) return save();
  return answer == QMessageBox::Discard;
}

void MainWindow::newModel() {
  if (!maybeSave()) return;
  document_->reset(core::Model{}, QString());
  diskWatch_->watch(QString());
  diagnostics_->clear();
  statusBar()->showMessage(tr("New model"), 3000);
}

void MainWindow::open() {
  if (!maybeSave()) return;
  const QString path = QFileDialog::getOpenFileName(this, tr("Open Model"), dialogDirectory(), fileFilter());
  if (!path.isEmpty()) openFile(path);
}

bool MainWindow::save() { return currentFile().isEmpty() ? saveAs() : saveFile(currentFile()); }

bool MainWindow::saveAs() {
  const QString suggested =
      currentFile().isEmpty() ? dialogDirectory() + QStringLiteral("/untitled.kelvin") : currentFile();
  QString path = QFileDialog::getSaveFileName(this, tr("Save Model As"), suggested, fileFilter());
  if (path.isEmpty()) return false;
  if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".kelvin");
  return saveFile(path);
}

void MainWindow::validate() { check(true); }

void MainWindow::check(bool showResult) {
  showCheckResult_ = showResult;
  diagnostics_->showChecking();
  if (showResult) {
    problemsDock_->show();
    problemsDock_->raise();
    statusBar()->showMessage(tr("Checking the model…"));
  }
  checker_->check();
}

void MainWindow::showCheck(const std::vector<core::Diagnostic>& problems) {
  for (const core::Diagnostic& problem : problems)
    if (problem.severity != core::Severity::Info) spdlog::warn("{}", problem.toString());
  diagnostics_->setDiagnostics(problems);
  const int count = problemCount(problems);
  if (showCheckResult_ || count > 0) {
    problemsDock_->show();
    problemsDock_->raise();
    statusBar()->showMessage(count == 0 ? tr("The model is valid: ready to simulate")
                                        : tr("%n problem(s) found, see Problems", nullptr, count),
                             5000);
  }
  Q_EMIT checked(count);
}

void MainWindow::editParameters(const QString& id) {
  auto* dialog = new ParameterDialog(document_, editor_->level(), id.toStdString(), this);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  connect(dialog, &QDialog::accepted, this,
          [this, dialog] { editor_->scene()->selectBlocks({dialog->blockId()}); });
  dialog->open();
}

void MainWindow::editSettings() {
  auto* dialog = new SettingsDialog(document_, this);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->open();
}

void MainWindow::selectBlocks(const QStringList& paths) {
  if (paths.isEmpty()) return;
  editor_->showBlock(paths.first());
  // The others on the same level join the selection.
  const QString level = paths.first().section(QLatin1Char('/'), 0, -2);
  std::vector<std::string> ids;
  for (const QString& path : paths)
    if (path.section(QLatin1Char('/'), 0, -2) == level) ids.push_back(path.section(QLatin1Char('/'), -1).toStdString());
  editor_->scene()->selectBlocks(ids);
}

void MainWindow::showRunEnd(const RunOutcome& outcome) {
  if (outcome.status != RunOutcome::Status::Failed) return;
  diagnostics_->setRunFailure(outcome.diagnostics);
  selectBlocks(outcome.blocks);
  problemsDock_->show();
  problemsDock_->raise();
  statusBar()->showMessage(outcome.message.section(QLatin1Char('\n'), 0, 0), 15000);
}

void MainWindow::showExamples() {
  auto* gallery = new ExampleGallery(ExampleCatalog(), registry_, this);
  gallery->setAttribute(Qt::WA_DeleteOnClose);
  connect(gallery, &ExampleGallery::exampleChosen, this, [this](const QString& path) {
    if (maybeSave()) openFile(path);
  });
  gallery->open();
}

bool MainWindow::offerRecovery() {
  for (const RecoveryCopy& copy : RecoveryStore::orphans()) {
    if (RecoveryPrompts::askRestore(this, copy) == RecoveryPrompts::Recovery::Discard) {
      RecoveryStore::discard(copy);
      continue;
    }
    // Component files named by the model are found beside its original file.
    const QString source = copy.originalPath.isEmpty() ? copy.file : copy.originalPath;
    core::Model model;
    try {
      model = core::parseModel(copy.modelText.toStdString(), source.toStdString());
    } catch (const core::ModelError& e) {
      spdlog::error("{}", e.what());
      showError(tr("Cannot restore the recovery copy %1.").arg(QDir::toNativeSeparators(copy.file)),
                diagnosticsText(e.diagnostics()));
      continue;  // the copy stays where it is
    }
    document_->reset(std::move(model), copy.originalPath);
    document_->markUnsaved();
    diskWatch_->watch(copy.originalPath, copy.baseHash);  // changes to the file since the copy's edits began
    autosaver_->writeNow();                                // this process's copy, before the old one goes
    RecoveryStore::discard(copy);
    spdlog::info("restored the recovery copy {}", copy.file.toStdString());
    statusBar()->showMessage(tr("Restored the unsaved changes to %1").arg(document_->displayName()), 5000);
    check(false);
    return true;
  }
  return false;
}

void MainWindow::writeRecoveryAndQuit(int signal) {
  if (document_->isModified() && autosaver_->writeNow())
    spdlog::warn("signal {}: unsaved changes kept in {}", signal, autosaver_->copyFile().toStdString());
  const int code = 128 + signal;
  QApplication::exit(code);  // ends the running loops, a dialog's too
  // During start-up (a question before app.exec()), the main loop has not begun: end it once it does.
  QTimer::singleShot(0, qApp, [code] { QApplication::exit(code); });
}

void MainWindow::fileChangedOnDisk(bool deleted) {
  if (askingAboutDisk_) return;
  if (QApplication::activeModalWidget()) {  // not on top of another dialog: ask when it has closed
    QTimer::singleShot(500, this, [this] {
      if (diskWatch_->changedSinceRecorded()) fileChangedOnDisk(diskWatch_->missing());
    });
    return;
  }
  askingAboutDisk_ = true;
  const RecoveryPrompts::DiskChange choice =
      RecoveryPrompts::askAboutDiskChange(this, document_->displayName(), deleted);
  askingAboutDisk_ = false;
  if (choice == RecoveryPrompts::DiskChange::Reload && openFile(currentFile())) return;
  if (choice == RecoveryPrompts::DiskChange::SaveAs && saveAs()) return;
  // Keep mine: the model now differs from the file, and the next save may write over it.
  diskWatch_->acknowledge();
  document_->markUnsaved();
}

void MainWindow::about() {
  QMessageBox::about(this, tr("About Kelvin"),
                     tr("<h3>Kelvin %1</h3>"
                        "<p>Block diagrams and physical networks — electrical, mechanical, hydraulic, pneumatic, thermal — "
                        "in one model, simulated by an equation-based engine.</p>"
                        "<p>Built with Qt %2.</p>")
                         .arg(QApplication::applicationVersion(), QString::fromLatin1(qVersion())));
}

void MainWindow::updateTitle() {
  setWindowTitle(tr("%1[*] — Kelvin").arg(document_->displayName()));
  setWindowModified(document_->isModified());
}

void MainWindow::updateActions() {
  const std::set<std::string> blocks = editor_->scene()->selectedBlockIds();
  const bool any = editor_->hasSelection();
  const std::string one = editor_->selectedBlockId();
  const ConstDiagramLevel level = document_->level(editor_->level());
  const core::Block* block = (!one.empty() && level) ? level.findBlock(one) : nullptr;
  const bool subsystem = block && block->type == "Subsystem";
  action("cut")->setEnabled(!blocks.empty());
  action("copy")->setEnabled(!blocks.empty());
  action("duplicate")->setEnabled(!blocks.empty());
  action("delete")->setEnabled(any);
  action("rotate")->setEnabled(!blocks.empty());
  action("rotateBack")->setEnabled(!blocks.empty());
  action("flip")->setEnabled(!blocks.empty());
  action("group")->setEnabled(!blocks.empty());
  action("ungroup")->setEnabled(subsystem);
  action("openSubsystem")->setEnabled(subsystem);
  action("parameters")->setEnabled(block && !subsystem);
  action("goUp")->setEnabled(!editor_->level().isEmpty());
  for (const char* name : {"alignLeft", "alignCentre", "alignRight", "alignTop", "alignMiddle", "alignBottom"})
    action(name)->setEnabled(blocks.size() >= 2);
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
  if (!currentFile().isEmpty()) return QFileInfo(currentFile()).absolutePath();
  // Before the first open or save: the user's documents, never the filesystem root.
  return QSettings().value(kDirectoryKey, QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation)).toString();
}

}  // namespace kelvin::gui
