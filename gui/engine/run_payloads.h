#pragma once
// What a simulation worker sends to the GUI thread, by queued signals: the
// run's signal list when it starts, batches of samples while it goes (about
// every 30 ms), and how it ended. Plain values, copied across threads;
// registered with qRegisterMetaType by SimulationController.

#include <cstddef>
#include <limits>
#include <vector>

#include <QMetaType>
#include <QString>
#include <QStringList>

#include "model/diagnostic.h"

namespace kelvin::gui {

/// The signals a run records, in sample order, and its time span.
struct RunInfo {
  QStringList signalNames;
  double startTime = 0.0;
  double stopTime = 1.0;
  /// True when the run carries a variance for every signal (the noise envelope).
  bool hasVariance = false;
  /// k of the noise band mean ± kσ the scopes draw (settings.noise.sigma_factor).
  double sigmaFactor = 3.0;
  /// Output samples the run will give when its output step is fixed, else 0 (unknown).
  std::size_t expectedSamples = 0;
};

/// Consecutive output samples, by column: values[k] (and variances[k], noisy[k] when the
/// batch has them) holds signal k's value at each of `times`. Columns, because the worker
/// thread can transpose while the GUI thread appends each column with one copy.
struct SampleBatch {
  std::vector<double> times;
  std::vector<std::vector<double>> values;
  /// Empty, or one column per signal: the variance of each value (the noise envelope).
  std::vector<std::vector<double>> variances;
  /// Empty, or one column per signal: one synthesised noisy realisation (Monte Carlo).
  std::vector<std::vector<double>> noisy;

  std::size_t size() const { return times.size(); }
  bool empty() const { return times.empty(); }

  /// Appends the sample at `time`: one value per signal and, when given, one variance and
  /// one noisy value per signal. A noisy row is dropped unless every earlier row had one.
  void addRow(double time, const std::vector<double>& row, const std::vector<double>* varianceRow = nullptr,
              const std::vector<double>* noisyRow = nullptr) {
    const bool withNoisy = noisyRow && (noisy.empty() ? times.empty() : noisy.front().size() == times.size());
    times.push_back(time);
    addTo(values, row);
    if (varianceRow) addTo(variances, *varianceRow);
    if (withNoisy) addTo(noisy, *noisyRow);
  }

 private:
  static void addTo(std::vector<std::vector<double>>& columns, const std::vector<double>& row) {
    if (columns.size() < row.size()) columns.resize(row.size());
    for (std::size_t k = 0; k < row.size(); ++k) columns[k].push_back(row[k]);
  }
};

/// How a run ended. A failed run keeps the samples it produced before the failure; a refused
/// one never started (the model does not validate: `diagnostics` says why).
struct RunOutcome {
  enum class Status { Finished, Cancelled, Failed, Refused };
  Status status = Status::Finished;
  /// The last simulated time reached; the failure time when the solver failed (NaN if unknown).
  double endTime = std::numeric_limits<double>::quiet_NaN();
  /// For a failure: one line per diagnostic ("Y: solver failed at t = 0.3 s: ...").
  QString message;
  /// The blocks the failure names ("R1", "Sub1/R1").
  QStringList blocks;
  /// For a failure or a refusal: its diagnostics, for the Problems panel.
  std::vector<core::Diagnostic> diagnostics;
  long steps = 0;
  long events = 0;
};

}  // namespace kelvin::gui

Q_DECLARE_METATYPE(kelvin::gui::RunInfo)
Q_DECLARE_METATYPE(kelvin::gui::SampleBatch)
Q_DECLARE_METATYPE(kelvin::gui::RunOutcome)
