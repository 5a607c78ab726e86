#pragma once
// The samples of one simulation run, kept after the run for the scopes, for
// comparison with a later run and for export. Filled batch by batch on the
// GUI thread while the run goes; the scopes listen to appended().
//
// Per signal it holds the values and, for a run with the noise envelope, the
// variance of each sample and optionally one synthesised noisy realisation
// (Monte Carlo). Memory stays bounded whatever the run's length:
// - the full-resolution times, values and variances go to a temporary file as
//   they arrive (SampleFile; forEachSample() reads them back, for CSV export);
// - times(), values(), variances() and noisyValues() are a view for drawing
//   (SampleEnvelope): every sample while the run is short, then each bucket of
//   consecutive samples as its smallest and largest value, kept under
//   kViewBudget doubles in all. isDecimated() says which.

#include <cstddef>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include <QObject>
#include <QString>
#include <QStringList>

#include "engine/run_payloads.h"

namespace kelvin::gui {

class SampleEnvelope;
class SampleFile;

class RunResult : public QObject {
  Q_OBJECT

 public:
  /// The view's capacity: doubles over all its columns (16 MB: a window keeps up to
  /// RunHistory::kKept runs), but at least kMinViewPoints points per column.
  static constexpr std::size_t kViewBudget = std::size_t(1) << 21;
  static constexpr std::size_t kMinViewPoints = 8192;

  /// `label` names the run in legends ("Run 2"). `viewBudget` (doubles) is for tests.
  RunResult(const RunInfo& info, const QString& label, QObject* parent = nullptr,
            std::size_t viewBudget = kViewBudget);
  ~RunResult() override;

  const QString& label() const { return label_; }
  const RunInfo& info() const { return info_; }
  const QStringList& signalNames() const { return info_.signalNames; }
  /// Index of `name` among signalNames(), or -1.
  int signalIndex(const QString& name) const;

  /// The samples recorded (full resolution, on disk).
  std::size_t sampleCount() const;
  /// The drawing view (see the header comment): every sample unless isDecimated().
  const std::vector<double>& times() const;
  const std::vector<double>& values(int signal) const;
  /// Empty when the run has no variance for `signal`.
  const std::vector<double>& variances(int signal) const;
  /// One noisy realisation of `signal` (Monte Carlo), or empty.
  const std::vector<double>& noisyValues(int signal) const;
  /// True when the view holds buckets of samples rather than every sample.
  bool isDecimated() const;

  /// Reads the full-resolution samples in order, in chunks: `chunk(time, values, variances)`
  /// once per sample, values and variances (empty without the envelope) in signalNames()
  /// order. Returns false with the reason in *error when the data cannot be read.
  bool forEachSample(const std::function<void(double time, std::span<const double> values,
                                              std::span<const double> variances)>& sample,
                     QString* error) const;

  /// The temporary file holding the full data (removed with the run).
  QString dataFileName() const;

  /// Appends a batch with one column per signal (signalNames() order): the rows to the file,
  /// the columns to the view. Emits appended.
  void append(const SampleBatch& batch);
  /// Records how the run ended (the view shows its last samples). Emits ended.
  void finish(const RunOutcome& outcome);

  bool isRunning() const { return running_; }
  const RunOutcome& outcome() const { return outcome_; }

 Q_SIGNALS:
  /// View points [first, times().size()) are new; 0 when the view was compacted (all changed).
  void appended(std::size_t first);
  void noisyValuesChanged(int signal);
  void ended();

 private:
  std::size_t signalCount() const { return static_cast<std::size_t>(info_.signalNames.size()); }

  RunInfo info_;
  QString label_;
  // Columns of the view: values [0, n), variances [n, 2n), noisy [2n, 3n).
  std::unique_ptr<SampleEnvelope> view_;
  std::unique_ptr<SampleFile> file_;
  std::vector<double> rows_;  // a batch's rows for the file, reused
  bool running_ = true;
  RunOutcome outcome_;
};

}  // namespace kelvin::gui
