#pragma once
// Horizontal and vertical segments gathered in groups (one per pen), clipped to an area, and
// merged where segments of one group lie on the same line and overlap or touch: thousands of
// wires running into one node share their last segments, which are then drawn once. Used by
// WireLayer each frame, in scene coordinates clipped to what it exposes (OverviewGeometry keeps
// its runs sorted from one change to the next instead); OverviewPainter clips the overview's
// merged lines alone (clipped) once it has mapped them to the viewport.

#include <optional>
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

  /// A horizontal or vertical `line` clipped to `area` as add() clips, drawn from its lower end
  /// to its higher as mergeInto() draws it; nothing when it misses the area.
  static std::optional<QLineF> clipped(const QLineF& line, const QRectF& area);

 private:
  /// A piece of a horizontal (or vertical) line at `at`, from `from` to `to` along it.
  struct Run {
    double at, from, to;
    QLineF line(bool vertical) const { return vertical ? QLineF(at, from, at, to) : QLineF(from, at, to, at); }
  };

  /// `run` clipped to `area`; false when it misses it.
  static bool clip(Run& run, bool vertical, const QRectF& area);

  QRectF area_;
  // The runs of group g: its horizontal ones in runs_[2 g], its vertical ones in runs_[2 g + 1]
  // (each sorted alone: cheaper than one sort of all of them by group and direction too). Their
  // memory is kept from one merge to the next.
  std::vector<std::vector<Run>> runs_;
};

}  // namespace kelvin::gui
