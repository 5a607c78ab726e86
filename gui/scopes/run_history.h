#pragma once
// The runs of a window, newest last: the current run and the ones before it,
// so a scope can overlay the previous run on the current one. Keeps the last
// kKept runs; older ones are deleted.

#include <vector>

#include <QObject>

#include "engine/run_payloads.h"
#include "scopes/run_result.h"

namespace kelvin::gui {

class RunHistory : public QObject {
  Q_OBJECT

 public:
  static constexpr int kKept = 4;

  /// `viewBudget`: the drawing view's capacity of each run (RunResult; tests use small ones).
  explicit RunHistory(QObject* parent = nullptr, std::size_t viewBudget = RunResult::kViewBudget);

  /// Starts recording a new run (labelled "Run n") and returns it; it stays owned by the history.
  RunResult* beginRun(const RunInfo& info);
  /// Deletes every run (their model was replaced); the count of labels goes on.
  void clear();
  /// The newest run, or nullptr.
  RunResult* current() const;
  /// The run before the newest one, or nullptr.
  RunResult* previous() const;
  const std::vector<RunResult*>& runs() const { return runs_; }

 Q_SIGNALS:
  void runAdded(kelvin::gui::RunResult* run);

 private:
  std::vector<RunResult*> runs_;
  int count_ = 0;
  std::size_t viewBudget_;
};

}  // namespace kelvin::gui
