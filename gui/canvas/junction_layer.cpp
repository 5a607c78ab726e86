#include "canvas/junction_layer.h"

#include <cmath>
#include <map>

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

/// Where two paths that start at the same point part, or nullopt when they part at once.
std::optional<QPointF> partingPoint(const QPolygonF& a, const QPolygonF& b) {
  int i = 0, j = 0;
  QPointF at = a.isEmpty() ? QPointF() : a[0];
  while (i + 1 < a.size() && j + 1 < b.size()) {
    const QPointF da = a[i + 1] - at, db = b[j + 1] - at;
    const double la = std::hypot(da.x(), da.y()), lb = std::hypot(db.x(), db.y());
    if (la < 1e-9) { ++i; continue; }
    if (lb < 1e-9) { ++j; continue; }
    // Same direction?
    if (std::abs(da.x() / la - db.x() / lb) > 1e-6 || std::abs(da.y() / la - db.y() / lb) > 1e-6) break;
    if (std::abs(la - lb) < 1e-6) {
      at = a[++i];
      ++j;
    } else if (la < lb) {
      at = a[++i];
    } else {
      at = b[++j];
    }
  }
  if (same(at, a.isEmpty() ? QPointF() : a[0])) return std::nullopt;
  // Not a branch when one path simply ends on the other's route.
  if (same(at, a.back()) || same(at, b.back())) return std::nullopt;
  return at;
}

}  // namespace

JunctionLayer::JunctionLayer() {
  setZValue(1);
  setAcceptedMouseButtons(Qt::NoButton);
}

void JunctionLayer::recompute(const std::vector<WireItem*>& wires) {
  prepareGeometryChange();
  dots_.clear();
  colors_.clear();
  std::map<const PortItem*, std::vector<const WireItem*>> byPort;
  for (const WireItem* wire : wires) {
    if (!wire->isVisible() || wire->polyline().size() < 2) continue;
    byPort[wire->fromPort()].push_back(wire);
    byPort[wire->toPort()].push_back(wire);
  }
  auto add = [&](QPointF p, QColor c) {
    for (const QPointF& q : dots_)
      if (same(p, q)) return;
    dots_.push_back(p);
    colors_.emplace_back(c);
  };
  for (const auto& [port, attached] : byPort) {
    if (attached.size() < 2) continue;
    bool partsAtPort = false;
    for (std::size_t i = 0; i < attached.size(); ++i) {
      for (std::size_t j = i + 1; j < attached.size(); ++j) {
        const std::optional<QPointF> at = partingPoint(from(attached[i], port), from(attached[j], port));
        if (at)
          add(*at, attached[i]->color());
        else
          partsAtPort = true;
      }
    }
    if (partsAtPort && attached.size() >= 2) add(port->scenePos(), attached[0]->color());
  }
  QRectF bounds;
  for (const QPointF& p : dots_) bounds |= QRectF(p.x() - kRadius, p.y() - kRadius, 2 * kRadius, 2 * kRadius);
  bounds_ = bounds.adjusted(-1, -1, 1, 1);
  update();
}

void JunctionLayer::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
  const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
  if (lod < 0.3) return;
  painter->setRenderHint(QPainter::Antialiasing, true);
  painter->setPen(Qt::NoPen);
  for (std::size_t i = 0; i < dots_.size(); ++i) {
    painter->setBrush(colors_[i]);
    painter->drawEllipse(dots_[i], kRadius, kRadius);
  }
}

}  // namespace kelvin::gui
