#include "analysis/operating_point_launcher.h"

#include <QAction>
#include <QDockWidget>
#include <QMainWindow>
#include <QUndoStack>
#include <QWidget>

#include "analysis/operating_point_table.h"
#include "canvas/operating_point_annotations.h"
#include "document/model_document.h"

namespace kelvin::gui {

namespace {
constexpr int kDockHeight = 300;  // px
}  // namespace

OperatingPointLauncher::OperatingPointLauncher(ModelDocument* document, const core::BlockRegistry& registry,
                                               DiagramScene* scene, QWidget* host)
    : QObject(host),
      document_(document),
      registry_(registry),
      solve_(new QAction(QIcon(QStringLiteral(":/gui/actions/operating_point.svg")), tr("Op&erating Point"), this)),
      show_(new QAction(tr("Show Operating Point &Values"), this)),
      dock_(new QDockWidget(tr("Operating Point"), host)),
      table_(new OperatingPointTable(dock_)),
      annotations_(new OperatingPointAnnotations(scene, this)) {
  solve_->setObjectName(QStringLiteral("operatingPoint"));
  solve_->setShortcut(QKeySequence(Qt::Key_F8));
  solve_->setStatusTip(tr("Solve the DC operating point and show its values on the canvas and in a table"));
  show_->setObjectName(QStringLiteral("showOperatingPoint"));
  show_->setCheckable(true);
  show_->setChecked(true);
  show_->setStatusTip(tr("Show the values of the last operating point on the canvas"));
  dock_->setObjectName(QStringLiteral("operatingPointDock"));  // for saveState
  dock_->setWidget(table_);
  dock_->hide();  // until the first solve
  connect(solve_, &QAction::triggered, this, &OperatingPointLauncher::solve);
  connect(show_, &QAction::toggled, annotations_, &OperatingPointAnnotations::setShown);
  connect(document_, &ModelDocument::aboutToReset, this, [this] {
    // Another model: the values were of the old one.
    if (running_) running_->store(true);
    ++request_;
    annotations_->clear();
    table_->clear();
  });
  connect(document_->undoStack(), &QUndoStack::indexChanged, this, &OperatingPointLauncher::modelEdited);
}

OperatingPointLauncher::~OperatingPointLauncher() = default;

void OperatingPointLauncher::modelEdited() {
  ++edits_;
  annotations_->setStale(annotations_->hasValues());
  table_->setStale(true);
}

void OperatingPointLauncher::solve() {
  if (running_) running_->store(true);  // superseded
  const int request = ++request_;
  const int edits = edits_;
  const core::Model model = document_->model();
  const std::string file = document_->filePath().toStdString();
  const core::BlockRegistry* registry = &registry_;
  table_->showSolving();
  if (!dock_->isVisible()) {
    dock_->show();
    // Tall enough for a dozen rows: the bottom area starts at the height of the Problems list.
    if (auto* window = qobject_cast<QMainWindow*>(dock_->parentWidget()))
      window->resizeDocks({dock_}, {kDockHeight}, Qt::Vertical);
  }
  dock_->raise();
  running_ = tasks_.runCancellable<OperatingPointValues>(
      this,
      [model, file, registry](const std::atomic<bool>* cancel) {
        return solveOperatingPoint(model, *registry, file, cancel);
      },
      [this, request, edits](const TaskOutcome<OperatingPointValues>& outcome) {
        if (request != request_) return;
        running_.reset();
        if (!outcome.value) {
          annotations_->clear();
          table_->showError(outcome.error);
          Q_EMIT solved(false, outcome.error);
          return;
        }
        annotations_->setValues(*outcome.value);
        table_->setValues(*outcome.value);
        if (edits != edits_) modelEdited();  // edited while it solved
        Q_EMIT solved(true, QString());
      });
}

}  // namespace kelvin::gui
