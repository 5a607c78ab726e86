#include "canvas/overview_geometry.h"

#include <algorithm>

#include "canvas/block_item.h"
#include "canvas/boundary_port_item.h"
#include "canvas/diagram_scene.h"
#include "canvas/domain_style.h"
#include "canvas/line_runs.h"
#include "canvas/wire_item.h"

namespace kelvin::gui {

namespace {
/// What BlockItem fills far out: its body less 8 units each side.
constexpr double kSilhouetteInset = 8;
}  // namespace

void OverviewGeometry::gather(const DiagramScene& scene) {
  gatherWires(scene);
  gatherSilhouettes(scene);
}

void OverviewGeometry::gatherWires(const DiagramScene& scene) {
  strokes_.clear();
  LineRuns runs;
  auto strokeOf = [this](QColor color) {
    const auto it =
        std::find_if(strokes_.begin(), strokes_.end(), [&](const Stroke& s) { return s.color.rgba() == color.rgba(); });
    if (it != strokes_.end()) return static_cast<int>(it - strokes_.begin());
    strokes_.push_back({color, {}});
    return static_cast<int>(strokes_.size()) - 1;
  };
  for (const WireItem* wire : scene.wireItems()) {
    if (!wire->isVisible()) continue;
    const int stroke = strokeOf(wire->isSelected() ? DomainStyle::selection() : wire->color());
    const QPolygonF& route = wire->polyline();
    for (int i = 0; i + 1 < route.size(); ++i)
      if (!runs.add(stroke, route[i], route[i + 1])) strokes_[stroke].lines.emplace_back(route[i], route[i + 1]);
  }
  std::vector<std::vector<QLineF>> merged;
  runs.mergeInto(merged);
  for (std::size_t i = 0; i < merged.size(); ++i)
    strokes_[i].lines.insert(strokes_[i].lines.end(), merged[i].begin(), merged[i].end());
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
