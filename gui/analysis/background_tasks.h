#pragma once
// Runs analyses off the GUI thread: each task computes on a thread of its own
// pool and its result (or the error it threw, as text) is delivered on the
// receiver's thread by a queued call.
// A cancellable task gets a flag of its own, which the caller may set (a newer request
// for the same window) and which the destructor sets for every task before it waits
// for them, so closing the application does not wait for an analysis to finish; the
// data they capture (by value: a shared, immutable compiled model) is never cut short.
// A task stopped by its flag (core::AnalysisCancelled) delivers nothing.

#include <atomic>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

#include <QMetaObject>
#include <QObject>
#include <QString>
#include <QThreadPool>

#include "run/analysis_cancelled.h"

namespace kelvin::gui {

/// A task's result, or why there is none.
template <typename Result>
struct TaskOutcome {
  std::optional<Result> value;
  QString error;
};

/// The text of an exception: a ModelError's diagnostics one per line, else what().
QString describeException(const std::exception& error);

class BackgroundTasks {
 public:
  BackgroundTasks();
  ~BackgroundTasks();
  BackgroundTasks(const BackgroundTasks&) = delete;
  BackgroundTasks& operator=(const BackgroundTasks&) = delete;

  /// Runs `work` on a pool thread; then `done(outcome)` on `receiver`'s thread. `receiver` must
  /// outlive this object (its owner, typically); `done` checks whatever else it touches.
  template <typename Result>
  void run(QObject* receiver, std::function<Result()> work, std::function<void(const TaskOutcome<Result>&)> done) {
    runCancellable<Result>(
        receiver, [work = std::move(work)](const std::atomic<bool>*) { return work(); }, std::move(done));
  }

  /// The same for work that polls its cancel flag; returns the flag (set it to stop the task).
  template <typename Result>
  std::shared_ptr<std::atomic<bool>> runCancellable(QObject* receiver, std::function<Result(const std::atomic<bool>*)> work,
                                                    std::function<void(const TaskOutcome<Result>&)> done) {
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    remember(cancel);
    pool_.start([receiver, cancel, work = std::move(work), done = std::move(done)] {
      auto outcome = std::make_shared<TaskOutcome<Result>>();
      try {
        outcome->value.emplace(work(cancel.get()));
      } catch (const core::AnalysisCancelled&) {
        return;
      } catch (const std::exception& e) {
        outcome->error = describeException(e);
      }
      QMetaObject::invokeMethod(receiver, [done, outcome] { done(*outcome); }, Qt::QueuedConnection);
    });
    return cancel;
  }

  /// Drops `data` on a pool thread: when it holds the last reference to a big structure (a
  /// compiled model of 10,000 sections takes a good part of a second to free), the GUI thread
  /// does not wait for it.
  void release(std::shared_ptr<const void> data) {
    pool_.start([data = std::move(data)]() mutable { data.reset(); });
  }
  /// Blocks until every task has finished (tests; the destructor).
  void waitForDone() { pool_.waitForDone(); }
  /// Sets the flag of every cancellable task still running.
  void cancelAll();

 private:
  void remember(const std::shared_ptr<std::atomic<bool>>& flag);

  QThreadPool pool_;
  std::mutex flagsMutex_;
  std::vector<std::weak_ptr<std::atomic<bool>>> flags_;
};

}  // namespace kelvin::gui
