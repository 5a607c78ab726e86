#pragma once
// The noise spectrum of a paused or finished run (DESIGN.md, "Noise"): the
// one-sided PSD at each noise sensor, the noise integrated over the band, and
// the noise budget of the chosen sensor: every source's share, largest first.
// The band and the number of log-spaced points default to those of the poles
// (core::FrequencyPlan, as `kelvin-cli noise --psd`) and are shown in the
// range controls once computed; edited and applied, they are the user's until
// Defaults. Refinement (around the poles and where the PSD curves) is on unless
// unticked. A warning line says when the integral cannot be trusted to 1e-3.
// Export writes the PSD as CSV (`freq_hz,<sensor>.psd...`, as the CLI).

#include <optional>

#include <QWidget>

#include "run/noise_run.h"

class QCheckBox;
class QComboBox;
class QCustomPlot;
class QLabel;
class QLineEdit;
class QSpinBox;
class QTableWidget;

namespace kelvin::gui {

class NoiseSpectrumWindow : public QWidget {
  Q_OBJECT

 public:
  explicit NoiseSpectrumWindow(QWidget* parent = nullptr);

  void setBusy(double time);
  void setSpectrum(const core::NoiseSpectrum& spectrum, double time);
  void setError(const QString& message);

  const core::NoiseSpectrum* spectrum() const { return spectrum_ ? &*spectrum_ : nullptr; }
  QTableWidget* budget() const { return budget_; }
  /// Shows the budget of output `index` (noiseOutputNames order).
  void showBudget(int index);
  /// The sweep the controls ask for: the defaults until the user has applied a range of his own.
  core::NoiseSweep sweep() const;
  /// The warnings shown (empty: the integral is trusted to 1e-3).
  QString warningText() const;
  /// Writes the spectrum as CSV to `path` (atomically). Returns false with the reason in *error.
  bool exportCsv(const QString& path, QString* error) const;

 Q_SIGNALS:
  /// The user asked for the spectrum over sweep() (Apply, or Defaults).
  void sweepRequested();

 private:
  void exportInteractively();

  QLabel* status_;
  QLabel* warning_;
  QLineEdit* fmin_;
  QLineEdit* fmax_;
  QSpinBox* points_;
  QCheckBox* refine_;
  QCustomPlot* plot_;
  QComboBox* output_;
  QLabel* total_;
  QTableWidget* budget_;
  std::optional<core::NoiseSpectrum> spectrum_;
  bool custom_ = false;  // the range controls hold the user's values, not the defaults
};

}  // namespace kelvin::gui
