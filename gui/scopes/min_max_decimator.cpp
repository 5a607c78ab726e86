#include "scopes/min_max_decimator.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace kelvin::gui {

QVector<QCPGraphData> decimateMinMax(std::span<const double> times, std::span<const double> values,
                                     const TimeAxisView& view) {
  QVector<QCPGraphData> out;
  const std::size_t n = std::min(times.size(), values.size());
  if (n == 0) return out;
  // [begin, end): the samples inside the range, widened by one on each side.
  std::size_t begin = static_cast<std::size_t>(std::lower_bound(times.begin(), times.begin() + n, view.lower) -
                                               times.begin());
  std::size_t end = static_cast<std::size_t>(std::upper_bound(times.begin(), times.begin() + n, view.upper) -
                                             times.begin());
  if (begin > 0) --begin;
  if (end < n) ++end;
  const int columns = std::max(1, view.columns);
  if (end - begin <= static_cast<std::size_t>(4 * columns)) {
    out.reserve(static_cast<qsizetype>(end - begin));
    for (std::size_t i = begin; i < end; ++i) out.append(QCPGraphData(times[i], values[i]));
    return out;
  }
  const bool log = view.logarithmic && view.lower > 0;
  const double origin = log ? std::log10(view.lower) : view.lower;
  const double span = (log ? std::log10(view.upper) : view.upper) - origin;
  const double perColumn = span > 0 ? columns / span : 0.0;
  auto columnOf = [&](double t) {
    const double x = log ? (t > 0 ? std::log10(t) : origin - 1) : t;
    return static_cast<long>(std::floor((x - origin) * perColumn));
  };
  out.reserve(4 * columns + 8);
  std::size_t i = begin;
  while (i < end) {
    const long column = columnOf(times[i]);
    std::size_t first = i, low = i, high = i, last = i;
    for (++i; i < end && columnOf(times[i]) == column; ++i) {
      if (values[i] < values[low]) low = i;
      if (values[i] > values[high]) high = i;
      last = i;
    }
    std::array<std::size_t, 4> picks{first, low, high, last};
    std::sort(picks.begin(), picks.end());
    const std::size_t* uniqueEnd = std::unique(picks.begin(), picks.end());
    for (const std::size_t* p = picks.begin(); p != uniqueEnd; ++p) out.append(QCPGraphData(times[*p], values[*p]));
  }
  return out;
}

}  // namespace kelvin::gui
