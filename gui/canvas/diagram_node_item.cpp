#include "canvas/diagram_node_item.h"

#include "canvas/diagram_scene.h"
#include "canvas/port_item.h"

namespace kelvin::gui {

DiagramNodeItem::DiagramNodeItem(QGraphicsItem* parent) : QGraphicsItem(parent) {
  setFlags(ItemIsSelectable | ItemIsMovable | ItemSendsGeometryChanges);
}

PortItem* DiagramNodeItem::port(const std::string& portName) const {
  for (PortItem* p : ports_)
    if (p->portName() == portName) return p;
  return nullptr;
}

void DiagramNodeItem::setModelPos(QPointF pos) {
  modelPos_ = pos;
  if (this->pos() == pos) return;
  applyingModel_ = true;
  setPos(pos);
  applyingModel_ = false;
}

QVariant DiagramNodeItem::itemChange(GraphicsItemChange change, const QVariant& value) {
  if (change == ItemPositionChange && !applyingModel_) {
    if (auto* diagram = qobject_cast<DiagramScene*>(scene())) return diagram->snap(value.toPointF());
  } else if (change == ItemPositionHasChanged) {
    auto* diagram = qobject_cast<DiagramScene*>(scene());
    if (diagram && pos() != modelPos_) diagram->noteDisplaced(*this);
    if (!diagram || !diagram->routesWiresItself())
      for (PortItem* p : ports_) p->updateWires();
  }
  if (change == ItemPositionHasChanged || change == ItemSelectedHasChanged || change == ItemVisibleHasChanged)
    if (auto* diagram = qobject_cast<DiagramScene*>(scene())) diagram->noteChange(*this);
  return QGraphicsItem::itemChange(change, value);
}

}  // namespace kelvin::gui
