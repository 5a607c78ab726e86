#include "engine/run_status_widget.h"

#include <cmath>

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>

namespace kelvin::gui {

namespace {
constexpr int kSteps = 1000;

QString seconds(double t) { return QString::number(t, 'g', 4); }
}  // namespace

RunStatusWidget::RunStatusWidget(QWidget* parent)
    : QWidget(parent), bar_(new QProgressBar(this)), label_(new QLabel(this)) {
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(label_);
  layout->addWidget(bar_);
  bar_->setRange(0, kSteps);
  bar_->setFixedWidth(160);
  bar_->setTextVisible(false);
  bar_->hide();
}

void RunStatusWidget::showStarted() {
  bar_->setValue(0);
  bar_->show();
  progressText_ = tr("Compiling…");
  label_->setText(progressText_);
}

void RunStatusWidget::showProgress(double time, double startTime, double stopTime, double speed) {
  const double fraction = stopTime > startTime ? (time - startTime) / (stopTime - startTime) : 1.0;
  bar_->setValue(static_cast<int>(std::lround(std::clamp(fraction, 0.0, 1.0) * kSteps)));
  progressText_ = tr("t = %1 s of %2 s, %3× real time").arg(seconds(time), seconds(stopTime), seconds(speed));
  label_->setText(progressText_);
}

void RunStatusWidget::showPaused(bool paused) {
  label_->setText(paused ? tr("Paused — %1").arg(progressText_) : progressText_);
}

void RunStatusWidget::showEnded(const RunOutcome& outcome) {
  bar_->hide();
  switch (outcome.status) {
    case RunOutcome::Status::Finished:
      label_->setText(tr("Finished at t = %1 s (%2 steps, %3 events)")
                          .arg(seconds(outcome.endTime))
                          .arg(outcome.steps)
                          .arg(outcome.events));
      break;
    case RunOutcome::Status::Cancelled:
      label_->setText(std::isnan(outcome.endTime) ? tr("Stopped before the simulation started")
                                                  : tr("Stopped at t = %1 s").arg(seconds(outcome.endTime)));
      break;
    case RunOutcome::Status::Failed:
      label_->setText(std::isnan(outcome.endTime) ? tr("Failed: see Problems")
                                                  : tr("Failed at t = %1 s: see Problems").arg(seconds(outcome.endTime)));
      break;
  }
}

QString RunStatusWidget::text() const { return label_->text(); }

}  // namespace kelvin::gui
