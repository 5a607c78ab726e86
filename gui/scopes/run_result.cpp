#include "scopes/run_result.h"

namespace kelvin::gui {

RunResult::RunResult(const RunInfo& info, const QString& label, QObject* parent)
    : QObject(parent), info_(info), label_(label), values_(static_cast<std::size_t>(info.signalNames.size())),
      variances_(values_.size()), noisy_(values_.size()) {}

int RunResult::signalIndex(const QString& name) const { return static_cast<int>(info_.signalNames.indexOf(name)); }

void RunResult::append(const SampleBatch& batch) {
  const std::size_t first = times_.size();
  const std::size_t width = values_.size();
  const bool withVariance = !batch.variances.empty(), withNoisy = !batch.noisy.empty();
  for (std::size_t row = 0; row < batch.size(); ++row) {
    times_.push_back(batch.times[row]);
    for (std::size_t k = 0; k < width; ++k) {
      values_[k].push_back(batch.values[row * width + k]);
      if (withVariance) variances_[k].push_back(batch.variances[row * width + k]);
      if (withNoisy) noisy_[k].push_back(batch.noisy[row * width + k]);
    }
  }
  if (times_.size() > first) Q_EMIT appended(first);
  if (withNoisy)
    for (std::size_t k = 0; k < width; ++k) Q_EMIT noisyValuesChanged(static_cast<int>(k));
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
