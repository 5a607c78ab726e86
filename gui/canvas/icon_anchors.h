#pragma once
// Where an icon's leads end on its frame: the points of its line work that
// lie on the edges of the 60 x 40 view box (a resistor's leads end at (0, 20)
// and (60, 20), a ground's at (30, 0)). PortLayout puts the ports there, so
// the wires meet the leads whatever the icon's author chose. Reads the
// `d` of <path> elements (M, L, H, V in absolute and relative form; the
// endpoints of curves and arcs) and <line> elements.

#include <vector>

#include <QByteArray>
#include <QPointF>

namespace kelvin::gui {

class IconAnchors {
 public:
  /// The lead ends of an SVG icon on its view box's frame, in view box coordinates.
  static std::vector<QPointF> fromSvg(const QByteArray& svg);
};

}  // namespace kelvin::gui
