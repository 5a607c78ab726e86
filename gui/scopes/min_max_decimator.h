#pragma once
// Display decimation for long traces: of the samples inside the visible time
// range, keep per pixel column the first, the smallest, the largest and the
// last (in time order), so a trace of 10^6 points draws as a few thousand
// without losing a peak. Also keeps one sample either side of the range so
// the line reaches the plot's edges. The full data stays in RunResult for
// export and statistics.

#include <span>
#include <vector>

#include <QVector>

#include "qcustomplot.h"

namespace kelvin::gui {

struct TimeAxisView {
  double lower = 0.0;
  double upper = 1.0;
  /// Pixel columns are evenly spaced in log10(t) instead of t.
  bool logarithmic = false;
  int columns = 1000;
};

/// The points of (times[i], values[i]) to draw in `view`. `times` ascending;
/// values.size() >= times.size() is not required: the shorter length counts.
QVector<QCPGraphData> decimateMinMax(std::span<const double> times, std::span<const double> values,
                                     const TimeAxisView& view);

}  // namespace kelvin::gui
