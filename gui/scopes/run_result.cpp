#include "scopes/run_result.h"

#include <algorithm>
#include <limits>

#include "scopes/sample_envelope.h"
#include "scopes/sample_file.h"

namespace kelvin::gui {

namespace {
/// Rows read per chunk from the file (a few MB).
constexpr std::size_t kReadChunkRows = 1 << 16;
}  // namespace

RunResult::RunResult(const RunInfo& info, const QString& label, QObject* parent, std::size_t viewBudget)
    : QObject(parent), info_(info), label_(label) {
  const std::size_t n = signalCount();
  view_ = std::make_unique<SampleEnvelope>(3 * n, std::max(kMinViewPoints, viewBudget / (3 * n + 1)));
  view_->expect(info_.expectedSamples);
  file_ = std::make_unique<SampleFile>(1 + (info_.hasVariance ? 2 * n : n));
}

RunResult::~RunResult() = default;

int RunResult::signalIndex(const QString& name) const { return static_cast<int>(info_.signalNames.indexOf(name)); }

std::size_t RunResult::sampleCount() const { return view_->sampleCount(); }
const std::vector<double>& RunResult::times() const { return view_->times(); }
const std::vector<double>& RunResult::values(int signal) const { return view_->column(static_cast<std::size_t>(signal)); }
const std::vector<double>& RunResult::variances(int signal) const {
  return view_->column(signalCount() + static_cast<std::size_t>(signal));
}
const std::vector<double>& RunResult::noisyValues(int signal) const {
  return view_->column(2 * signalCount() + static_cast<std::size_t>(signal));
}
bool RunResult::isDecimated() const { return view_->stride() > 1; }
QString RunResult::dataFileName() const { return file_->fileName(); }

void RunResult::append(const SampleBatch& batch) {
  if (batch.empty()) return;
  const std::size_t n = signalCount(), count = batch.size(), width = file_->width();
  const bool withVariance = info_.hasVariance;
  auto at = [&](const std::vector<std::vector<double>>& columns, std::size_t k, std::size_t i) {
    return k < columns.size() && i < columns[k].size() ? columns[k][i] : std::numeric_limits<double>::quiet_NaN();
  };
  rows_.resize(count * width);
  for (std::size_t i = 0; i < count; ++i) {
    double* row = rows_.data() + i * width;
    row[0] = batch.times[i];
    for (std::size_t k = 0; k < n; ++k) row[1 + k] = at(batch.values, k, i);
    if (withVariance)
      for (std::size_t k = 0; k < n; ++k) row[1 + n + k] = at(batch.variances, k, i);
  }
  file_->append(rows_);

  std::vector<std::span<const double>> columns(3 * n);
  for (std::size_t k = 0; k < n; ++k) {
    if (k < batch.values.size()) columns[k] = batch.values[k];
    if (k < batch.variances.size()) columns[n + k] = batch.variances[k];
    if (k < batch.noisy.size()) columns[2 * n + k] = batch.noisy[k];
  }
  const std::size_t first = view_->times().size();
  const bool compacted = view_->append(batch.times, columns);
  Q_EMIT appended(compacted ? 0 : std::min(first, view_->times().size()));
  if (!batch.noisy.empty())
    for (std::size_t k = 0; k < n; ++k) Q_EMIT noisyValuesChanged(static_cast<int>(k));
}

bool RunResult::forEachSample(
    const std::function<void(double, std::span<const double>, std::span<const double>)>& sample, QString* error) const {
  const std::size_t n = signalCount(), width = file_->width();
  const bool ok = file_->read(kReadChunkRows, [&](std::size_t, std::span<const double> rows) {
    for (std::size_t r = 0; r + width <= rows.size(); r += width)
      sample(rows[r], rows.subspan(r + 1, n), info_.hasVariance ? rows.subspan(r + 1 + n, n) : std::span<const double>());
    return true;
  });
  if (!ok && error) *error = file_->error();
  return ok;
}

void RunResult::finish(const RunOutcome& outcome) {
  running_ = false;
  outcome_ = outcome;
  const std::size_t first = view_->times().size();
  const bool compacted = view_->flush();
  if (compacted || view_->times().size() != first) Q_EMIT appended(compacted ? 0 : first);
  Q_EMIT ended();
}

}  // namespace kelvin::gui
