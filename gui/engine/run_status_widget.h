#pragma once
// The run's progress in the status bar: a bar over [start, stop], the
// simulated time and the speed (simulated seconds per second); while paused
// "Paused at t = …" (no speed), "Stepped to t = …" after each Step; then how
// the run ended.

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
  /// A Step was asked for: the next progress while paused says "Stepped to t = …".
  void showStepping();
  void showEnded(const RunOutcome& outcome);
  /// Shows nothing (a new model: no run yet).
  void clear();
  QString text() const;

 private:
  QProgressBar* bar_;
  QLabel* label_;
  void showPausedText();

  QString progressText_;
  bool paused_ = false;
  bool stepping_ = false;
  double time_ = 0.0;
  double stopTime_ = 0.0;
};

}  // namespace kelvin::gui
