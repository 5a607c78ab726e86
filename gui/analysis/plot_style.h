#pragma once
// The look the analysis plots share with the scopes: the scopes' trace colours,
// a boxed axis rectangle, a light grid and the zero lines, drag and wheel zoom.

#include <QColor>

class QCustomPlot;
class QCPAxisRect;

namespace kelvin::gui {

/// The k-th trace colour (the scopes' palette).
QColor plotColor(int k);
/// Boxes the plot's main axis rectangle, turns on drag/zoom and a legend in the top right.
void stylePlot(QCustomPlot* plot);
/// Makes `rect`'s x axis logarithmic (frequency in Hz).
void useLogFrequencyAxis(QCPAxisRect* rect);

}  // namespace kelvin::gui
