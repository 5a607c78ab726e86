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
// shown as CSV, as the CLI does. The sweeps are small dense solves, done again
// whenever a control changes.

#include <optional>
#include <vector>

#include <QWidget>

#include "linearize/abcd_export.h"
#include "linearize/frequency_plan.h"
#include "linearize/frequency_response.h"

class QComboBox;
class QCustomPlot;
class QLabel;
class QLineEdit;
class QSpinBox;
class QTabWidget;

namespace kelvin::gui {

class PolePlot;

class FrequencyWindow : public QWidget {
  Q_OBJECT

 public:
  explicit FrequencyWindow(QWidget* parent = nullptr);

  void setBusy(double time);
  void setReport(const core::AbcdReport& report);
  void setError(const QString& message);

  /// Sets the sweep (fmin < fmax in Hz, points ≥ 2) and the ratio W_k/W_m (0-based) and recomputes.
  void setSweep(double fminHz, double fmaxHz, int points, int k, int m);

  /// The frequencies of the sweeps (Hz).
  const std::vector<double>& frequencies() const { return frequencies_; }
  /// W_k/W_m over frequencies() (empty without an input and an output).
  const core::FrequencySweep& transferSweep() const { return transfer_; }
  const core::FrequencySweep& mikhailovSweep() const { return mikhailov_; }
  PolePlot* polePlot() const { return poles_; }
  /// Writes the transfer sweep (the Mikhailov one without a transfer) as CSV
  /// `freq_hz,re,im,mag_db,phase_deg`, atomically. Returns false with the reason in *error.
  bool exportCsv(const QString& path, QString* error) const;

 private:
  void showPlannedRange();
  void exportInteractively();
  void readControls();
  void recompute();
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
  std::optional<core::AbcdReport> report_;
  std::optional<core::FrequencyResponse> response_;
  std::optional<core::FrequencyPlan> plan_;
  bool planned_ = true;           // the range is the plan's, not the user's
  bool settingControls_ = false;  // the window itself is filling the controls
  std::vector<double> frequencies_;
  core::FrequencySweep transfer_;
  core::FrequencySweep mikhailov_;
  int k_ = 0;
  int m_ = 0;
};

}  // namespace kelvin::gui
