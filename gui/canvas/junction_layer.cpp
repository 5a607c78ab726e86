#include "canvas/junction_layer.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <utility>

#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include "canvas/port_item.h"
#include "canvas/wire_item.h"

namespace kelvin::gui {

namespace {

constexpr double kRadius = 3.2;

bool same(QPointF a, QPointF b) { return std::abs(a.x() - b.x()) < 1e-6 && std::abs(a.y() - b.y()) < 1e-6; }

/// The path of `wire` starting at `port` (reversed when the wire ends there).
QPolygonF from(const WireItem* wire, const PortItem* port) {
  QPolygonF path = wire->polyline();
  if (wire->fromPort() != port) std::reverse(path.begin(), path.end());
  return path;
}

/// Walks two paths that start at the same point along their shared route; `parted(at, da, db)`
/// is called where they part (the directions each leaves in), and the walk returns the point
/// reached with whether both paths still go on from there.
template <typename Parted>
QPointF walkShared(const QPolygonF& a, const QPolygonF& b, bool& bothGoOn, Parted parted) {
  int i = 0, j = 0;
  QPointF at = a.isEmpty() ? QPointF() : a[0];
  bothGoOn = false;
  while (i + 1 < a.size() && j + 1 < b.size()) {
    const QPointF da = a[i + 1] - at, db = b[j + 1] - at;
    const double la = std::hypot(da.x(), da.y()), lb = std::hypot(db.x(), db.y());
    if (la < 1e-9) { ++i; continue; }
    if (lb < 1e-9) { ++j; continue; }
    // Same direction?
    if (std::abs(da.x() / la - db.x() / lb) > 1e-6 || std::abs(da.y() / la - db.y() / lb) > 1e-6) {
      bothGoOn = true;
      parted(da, db);
      break;
    }
    if (std::abs(la - lb) < 1e-6) {
      at = a[++i];
      ++j;
    } else if (la < lb) {
      at = a[++i];
    } else {
      at = b[++j];
    }
  }
  return at;
}

/// Where two paths that start at the same point part, or nullopt when they part at once.
std::optional<QPointF> partingPoint(const QPolygonF& a, const QPolygonF& b) {
  bool bothGoOn = false;
  const QPointF at = walkShared(a, b, bothGoOn, [](QPointF, QPointF) {});
  if (same(at, a.isEmpty() ? QPointF() : a[0])) return std::nullopt;
  // Not a branch when one path simply ends on the other's route.
  if (same(at, a.back()) || same(at, b.back())) return std::nullopt;
  return at;
}

/// Orders paths that start at the same point as a depth-first walk of the tree they form:
/// along their shared route the one that ends first, then by the angle they part in. In this
/// order the parting points of all pairs are those of neighbours (each branch point lies between
/// two neighbouring subtrees), so a port with k wires costs k log k walks instead of k².
bool routeBefore(const QPolygonF& a, const QPolygonF& b) {
  bool bothGoOn = false;
  bool before = false;
  const QPointF at = walkShared(a, b, bothGoOn, [&](QPointF da, QPointF db) {
    before = std::atan2(da.y(), da.x()) < std::atan2(db.y(), db.x());
  });
  if (bothGoOn) return before;
  const bool aEnds = same(at, a.back()), bEnds = same(at, b.back());
  return aEnds && !bEnds;
}

/// Dots already placed, found by their position rounded to a micro-unit.
class DotSet {
 public:
  bool insert(QPointF p) { return keys_.insert({std::llround(p.x() * 1e6), std::llround(p.y() * 1e6)}).second; }

 private:
  std::set<std::pair<long long, long long>> keys_;
};

}  // namespace

JunctionLayer::JunctionLayer() {
  setFlag(ItemUsesExtendedStyleOption);  // paint() draws only the dots in the exposed area
  setZValue(1);
  setAcceptedMouseButtons(Qt::NoButton);
}

std::vector<JunctionLayer::Dot> JunctionLayer::dotsAt(const PortItem* port) {
  std::vector<std::pair<QPolygonF, const WireItem*>> routes;
  for (const WireItem* wire : port->wires())
    if (wire->isVisible() && wire->polyline().size() >= 2) routes.emplace_back(from(wire, port), wire);
  if (routes.size() < 2) return {};
  const QColor first = routes.front().second->color();
  std::stable_sort(routes.begin(), routes.end(),
                   [](const auto& a, const auto& b) { return routeBefore(a.first, b.first); });
  std::vector<Dot> dots;
  bool partsAtPort = false;
  for (std::size_t i = 0; i + 1 < routes.size(); ++i) {
    const std::optional<QPointF> at = partingPoint(routes[i].first, routes[i + 1].first);
    if (at)
      dots.push_back({*at, routes[i].second->color()});
    else
      partsAtPort = true;
  }
  if (partsAtPort) dots.push_back({port->scenePos(), first});
  return dots;
}

void JunctionLayer::recompute(const std::vector<WireItem*>& wires) {
  byPort_.clear();
  std::set<const PortItem*> ports;
  for (const WireItem* wire : wires) {
    if (!wire->isVisible() || wire->polyline().size() < 2) continue;
    ports.insert(wire->fromPort());
    ports.insert(wire->toPort());
  }
  for (const PortItem* port : ports)
    if (std::vector<Dot> dots = dotsAt(port); !dots.empty()) byPort_.emplace(port, std::move(dots));
  collect();
}

void JunctionLayer::recomputeAt(const std::vector<const PortItem*>& ports) {
  for (const PortItem* port : ports) {
    std::vector<Dot> dots = dotsAt(port);
    if (dots.empty())
      byPort_.erase(port);
    else
      byPort_[port] = std::move(dots);
  }
  collect();
}

void JunctionLayer::collect() {
  prepareGeometryChange();
  dots_.clear();
  colors_.clear();
  DotSet placed;
  QRectF bounds;
  for (const auto& [port, dots] : byPort_) {
    for (const Dot& dot : dots) {
      if (!placed.insert(dot.at)) continue;
      dots_.push_back(dot.at);
      colors_.emplace_back(dot.color);
      bounds |= QRectF(dot.at.x() - kRadius, dot.at.y() - kRadius, 2 * kRadius, 2 * kRadius);
    }
  }
  bounds_ = bounds.adjusted(-1, -1, 1, 1);
  update();
}

void JunctionLayer::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
  const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
  if (lod < 0.3) return;
  painter->setRenderHint(QPainter::Antialiasing, true);
  painter->setPen(Qt::NoPen);
  const QRectF exposed = option->exposedRect.adjusted(-kRadius, -kRadius, kRadius, kRadius);
  for (std::size_t i = 0; i < dots_.size(); ++i) {
    if (!exposed.contains(dots_[i])) continue;
    painter->setBrush(colors_[i]);
    painter->drawEllipse(dots_[i], kRadius, kRadius);
  }
}

}  // namespace kelvin::gui
