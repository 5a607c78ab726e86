#pragma once
// The window of a running or finished sweep: a progress bar with the runs made,
// the estimated time left and Cancel; the runs of a chosen signal overlaid with
// the band of their spread (min/max or mean ± σ); a measure against a parameter
// (scatter) or its histogram; and the table of runs. When the sweep ends, the
// spread of every signal is handed to the scopes as one more run, drawn as its
// mean with the band mean ± σ.

#include <memory>

#include <QWidget>

#include "sweep/sweep_request.h"

class QComboBox;
class QCustomPlot;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace kelvin::core {
class BlockRegistry;
struct Model;
}

namespace kelvin::gui {

class RunHistory;
class SweepJob;

class SweepWindow : public QWidget {
  Q_OBJECT

 public:
  /// Starts the sweep. `registry` and `history` (may be null: no scope run) must outlive the window.
  SweepWindow(const core::Model& model, const core::BlockRegistry& registry, const QString& file, SweepRequest request,
              RunHistory* history, QWidget* parent = nullptr);
  ~SweepWindow() override;

  SweepJob* job() const { return job_; }
  QProgressBar* progress() const { return progress_; }
  QPushButton* cancelButton() const { return cancel_; }
  QTableWidget* table() const { return table_; }
  QCustomPlot* runsPlot() const { return runsPlot_; }
  QCustomPlot* measurePlot() const { return measurePlot_; }
  QComboBox* signalChoice() const { return signal_; }
  QComboBox* bandChoice() const { return band_; }
  QComboBox* measureChoice() const { return measure_; }
  QComboBox* axisChoice() const { return axis_; }
  QLabel* status() const { return status_; }

 Q_SIGNALS:
  /// The sweep has ended (finished, cancelled or refused) and the window shows its results.
  void ended();

 private:
  void onStarted(long runs);
  void onProgress(long done, long total, double secondsLeft);
  void onFinished(bool cancelled);
  void onFailed(const QString& message);
  void plotRuns();
  void plotMeasure();
  void fillTable();
  void publishToScopes();

  RunHistory* history_;
  SweepJob* job_;
  QLabel* status_;
  QProgressBar* progress_;
  QLabel* eta_;
  QPushButton* cancel_;
  QComboBox* signal_;
  QComboBox* band_;
  QCustomPlot* runsPlot_;
  QComboBox* measure_;
  QComboBox* axis_;
  QCustomPlot* measurePlot_;
  QTableWidget* table_;
};

}  // namespace kelvin::gui
