#pragma once
// The frequency response of an identified model (DESIGN.md, "ABCD
// identification and frequency analysis"): Bode (magnitude in dB and the
// unwrapped phase in degrees over log frequency), Nyquist and the Mikhailov
// hodograph D(ω) = det([ω] − A), and the poles in the complex plane. The
// "SIMO W1/W2" selector picks W_k/W_m (the same output twice: plain W_k). The
// range defaults to that of the poles and sample rates (core::FrequencyPlan,
// as `kelvin-cli freq`: every resonance inside, 200 log-spaced points plus
// points across each resonance); a range or count the user edits is his, with
// exactly that many log-spaced points, until Defaults. Export writes the sweep
// shown as CSV, as the CLI does. The sweeps (a dense LU of [ω] − A at each
// frequency: seconds for a model of a thousand states) are done again whenever a
// control changes, on a pool thread, the status counting the frequencies done; a
// newer request cancels the one still going, and hiding the window cancels it
// too (a result that arrives after that is dropped).

#include <atomic>
#include <memory>
#include <optional>
#include <vector>

#include <QWidget>

#include "analysis/background_tasks.h"
#include "linearize/abcd_export.h"
#include "linearize/frequency_plan.h"
#include "linearize/frequency_response.h"

class QComboBox;
class QCustomPlot;
class QLabel;
class QLineEdit;
class QSpinBox;
class QTabWidget;
class QTimer;

namespace kelvin::gui {

class PolePlot;

class FrequencyWindow : public QWidget {
  Q_OBJECT

 public:
  explicit FrequencyWindow(QWidget* parent = nullptr);

  void setBusy(double time);
  void setReport(const core::AbcdReport& report);
  void setError(const QString& message);

  /// Sets the sweep (fmin < fmax in Hz, points ≥ 2) and the ratio W_k/W_m (0-based) and recomputes
  /// (off the GUI thread: isComputing() until the result is shown).
  void setSweep(double fminHz, double fmaxHz, int points, int k, int m);

  /// The frequencies of the sweeps (Hz).
  const std::vector<double>& frequencies() const { return frequencies_; }
  /// W_k/W_m over frequencies() (empty without an input and an output).
  const core::FrequencySweep& transferSweep() const { return transfer_; }
  const core::FrequencySweep& mikhailovSweep() const { return mikhailov_; }
  PolePlot* polePlot() const { return poles_; }
  /// True while a sweep is being computed for the window.
  bool isComputing() const { return computing_ != nullptr; }
  /// Writes the transfer sweep (the Mikhailov one without a transfer) as CSV
  /// `freq_hz,re,im,mag_db,phase_deg`, atomically. Returns false with the reason in *error.
  bool exportCsv(const QString& path, QString* error) const;

 private:
  void showPlannedRange();
  void exportInteractively();
  void readControls();
  /// Starts the sweeps of the controls' range on a pool thread, cancelling the one still going.
  void recompute();
  /// Shows the sweeps computed for the range the controls had.
  void showSweeps(const core::FrequencySweep& transfer, const core::FrequencySweep& mikhailov);
  void cancelSweep();
  void hideEvent(QHideEvent* event) override;
  void plotBode();
  void plotHodograph(QCustomPlot* plot, const core::FrequencySweep& sweep, const QString& name);

  QLabel* status_;
  QComboBox* w1_;
  QComboBox* w2_;
  QLineEdit* fmin_;
  QLineEdit* fmax_;
  QSpinBox* points_;
  QTabWidget* tabs_;
  QCustomPlot* bode_;
  QCustomPlot* nyquist_;
  QCustomPlot* mikhailovPlot_;
  PolePlot* poles_;
  QTimer* progressTimer_;
  std::optional<core::AbcdReport> report_;
  std::shared_ptr<const core::FrequencyResponse> response_;  // shared with the sweep computing
  std::optional<core::FrequencyPlan> plan_;
  bool planned_ = true;           // the range is the plan's, not the user's
  bool settingControls_ = false;  // the window itself is filling the controls
  std::vector<double> frequencies_;
  core::FrequencySweep transfer_;
  core::FrequencySweep mikhailov_;
  int k_ = 0;
  int m_ = 0;
  int total_ = 0;    // the frequencies the sweep going evaluates (both sweeps)
  int request_ = 0;  // numbers the sweeps: only the latest one's result is shown
  std::shared_ptr<std::atomic<bool>> computing_;  // the cancel flag of the sweep going, or null
  std::shared_ptr<std::atomic<int>> done_;        // how many frequencies it has done
  BackgroundTasks tasks_;                         // last: stopped and waited for first on destruction
};

}  // namespace kelvin::gui
