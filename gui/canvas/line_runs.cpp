#include "canvas/line_runs.h"

#include <algorithm>
#include <tuple>

namespace kelvin::gui {

bool LineRuns::clip(Run& run, const QRectF& area) {
  const double low = run.vertical ? area.top() : area.left(), high = run.vertical ? area.bottom() : area.right();
  const double across0 = run.vertical ? area.left() : area.top(), across1 = run.vertical ? area.right() : area.bottom();
  if (run.at < across0 || run.at > across1 || run.to < low || run.from > high) return false;
  run.from = std::max(run.from, low);
  run.to = std::min(run.to, high);
  return true;
}

bool LineRuns::add(int group, QPointF p, QPointF q, double before, double after) {
  if (p.y() != q.y() && p.x() != q.x()) return false;
  const bool vertical = p.x() == q.x() && p.y() != q.y();
  const double a = vertical ? p.y() : p.x(), b = vertical ? q.y() : q.x();
  Run run{group, vertical, vertical ? p.x() : p.y(), a < b ? a - before : b - after, a < b ? b + after : a + before};
  if (clip(run, area_)) runs_.push_back(run);
  return true;
}

std::optional<QLineF> LineRuns::clipped(const QLineF& line, const QRectF& area) {
  const bool vertical = line.x1() == line.x2() && line.y1() != line.y2();
  const double a = vertical ? line.y1() : line.x1(), b = vertical ? line.y2() : line.x2();
  Run run{0, vertical, vertical ? line.x1() : line.y1(), std::min(a, b), std::max(a, b)};
  if (!clip(run, area)) return std::nullopt;
  return run.line();
}

void LineRuns::mergeInto(std::vector<std::vector<QLineF>>& lines) {
  std::sort(runs_.begin(), runs_.end(), [](const Run& a, const Run& b) {
    return std::tie(a.group, a.vertical, a.at, a.from) < std::tie(b.group, b.vertical, b.at, b.from);
  });
  for (std::size_t i = 0; i < runs_.size();) {
    Run merged = runs_[i];
    for (++i; i < runs_.size() && runs_[i].group == merged.group && runs_[i].vertical == merged.vertical &&
              runs_[i].at == merged.at && runs_[i].from <= merged.to;
         ++i)
      merged.to = std::max(merged.to, runs_[i].to);
    if (lines.size() <= static_cast<std::size_t>(merged.group)) lines.resize(merged.group + 1);
    lines[merged.group].push_back(merged.line());
  }
  runs_.clear();
}

}  // namespace kelvin::gui
