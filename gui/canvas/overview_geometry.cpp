#include "canvas/overview_geometry.h"

#include <algorithm>

#include "canvas/block_item.h"
#include "canvas/boundary_port_item.h"
#include "canvas/diagram_scene.h"
#include "canvas/domain_style.h"
#include "canvas/wire_item.h"

namespace kelvin::gui {

namespace {
/// What BlockItem fills far out: its body less 8 units each side.
constexpr double kSilhouetteInset = 8;
/// How many wires ahead of the one read the next ones are fetched.
constexpr std::size_t kAhead = 8;
}  // namespace

OverviewGeometry::Wire OverviewGeometry::read(const WireItem& wire) {
  if (!wire.isVisible()) return {};
  return {.shown = true,
          .color = wire.isSelected() ? DomainStyle::selection() : wire.color(),
          .route = wire.polyline()};
}

OverviewGeometry::Node OverviewGeometry::read(const DiagramNodeItem& node) {
  if (!node.isVisible()) return {};
  const double inset = node.type() == BlockItem::Type ? kSilhouetteInset : 0;
  QRectF body = node.bodySceneRect();
  if (body.width() > 2 * inset && body.height() > 2 * inset) body.adjust(inset, inset, -inset, -inset);
  return {.shown = true, .selected = node.isSelected(), .silhouette = body};
}

void OverviewGeometry::follow(const DiagramScene& scene) {
  if (gathered_ == scene.revision()) return;
  const auto changes = gathered_ ? scene.changesSince(*gathered_) : std::nullopt;
  gathered_ = scene.revision();
  if (!changes) {
    gather(scene);
    return;
  }
  // Items the scene does not draw (a tool's preview wire) are not in the indexes: left out, as
  // gather() leaves them out.
  bool wiresChanged = false, nodesChanged = false;
  for (const DiagramScene::Change& change : *changes) {
    if (change.wire) {
      if (const auto it = wireIndex_.find(change.wire); it != wireIndex_.end()) {
        wires_[it->second] = read(*change.wire);
        wiresChanged = true;
      }
    } else if (const auto it = nodeIndex_.find(change.node); it != nodeIndex_.end()) {
      nodes_[it->second] = read(*change.node);
      nodesChanged = true;
    }
  }
  if (wiresChanged) composeWires();
  if (nodesChanged) composeSilhouettes();
}

void OverviewGeometry::gather(const DiagramScene& scene) {
  const std::vector<WireItem*>& wires = scene.wireItems();
  wires_.resize(wires.size());
  wireIndex_.clear();
  for (std::size_t k = 0; k < wires.size(); ++k) {
    if (k + kAhead < wires.size()) wires[k + kAhead]->prefetch();
    wires_[k] = read(*wires[k]);
    wireIndex_.emplace(wires[k], k);
  }
  nodes_.clear();
  nodeIndex_.clear();
  auto add = [&](const DiagramNodeItem* node) {
    nodeIndex_.emplace(node, nodes_.size());
    nodes_.push_back(read(*node));
  };
  for (const auto& [id, block] : scene.blockItems()) add(block);
  for (const auto& [name, port] : scene.boundaryPortItems()) add(port);
  composeWires();
  composeSilhouettes();
}

void OverviewGeometry::composeWires() {
  colors_.clear();
  for (std::vector<QLineF>& lines : lines_) lines.clear();
  auto indexOf = [this](QColor color) {
    const auto it = std::find_if(colors_.begin(), colors_.end(), [&](QColor c) { return c.rgba() == color.rgba(); });
    if (it != colors_.end()) return static_cast<std::size_t>(it - colors_.begin());
    colors_.push_back(color);
    if (lines_.size() < colors_.size()) lines_.resize(colors_.size());
    return colors_.size() - 1;
  };
  for (const Wire& wire : wires_) {
    if (!wire.shown) continue;
    const std::size_t color = indexOf(wire.color);
    const QPolygonF& route = wire.route;
    for (int i = 0; i + 1 < route.size(); ++i)
      if (!runs_.add(static_cast<int>(color), route[i], route[i + 1]))
        lines_[color].emplace_back(route[i], route[i + 1]);
  }
  runs_.mergeInto(lines_);
}

void OverviewGeometry::composeSilhouettes() {
  silhouettes_.clear();
  selectedSilhouettes_.clear();
  for (const Node& node : nodes_)
    if (node.shown) (node.selected ? selectedSilhouettes_ : silhouettes_).push_back(node.silhouette);
}

}  // namespace kelvin::gui
