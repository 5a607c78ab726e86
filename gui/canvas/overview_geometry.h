#pragma once
// What the overview (OverviewPainter) draws, in scene coordinates, gathered from a scene's items
// and kept between frames: reading tens of thousands of items (each in memory of its own, apart
// from the others) costs more than drawing them. It keeps what it read of each item, and after a
// change of a few items (a drag, its release or undo: DiagramScene::changesSince) reads only
// those again; what it draws is then composed again from what it keeps, as a reading of every
// item would compose it.
// Each wire colour's segments, those on one line merged where they overlap or touch (thousands of
// wires into one ground share their last segments), the selected wires' in the selection colour;
// the visible blocks' and boundary ports' silhouettes, the selected ones apart.

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include <QColor>
#include <QLineF>
#include <QPolygonF>
#include <QRectF>

#include "canvas/line_runs.h"

namespace kelvin::gui {

class DiagramNodeItem;
class DiagramScene;
class WireItem;

class OverviewGeometry {
 public:
  /// Brings what is gathered up to what `scene`'s visible items show now (the same scene at
  /// every call): reads again the items changed since the last call, or every item.
  void follow(const DiagramScene& scene);

  /// The colours of the wires, in the order they first appear among the scene's wires.
  const std::vector<QColor>& colors() const { return colors_; }
  /// The segments drawn in colors()[i].
  const std::vector<QLineF>& lines(std::size_t i) const { return lines_[i]; }
  /// The silhouettes of the blocks and boundary ports not selected, then of those selected.
  const std::vector<QRectF>& silhouettes() const { return silhouettes_; }
  const std::vector<QRectF>& selectedSilhouettes() const { return selectedSilhouettes_; }

 private:
  /// What a wire shows far out.
  struct Wire {
    bool shown = false;
    QColor color;
    QPolygonF route;  // shared with the item's (implicitly), not copied
  };
  /// What a block or boundary port shows far out.
  struct Node {
    bool shown = false, selected = false;
    QRectF silhouette;
  };
  static Wire read(const WireItem& wire);
  static Node read(const DiagramNodeItem& node);

  /// Reads every item again.
  void gather(const DiagramScene& scene);
  /// Composes the wires' colours and lines from wires_.
  void composeWires();
  /// Composes the silhouettes from nodes_.
  void composeSilhouettes();

  std::optional<std::uint64_t> gathered_;  // the scene's revision wires_ and nodes_ show
  // What each item shows, in the scene's order (wires, then blocks, then boundary ports), and
  // where each item is in it.
  std::vector<Wire> wires_;
  std::vector<Node> nodes_;
  std::unordered_map<const WireItem*, std::size_t> wireIndex_;
  std::unordered_map<const DiagramNodeItem*, std::size_t> nodeIndex_;

  // What is drawn. Each vector keeps its memory from one composition to the next (lines_ may hold
  // more, empty, vectors than there are colours).
  std::vector<QColor> colors_;
  std::vector<std::vector<QLineF>> lines_;
  LineRuns runs_;
  std::vector<QRectF> silhouettes_, selectedSilhouettes_;
};

}  // namespace kelvin::gui
