#include "canvas/overview_painter.h"

#include <algorithm>
#include <utility>
#include <vector>

#include <QPainter>

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

QColor silhouette() { return QColor(0x55, 0x5d, 0x68); }

/// `r` grown about its centre to at least one pixel each way.
QRectF atLeastAPixel(QRectF r) {
  if (r.width() < 1) r.adjust((r.width() - 1) / 2, 0, (1 - r.width()) / 2, 0);
  if (r.height() < 1) r.adjust(0, (r.height() - 1) / 2, 0, (1 - r.height()) / 2);
  return r;
}

/// The index of `color` in `colors`, added when new.
int colorIndex(std::vector<QRgb>& colors, QColor color) {
  const auto it = std::find(colors.begin(), colors.end(), color.rgba());
  if (it != colors.end()) return static_cast<int>(it - colors.begin());
  colors.push_back(color.rgba());
  return static_cast<int>(colors.size()) - 1;
}

}  // namespace

void OverviewPainter::paint(QPainter* painter, const DiagramScene& scene, const QTransform& toViewport,
                            const QRect& exposed) {
  painter->save();
  painter->resetTransform();
  painter->setRenderHint(QPainter::Antialiasing, false);
  const QRectF area = QRectF(exposed).adjusted(-2, -2, 2, 2);

  // The wires first: they run under the blocks. Those of one colour on one line of pixels
  // (thousands into one ground) are merged where they overlap, and drawn in one call a colour.
  std::vector<QRgb> colors;
  std::vector<std::vector<QLineF>> lines;
  LineRuns runs(area);
  for (const WireItem* wire : scene.wireItems()) {
    if (!wire->isVisible() || !toViewport.mapRect(wire->boundingRect()).intersects(area)) continue;
    const int color = colorIndex(colors, wire->isSelected() ? DomainStyle::selection() : wire->color());
    if (lines.size() < colors.size()) lines.resize(colors.size());
    const QPolygonF& route = wire->polyline();
    for (int i = 0; i + 1 < route.size(); ++i) {
      const QLineF line(toViewport.map(route[i]), toViewport.map(route[i + 1]));
      if (!runs.add(color, line.p1(), line.p2()) &&
          QRectF(line.p1(), line.p2()).normalized().adjusted(-1, -1, 1, 1).intersects(area))
        lines[color].push_back(line);
    }
  }
  runs.mergeInto(lines);
  for (std::size_t i = 0; i < colors.size(); ++i) {
    painter->setPen(QPen(QColor::fromRgba(colors[i]), 0));
    painter->drawLines(lines[i].data(), static_cast<int>(lines[i].size()));
  }

  std::vector<QRectF> plain, selected;
  auto add = [&](const DiagramNodeItem* node, double inset) {
    if (!node->isVisible()) return;
    QRectF body = node->bodySceneRect();
    if (body.width() > 2 * inset && body.height() > 2 * inset) body.adjust(inset, inset, -inset, -inset);
    const QRectF r = atLeastAPixel(toViewport.mapRect(body));
    if (r.intersects(area)) (node->isSelected() ? selected : plain).push_back(r);
  };
  for (const auto& [id, block] : scene.blockItems()) add(block, kSilhouetteInset);
  for (const auto& [name, port] : scene.boundaryPortItems()) add(port, 0);
  painter->setPen(Qt::NoPen);
  painter->setBrush(silhouette());
  painter->drawRects(plain.data(), static_cast<int>(plain.size()));
  painter->setBrush(DomainStyle::selection());
  painter->drawRects(selected.data(), static_cast<int>(selected.size()));
  painter->restore();
}

}  // namespace kelvin::gui
