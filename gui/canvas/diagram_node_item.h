#pragma once
// What wires attach to on the canvas: a block (BlockItem) or, inside a
// subsystem, one of its boundary ports (BoundaryPortItem). Both are moved by
// the user, remember where the model has them (so a drag can be turned into
// a MoveItemsCommand on release) and own their PortItems as children.

#include <string>
#include <vector>

#include <QGraphicsItem>

namespace kelvin::gui {

class PortItem;

class DiagramNodeItem : public QGraphicsItem {
 public:
  explicit DiagramNodeItem(QGraphicsItem* parent = nullptr);

  /// The block id or boundary port name.
  const std::string& name() const { return name_; }
  virtual bool isBoundaryPort() const = 0;
  /// Where the model has the item; pos() differs from it while the user drags.
  QPointF modelPos() const { return modelPos_; }
  /// pos() - modelPos(): how far the item is being dragged.
  QPointF dragOffset() const { return pos() - modelPos_; }
  /// The body in scene coordinates (wires route around it).
  virtual QRectF bodySceneRect() const = 0;
  const std::vector<PortItem*>& ports() const { return ports_; }
  PortItem* port(const std::string& portName) const;

 protected:
  /// Moves the item to the model's position without snapping.
  void setModelPos(QPointF pos);
  QVariant itemChange(GraphicsItemChange change, const QVariant& value) override;

  std::string name_;
  std::vector<PortItem*> ports_;  // children, owned by Qt

 private:
  QPointF modelPos_;
  bool applyingModel_ = false;
};

}  // namespace kelvin::gui
