#pragma once
// The combined ABCD matrix of a paused or finished run in the K2 layout: one
// row per coordinate labelled by its solver (1/z, 1/e, 1/s, S&H, =0), then one
// per output (Out k); a column per coordinate and one for the input u. Each
// cell shows the number to 6 digits and keeps the double (Qt::UserRole). Copy
// puts the selection (or the whole table) on the clipboard as tab-separated
// text; Export writes JSON, CSV or an Octave script (core/linearize/abcd_export).

#include <optional>

#include <QWidget>

#include "linearize/abcd_export.h"

class QLabel;
class QTableWidget;

namespace kelvin::gui {

class AbcdTableWindow : public QWidget {
  Q_OBJECT

 public:
  explicit AbcdTableWindow(QWidget* parent = nullptr);

  /// Says that the identification at `time` is under way (the table empties).
  void setBusy(double time);
  void setReport(const core::AbcdReport& report);
  void setError(const QString& message);

  /// The report shown, or nullptr while there is none.
  const core::AbcdReport* report() const { return report_ ? &*report_ : nullptr; }
  QTableWidget* table() const { return table_; }

  /// The table (the selected cells only when a range is selected) as tab-separated text with
  /// the labels, numbers at full precision.
  QString tableText(bool selectionOnly) const;
  void copy() const;
  /// Writes the report to `path`: .json, .csv or .m by its suffix (JSON otherwise), atomically.
  /// Returns false with the reason in *error.
  bool exportTo(const QString& path, QString* error) const;

 private:
  void exportInteractively();

  QLabel* status_;
  QTableWidget* table_;
  std::optional<core::AbcdReport> report_;
};

}  // namespace kelvin::gui
