#include "canvas/line_runs.h"

#include <algorithm>
#include <tuple>

namespace kelvin::gui {

bool LineRuns::add(int group, QPointF p, QPointF q, double before, double after) {
  if (p.y() != q.y() && p.x() != q.x()) return false;
  const bool vertical = p.x() == q.x() && p.y() != q.y();
  const double at = vertical ? p.x() : p.y();
  const double a = vertical ? p.y() : p.x(), b = vertical ? q.y() : q.x();
  const double from = a < b ? a - before : b - after, to = a < b ? b + after : a + before;
  const double low = vertical ? area_.top() : area_.left(), high = vertical ? area_.bottom() : area_.right();
  const double across0 = vertical ? area_.left() : area_.top(), across1 = vertical ? area_.right() : area_.bottom();
  if (at < across0 || at > across1 || to < low || from > high) return true;
  runs_.push_back({group, vertical, at, std::max(from, low), std::min(to, high)});
  return true;
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
    lines[merged.group].push_back(merged.vertical ? QLineF(merged.at, merged.from, merged.at, merged.to)
                                                  : QLineF(merged.from, merged.at, merged.to, merged.at));
  }
  runs_.clear();
}

}  // namespace kelvin::gui
