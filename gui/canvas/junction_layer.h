#pragma once
// The dots where wires join: at a port with two or more wires, and where a
// wire branches off another one that shares its endpoint (a junction made
// by dropping a wire onto a wire stores the shared path, so the branch
// point is where the two paths part). One item for the whole level.

#include <vector>

#include <QBrush>
#include <QGraphicsItem>

namespace kelvin::gui {

class WireItem;

class JunctionLayer : public QGraphicsItem {
 public:
  JunctionLayer();

  QRectF boundingRect() const override { return bounds_; }
  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

  /// Recomputes the dots from the wires' current paths.
  void recompute(const std::vector<WireItem*>& wires);
  const std::vector<QPointF>& dots() const { return dots_; }

 private:
  std::vector<QPointF> dots_;
  std::vector<QBrush> colors_;  // one per dot
  QRectF bounds_;
};

}  // namespace kelvin::gui
