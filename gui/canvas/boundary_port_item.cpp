#include "canvas/boundary_port_item.h"

#include <algorithm>
#include <cmath>

#include <QPainter>

#include "canvas/domain_style.h"
#include "canvas/port_item.h"

namespace kelvin::gui {

namespace {
constexpr double kHalfWidth = 30;
constexpr double kHalfHeight = 10;
}  // namespace

BoundaryPortItem::BoundaryPortItem(const core::BoundaryPort& port, bool onLeft) : port_(port), onLeft_(onLeft) {
  name_ = port.name;
  setZValue(2);
  const core::Domain domain = core::domainFromName(port.domain).value_or(core::Domain::Signal);
  const QColor color = DomainStyle::color(domain);
  pen_ = QPen(color, 1.5);
  selectionPen_ = QPen(DomainStyle::selection(), 1.2);
  brush_ = QBrush(QColor::fromHsvF(color.hsvHueF(), 0.10, 1.0));
  font_.setPixelSize(11);
  font_.setWeight(QFont::DemiBold);

  // Where the wires inside attach: inputs drive from their right, outputs receive on their left,
  // physical ports face the inside of the diagram.
  const bool portOnRight = port.direction == "input" || (port.direction == "physical" && onLeft);
  text_ = QStaticText(QString::fromStdString(port.name));
  text_.setTextFormat(Qt::PlainText);
  text_.prepare(QTransform(), font_);
  const double h = kHalfHeight;
  const double needed = std::max(kHalfWidth - 6, text_.size().width() / 2 + 8 + (port.direction == "physical" ? 0 : h / 2));
  halfWidth_ = std::ceil((needed + 6) / 10) * 10;  // the port on the grid
  const double w = halfWidth_ - 6;
  body_ = QRectF(-w, -h, 2 * w, 2 * h);
  if (port.direction == "physical") {
    outline_.addRoundedRect(body_, 4, 4);
  } else {
    // A tag pointing the way the signal flows (to the right).
    outline_.moveTo(-w, -h);
    outline_.lineTo(w - h, -h);
    outline_.lineTo(w, 0);
    outline_.lineTo(w - h, h);
    outline_.lineTo(-w, h);
    outline_.closeSubpath();
  }
  textPos_ = QPointF(-text_.size().width() / 2 - (port.direction == "physical" ? 0 : 3), -text_.size().height() / 2);

  PortPlacement placement;
  placement.name = QString::fromStdString(port.name);
  placement.domain = domain;
  placement.direction = port.direction == "input"    ? core::PortDirection::Output
                        : port.direction == "output" ? core::PortDirection::Input
                                                     : core::PortDirection::Physical;
  placement.pos = QPointF(portOnRight ? halfWidth_ : -halfWidth_, 0);
  placement.normal = QPointF(portOnRight ? 1 : -1, 0);
  placement.lead = true;
  placement.leadEnd = QPointF(portOnRight ? w : -w, 0);
  ports_.push_back(new PortItem(placement, port.name, this));
  setModelPos(QPointF(port.pos.x, port.pos.y));
}

bool BoundaryPortItem::setPort(const core::BoundaryPort& port, bool onLeft) {
  if (port.name != port_.name || port.domain != port_.domain || port.direction != port_.direction ||
      onLeft != onLeft_)
    return true;
  port_ = port;
  setModelPos(QPointF(port.pos.x, port.pos.y));
  return false;
}

QRectF BoundaryPortItem::boundingRect() const {
  return QRectF(-halfWidth_ - 10, -kHalfHeight - 10, 2 * halfWidth_ + 20, 2 * kHalfHeight + 20)
      .united(QRectF(textPos_, text_.size()).adjusted(-4, -2, 4, 2));
}

QPainterPath BoundaryPortItem::shape() const {
  QPainterPath path;
  path.addRect(body_.adjusted(-2, -2, 2, 2));
  return path;
}

QRectF BoundaryPortItem::bodySceneRect() const { return body_.translated(pos()); }

void BoundaryPortItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) {
  painter->setRenderHint(QPainter::Antialiasing, true);
  if (isSelected()) {
    painter->setPen(selectionPen_);
    painter->setBrush(DomainStyle::selectionFill());
    painter->drawRoundedRect(body_.adjusted(-5, -5, 5, 5), 3, 3);
  }
  painter->setPen(pen_);
  painter->setBrush(brush_);
  painter->drawPath(outline_);
  painter->setFont(font_);
  painter->setPen(DomainStyle::label());
  painter->drawStaticText(textPos_, text_);
}

}  // namespace kelvin::gui
