#pragma once
// The noise spectrum of a paused or finished run (DESIGN.md, "Noise"): the
// one-sided PSD at each noise sensor over the model's natural band (three
// decades beyond its poles, 200 log-spaced points, as `kelvin-cli noise --psd`),
// the noise integrated over that band, and the noise budget of the chosen
// sensor: every source's share, largest first.

#include <optional>

#include <QWidget>

#include "run/noise_run.h"

class QComboBox;
class QCustomPlot;
class QLabel;
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

 private:
  QLabel* status_;
  QCustomPlot* plot_;
  QComboBox* output_;
  QLabel* total_;
  QTableWidget* budget_;
  std::optional<core::NoiseSpectrum> spectrum_;
};

}  // namespace kelvin::gui
