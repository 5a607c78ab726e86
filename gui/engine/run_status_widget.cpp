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
  // Its room stays while hidden: showing it at F5 must not change the status bar's height, which
  // would resize the canvas and repaint the whole diagram (a second with 20,000 blocks in view).
  QSizePolicy policy = bar_->sizePolicy();
  policy.setRetainSizeWhenHidden(true);
  bar_->setSizePolicy(policy);
  bar_->hide();
}

void RunStatusWidget::showStarted() {
  paused_ = stepping_ = false;
  time_ = stopTime_ = 0.0;
  bar_->setValue(0);
  bar_->show();
  progressText_ = tr("Compiling…");
  label_->setText(progressText_);
}

void RunStatusWidget::showProgress(double time, double startTime, double stopTime, double speed) {
  const double fraction = stopTime > startTime ? (time - startTime) / (stopTime - startTime) : 1.0;
  bar_->setValue(static_cast<int>(std::lround(std::clamp(fraction, 0.0, 1.0) * kSteps)));
  time_ = time;
  stopTime_ = stopTime;
  progressText_ = tr("t = %1 s of %2 s, %3× real time").arg(seconds(time), seconds(stopTime), seconds(speed));
  if (paused_)
    showPausedText();
  else
    label_->setText(progressText_);
}

void RunStatusWidget::showPaused(bool paused) {
  paused_ = paused;
  stepping_ = false;
  if (paused)
    showPausedText();
  else
    label_->setText(progressText_);
}

void RunStatusWidget::showStepping() { stepping_ = paused_; }

void RunStatusWidget::showPausedText() {
  // Enough digits (nine) to see one output step move the time; no speed: nothing runs.
  const QString t = QString::number(time_, 'g', 9);
  label_->setText(stepping_ ? tr("Stepped to t = %1 s of %2 s — paused (F10: step, Shift+F6: resume)")
                                  .arg(t, seconds(stopTime_))
                            : tr("Paused at t = %1 s of %2 s (F10: step, Shift+F6: resume)").arg(t, seconds(stopTime_)));
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
    case RunOutcome::Status::Refused:  // nothing ran: the Problems panel says why
      clear();
      break;
  }
}

void RunStatusWidget::clear() {
  paused_ = stepping_ = false;
  bar_->hide();
  progressText_.clear();
  label_->clear();
}

QString RunStatusWidget::text() const { return label_->text(); }

}  // namespace kelvin::gui
