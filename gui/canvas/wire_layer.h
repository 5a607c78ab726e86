#pragma once
// Draws every wire of the level at once (from 25 % zoom up; the overview draws them further
// out): the WireItems keep their shapes for hit tests and selection but paint nothing
// themselves. The segments of all wires in the exposed area are clipped to it, those of one
// pen that lie on the same line and overlap are merged, and each pen draws its lines in one
// call: thousands of wires running into one node (the one ground of a big ladder) then cost
// what their distinct pixels cost, not a stroke each. Selected wires get their halo and
// handles, signal wires their arrowheads. One item for the whole level.

#include <QGraphicsItem>

namespace kelvin::gui {

class DiagramScene;

class WireLayer : public QGraphicsItem {
 public:
  /// Draws the wires of `scene` (which owns the layer).
  explicit WireLayer(const DiagramScene* scene);

  /// Everywhere a wire may go (the wires themselves tell the scene what to repaint).
  QRectF boundingRect() const override;
  /// Nothing: a click or a rubber band finds the wires themselves.
  QPainterPath shape() const override { return {}; }
  bool contains(const QPointF&) const override { return false; }
  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

 private:
  const DiagramScene* scene_;
};

}  // namespace kelvin::gui
