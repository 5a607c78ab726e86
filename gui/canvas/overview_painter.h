#pragma once
// The canvas far out, below kZoom (where a block is a few pixels wide): the
// DiagramView paints the level itself from the scene's own lists instead of
// asking each of tens of thousands of items to paint (each costs a microsecond
// or more in QGraphicsView before it draws anything). Every block and boundary
// port is a solid silhouette, as the items draw themselves far out, but at least
// a pixel wide; every wire a one-pixel line in its domain's colour, batched by
// colour; the selected ones in the selection colour. Text, port markers,
// arrowheads and junction dots are left out, as the items leave them out there.
// A 10,000-block diagram in view then costs a few milliseconds.

#include <QRect>
#include <QTransform>

class QPainter;

namespace kelvin::gui {

class DiagramScene;

class OverviewPainter {
 public:
  /// Below this zoom the view paints the overview (the blocks' own drawing is a silhouette below it too).
  static constexpr double kZoom = 0.25;

  /// Paints the scene's blocks, boundary ports and wires that reach `exposed` (viewport pixels);
  /// `toViewport` maps scene to viewport coordinates. The painter is left as it was.
  static void paint(QPainter* painter, const DiagramScene& scene, const QTransform& toViewport, const QRect& exposed);
};

}  // namespace kelvin::gui
