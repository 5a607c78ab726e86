#pragma once
// The canvas contents for one level of a ModelDocument: a BlockItem per
// block, a BoundaryPortItem per boundary port (inside a subsystem), a
// WireItem per connection (all drawn by one WireLayer) and the junction dots. The scene mirrors the
// model: whenever the document reports a change it brings its items up to
// date (syncFromModel), reusing the items that did not change, so undo and
// redo need nothing from it. A move (ModelDocument::itemsMoved) touches only
// the items it names, their wires and the junctions at those wires' ends, so
// dragging or undoing a move in a 10,000-block diagram costs what moved. It turns finished mouse drags into
// MoveItemsCommands; every other edit is made by the tools and the editor.
// The scene knows nothing of the main window.

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <vector>

#include <QGraphicsScene>
#include <QPen>

#include "canvas/icon_cache.h"
#include "canvas/port_layout.h"
#include "document/diagram_level.h"

namespace kelvin::gui {

class BlockItem;
class BoundaryPortItem;
class DiagramNodeItem;
class JunctionLayer;
class ModelDocument;
struct MovedItems;
class PortItem;
class WireItem;

class DiagramScene : public QGraphicsScene {
  Q_OBJECT

 public:
  /// `document` must outlive the scene.
  explicit DiagramScene(ModelDocument* document, QObject* parent = nullptr);
  ~DiagramScene() override;

  ModelDocument* document() const { return document_; }
  const LevelPath& level() const { return level_; }
  /// Shows another level (its items replace the current ones).
  void setLevel(const LevelPath& level);

  /// Brings the items up to date with the document's model.
  void syncFromModel();

  static constexpr double kGrid = 10;
  bool snapsToGrid() const { return snapToGrid_; }
  void setSnapToGrid(bool snap) { snapToGrid_ = snap; }
  bool showsGrid() const { return showGrid_; }
  void setShowGrid(bool show);
  /// `p` on the grid when snapping is on.
  QPointF snap(QPointF p) const;

  BlockItem* blockItem(const std::string& id) const;
  BoundaryPortItem* boundaryPortItem(const std::string& name) const;
  /// The port item of an endpoint ("R1.p", or a bare boundary port name), or nullptr.
  PortItem* portItem(const std::string& endpoint) const;
  const std::map<std::string, BlockItem*>& blockItems() const { return blocks_; }
  const std::map<std::string, BoundaryPortItem*>& boundaryPortItems() const { return boundaryPorts_; }
  const std::vector<WireItem*>& wireItems() const { return wires_; }
  /// The scene rectangle the level's visible blocks, boundary ports and wires cover (empty
  /// without any), in one pass over them: no sorting of every item of the scene.
  QRectF contentBounds() const;
  JunctionLayer* junctions() const { return junctions_; }
  IconCache& icons() { return icons_; }

  std::set<std::string> selectedBlockIds() const;
  std::set<std::string> selectedPortNames() const;
  std::set<std::size_t> selectedConnections() const;
  /// Selects exactly these blocks.
  void selectBlocks(const std::vector<std::string>& ids);

  /// Pushes a MoveItemsCommand for the items the user dragged away from their
  /// model positions (called when a drag ends). Returns true when something moved.
  bool commitMovedItems(const QString& text = {});

  /// Called by an item that has left its model position (DiagramNodeItem::itemChange): the next
  /// commitMovedItems looks at these items alone, not at every item of a big diagram.
  void noteDisplaced(const DiagramNodeItem& item);
  /// True while the scene brings moved items to the model's positions (onItemsMoved): it then
  /// routes each of their wires once itself, so the items leave their wires alone.
  bool routesWiresItself() const { return routingMovedWires_; }

  /// A number that changes whenever what the items show far out may have changed (OverviewPainter
  /// keeps its drawing while it stays): an item added, removed, moved, resized, selected, shown or
  /// hidden, a wire routed again or recoloured.
  std::uint64_t revision() const { return revision_; }
  /// One item whose drawing far out changed: a wire or a block or boundary port (the other null).
  struct Change {
    const WireItem* wire = nullptr;
    const DiagramNodeItem* node = nullptr;
  };
  /// The changes made since `revision` (a value revision() had), in their order, when each was
  /// one item's (noteChange(item)); nothing when one since then was not (noteChange()): then every
  /// item may have changed, or been added or removed.
  std::optional<std::span<const Change>> changesSince(std::uint64_t revision) const;
  /// Called by the scene when it brings the items up to date (items may be added, removed or
  /// reused for another model element), and on any change not one item's.
  void noteChange();
  /// Called by an item on such a change of its own. The item must stay in the scene until the
  /// next noteChange() (the scene records its address).
  void noteChange(const WireItem& wire) { noteItemChange({.wire = &wire}); }
  void noteChange(const DiagramNodeItem& node) { noteItemChange({.node = &node}); }

 signals:
  /// The level shown no longer exists (its subsystem was deleted or renamed).
  void levelLost();
  /// The items were brought up to date with the model.
  void synced();

 protected:
  void drawBackground(QPainter* painter, const QRectF& rect) override;

 private:
  /// Depth of the scene's BSP index (constructor): 2^10 leaves.
  static constexpr int kBspDepth = 10;
  /// Room to scroll around the contents, in scene units.
  static constexpr double kScrollMargin = 1500;
  void clearItems();
  void noteItemChange(const Change& change);
  /// Records the contents' bounds and gives the scene room to scroll around them. The scene
  /// rectangle is the BSP index's bounds, and changing it rebuilds the index of every item
  /// (tens of ms at 10,000 blocks), so it changes only when the contents come near its edge or
  /// leave far more room than the margin.
  void fitSceneRect(const QRectF& content);
  void onLevelChanged(const QStringList& path);
  void onItemsMoved(const QStringList& path, const MovedItems& moved);

  ModelDocument* document_;
  LevelPath level_;
  IconCache icons_;
  PortLayout layout_;
  std::map<std::string, BlockItem*> blocks_;
  std::map<std::string, BoundaryPortItem*> boundaryPorts_;
  std::vector<WireItem*> wires_;
  // The blocks and boundary ports that have left their model positions since the last
  // commitMovedItems (by name: an item may be deleted meanwhile).
  std::set<std::string> displacedBlocks_, displacedPorts_;
  bool routingMovedWires_ = false;
  std::uint64_t revision_ = 1;
  // The items' changes since revision changesFrom_ (changes_[k] made revision changesFrom_ + k + 1).
  std::uint64_t changesFrom_ = 1;
  std::vector<Change> changes_;
  JunctionLayer* junctions_;
  bool snapToGrid_ = true;
  bool showGrid_ = true;
  QRectF contentRect_;
  QPen gridPen_;
  mutable std::vector<QPointF> gridPoints_;  // reused by drawBackground: no allocation per frame
};

}  // namespace kelvin::gui
