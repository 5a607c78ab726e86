#include "scopes/run_history.h"

#include "scopes/run_result.h"

namespace kelvin::gui {

RunHistory::RunHistory(QObject* parent, std::size_t viewBudget) : QObject(parent), viewBudget_(viewBudget) {}

RunResult* RunHistory::beginRun(const RunInfo& info) {
  auto* run = new RunResult(info, tr("Run %1").arg(++count_), this, viewBudget_);
  runs_.push_back(run);
  if (static_cast<int>(runs_.size()) > kKept) {
    runs_.front()->deleteLater();
    runs_.erase(runs_.begin());
  }
  Q_EMIT runAdded(run);
  return run;
}

void RunHistory::clear() {
  for (RunResult* run : runs_) delete run;
  runs_.clear();
}

RunResult* RunHistory::current() const { return runs_.empty() ? nullptr : runs_.back(); }

RunResult* RunHistory::previous() const { return runs_.size() < 2 ? nullptr : runs_[runs_.size() - 2]; }

}  // namespace kelvin::gui
