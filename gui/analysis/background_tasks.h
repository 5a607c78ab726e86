#pragma once
// Runs analyses off the GUI thread: each task computes on a thread of its own
// pool and its result (or the error it threw, as text) is delivered on the
// receiver's thread by a queued call.
// The destructor waits for the tasks still running, so the data they capture
// (by value: a shared, immutable compiled model) is never cut short.

#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <utility>

#include <QMetaObject>
#include <QObject>
#include <QString>
#include <QThreadPool>

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
    pool_.start([receiver, work = std::move(work), done = std::move(done)] {
      auto outcome = std::make_shared<TaskOutcome<Result>>();
      try {
        outcome->value.emplace(work());
      } catch (const std::exception& e) {
        outcome->error = describeException(e);
      }
      QMetaObject::invokeMethod(receiver, [done, outcome] { done(*outcome); }, Qt::QueuedConnection);
    });
  }

  /// Blocks until every task has finished (tests; the destructor).
  void waitForDone() { pool_.waitForDone(); }

 private:
  QThreadPool pool_;
};

}  // namespace kelvin::gui
