#include "scopes/run_result.h"

#include <algorithm>

namespace kelvin::gui {

RunResult::RunResult(const RunInfo& info, const QString& label, QObject* parent)
    : QObject(parent), info_(info), label_(label), values_(static_cast<std::size_t>(info.signalNames.size())),
      variances_(values_.size()), noisy_(values_.size()) {}

int RunResult::signalIndex(const QString& name) const { return static_cast<int>(info_.signalNames.indexOf(name)); }

namespace {

/// Room for the run's samples up front (its output step fixed): all columns would otherwise
/// reallocate and copy together, in one batch, at each doubling. Capped at kReservedValues in
/// all; the pages are only touched as samples arrive.
constexpr std::size_t kReservedValues = std::size_t(1) << 25;

void reserve(std::vector<std::vector<double>>& columns, std::size_t samples) {
  for (std::vector<double>& column : columns) column.reserve(samples);
}

void appendColumns(std::vector<std::vector<double>>& columns, const std::vector<std::vector<double>>& batch) {
  for (std::size_t k = 0; k < std::min(columns.size(), batch.size()); ++k)
    columns[k].insert(columns[k].end(), batch[k].begin(), batch[k].end());
}

}  // namespace

void RunResult::append(const SampleBatch& batch) {
  if (batch.empty()) return;
  const std::size_t first = times_.size();
  if (first == 0 && info_.expectedSamples > 0) {
    const std::size_t samples =
        std::min(info_.expectedSamples, kReservedValues / std::max<std::size_t>(1, values_.size()));
    times_.reserve(samples);
    reserve(values_, samples);
    if (!batch.variances.empty()) reserve(variances_, samples);
  }
  times_.insert(times_.end(), batch.times.begin(), batch.times.end());
  appendColumns(values_, batch.values);
  appendColumns(variances_, batch.variances);
  appendColumns(noisy_, batch.noisy);
  Q_EMIT appended(first);
  if (!batch.noisy.empty())
    for (std::size_t k = 0; k < noisy_.size(); ++k) Q_EMIT noisyValuesChanged(static_cast<int>(k));
}

void RunResult::setNoisyValues(int signal, std::vector<double> values) {
  noisy_[static_cast<std::size_t>(signal)] = std::move(values);
  Q_EMIT noisyValuesChanged(signal);
}

void RunResult::finish(const RunOutcome& outcome) {
  running_ = false;
  outcome_ = outcome;
  Q_EMIT ended();
}

}  // namespace kelvin::gui
