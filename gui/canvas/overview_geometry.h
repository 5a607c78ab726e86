#pragma once
// What the overview (OverviewPainter) draws, in scene coordinates, gathered from a scene's items
// and kept between frames: reading tens of thousands of items (each in memory of its own, apart
// from the others) costs more than drawing them. It keeps what it read of each item, and after a
// change of a few items (a drag, its release or undo: DiagramScene::changesSince) reads only
// those again. The wires' horizontal and vertical segments are kept sorted along their lines, so
// that a change takes the changed wires' segments out and merges their new ones in (no sort of
// them all), and the lines drawn are merged from them in one pass: the same lines as a reading of
// every item gives.
// Each wire colour's segments, those on one line merged where they overlap or touch (thousands of
// wires into one ground share their last segments), the selected wires' in the selection colour;
// the visible blocks' and boundary ports' silhouettes, the selected ones apart.

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <unordered_map>
#include <vector>

#include <QColor>
#include <QLineF>
#include <QPolygonF>
#include <QRectF>

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
  /// The segments drawn in colors()[i] (those neither horizontal nor vertical first).
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
  /// A piece of wire `wire` on a horizontal (or vertical) line at `at`, from `from` to `to` along it.
  struct Run {
    double at, from, to;
    std::size_t wire;
  };
  static bool byPlace(const Run& a, const Run& b) { return a.at < b.at || (a.at == b.at && a.from < b.from); }
  /// The segments of one colour: the horizontal runs and the vertical ones, each sorted by
  /// (at, from), and the others with their wires.
  struct Segments {
    std::array<std::vector<Run>, 2> runs;
    std::vector<std::pair<std::size_t, QLineF>> slanted;
  };
  static Wire read(const WireItem& wire);
  static Node read(const DiagramNodeItem& node);

  /// Reads every item again.
  void gather(const DiagramScene& scene);
  /// Adds the segments of wires_[wire] to `segments` (runs unsorted).
  void addSegments(std::size_t wire, Segments& segments) const;
  /// Reads the wires `changed` (their places in wires_, each once and marked in rereading_, and
  /// their items) again, moving their segments in segments_; clears their marks.
  void reread(const std::vector<std::pair<std::size_t, const WireItem*>>& changed);
  /// Composes the wires' colours and lines from wires_ and segments_.
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
  std::map<QRgb, Segments> segments_;  // by colour
  std::vector<char> rereading_;        // by wire: read again in reread() (kept zero between calls)
  std::vector<std::pair<std::size_t, const WireItem*>> changed_;  // follow()'s, kept for its memory
  std::vector<Run> merged_;                                       // reread()'s, likewise

  // What is drawn. Each vector keeps its memory from one composition to the next (lines_ may hold
  // more, empty, vectors than there are colours).
  std::vector<QColor> colors_;
  std::vector<std::vector<QLineF>> lines_;
  std::vector<QRectF> silhouettes_, selectedSilhouettes_;
};

}  // namespace kelvin::gui
