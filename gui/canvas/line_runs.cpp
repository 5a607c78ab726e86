#include "canvas/line_runs.h"

#include <algorithm>

namespace kelvin::gui {

bool LineRuns::clip(Run& run, bool vertical, const QRectF& area) {
  const double low = vertical ? area.top() : area.left(), high = vertical ? area.bottom() : area.right();
  const double across0 = vertical ? area.left() : area.top(), across1 = vertical ? area.right() : area.bottom();
  if (run.at < across0 || run.at > across1 || run.to < low || run.from > high) return false;
  run.from = std::max(run.from, low);
  run.to = std::min(run.to, high);
  return true;
}

bool LineRuns::add(int group, QPointF p, QPointF q, double before, double after) {
  if (p.y() != q.y() && p.x() != q.x()) return false;
  const bool vertical = p.x() == q.x() && p.y() != q.y();
  const double a = vertical ? p.y() : p.x(), b = vertical ? q.y() : q.x();
  Run run{vertical ? p.x() : p.y(), a < b ? a - before : b - after, a < b ? b + after : a + before};
  if (!clip(run, vertical, area_)) return true;
  const std::size_t bucket = 2 * static_cast<std::size_t>(group) + (vertical ? 1 : 0);
  if (runs_.size() <= bucket) runs_.resize(bucket + 1);
  runs_[bucket].push_back(run);
  return true;
}

std::optional<QLineF> LineRuns::clipped(const QLineF& line, const QRectF& area) {
  const bool vertical = line.x1() == line.x2() && line.y1() != line.y2();
  const double a = vertical ? line.y1() : line.x1(), b = vertical ? line.y2() : line.x2();
  Run run{vertical ? line.x1() : line.y1(), std::min(a, b), std::max(a, b)};
  if (!clip(run, vertical, area)) return std::nullopt;
  return run.line(vertical);
}

void LineRuns::mergeInto(std::vector<std::vector<QLineF>>& lines) {
  for (std::size_t bucket = 0; bucket < runs_.size(); ++bucket) {
    std::vector<Run>& runs = runs_[bucket];
    if (runs.empty()) continue;
    const std::size_t group = bucket / 2;
    const bool vertical = bucket % 2 == 1;
    if (lines.size() <= group) lines.resize(group + 1);
    std::sort(runs.begin(), runs.end(),
              [](const Run& a, const Run& b) { return a.at < b.at || (a.at == b.at && a.from < b.from); });
    for (std::size_t i = 0; i < runs.size();) {
      Run merged = runs[i];
      for (++i; i < runs.size() && runs[i].at == merged.at && runs[i].from <= merged.to; ++i)
        merged.to = std::max(merged.to, runs[i].to);
      lines[group].push_back(merged.line(vertical));
    }
    runs.clear();
  }
}

}  // namespace kelvin::gui
