#pragma once
// Two vertical (time) and two horizontal (value) cursors on a scope's plot,
// dragged with the mouse (grab a line within a few pixels). While a cursor is
// dragged, the plot's own panning is off. The scope reads their positions for
// the Δt, 1/Δt, Δy and value readouts.

#include <array>

#include <QObject>

class QCustomPlot;
class QCPItemStraightLine;
class QMouseEvent;

namespace kelvin::gui {

class ScopeCursors : public QObject {
  Q_OBJECT

 public:
  explicit ScopeCursors(QCustomPlot* plot);

  bool isVisible() const { return visible_; }
  /// Shows or hides all four; shown for the first time, they sit at a third and two thirds of the view.
  void setVisible(bool visible);

  double time(int k) const { return times_[static_cast<std::size_t>(k)]; }
  double value(int k) const { return values_[static_cast<std::size_t>(k)]; }
  void setTimes(double t1, double t2);
  void setValues(double y1, double y2);

 Q_SIGNALS:
  void moved();

 private:
  void place();
  void onPress(QMouseEvent* event);
  void onMove(QMouseEvent* event);
  void onRelease(QMouseEvent* event);

  QCustomPlot* plot_;
  std::array<QCPItemStraightLine*, 2> vertical_{};
  std::array<QCPItemStraightLine*, 2> horizontal_{};
  std::array<double, 2> times_{0.0, 0.0};
  std::array<double, 2> values_{0.0, 0.0};
  bool visible_ = false;
  bool placed_ = false;
  /// 0, 1: vertical cursor k is dragged; 2, 3: horizontal cursor k − 2; -1: none.
  int dragged_ = -1;
};

}  // namespace kelvin::gui
