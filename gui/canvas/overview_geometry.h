#pragma once
// What the overview (OverviewPainter) draws, in scene coordinates, gathered from a scene's items
// in one pass and kept between frames: reading tens of thousands of items (each in memory of its
// own, apart from the others) and merging their wires' segments costs more than drawing them.
// Each wire colour's segments, those on one line merged where they overlap or touch (thousands of
// wires into one ground share their last segments), the selected wires' in the selection colour;
// the visible blocks' and boundary ports' silhouettes, the selected ones apart.

#include <vector>

#include <QColor>
#include <QLineF>
#include <QRectF>

#include "canvas/line_runs.h"

namespace kelvin::gui {

class DiagramScene;

class OverviewGeometry {
 public:
  /// Gathers what `scene`'s visible items show now (replacing what was gathered before).
  void gather(const DiagramScene& scene);

  /// The colours of the wires, in the order they first appear among the scene's wires.
  const std::vector<QColor>& colors() const { return colors_; }
  /// The segments drawn in colors()[i].
  const std::vector<QLineF>& lines(std::size_t i) const { return lines_[i]; }
  /// The silhouettes of the blocks and boundary ports not selected, then of those selected.
  const std::vector<QRectF>& silhouettes() const { return silhouettes_; }
  const std::vector<QRectF>& selectedSilhouettes() const { return selectedSilhouettes_; }

 private:
  void gatherWires(const DiagramScene& scene);
  void gatherSilhouettes(const DiagramScene& scene);

  // Each vector keeps its memory from one gathering to the next (lines_ may hold more, empty,
  // vectors than there are colours).
  std::vector<QColor> colors_;
  std::vector<std::vector<QLineF>> lines_;
  LineRuns runs_;
  std::vector<QRectF> silhouettes_, selectedSilhouettes_;
};

}  // namespace kelvin::gui
