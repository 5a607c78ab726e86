#pragma once
// The samples of one simulation run, kept after the run for the scopes, for
// comparison with a later run and for export. Filled batch by batch on the
// GUI thread while the run goes; the scopes listen to appended().
//
// Per signal it holds the values and, for a run with the noise envelope, the
// variance of each sample and optionally one synthesised noisy realisation
// (Monte Carlo). Times are strictly the run's output times (full resolution:
// the scopes decimate for display only).

#include <cstddef>
#include <vector>

#include <QObject>
#include <QString>
#include <QStringList>

#include "engine/run_payloads.h"

namespace kelvin::gui {

class RunResult : public QObject {
  Q_OBJECT

 public:
  /// `label` names the run in legends ("Run 2").
  RunResult(const RunInfo& info, const QString& label, QObject* parent = nullptr);

  const QString& label() const { return label_; }
  const RunInfo& info() const { return info_; }
  const QStringList& signalNames() const { return info_.signalNames; }
  /// Index of `name` among signalNames(), or -1.
  int signalIndex(const QString& name) const;

  std::size_t sampleCount() const { return times_.size(); }
  const std::vector<double>& times() const { return times_; }
  const std::vector<double>& values(int signal) const { return values_[static_cast<std::size_t>(signal)]; }
  /// Empty when the run has no variance for `signal`.
  const std::vector<double>& variances(int signal) const { return variances_[static_cast<std::size_t>(signal)]; }
  /// One noisy realisation of `signal` (Monte Carlo), or empty.
  const std::vector<double>& noisyValues(int signal) const { return noisy_[static_cast<std::size_t>(signal)]; }

  /// Appends a batch with one column per signal (signalNames() order): one copy per column.
  /// The first batch reserves room for info().expectedSamples (capped), so that the columns
  /// do not all reallocate together later. Emits appended.
  void append(const SampleBatch& batch);
  /// Sets a synthesised noisy realisation of `signal`, one value per time so far.
  void setNoisyValues(int signal, std::vector<double> values);
  /// Records how the run ended. Emits ended.
  void finish(const RunOutcome& outcome);

  bool isRunning() const { return running_; }
  const RunOutcome& outcome() const { return outcome_; }

 Q_SIGNALS:
  /// Samples [first, sampleCount()) are new.
  void appended(std::size_t first);
  void noisyValuesChanged(int signal);
  void ended();

 private:
  RunInfo info_;
  QString label_;
  std::vector<double> times_;
  std::vector<std::vector<double>> values_;
  std::vector<std::vector<double>> variances_;
  std::vector<std::vector<double>> noisy_;
  bool running_ = true;
  RunOutcome outcome_;
};

}  // namespace kelvin::gui
