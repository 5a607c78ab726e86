#pragma once
// A sweep running off the GUI thread: a worker thread checks the spec and compiles
// the model (SweepRunner), then makes every run on the request's threads. Results
// are collected under a lock and handed to the GUI thread by a timer (every
// kPollMs), with the progress and the estimated time left, so neither thread
// waits on the other; cancel() sets the atomic flag the runs check every step.

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include <QObject>
#include <QString>

#include "sweep/sweep_request.h"
#include "model/model.h"
#include "sweep/sweep_runner.h"

class QTimer;

namespace kelvin::core {
class BlockRegistry;
}

namespace kelvin::gui {

class SweepJob : public QObject {
  Q_OBJECT

 public:
  static constexpr int kPollMs = 100;

  /// `registry` must outlive the job. Starts at once.
  SweepJob(core::Model model, const core::BlockRegistry& registry, QString file, SweepRequest request,
           QObject* parent = nullptr);
  /// Cancels and waits for the worker (the runs stop within one solver step).
  ~SweepJob() override;

  void cancel() { cancel_ = true; }
  bool isRunning() const { return running_; }
  /// Results received so far, by completion; all of them once finished().
  const std::vector<core::SweepRunResult>& results() const { return results_; }
  /// Valid once started() was emitted.
  const core::SweepRunner* runner() const { return runner_.get(); }

 Q_SIGNALS:
  /// The spec was accepted and the model compiled; `runs` will be made.
  void started(long runs);
  /// `done` of `total` runs made; `secondsLeft` < 0 while unknown.
  void progressed(long done, long total, double secondsLeft);
  /// The spec was refused or the model did not compile: nothing ran.
  void failed(const QString& message);
  /// Every run made (or the sweep cancelled).
  void finished(bool cancelled);

 private:
  void poll();

  const core::BlockRegistry& registry_;
  std::shared_ptr<core::SweepRunner> runner_;
  std::atomic<bool> cancel_{false};
  std::mutex mutex_;
  std::vector<core::SweepRunResult> pending_;  // guarded by mutex_
  QString error_;                              // guarded by mutex_
  bool compiled_ = false, done_ = false;       // guarded by mutex_
  std::vector<core::SweepRunResult> results_;
  long total_ = 0;
  bool running_ = true;
  std::chrono::steady_clock::time_point begin_;
  QTimer* timer_;
  std::thread worker_;
};

}  // namespace kelvin::gui
