#pragma once
// One trace of one run on a scope's plot: the line (decimated for display),
// and for a signal with noise the shaded band mean ± kσ and, when the run
// has one, the synthesised noisy realisation. Owns its QCPGraphs (they are
// removed from the plot with it). The data stays in the RunResult.

#include <vector>

#include <QColor>
#include <QPointer>
#include <QString>

#include "scopes/min_max_decimator.h"

class QCustomPlot;
class QCPGraph;

namespace kelvin::gui {

class RunResult;

class TracePlot {
 public:
  /// `run` must outlive the TracePlot or be null-checked through the QPointer; `signal` indexes its signals.
  /// `overlay`: an earlier run drawn for comparison (dashed, lighter, no band).
  TracePlot(QCustomPlot* plot, RunResult* run, int signal, const QString& name, QColor color, bool overlay);
  ~TracePlot();
  TracePlot(const TracePlot&) = delete;
  TracePlot& operator=(const TracePlot&) = delete;

  RunResult* run() const { return run_; }
  int signal() const { return signal_; }
  const QString& name() const { return name_; }
  QCPGraph* line() const { return line_; }
  bool hasBand() const;
  /// The band's edges mean + kσ and mean − kσ (decimated like the line), or nullptr without noise.
  QCPGraph* upperBand() const { return upper_; }
  QCPGraph* lowerBand() const { return lower_; }
  /// The band's half width is k·σ.
  void setSigmaFactor(double k);
  void setNoisyVisible(bool visible);
  /// Re-decimates every graph for `view` (after new data or a change of range).
  void refresh(const TimeAxisView& view);

 private:
  void updateBandCache();

  QCustomPlot* plot_;
  QPointer<RunResult> run_;
  int signal_;
  QString name_;
  QCPGraph* line_;
  QCPGraph* upper_ = nullptr;
  QCPGraph* lower_ = nullptr;
  QCPGraph* noisy_ = nullptr;
  double sigmaFactor_ = 3.0;
  bool noisyVisible_ = true;
  std::vector<double> upperValues_;
  std::vector<double> lowerValues_;
};

}  // namespace kelvin::gui
