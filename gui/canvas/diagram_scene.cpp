#include "canvas/diagram_scene.h"

#include <cmath>
#include <string_view>
#include <unordered_set>

#include <QGraphicsView>
#include <QPainter>
#include <QScopedValueRollback>
#include <QUndoStack>

#include "canvas/block_item.h"
#include "canvas/boundary_port_item.h"
#include "canvas/commands/move_items_command.h"
#include "canvas/domain_style.h"
#include "canvas/junction_layer.h"
#include "canvas/port_item.h"
#include "canvas/port_layout.h"
#include "canvas/wire_item.h"
#include "canvas/wire_layer.h"
#include "document/model_document.h"
#include "elaborate/block_registry.h"

namespace kelvin::gui {

DiagramScene::DiagramScene(ModelDocument* document, QObject* parent)
    : QGraphicsScene(parent), document_(document), junctions_(new JunctionLayer) {
  gridPen_ = QPen(DomainStyle::gridDot(), 1.6);
  gridPen_.setCosmetic(true);
  gridPen_.setCapStyle(Qt::RoundCap);
  addItem(junctions_);
  addItem(new WireLayer(this));
  setItemIndexMethod(QGraphicsScene::BspTreeIndex);
  // A fixed depth: Qt's own grows with the item count, and every item is filed in each leaf its
  // bounding rectangle meets, so the thousands of wires that cross a big diagram to one ground
  // each went into thousands of leaves (the 10,000-section ladder: the index took over 10 s and
  // gigabytes to build, the window blank meanwhile). 2^kBspDepth leaves still split a view's
  // worth of items finely.
  setBspTreeDepth(kBspDepth);
  connect(document_, &ModelDocument::levelChanged, this, &DiagramScene::onLevelChanged);
  connect(document_, &ModelDocument::itemsMoved, this, &DiagramScene::onItemsMoved);
  connect(document_, &ModelDocument::modelReset, this, [this] { setLevel({}); });
  // Recompiled user components may have other ports: rebuild every item from the new types.
  connect(document_, &ModelDocument::componentsChanged, this, [this] { setLevel(level_); });
  syncFromModel();
}

DiagramScene::~DiagramScene() { clearItems(); }

void DiagramScene::setLevel(const LevelPath& level) {
  clearItems();
  level_ = level;
  syncFromModel();
}

void DiagramScene::clearItems() {
  clearSelection();
  for (auto& [id, item] : blocks_) delete item;
  for (auto& [name, item] : boundaryPorts_) delete item;
  for (WireItem* wire : wires_) delete wire;
  blocks_.clear();
  boundaryPorts_.clear();
  wires_.clear();
  contentRect_ = QRectF();
  noteChange();
}

void DiagramScene::onLevelChanged(const QStringList&) {
  // A change anywhere may concern this level: its own contents, a subsystem
  // shown here (its ports), or the subsystem this level is the inside of.
  syncFromModel();
}

void DiagramScene::onItemsMoved(const QStringList& path, const MovedItems& moved) {
  const ConstDiagramLevel level = document_->level(level_);
  // A move inside a subsystem shown here may reorder its ports: the whole level then.
  if (path != level_ || !level) {
    syncFromModel();
    return;
  }
  // The items moved below leave their wires to the loop further down, which routes each once
  // (a wire between two moved blocks would otherwise be routed at each end's move).
  const QScopedValueRollback<bool> routing(routingMovedWires_, true);
  std::vector<DiagramNodeItem*> nodes;
  const std::unordered_set<std::string_view> blockIds(moved.blocks.begin(), moved.blocks.end());
  for (const core::Block& block : *level.blocks) {
    if (!blockIds.count(block.id)) continue;
    BlockItem* item = blockItem(block.id);
    if (!item || item->blockType() != block.type || item->setBlock(block)) return syncFromModel();  // not a move
    nodes.push_back(item);
  }
  if (level.ports) {
    const std::unordered_set<std::string_view> portNames(moved.ports.begin(), moved.ports.end());
    for (const core::BoundaryPort& port : *level.ports) {
      if (!portNames.count(port.name)) continue;
      BoundaryPortItem* item = boundaryPortItem(port.name);
      if (!item || item->setPort(port, PortLayout::isOnLeft(*level.owner, port))) return syncFromModel();
      nodes.push_back(item);
    }
  }
  // The wires whose points moved, then those at the moved items (routed again from their
  // ports; a drag left them drawn with the drag's offset); the junctions at all their ends.
  const std::vector<core::Connection>& connections = *level.connections;
  std::unordered_set<const PortItem*> ends;
  QRectF content = contentRect_;
  auto touched = [&](const WireItem* wire) {
    if (wire->fromPort()) ends.insert(wire->fromPort());
    if (wire->toPort()) ends.insert(wire->toPort());
  };
  for (std::size_t i : moved.connections) {
    if (i >= wires_.size() || i >= connections.size()) return syncFromModel();
    WireItem* wire = wires_[i];
    wire->setConnection(i, connections[i], wire->fromPort(), wire->toPort());
    touched(wire);
  }
  for (DiagramNodeItem* node : nodes) {
    for (PortItem* port : node->ports()) {
      port->updateWires();
      for (const WireItem* wire : port->wires()) touched(wire);
    }
    content |= node->sceneBoundingRect();
  }
  junctions_->recomputeAt(std::vector<const PortItem*>(ends.begin(), ends.end()));
  fitSceneRect(content);  // grown only: the full sync after another edit fits it again
  // No noteChange(): the moved items and their wires, routed again, have each noted their own.
  emit synced();
}

void DiagramScene::setShowGrid(bool show) {
  showGrid_ = show;
  for (QGraphicsView* view : views()) view->resetCachedContent();  // their cached backgrounds
  update();
}

QPointF DiagramScene::snap(QPointF p) const {
  if (!snapToGrid_) return p;
  return {std::round(p.x() / kGrid) * kGrid, std::round(p.y() / kGrid) * kGrid};
}

void DiagramScene::syncFromModel() {
  const ConstDiagramLevel level = document_->level(level_);
  if (!level) {
    clearItems();
    emit levelLost();
    return;
  }
  // Detach the wires first: moving or rebuilding a block must not touch a wire being replaced.
  for (auto& [id, item] : blocks_)
    for (PortItem* p : item->ports()) p->clearWires();
  for (auto& [name, item] : boundaryPorts_)
    for (PortItem* p : item->ports()) p->clearWires();

  std::map<std::string, BlockItem*> blocks;
  for (const core::Block& block : *level.blocks) {
    auto it = blocks_.find(block.id);
    BlockItem* item = nullptr;
    if (it != blocks_.end() && it->second->blockType() == block.type) {
      item = it->second;
      blocks_.erase(it);
      item->setBlock(block);
    } else {
      if (it != blocks_.end()) {
        delete it->second;
        blocks_.erase(it);
      }
      item = new BlockItem(block, document_->registry().find(block.type), icons_, layout_);
      addItem(item);
    }
    blocks.emplace(block.id, item);
  }
  for (auto& [id, item] : blocks_) delete item;  // blocks no longer in the model
  blocks_ = std::move(blocks);

  std::map<std::string, BoundaryPortItem*> ports;
  if (level.ports) {
    for (const core::BoundaryPort& port : *level.ports) {
      const bool onLeft = PortLayout::isOnLeft(*level.owner, port);
      auto it = boundaryPorts_.find(port.name);
      BoundaryPortItem* item = nullptr;
      if (it != boundaryPorts_.end() && !it->second->setPort(port, onLeft)) {
        item = it->second;
        boundaryPorts_.erase(it);
      } else {
        if (it != boundaryPorts_.end()) {
          delete it->second;
          boundaryPorts_.erase(it);
        }
        item = new BoundaryPortItem(port, onLeft);
        addItem(item);
      }
      ports.emplace(port.name, item);
    }
  }
  for (auto& [name, item] : boundaryPorts_) delete item;
  boundaryPorts_ = std::move(ports);

  const std::vector<core::Connection>& connections = *level.connections;
  while (wires_.size() > connections.size()) {
    delete wires_.back();
    wires_.pop_back();
  }
  while (wires_.size() < connections.size()) {
    auto* wire = new WireItem;
    addItem(wire);
    wires_.push_back(wire);
  }
  for (std::size_t i = 0; i < connections.size(); ++i) {
    PortItem* from = portItem(connections[i].from);
    PortItem* to = portItem(connections[i].to);
    wires_[i]->setConnection(i, connections[i], from, to);
    if (from) from->addWire(wires_[i]);
    if (to) to->addWire(wires_[i]);
  }
  junctions_->recompute(wires_);

  QRectF content;
  for (const auto& [id, item] : blocks_) content |= item->sceneBoundingRect();
  for (const auto& [name, item] : boundaryPorts_) content |= item->sceneBoundingRect();
  if (content.isEmpty()) content = QRectF(-400, -300, 800, 600);
  fitSceneRect(content);
  noteChange();
  emit synced();
}

std::optional<std::span<const DiagramScene::Change>> DiagramScene::changesSince(std::uint64_t revision) const {
  if (revision < changesFrom_ || revision > revision_) return std::nullopt;
  return std::span<const Change>(changes_).subspan(revision - changesFrom_);
}

void DiagramScene::noteChange() {
  changesFrom_ = ++revision_;
  changes_.clear();
}

void DiagramScene::noteItemChange(const Change& change) {
  // Beyond a few changes per item (a long drag), one reading of every item costs less than the list.
  if (changes_.size() >= 4 * (wires_.size() + blocks_.size() + boundaryPorts_.size()) + 1024) return noteChange();
  changes_.push_back(change);
  ++revision_;
}

void DiagramScene::fitSceneRect(const QRectF& content) {
  contentRect_ = content;
  const double m = kScrollMargin;
  const QRectF current = sceneRect();
  const bool roomEnough = current.adjusted(m / 2, m / 2, -m / 2, -m / 2).contains(content);
  const bool notTooBig = content.adjusted(-2 * m, -2 * m, 2 * m, 2 * m).contains(current);
  if (roomEnough && notTooBig) return;
  setSceneRect(content.adjusted(-m, -m, m, m));
}

BlockItem* DiagramScene::blockItem(const std::string& id) const {
  const auto it = blocks_.find(id);
  return it == blocks_.end() ? nullptr : it->second;
}

BoundaryPortItem* DiagramScene::boundaryPortItem(const std::string& name) const {
  const auto it = boundaryPorts_.find(name);
  return it == boundaryPorts_.end() ? nullptr : it->second;
}

PortItem* DiagramScene::portItem(const std::string& endpoint) const {
  const auto [block, port] = splitEndpoint(endpoint);
  if (block.empty()) {
    const BoundaryPortItem* item = boundaryPortItem(port);
    return item && !item->ports().empty() ? item->ports().front() : nullptr;
  }
  const BlockItem* item = blockItem(block);
  return item ? item->port(port) : nullptr;
}

std::set<std::string> DiagramScene::selectedBlockIds() const {
  std::set<std::string> ids;
  for (QGraphicsItem* item : selectedItems())
    if (item->type() == BlockItem::Type) ids.insert(static_cast<BlockItem*>(item)->name());
  return ids;
}

std::set<std::string> DiagramScene::selectedPortNames() const {
  std::set<std::string> names;
  for (QGraphicsItem* item : selectedItems())
    if (item->type() == BoundaryPortItem::Type) names.insert(static_cast<BoundaryPortItem*>(item)->name());
  return names;
}

std::set<std::size_t> DiagramScene::selectedConnections() const {
  std::set<std::size_t> indices;
  for (QGraphicsItem* item : selectedItems())
    if (item->type() == WireItem::Type) indices.insert(static_cast<WireItem*>(item)->index());
  return indices;
}

void DiagramScene::selectBlocks(const std::vector<std::string>& ids) {
  clearSelection();
  for (const std::string& id : ids)
    if (BlockItem* item = blockItem(id)) item->setSelected(true);
}

bool DiagramScene::commitMovedItems(const QString& text) {
  std::vector<MoveItemsCommand::Move> moves;
  auto collect = [&](const auto& items, const std::set<std::string>& displaced) {
    for (const std::string& name : displaced) {
      const auto it = items.find(name);
      if (it == items.end()) continue;
      const DiagramNodeItem* item = it->second;
      if (item->pos() != item->modelPos())
        moves.push_back({item->isBoundaryPort(), item->name(), {item->pos().x(), item->pos().y()}});
    }
  };
  collect(blocks_, displacedBlocks_);
  collect(boundaryPorts_, displacedPorts_);
  displacedBlocks_.clear();
  displacedPorts_.clear();
  if (moves.empty()) return false;
  const QString label = !text.isEmpty()     ? text
                        : moves.size() == 1 ? tr("Move %1").arg(QString::fromStdString(moves.front().name))
                                            : tr("Move %n items", nullptr, static_cast<int>(moves.size()));
  document_->undoStack()->push(new MoveItemsCommand(document_, level_, std::move(moves), label));
  return true;
}

void DiagramScene::noteDisplaced(const DiagramNodeItem& item) {
  (item.isBoundaryPort() ? displacedPorts_ : displacedBlocks_).insert(item.name());
}

QRectF DiagramScene::contentBounds() const {
  QRectF content;
  auto add = [&content](const QGraphicsItem* item) {
    if (item->isVisible()) content |= item->sceneBoundingRect();
  };
  for (const auto& [id, item] : blocks_) add(item);
  for (const auto& [name, item] : boundaryPorts_) add(item);
  for (const WireItem* wire : wires_) add(wire);
  return content;
}

void DiagramScene::drawBackground(QPainter* painter, const QRectF& rect) {
  painter->fillRect(rect, DomainStyle::background());
  if (!showGrid_) return;
  const QTransform& t = painter->worldTransform();
  const double scale = std::sqrt(std::abs(t.determinant()));
  double step = 2 * kGrid;
  while (step * scale < 12) step *= 5;  // keep the dots at least 12 px apart
  const double x0 = std::floor(rect.left() / step) * step, y0 = std::floor(rect.top() / step) * step;
  gridPoints_.clear();
  for (double y = y0; y <= rect.bottom(); y += step)
    for (double x = x0; x <= rect.right(); x += step) gridPoints_.emplace_back(x, y);
  painter->setPen(gridPen_);
  painter->drawPoints(gridPoints_.data(), static_cast<int>(gridPoints_.size()));
}

}  // namespace kelvin::gui
