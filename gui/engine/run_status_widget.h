#pragma once
// The run's progress in the status bar: a bar over [start, stop], the
// simulated time and the speed (simulated seconds per second), then how the
// run ended.

#include <QWidget>

#include "engine/run_payloads.h"

class QLabel;
class QProgressBar;

namespace kelvin::gui {

class RunStatusWidget : public QWidget {
  Q_OBJECT

 public:
  explicit RunStatusWidget(QWidget* parent = nullptr);

  void showStarted();
  void showProgress(double time, double startTime, double stopTime, double speed);
  void showPaused(bool paused);
  void showEnded(const RunOutcome& outcome);
  QString text() const;

 private:
  QProgressBar* bar_;
  QLabel* label_;
  QString progressText_;
};

}  // namespace kelvin::gui
