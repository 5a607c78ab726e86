#include "canvas/wire_item.h"

#include <cmath>

#include <QGraphicsScene>
#include <QPainterPathStroker>

#include "canvas/diagram_node_item.h"
#include "canvas/diagram_scene.h"
#include "canvas/domain_style.h"
#include "canvas/orthogonal_route.h"
#include "canvas/port_item.h"

namespace kelvin::gui {

namespace {
constexpr double kArrowLength = 8;
constexpr double kArrowHalfWidth = 3.5;
}  // namespace

WireItem::WireItem() {
  setFlags(ItemIsSelectable | ItemHasNoContents);  // drawn by the scene's WireLayer
  setZValue(0);
}

WireItem::~WireItem() {
  repaint();
  // The scene must not keep this item's address among its changes.
  if (auto* diagram = qobject_cast<DiagramScene*>(scene())) diagram->noteChange();
}

void WireItem::repaint() const {
  if (auto* diagram = qobject_cast<DiagramScene*>(scene())) diagram->noteChange(*this);
  // Never a null rectangle: QGraphicsScene::update() would take it for "everything" and, with
  // its views updated directly, ignore every update after it.
  if (scene() && !bounds_.isEmpty()) scene()->update(bounds_);
}

void WireItem::setConnection(std::size_t index, const core::Connection& connection, PortItem* from, PortItem* to) {
  index_ = index;
  std::vector<QPointF> points;
  points.reserve(connection.points.size());
  for (const core::Point& p : connection.points) points.emplace_back(p.x, p.y);
  const bool changed = from != from_ || to != to_ || points != points_;
  from_ = from;
  to_ = to;
  points_ = std::move(points);
  setVisible(from_ && to_);
  if (!from_ || !to_) return;
  const core::Domain domain = from_->domain();
  signal_ = domain == core::Domain::Signal;
  const QColor color = DomainStyle::color(domain);
  if (pen_.color() != color || pen_.widthF() != (signal_ ? 1.4 : 2.0)) {
    pen_ = QPen(color, signal_ ? 1.4 : 2.0, Qt::SolidLine, Qt::FlatCap, Qt::MiterJoin);
    color_ = color;
    repaint();
  }
  if (changed) valid_ = false;
  updateGeometry();
}

void WireItem::setPreviewPoints(std::optional<std::vector<QPointF>> points) {
  preview_ = std::move(points);
  valid_ = false;
  updateGeometry();
}

void WireItem::updateGeometry() {
  if (!from_ || !to_) return;
  const QPointF a = from_->scenePos(), b = to_->scenePos();
  // Points follow when both ends are dragged by the same offset (as MoveItemsCommand will store).
  const QPointF da = from_->owner()->dragOffset(), db = to_->owner()->dragOffset();
  const std::vector<QPointF>& stored = preview_ ? *preview_ : points_;
  const bool shifted = !preview_ && !stored.empty() && !da.isNull() && da == db;
  if (valid_ && a == lastA_ && b == lastB_ && !shifted && lastPoints_ == stored) return;
  std::vector<QPointF> points = stored;
  if (shifted)
    for (QPointF& p : points) p += da;
  lastA_ = a;
  lastB_ = b;
  lastPoints_ = shifted ? std::vector<QPointF>{} : stored;
  valid_ = !shifted;

  repaint();  // where it was
  polyline_ = orthogonalRoute({a, from_->sceneNormal(), from_->owner()->bodySceneRect()},
                              {b, to_->sceneNormal(), to_->owner()->bodySceneRect()}, points);
  prepareGeometryChange();
  path_ = QPainterPath();
  path_.addPolygon(polyline_);
  arrow_.clear();
  if (signal_ && polyline_.size() >= 2) {
    // The arrowhead points into the input (a wire may be stored either way round).
    const bool atStart = from_->direction() == core::PortDirection::Input;
    const QPointF tip = atStart ? polyline_.front() : polyline_.back();
    QPointF dir = tip - (atStart ? polyline_[1] : polyline_[polyline_.size() - 2]);
    const double length = std::hypot(dir.x(), dir.y());
    if (length > 0) {
      dir /= length;
      const QPointF normal(-dir.y(), dir.x());
      const QPointF base = tip - dir * kArrowLength;
      arrow_ << tip << base + normal * kArrowHalfWidth << base - normal * kArrowHalfWidth;
    }
  }
  shape_.reset();  // stroked when first asked for: a drag re-routes hundreds of wires per mouse move
  bounds_ = path_.boundingRect().adjusted(-6, -6, 6, 6);
  repaint();
}

int WireItem::segmentAt(QPointF scenePos) const {
  int best = -1;
  double bestDistance = 1e300;
  for (int i = 0; i + 1 < polyline_.size(); ++i) {
    const QPointF p = polyline_[i], q = polyline_[i + 1];
    const QPointF d = q - p;
    const double len2 = d.x() * d.x() + d.y() * d.y();
    double t = len2 > 0 ? ((scenePos - p).x() * d.x() + (scenePos - p).y() * d.y()) / len2 : 0;
    t = std::clamp(t, 0.0, 1.0);
    const QPointF c = p + d * t;
    const double distance = std::hypot(scenePos.x() - c.x(), scenePos.y() - c.y());
    if (distance < bestDistance) {
      bestDistance = distance;
      best = i;
    }
  }
  return best;
}

QRectF WireItem::boundingRect() const { return bounds_; }

QPainterPath WireItem::shape() const {
  if (!shape_) {
    QPainterPathStroker stroker;
    stroker.setWidth(8);
    shape_ = stroker.createStroke(path_);
  }
  return *shape_;
}

QVariant WireItem::itemChange(GraphicsItemChange change, const QVariant& value) {
  if (change == ItemSelectedHasChanged || change == ItemVisibleHasChanged) repaint();
  return QGraphicsItem::itemChange(change, value);
}

void WireItem::paint(QPainter*, const QStyleOptionGraphicsItem*, QWidget*) {}  // see WireLayer

}  // namespace kelvin::gui
