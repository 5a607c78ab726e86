#pragma once
// The canvas far out, below kZoom (where a block is a few pixels wide): the
// DiagramView paints the level itself instead of asking each of tens of
// thousands of items to paint (each costs a microsecond or more in
// QGraphicsView before it draws anything). Every block and boundary port is a
// solid silhouette, as the items draw themselves far out, but at least a pixel
// wide; every wire a one-pixel line in its domain's colour, batched by colour;
// the selected ones in the selection colour. Text, port markers, arrowheads and
// junction dots are left out, as the items leave them out there. What it draws
// is gathered from the items once per change of the scene, from the changed
// items alone when the scene names them (OverviewGeometry,
// DiagramScene::changesSince); a frame only maps it to the viewport: a
// 10,000-block diagram in view then costs a few milliseconds.

#include <vector>

#include <QLineF>
#include <QRect>
#include <QTransform>

#include "canvas/overview_geometry.h"

class QPainter;

namespace kelvin::gui {

class DiagramScene;

class OverviewPainter {
 public:
  /// Below this zoom the view paints the overview (the blocks' own drawing is a silhouette below it too).
  static constexpr double kZoom = 0.25;

  /// Paints the blocks, boundary ports and wires of `scene` (the same scene at every call) that
  /// reach `exposed` (viewport pixels); `toViewport` maps scene to viewport coordinates. The
  /// painter is left as it was.
  void paint(QPainter* painter, const DiagramScene& scene, const QTransform& toViewport, const QRect& exposed);

 private:
  OverviewGeometry geometry_;
  // The frame's lines and rectangles in viewport pixels (kept to spare an allocation a frame).
  std::vector<QLineF> lines_;
  std::vector<QRectF> rects_;
};

}  // namespace kelvin::gui
