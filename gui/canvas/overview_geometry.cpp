#include "canvas/overview_geometry.h"

#include <algorithm>
#include <iterator>

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
  return {
      .shown = true, .color = wire.isSelected() ? DomainStyle::selection() : wire.color(), .route = wire.polyline()};
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
  changed_.clear();
  bool nodesChanged = false;
  for (const DiagramScene::Change& change : *changes) {
    if (change.wire) {
      const auto it = wireIndex_.find(change.wire);
      if (it == wireIndex_.end() || rereading_[it->second]) continue;
      rereading_[it->second] = 1;
      changed_.emplace_back(it->second, change.wire);
    } else if (const auto it = nodeIndex_.find(change.node); it != nodeIndex_.end()) {
      nodes_[it->second] = read(*change.node);
      nodesChanged = true;
    }
  }
  if (!changed_.empty()) {
    reread(changed_);
    composeWires();
  }
  if (nodesChanged) composeSilhouettes();
}

void OverviewGeometry::gather(const DiagramScene& scene) {
  const std::vector<WireItem*>& wires = scene.wireItems();
  wires_.resize(wires.size());
  wireIndex_.clear();
  segments_.clear();
  rereading_.assign(wires.size(), 0);
  for (std::size_t k = 0; k < wires.size(); ++k) {
    if (k + kAhead < wires.size()) wires[k + kAhead]->prefetch();
    wires_[k] = read(*wires[k]);
    wireIndex_.emplace(wires[k], k);
    if (wires_[k].shown) addSegments(k, segments_[wires_[k].color.rgba()]);
  }
  for (auto& [color, segments] : segments_)
    for (std::vector<Run>& runs : segments.runs) std::sort(runs.begin(), runs.end(), byPlace);
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

void OverviewGeometry::addSegments(std::size_t wire, Segments& segments) const {
  const QPolygonF& route = wires_[wire].route;
  for (int i = 0; i + 1 < route.size(); ++i) {
    const QPointF p = route[i], q = route[i + 1];
    if (p.y() != q.y() && p.x() != q.x()) {
      segments.slanted.emplace_back(wire, QLineF(p, q));
      continue;
    }
    const bool vertical = p.x() == q.x() && p.y() != q.y();
    const double a = vertical ? p.y() : p.x(), b = vertical ? q.y() : q.x();
    segments.runs[vertical ? 1 : 0].push_back({vertical ? p.x() : p.y(), std::min(a, b), std::max(a, b), wire});
  }
}

void OverviewGeometry::reread(const std::vector<std::pair<std::size_t, const WireItem*>>& changed) {
  // Their segments out of the colours they had...
  std::vector<QRgb> before;
  for (const auto& [k, item] : changed)
    if (wires_[k].shown && std::find(before.begin(), before.end(), wires_[k].color.rgba()) == before.end())
      before.push_back(wires_[k].color.rgba());
  for (const QRgb color : before) {
    Segments& segments = segments_[color];
    for (std::vector<Run>& runs : segments.runs) std::erase_if(runs, [&](const Run& r) { return rereading_[r.wire]; });
    std::erase_if(segments.slanted, [&](const auto& line) { return rereading_[line.first]; });
  }
  // ... and their new ones merged into the colours they have.
  std::map<QRgb, Segments> added;
  for (const auto& [k, item] : changed) {
    wires_[k] = read(*item);
    rereading_[k] = 0;
    if (wires_[k].shown) addSegments(k, added[wires_[k].color.rgba()]);
  }
  for (auto& [color, segments] : added) {
    Segments& into = segments_[color];
    for (int direction = 0; direction < 2; ++direction) {
      std::vector<Run>& runs = segments.runs[direction];
      std::sort(runs.begin(), runs.end(), byPlace);
      merged_.clear();
      std::merge(into.runs[direction].begin(), into.runs[direction].end(), runs.begin(), runs.end(),
                 std::back_inserter(merged_), byPlace);
      into.runs[direction].swap(merged_);
    }
    into.slanted.insert(into.slanted.end(), segments.slanted.begin(), segments.slanted.end());
  }
}

void OverviewGeometry::composeWires() {
  colors_.clear();
  for (const Wire& wire : wires_)
    if (wire.shown &&
        std::none_of(colors_.begin(), colors_.end(), [&](QColor c) { return c.rgba() == wire.color.rgba(); }))
      colors_.push_back(wire.color);
  if (lines_.size() < colors_.size()) lines_.resize(colors_.size());
  for (std::vector<QLineF>& lines : lines_) lines.clear();
  for (std::size_t i = 0; i < colors_.size(); ++i) {
    const Segments& segments = segments_.at(colors_[i].rgba());
    std::vector<QLineF>& lines = lines_[i];
    for (const auto& [wire, line] : segments.slanted) lines.push_back(line);
    // Runs of one line that overlap or touch become one line: thousands of wires running into
    // one node share their last segments, which are then drawn once.
    for (int direction = 0; direction < 2; ++direction) {
      const std::vector<Run>& runs = segments.runs[direction];
      for (std::size_t j = 0; j < runs.size();) {
        Run merged = runs[j];
        for (++j; j < runs.size() && runs[j].at == merged.at && runs[j].from <= merged.to; ++j)
          merged.to = std::max(merged.to, runs[j].to);
        lines.push_back(direction == 1 ? QLineF(merged.at, merged.from, merged.at, merged.to)
                                       : QLineF(merged.from, merged.at, merged.to, merged.at));
      }
    }
  }
}

void OverviewGeometry::composeSilhouettes() {
  silhouettes_.clear();
  selectedSilhouettes_.clear();
  for (const Node& node : nodes_)
    if (node.shown) (node.selected ? selectedSilhouettes_ : silhouettes_).push_back(node.silhouette);
}

}  // namespace kelvin::gui
