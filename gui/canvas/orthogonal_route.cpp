#include "canvas/orthogonal_route.h"

#include <cmath>
#include <limits>

namespace kelvin::gui {

namespace {

constexpr double kLead = 10;  // straight run out of a port before the first bend
constexpr double kGrid = 10;

bool near(double a, double b) { return std::abs(a - b) < 1e-6; }

bool horizontal(QPointF n) { return std::abs(n.x()) > std::abs(n.y()); }

double snap(double v) { return std::round(v / kGrid) * kGrid; }

double dot(QPointF a, QPointF b) { return a.x() * b.x() + a.y() * b.y(); }

/// Does the segment p-q pass through the inside of `r` (shrunk a little, so running along an edge is fine)?
bool crosses(QPointF p, QPointF q, const QRectF& r) {
  if (r.isEmpty()) return false;
  const QRectF inner = r.adjusted(2, 2, -2, -2);
  if (near(p.y(), q.y())) {
    if (p.y() <= inner.top() || p.y() >= inner.bottom()) return false;
    return std::max(p.x(), q.x()) > inner.left() && std::min(p.x(), q.x()) < inner.right();
  }
  if (p.x() <= inner.left() || p.x() >= inner.right()) return false;
  return std::max(p.y(), q.y()) > inner.top() && std::min(p.y(), q.y()) < inner.bottom();
}

double cost(const QPolygonF& path, const RouteEnd& a, const RouteEnd& b) {
  double length = 0;
  for (int i = 1; i < path.size(); ++i) length += std::abs(path[i].x() - path[i - 1].x()) + std::abs(path[i].y() - path[i - 1].y());
  double penalty = 20.0 * (path.size() - 2);  // per bend
  if (path.size() >= 2) {
    // Leaving against the port's normal, or arriving from inside the block, looks wrong.
    if (!a.normal.isNull() && dot(path[1] - path[0], a.normal) < 0) penalty += 1000;
    if (!b.normal.isNull() && dot(path[path.size() - 2] - path.back(), b.normal) < 0) penalty += 1000;
  }
  for (int i = 1; i < path.size(); ++i) {
    // Doubling back on itself.
    if (i >= 2 && dot(path[i] - path[i - 1], path[i - 1] - path[i - 2]) < 0) penalty += 1000;
    const bool firstOrLast = i == 1 || i == path.size() - 1;
    if (!firstOrLast && (crosses(path[i - 1], path[i], a.block) || crosses(path[i - 1], path[i], b.block)))
      penalty += 500;
  }
  return length + penalty;
}

/// Elbow between p and q when they are not aligned: turn so that the new segment
/// runs along `firstHorizontal` first.
QPointF elbow(QPointF p, QPointF q, bool firstHorizontal) {
  return firstHorizontal ? QPointF(q.x(), p.y()) : QPointF(p.x(), q.y());
}

}  // namespace

QPolygonF simplifyPolyline(const QPolygonF& polyline) {
  QPolygonF out;
  out.reserve(polyline.size());
  for (const QPointF& p : polyline) {
    if (!out.isEmpty() && near(out.back().x(), p.x()) && near(out.back().y(), p.y())) continue;
    if (out.size() >= 2) {
      const QPointF& a = out[out.size() - 2];
      const QPointF& m = out.back();
      const bool collinear = (near(a.x(), m.x()) && near(m.x(), p.x())) || (near(a.y(), m.y()) && near(m.y(), p.y()));
      if (collinear && dot(m - a, p - m) > 0) out.back() = p;
      else out.push_back(p);
    } else {
      out.push_back(p);
    }
  }
  return out;
}

QPolygonF orthogonalRoute(const RouteEnd& a, const RouteEnd& b, const std::vector<QPointF>& points) {
  if (!points.empty()) {
    QPolygonF path;
    path.reserve(static_cast<int>(points.size()) * 2 + 4);
    path << a.pos;
    const int n = static_cast<int>(points.size()) + 2;
    auto at = [&](int i) { return i == 0 ? a.pos : i == n - 1 ? b.pos : points[static_cast<std::size_t>(i - 1)]; };
    for (int i = 1; i < n; ++i) {
      const QPointF prev = path.back();
      const QPointF cur = at(i);
      if (!near(prev.x(), cur.x()) && !near(prev.y(), cur.y())) {
        bool firstHorizontal;
        if (i == 1 && !a.normal.isNull()) {
          firstHorizontal = horizontal(a.normal);
        } else if (i == n - 1 && !b.normal.isNull()) {
          firstHorizontal = !horizontal(b.normal);  // the last run must lie along b's normal
        } else if (path.size() >= 2) {
          firstHorizontal = !near(path[path.size() - 2].y(), prev.y());  // turn after a vertical run
        } else {
          firstHorizontal = true;
        }
        path << elbow(prev, cur, firstHorizontal);
      }
      path << cur;
    }
    return simplifyPolyline(path);
  }

  const QPointF na = a.normal.isNull() ? QPointF() : a.normal;
  const QPointF nb = b.normal.isNull() ? QPointF() : b.normal;
  const QPointF a1 = a.pos + na * kLead;
  const QPointF b1 = b.pos + nb * kLead;
  const double mx = snap((a1.x() + b1.x()) / 2);
  const double my = snap((a1.y() + b1.y()) / 2);
  // Detours around the blocks, for ports that face away from each other.
  const QRectF both = a.block.united(b.block);
  const double top = snap(std::min({a1.y(), b1.y(), both.isEmpty() ? a1.y() : both.top()}) - 20);
  const double bottom = snap(std::max({a1.y(), b1.y(), both.isEmpty() ? a1.y() : both.bottom()}) + 20);
  const double left = snap(std::min({a1.x(), b1.x(), both.isEmpty() ? a1.x() : both.left()}) - 20);
  const double right = snap(std::max({a1.x(), b1.x(), both.isEmpty() ? a1.x() : both.right()}) + 20);

  QPolygonF candidates[] = {
      {a.pos, a1, QPointF(b1.x(), a1.y()), b1, b.pos},
      {a.pos, a1, QPointF(a1.x(), b1.y()), b1, b.pos},
      {a.pos, a1, QPointF(mx, a1.y()), QPointF(mx, b1.y()), b1, b.pos},
      {a.pos, a1, QPointF(a1.x(), my), QPointF(b1.x(), my), b1, b.pos},
      {a.pos, a1, QPointF(a1.x(), top), QPointF(b1.x(), top), b1, b.pos},
      {a.pos, a1, QPointF(a1.x(), bottom), QPointF(b1.x(), bottom), b1, b.pos},
      {a.pos, a1, QPointF(left, a1.y()), QPointF(left, b1.y()), b1, b.pos},
      {a.pos, a1, QPointF(right, a1.y()), QPointF(right, b1.y()), b1, b.pos},
  };
  QPolygonF best;
  double bestCost = std::numeric_limits<double>::max();
  for (QPolygonF& candidate : candidates) {
    QPolygonF path = simplifyPolyline(candidate);
    const double c = cost(path, a, b);
    if (c < bestCost) {
      bestCost = c;
      best = std::move(path);
    }
  }
  return best;
}

}  // namespace kelvin::gui
