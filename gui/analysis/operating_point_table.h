#pragma once
// The Operating Point panel: the values of the last DC operating point as a
// table (signal, value, unit), sortable by any column (values numerically),
// filtered by a text typed above it, copied to the clipboard (the selected rows,
// or all shown) and exported as CSV `signal,value,unit` with the values written
// as kelvin-cli op writes them (%.17g), through a temporary file renamed into
// place. A line above the table says what it shows: solving, the error naming
// the blocks, or that the model changed since.

#include <QWidget>

#include "analysis/operating_point_values.h"

class QLabel;
class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QStandardItemModel;
class QTableView;

namespace kelvin::gui {

class OperatingPointTable : public QWidget {
  Q_OBJECT

 public:
  explicit OperatingPointTable(QWidget* parent = nullptr);

  /// Shows `values`, replacing the rows.
  void setValues(const OperatingPointValues& values);
  /// Removes the rows and shows how to solve.
  void clear();
  /// Says that a solve is going (the rows stay until its answer).
  void showSolving();
  /// Shows why there is no operating point and removes the rows.
  void showError(const QString& error);
  /// Says whether the rows belong to an earlier version of the model.
  void setStale(bool stale);

  /// The message line above the table.
  QString message() const;
  QTableView* view() const { return view_; }
  /// The rows as shown (filtered and sorted): signal, value, unit.
  int rowCount() const;
  QString signalAt(int row) const;
  double valueAt(int row) const;
  QString unitAt(int row) const;

  /// The rows shown, as CSV `signal,value,unit` (only the selected ones when `selectedOnly`).
  QString csv(bool selectedOnly) const;
  /// Writes csv(false) to `path` atomically; on failure returns false and sets *error.
  bool exportCsv(const QString& path, QString* error) const;

 private:
  void copy();
  void exportWithDialog();

  QLabel* message_;
  QLineEdit* filter_;
  QTableView* view_;
  QStandardItemModel* model_;
  QSortFilterProxyModel* proxy_;
  QPushButton* copy_;
  QPushButton* export_;
  QString text_;  // the message without the stale remark
  bool error_ = false;
};

}  // namespace kelvin::gui
