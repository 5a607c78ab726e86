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

void OverviewGeometry::gather(const DiagramScene& scene) {
  gatherWires(scene);
  gatherSilhouettes(scene);
}

void OverviewGeometry::gatherWires(const DiagramScene& scene) {
  colors_.clear();
  for (std::vector<QLineF>& lines : lines_) lines.clear();
  auto indexOf = [this](QColor color) {
    const auto it = std::find_if(colors_.begin(), colors_.end(), [&](QColor c) { return c.rgba() == color.rgba(); });
    if (it != colors_.end()) return static_cast<std::size_t>(it - colors_.begin());
    colors_.push_back(color);
    if (lines_.size() < colors_.size()) lines_.resize(colors_.size());
    return colors_.size() - 1;
  };
  const std::vector<WireItem*>& wires = scene.wireItems();
  for (std::size_t k = 0; k < wires.size(); ++k) {
    if (k + kAhead < wires.size()) wires[k + kAhead]->prefetch();
    const WireItem* wire = wires[k];
    if (!wire->isVisible()) continue;
    const std::size_t color = indexOf(wire->isSelected() ? DomainStyle::selection() : wire->color());
    const QPolygonF& route = wire->polyline();
    for (int i = 0; i + 1 < route.size(); ++i)
      if (!runs_.add(static_cast<int>(color), route[i], route[i + 1]))
        lines_[color].emplace_back(route[i], route[i + 1]);
  }
  runs_.mergeInto(lines_);
}

void OverviewGeometry::gatherSilhouettes(const DiagramScene& scene) {
  silhouettes_.clear();
  selectedSilhouettes_.clear();
  auto add = [&](const DiagramNodeItem* node, double inset) {
    if (!node->isVisible()) return;
    QRectF body = node->bodySceneRect();
    if (body.width() > 2 * inset && body.height() > 2 * inset) body.adjust(inset, inset, -inset, -inset);
    (node->isSelected() ? selectedSilhouettes_ : silhouettes_).push_back(body);
  };
  for (const auto& [id, block] : scene.blockItems()) add(block, kSilhouetteInset);
  for (const auto& [name, port] : scene.boundaryPortItems()) add(port, 0);
}

}  // namespace kelvin::gui
