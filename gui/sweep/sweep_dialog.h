#pragma once
// Simulation ▸ Sweep…: the parameters to vary (a block parameter of the model with
// its values — "1k, 2.2k", "lin(a,b,n)", "log(a,b,n)" — or its distribution —
// "normal(mean,sd%)", "uniform(a,b)"), the Monte Carlo runs and seed, the measures
// (NAME=EXPR, one per line, as `kelvin-cli sweep --measure`) and the threads.
// Accepting checks the texts (kelvin-cli's parsers) and says what is wrong in the
// dialog; the model-dependent checks come when the sweep starts.

#include <optional>

#include <QDialog>
#include <QStringList>

#include "sweep/sweep_request.h"

class QLabel;
class QPlainTextEdit;
class QSpinBox;
class QTableWidget;

namespace kelvin::gui {

class SweepDialog : public QDialog {
  Q_OBJECT

 public:
  /// `parameters` lists the model's numeric parameters ("R1.R") for the parameter column.
  explicit SweepDialog(const QStringList& parameters, QWidget* parent = nullptr);

  /// Adds a row (the dialog starts with one).
  void addParameterRow(const QString& parameter = {}, const QString& values = {});
  QTableWidget* parameterTable() const { return table_; }
  QPlainTextEdit* measuresEdit() const { return measures_; }
  QSpinBox* monteCarloRuns() const { return runs_; }
  QSpinBox* seed() const { return seed_; }
  QSpinBox* threads() const { return threads_; }
  /// The request the texts make, or nullopt (and the reason in the dialog).
  std::optional<SweepRequest> request();

  void accept() override;

 private:
  void updateSummary();

  QStringList parameters_;
  QTableWidget* table_;
  QSpinBox* runs_;
  QSpinBox* seed_;
  QSpinBox* threads_;
  QPlainTextEdit* measures_;
  QLabel* summary_;
};

}  // namespace kelvin::gui
