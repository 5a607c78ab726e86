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

namespace kelvin::gui {

/// The signals a run records, in sample order, and its time span.
struct RunInfo {
  QStringList signalNames;
  double startTime = 0.0;
  double stopTime = 1.0;
  /// True when the run carries a variance for every signal (the noise envelope).
  bool hasVariance = false;
};

/// Consecutive output samples. values (and variances, when the run has them) hold
/// one row of signalCount numbers per time, row after row.
struct SampleBatch {
  std::vector<double> times;
  std::vector<double> values;
  std::vector<double> variances;
  /// One synthesised noisy realisation (Monte Carlo), rows like values, or empty.
  std::vector<double> noisy;

  std::size_t size() const { return times.size(); }
  bool empty() const { return times.empty(); }
};

/// How a run ended. A failed run keeps the samples it produced before the failure.
struct RunOutcome {
  enum class Status { Finished, Cancelled, Failed };
  Status status = Status::Finished;
  /// The last simulated time reached; the failure time when the solver failed (NaN if unknown).
  double endTime = std::numeric_limits<double>::quiet_NaN();
  /// For a failure: one line per diagnostic ("Y: solver failed at t = 0.3 s: ...").
  QString message;
  /// The blocks the failure names ("R1", "Sub1/R1").
  QStringList blocks;
  long steps = 0;
  long events = 0;
};

}  // namespace kelvin::gui

Q_DECLARE_METATYPE(kelvin::gui::RunInfo)
Q_DECLARE_METATYPE(kelvin::gui::SampleBatch)
Q_DECLARE_METATYPE(kelvin::gui::RunOutcome)
