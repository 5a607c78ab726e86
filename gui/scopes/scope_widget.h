#pragma once
// A scope: the chosen signals of the current run plotted against time
// (QCustomPlot), streaming while the run goes, with a legend, autoscale,
// zoom of one axis or both, panning, log axes, cursors with Δt, 1/Δt and Δy
// readouts, and min / max / RMS of the visible range. A signal with noise is
// drawn as its mean with the shaded band mean ± kσ (and a noisy realisation
// when the run has one); σ under the first cursor is read out. The previous
// run can be overlaid (dashed) for comparison. Long traces are decimated per
// pixel column of the plot's current width (again whenever the width, the
// range or the data change); RunResult keeps the full data for export.
// A scope given no signal list (a free scope) shows the first
// kDefaultTraceCount signals of the run; the window's chooser picks others.

#include <memory>
#include <vector>

#include <QPointer>
#include <QStringList>
#include <QWidget>

class QCustomPlot;
class QLabel;
class QTimer;

namespace kelvin::gui {

class RunHistory;
class RunResult;
class ScopeCursors;
class TracePlot;

class ScopeWidget : public QWidget {
  Q_OBJECT

 public:
  /// `history` must outlive the widget.
  explicit ScopeWidget(RunHistory* history, QWidget* parent = nullptr);
  ~ScopeWidget() override;

  /// Traces a scope without a signal list shows: a large model records hundreds of signals.
  static constexpr int kDefaultTraceCount = 8;

  /// The signals to plot ("VC.y"), those the run recorded of them; an empty list plots none.
  /// Until it is called, a scope plots the first kDefaultTraceCount signals of each run.
  void setSignals(const QStringList& signalNames);
  /// The list given to setSignals(); empty while the default signals are shown.
  const QStringList& signalNames() const { return signals_; }
  /// The signals of the current run that are plotted (those of signalNames() it recorded).
  QStringList shownSignals() const;

  void setOverlayPrevious(bool on);
  bool overlaysPrevious() const { return overlay_; }
  /// k of the band mean ± kσ (default 3; each run with noise sets it from its settings).
  void setSigmaFactor(double k);
  double sigmaFactor() const { return sigmaFactor_; }
  void setNoisyTraceVisible(bool visible);
  void setLogTime(bool on);
  void setLogValue(bool on);
  /// Which axes the mouse wheel zooms and dragging pans: Qt::Horizontal, Qt::Vertical or both.
  void setZoomOrientations(Qt::Orientations orientations);
  /// Fits both axes to the data and follows new data until the user zooms or pans.
  void autoscale();

  QCustomPlot* plot() const { return plot_; }
  ScopeCursors* cursors() const { return cursors_; }
  /// The run shown (the newest), or nullptr.
  RunResult* currentRun() const;
  /// The traces drawn, current run first, then the overlaid run.
  const std::vector<std::unique_ptr<TracePlot>>& traces() const { return traces_; }
  /// The readout under the plot (statistics of the visible range, cursor values).
  QString readoutText() const;

  /// Re-decimates and redraws now (normally done on a timer after new data or a zoom, no
  /// sooner than three times what the last refresh and replot took).
  void refresh();

 Q_SIGNALS:
  void sigmaFactorChanged(double k);

 private:
  void rebuild();
  void watch(RunResult* run);
  void scheduleRefresh();
  void fitToData();
  void updateReadout();

  RunHistory* history_;
  QCustomPlot* plot_;
  ScopeCursors* cursors_;
  QLabel* readout_;
  QTimer* refreshTimer_;
  QStringList signals_;
  bool defaultSignals_ = true;
  std::vector<std::unique_ptr<TracePlot>> traces_;
  bool overlay_ = false;
  double sigmaFactor_ = 3.0;
  bool noisyVisible_ = true;
  bool follow_ = true;
  bool refreshing_ = false;
  /// The axis rect's width in pixels when the traces were last decimated.
  int decimatedColumns_ = -1;
  /// How long the last refresh() took, decimation and statistics (the replot is timed by QCustomPlot).
  double lastRefreshMs_ = 0.0;
};

}  // namespace kelvin::gui
