#include "scopes/scope_window.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>
#include <QWidgetAction>

#include "scopes/run_history.h"
#include "scopes/run_result.h"
#include "scopes/scope_cursors.h"
#include "scopes/scope_exporter.h"
#include "scopes/scope_widget.h"
#include "scopes/signal_chooser.h"

namespace kelvin::gui {

ScopeWindow::ScopeWindow(const QString& title, RunHistory* history, QWidget* parent)
    : QDockWidget(title, parent), scope_(new ScopeWidget(history, this)), toolBar_(new QToolBar(this)),
      chooser_(new SignalChooser(this)) {
  setObjectName(QStringLiteral("scope:") + title);
  setAttribute(Qt::WA_DeleteOnClose);
  auto* body = new QWidget(this);
  auto* layout = new QVBoxLayout(body);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  layout->addWidget(toolBar_);
  layout->addWidget(scope_, 1);
  setWidget(body);
  toolBar_->setIconSize(QSize(16, 16));
  toolBar_->setToolButtonStyle(Qt::ToolButtonTextOnly);

  addSignalChooser();
  QAction* fit = toolBar_->addAction(tr("Autoscale"), scope_, &ScopeWidget::autoscale);
  fit->setObjectName(QStringLiteral("autoscale"));
  auto* zoom = new QComboBox(toolBar_);
  zoom->setObjectName(QStringLiteral("zoomAxes"));
  zoom->addItem(tr("Zoom both"), static_cast<int>(Qt::Horizontal | Qt::Vertical));
  zoom->addItem(tr("Zoom time"), static_cast<int>(Qt::Horizontal));
  zoom->addItem(tr("Zoom value"), static_cast<int>(Qt::Vertical));
  connect(zoom, &QComboBox::currentIndexChanged, this, [this, zoom] {
    scope_->setZoomOrientations(Qt::Orientations(zoom->currentData().toInt()));
  });
  toolBar_->addWidget(zoom);
  addToggle(QStringLiteral("logTime"), tr("Log t"), false, &ScopeWidget::setLogTime);
  addToggle(QStringLiteral("logValue"), tr("Log y"), false, &ScopeWidget::setLogValue);
  addToggle(QStringLiteral("overlay"), tr("Overlay previous"), false, &ScopeWidget::setOverlayPrevious);
  QAction* cursors = toolBar_->addAction(tr("Cursors"));
  cursors->setObjectName(QStringLiteral("cursors"));
  cursors->setCheckable(true);
  connect(cursors, &QAction::toggled, scope_->cursors(), &ScopeCursors::setVisible);
  addNoiseControls(history);
  toolBar_->addSeparator();
  toolBar_->addAction(tr("Export image…"), this, &ScopeWindow::exportImage)->setObjectName(QStringLiteral("exportImage"));
  toolBar_->addAction(tr("Export CSV…"), this, &ScopeWindow::exportCsv)->setObjectName(QStringLiteral("exportCsv"));
}

QAction* ScopeWindow::addToggle(const QString& name, const QString& text, bool checked,
                                void (ScopeWidget::*slot)(bool)) {
  QAction* action = toolBar_->addAction(text);
  action->setObjectName(name);
  action->setCheckable(true);
  action->setChecked(checked);
  connect(action, &QAction::toggled, scope_, slot);
  return action;
}

void ScopeWindow::addNoiseControls(RunHistory* history) {
  noiseControls_ << toolBar_->addSeparator();
  noiseControls_ << toolBar_->addWidget(new QLabel(tr(" band ±kσ, k = "), toolBar_));
  auto* k = new QDoubleSpinBox(toolBar_);
  k->setObjectName(QStringLiteral("sigmaFactor"));
  k->setRange(0.1, 10.0);
  k->setSingleStep(0.5);
  k->setValue(scope_->sigmaFactor());
  connect(k, &QDoubleSpinBox::valueChanged, scope_, &ScopeWidget::setSigmaFactor);
  connect(scope_, &ScopeWidget::sigmaFactorChanged, k, [k](double value) {
    const QSignalBlocker blocker(k);
    k->setValue(value);
  });
  noiseControls_ << toolBar_->addWidget(k);
  noiseControls_ << addToggle(QStringLiteral("noisy"), tr("Noisy trace"), true, &ScopeWidget::setNoisyTraceVisible);
  // Only a run with the noise envelope has a band to scale or a noisy trace to show.
  const auto showForCurrentRun = [this, history] {
    const RunResult* run = history->current();
    for (QAction* control : noiseControls_) control->setVisible(run && run->info().hasVariance);
  };
  connect(history, &RunHistory::runAdded, this, showForCurrentRun);
  showForCurrentRun();
}

void ScopeWindow::addSignalChooser() {
  auto* button = new QToolButton(toolBar_);
  button->setObjectName(QStringLiteral("chooseSignals"));
  button->setText(tr("Signals"));
  button->setToolTip(tr("Choose the signals this scope plots"));
  button->setPopupMode(QToolButton::InstantPopup);
  auto* menu = new QMenu(button);
  auto* item = new QWidgetAction(menu);
  item->setDefaultWidget(chooser_);
  menu->addAction(item);
  button->setMenu(menu);
  // Filled when it opens, from the run shown then.
  connect(menu, &QMenu::aboutToShow, this, [this] {
    const RunResult* run = scope_->currentRun();
    chooser_->setSignals(run ? run->signalNames() : QStringList(), scope_->shownSignals());
  });
  connect(chooser_, &SignalChooser::chosen, scope_, &ScopeWidget::setSignals);
  toolBar_->addWidget(button);
}

void ScopeWindow::exportImage() {
  const QString path = QFileDialog::getSaveFileName(this, tr("Export Plot"), windowTitle() + QStringLiteral(".png"),
                                                    tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"));
  QString error;
  if (!path.isEmpty() && !ScopeExporter::saveImage(*scope_, path, &error))
    QMessageBox::warning(this, tr("Export Plot"), error);
}

void ScopeWindow::exportCsv() {
  const QString path = QFileDialog::getSaveFileName(this, tr("Export Data"), windowTitle() + QStringLiteral(".csv"),
                                                    tr("CSV (*.csv)"));
  QString error;
  if (!path.isEmpty() && !ScopeExporter::saveCsv(*scope_, path, &error))
    QMessageBox::warning(this, tr("Export Data"), error);
}

}  // namespace kelvin::gui
