#pragma once
// Drags one segment of a wire sideways (a horizontal segment up or down, a
// vertical one left or right), on the grid. The wire's whole path becomes
// its stored points, with the two ends of the segment moved; a segment that
// starts at a port first gets a new bend so the port stays where it is. On
// release the points are stored (SetWirePointsCommand). A press without a
// drag just selects the wire (Ctrl toggles it).

#include <vector>

#include <QPointF>
#include <Qt>

#include "canvas/tools/canvas_tool.h"

namespace kelvin::gui {

class WireItem;

class MoveSegmentTool : public CanvasTool {
 public:
  using CanvasTool::CanvasTool;

  void begin(WireItem* wire, QPointF scenePos, Qt::KeyboardModifiers modifiers);

  void activate() override;
  void deactivate() override;
  bool mousePress(QMouseEvent* event) override { return true; }
  bool mouseMove(QMouseEvent* event) override;
  bool mouseRelease(QMouseEvent* event) override;
  bool keyPress(QKeyEvent* event) override;
  void focusLost() override;

 private:
  std::vector<QPointF> movedPoints(QPointF scenePos) const;
  void finish();

  WireItem* wire_ = nullptr;
  QPointF pressPos_;
  std::vector<QPointF> points_;  // the whole path's inner vertices (plus copies of the ends when needed)
  int first_ = -1, second_ = -1; // indices in points_ of the dragged segment's ends
  bool horizontal_ = false;
  bool moved_ = false;
};

}  // namespace kelvin::gui
