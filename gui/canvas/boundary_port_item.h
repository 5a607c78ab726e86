#pragma once
// A boundary port of a subsystem, as drawn inside it: a tag with the port's
// name, coloured by domain, with one port where the wires inside attach
// (named by the bare port name). An input port is a tag pointing into the
// diagram with its port on the right; an output port receives on its left.

#include <QFont>
#include <QPainterPath>
#include <QPen>
#include <QStaticText>

#include "canvas/diagram_node_item.h"
#include "model/model.h"

namespace kelvin::gui {

class BoundaryPortItem : public DiagramNodeItem {
 public:
  enum { Type = UserType + 4 };

  /// `onLeft`: the port is on the left of its subsystem block (PortLayout::isOnLeft).
  BoundaryPortItem(const core::BoundaryPort& port, bool onLeft);

  int type() const override { return Type; }
  bool isBoundaryPort() const override { return true; }
  QRectF boundingRect() const override;
  QPainterPath shape() const override;
  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
  QRectF bodySceneRect() const override;

  /// Brings the item up to date; returns true when it must be rebuilt instead
  /// (domain, direction or side changed).
  bool setPort(const core::BoundaryPort& port, bool onLeft);

 private:
  core::BoundaryPort port_;
  bool onLeft_;
  double halfWidth_ = 30;  // to the port
  QPainterPath outline_;
  QRectF body_;
  QStaticText text_;
  QPointF textPos_;
  QFont font_;
  QPen pen_, selectionPen_;
  QBrush brush_;
};

}  // namespace kelvin::gui
