#include "scopes/results_area.h"

#include <cmath>

#include <QCryptographicHash>
#include <QDockWidget>
#include <QFileInfo>
#include <QSettings>
#include <QSplitter>

#include "document/model_document.h"

namespace kelvin::gui {

ResultsArea::ResultsArea(ModelDocument* document, QSplitter* splitter)
    : QMainWindow(nullptr), document_(document), splitter_(splitter) {
  setObjectName(QStringLiteral("resultsArea"));
  setWindowFlags(Qt::Widget);
  setDockOptions(QMainWindow::AllowTabbedDocks | QMainWindow::AllowNestedDocks | QMainWindow::AnimatedDocks);
  setDocumentMode(true);
  splitter_->addWidget(this);
  splitter_->setCollapsible(splitter_->indexOf(this), false);
  hide();
  connect(document_, &ModelDocument::aboutToReset, this, &ResultsArea::saveLayout);
  connect(document_, &ModelDocument::modelReset, this, [this] {
    // The scopes belong to the model being replaced: close them, then take the new file's layout.
    for (QDockWidget* dock : scopes()) delete dock;
    hidePaneIfEmpty();
    loadLayout();
  });
  // Save As: the same scopes, remembered under the new file from now on.
  connect(document_, &ModelDocument::filePathChanged, this, [this](const QString& path) { layoutFile_ = path; });
  loadLayout();
}

ResultsArea::~ResultsArea() {
  for (QDockWidget* dock : scopes()) disconnect(dock, nullptr, this, nullptr);
}

QString ResultsArea::layoutKey(const QString& filePath) {
  if (filePath.isEmpty()) return {};
  const QByteArray path = QFileInfo(filePath).absoluteFilePath().toUtf8();
  return QStringLiteral("results/") +
         QString::fromLatin1(QCryptographicHash::hash(path, QCryptographicHash::Sha1).toHex().left(20));
}

void ResultsArea::addScope(QDockWidget* dock) {
  const QList<QDockWidget*> others = [&] {
    QList<QDockWidget*> list = scopes();
    list.removeAll(dock);
    return list;
  }();
  if (!restoreDockWidget(dock)) {
    QDockWidget* beside = nullptr;
    for (QDockWidget* other : others)
      if (!other->isFloating()) beside = other;
    if (beside)
      tabifyDockWidget(beside, dock);
    else
      addDockWidget(Qt::TopDockWidgetArea, dock);
  }
  connect(dock, &QObject::destroyed, this, &ResultsArea::hidePaneIfEmpty);
  showPane();
  dock->show();
  dock->raise();
}

QList<QDockWidget*> ResultsArea::scopes() const {
  return findChildren<QDockWidget*>(QString(), Qt::FindDirectChildrenOnly);
}

void ResultsArea::saveLayout() const {
  const QString key = layoutKey(layoutFile_);
  if (key.isEmpty() || scopes().isEmpty()) return;  // nothing arranged: keep what was remembered
  QSettings settings;
  settings.setValue(key + QStringLiteral("/docks"), saveState());
  QVariantList sizes;
  for (int size : splitter_->sizes()) sizes << size;
  settings.setValue(key + QStringLiteral("/splitter"), sizes);
}

void ResultsArea::loadLayout() {
  layoutFile_ = document_->filePath();
  splitterSizes_.clear();
  const QString key = layoutKey(layoutFile_);
  if (key.isEmpty()) return;
  QSettings settings;
  // Qt remembers the places of docks not created yet: addScope() puts each back with restoreDockWidget().
  restoreState(settings.value(key + QStringLiteral("/docks")).toByteArray());
  for (const QVariant& size : settings.value(key + QStringLiteral("/splitter")).toList())
    splitterSizes_ << size.toInt();
}

void ResultsArea::showPane() {
  if (!isHidden()) return;
  show();
  // The splitter hid this pane's handle with the pane; the user needs it to resize the pane.
  splitter_->handle(splitter_->indexOf(this))->show();
  if (splitterSizes_.size() == splitter_->count()) {
    splitter_->setSizes(splitterSizes_);
    return;
  }
  const int total = splitter_->orientation() == Qt::Vertical ? splitter_->height() : splitter_->width();
  const int canvas = static_cast<int>(std::lround(kCanvasShare * total));
  QList<int> sizes(splitter_->count(), 0);
  sizes[splitter_->indexOf(this)] = total - canvas;
  sizes[splitter_->indexOf(this) == 0 ? 1 : 0] = canvas;
  splitter_->setSizes(sizes);
}

void ResultsArea::hidePaneIfEmpty() {
  if (!scopes().isEmpty()) return;
  hide();
  splitter_->handle(splitter_->indexOf(this))->hide();
}

}  // namespace kelvin::gui
