#pragma once
// The scope tool bar's list of the run's signals, to choose which ones a scope
// plots: a filter field over a list of check boxes (a large model records
// hundreds of signals). Every change of a check box emits chosen() with the
// checked names in the run's order.

#include <QFrame>
#include <QStringList>

class QLineEdit;
class QListWidget;

namespace kelvin::gui {

class SignalChooser : public QFrame {
  Q_OBJECT

 public:
  explicit SignalChooser(QWidget* parent = nullptr);

  /// Lists `available` with those in `checked` ticked, and clears the filter.
  void setSignals(const QStringList& available, const QStringList& checked);
  QStringList checkedSignals() const;
  QLineEdit* filter() const { return filter_; }
  QListWidget* list() const { return list_; }

 Q_SIGNALS:
  void chosen(const QStringList& signalNames);

 private:
  void applyFilter(const QString& text);

  QLineEdit* filter_;
  QListWidget* list_;
  bool filling_ = false;
};

}  // namespace kelvin::gui
