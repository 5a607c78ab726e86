#pragma once
// Horizontal and vertical segments gathered in groups (one per pen), clipped to an area, and
// merged where segments of one group lie on the same line and overlap or touch: thousands of
// wires running into one node share their last segments, which are then drawn once. Used by
// WireLayer (scene coordinates) and OverviewPainter (device pixels).

#include <vector>

#include <QLineF>
#include <QRectF>

namespace kelvin::gui {

class LineRuns {
 public:
  /// Segments are clipped to `area`.
  explicit LineRuns(const QRectF& area) : area_(area) {}

  /// Adds the segment `p`–`q` to group `group` (0, 1, ...), grown by `before` beyond `p` and by
  /// `after` beyond `q`; nothing when it misses the area. False (nothing added) when it is
  /// neither horizontal nor vertical.
  bool add(int group, QPointF p, QPointF q, double before = 0, double after = 0);
  /// Appends the merged lines of each group to lines[group] (grown to hold every group).
  void mergeInto(std::vector<std::vector<QLineF>>& lines);

 private:
  /// A piece of the horizontal (or vertical) line at `at`, from `from` to `to` along it.
  struct Run {
    int group;
    bool vertical;
    double at, from, to;
  };

  QRectF area_;
  std::vector<Run> runs_;
};

}  // namespace kelvin::gui
