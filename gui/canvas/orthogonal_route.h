#pragma once
// The orthogonal path of a wire between two ports.
//
// A wire is stored as its two endpoints and, optionally, the routing points
// between them (Connection::points). Without points the route is chosen
// here: it leaves each port along the port's outward normal and takes the
// candidate with the fewest bends that does not double back into either
// block. With points, the path runs through them in order; wherever two
// consecutive points are not on one horizontal or vertical line an elbow is
// inserted (leaving a port along its normal's axis, arriving the same way),
// so a wire stays orthogonal however its blocks move.

#include <vector>

#include <QPointF>
#include <QPolygonF>
#include <QRectF>

namespace kelvin::gui {

struct RouteEnd {
  QPointF pos;
  QPointF normal;  // unit vector out of the port's block; (0, 0) for a free end (the mouse)
  QRectF block;    // the block's body to keep out of; empty for none
};

/// The polyline from `a` to `b`, first and last vertices `a.pos` and `b.pos`,
/// every segment horizontal or vertical, without repeated or collinear vertices.
QPolygonF orthogonalRoute(const RouteEnd& a, const RouteEnd& b, const std::vector<QPointF>& points);

/// `polyline` without repeated vertices and without vertices in the middle of
/// a straight run (a vertex where the path doubles back is kept).
QPolygonF simplifyPolyline(const QPolygonF& polyline);

}  // namespace kelvin::gui
