#include "canvas/port_item.h"

#include <QCursor>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include "canvas/diagram_node_item.h"
#include "canvas/domain_style.h"
#include "canvas/wire_item.h"

namespace kelvin::gui {

namespace {
constexpr double kHitRadius = 7;
}

PortItem::PortItem(const PortPlacement& placement, std::string endpoint, DiagramNodeItem* owner)
    : QGraphicsItem(owner), placement_(placement), endpoint_(std::move(endpoint)), owner_(owner) {
  const auto dot = endpoint_.find('.');
  portName_ = dot == std::string::npos ? endpoint_ : endpoint_.substr(dot + 1);
  setPos(placement_.pos);
  setAcceptHoverEvents(true);
  setCursor(Qt::CrossCursor);
  setZValue(1);
  const QPointF n = placement_.normal;
  const QPointF t(-n.y(), n.x());
  const QColor color = DomainStyle::color(placement_.domain);
  pen_ = QPen(color, 1.2);
  pen_.setJoinStyle(Qt::MiterJoin);
  switch (placement_.direction) {
    case core::PortDirection::Input:  // pointing into the block
      marker_ << n * 4 + t * 3.5 << n * 4 - t * 3.5 << -n * 3;
      brush_ = QBrush(color);
      break;
    case core::PortDirection::Output:  // pointing out of the block
      marker_ << -n * 3 + t * 3.5 << -n * 3 - t * 3.5 << n * 4;
      brush_ = QBrush(Qt::white);
      break;
    case core::PortDirection::Physical:
      marker_ << QPointF(-3, -3) << QPointF(3, -3) << QPointF(3, 3) << QPointF(-3, 3);
      brush_ = placement_.hollow ? QBrush(Qt::white) : QBrush(color);
      break;
  }
  if (placement_.lead) lead_ = QLineF(placement_.leadEnd - placement_.pos, QPointF(0, 0));
  leadPen_ = QPen(QColor(0x22, 0x22, 0x22), 2, Qt::SolidLine, Qt::RoundCap);
}

QRectF PortItem::boundingRect() const {
  QRectF r(-kHitRadius - 2, -kHitRadius - 2, 2 * kHitRadius + 4, 2 * kHitRadius + 4);
  if (!lead_.isNull()) r |= QRectF(lead_.p1(), lead_.p2()).normalized().adjusted(-1, -1, 1, 1);
  return r;
}

QPainterPath PortItem::shape() const {
  QPainterPath path;
  path.addEllipse(QPointF(0, 0), kHitRadius, kHitRadius);
  return path;
}

void PortItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
  const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
  if (lod < 0.35) return;
  if (!lead_.isNull()) {
    painter->setPen(leadPen_);
    painter->drawLine(lead_);
  }
  if (highlight_ != Highlight::None) {
    const QColor ring = highlight_ == Highlight::Refused    ? DomainStyle::refused()
                        : highlight_ == Highlight::Accepted ? DomainStyle::accepted()
                                                            : DomainStyle::selection();
    painter->setPen(QPen(ring, 1.5));
    painter->setBrush(QColor(ring.red(), ring.green(), ring.blue(), 40));
    painter->drawEllipse(QPointF(0, 0), kHitRadius, kHitRadius);
  }
  // A wired input shows the wire's arrowhead instead of its own triangle.
  if (placement_.direction == core::PortDirection::Input && !wires_.empty()) return;
  painter->setRenderHint(QPainter::Antialiasing, true);
  painter->setPen(pen_);
  painter->setBrush(brush_);
  painter->drawPolygon(marker_);
}

void PortItem::setHighlight(Highlight highlight) {
  if (highlight_ == highlight) return;
  highlight_ = highlight;
  update();
}

void PortItem::clearWires() {
  if (wires_.empty()) return;
  wires_.clear();
  if (placement_.direction == core::PortDirection::Input) update();
}

void PortItem::addWire(WireItem* wire) {
  wires_.push_back(wire);
  if (wires_.size() == 1 && placement_.direction == core::PortDirection::Input) update();
}

void PortItem::updateWires() const {
  for (WireItem* wire : wires_) wire->updateGeometry();
}

void PortItem::hoverEnterEvent(QGraphicsSceneHoverEvent*) {
  if (highlight_ == Highlight::None) setHighlight(Highlight::Hover);
}

void PortItem::hoverLeaveEvent(QGraphicsSceneHoverEvent*) {
  if (highlight_ == Highlight::Hover) setHighlight(Highlight::None);
}

}  // namespace kelvin::gui
