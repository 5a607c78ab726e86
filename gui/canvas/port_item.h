#pragma once
// A port on the canvas, a child of its block (or boundary port) item:
// coloured by domain; a signal input is a filled triangle pointing into the
// block, an output a hollow one pointing out; a physical port is a square,
// filled for p / a, hollow for n / b. Wires start here (ConnectTool) and
// keep a list of the wires attached, to follow the block when it moves.

#include <string>
#include <vector>

#include <QBrush>
#include <QGraphicsItem>
#include <QPen>
#include <QPolygonF>

#include "canvas/port_layout.h"

namespace kelvin::gui {

class DiagramNodeItem;
class WireItem;

class PortItem : public QGraphicsItem {
 public:
  enum { Type = UserType + 2 };
  enum class Highlight { None, Hover, Accepted, Refused };

  /// `endpoint` is how connections name the port: "R1.p", or "p" for a boundary port.
  PortItem(const PortPlacement& placement, std::string endpoint, DiagramNodeItem* owner);

  int type() const override { return Type; }
  QRectF boundingRect() const override;
  QPainterPath shape() const override;
  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

  const std::string& endpoint() const { return endpoint_; }
  const std::string& portName() const { return portName_; }
  const PortPlacement& placement() const { return placement_; }
  core::Domain domain() const { return placement_.domain; }
  /// Direction as wires at this level see it (a boundary input port drives the wires inside).
  core::PortDirection direction() const { return placement_.direction; }
  DiagramNodeItem* owner() const { return owner_; }
  /// Unit vector out of the block, in scene coordinates.
  QPointF sceneNormal() const { return placement_.normal; }

  void setHighlight(Highlight highlight);

  /// Wires attached to this port (kept by the scene). Observers, valid until the next sync.
  const std::vector<WireItem*>& wires() const { return wires_; }
  void clearWires();
  void addWire(WireItem* wire);
  /// Re-routes the attached wires (the block moved).
  void updateWires() const;

 protected:
  void hoverEnterEvent(QGraphicsSceneHoverEvent* event) override;
  void hoverLeaveEvent(QGraphicsSceneHoverEvent* event) override;

 private:
  PortPlacement placement_;
  std::string endpoint_, portName_;
  DiagramNodeItem* owner_;
  std::vector<WireItem*> wires_;
  Highlight highlight_ = Highlight::None;
  QPolygonF marker_;  // the triangle or square, item coordinates
  QLineF lead_;
  QPen pen_, leadPen_;
  QBrush brush_;
};

}  // namespace kelvin::gui
