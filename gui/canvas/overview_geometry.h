#pragma once
// What the overview (OverviewPainter) draws, in scene coordinates, gathered from a scene's items
// in one pass and kept between frames: reading tens of thousands of items (each in a memory of its
// own) and merging their wires' segments cost far more than drawing them. Each wire colour's
// segments, those on one line merged where they overlap or touch (thousands of wires into one
// ground share their last segments), the selected wires' in the selection colour; the visible
// blocks' and boundary ports' silhouettes, the selected ones apart.

#include <vector>

#include <QColor>
#include <QLineF>
#include <QRectF>

namespace kelvin::gui {

class DiagramScene;

class OverviewGeometry {
 public:
  /// The segments of one colour.
  struct Stroke {
    QColor color;
    std::vector<QLineF> lines;
  };

  /// Gathers what `scene`'s visible items show now (replacing what was gathered before).
  void gather(const DiagramScene& scene);

  /// One stroke a colour, in the order the colours first appear among the scene's wires.
  const std::vector<Stroke>& strokes() const { return strokes_; }
  /// The silhouettes of the blocks and boundary ports not selected, then of those selected.
  const std::vector<QRectF>& silhouettes() const { return silhouettes_; }
  const std::vector<QRectF>& selectedSilhouettes() const { return selectedSilhouettes_; }

 private:
  void gatherWires(const DiagramScene& scene);
  void gatherSilhouettes(const DiagramScene& scene);

  std::vector<Stroke> strokes_;
  std::vector<QRectF> silhouettes_, selectedSilhouettes_;
};

}  // namespace kelvin::gui
