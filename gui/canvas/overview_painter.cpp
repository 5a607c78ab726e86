#include "canvas/overview_painter.h"

#include <utility>
#include <vector>

#include <QPainter>

#include "canvas/block_item.h"
#include "canvas/boundary_port_item.h"
#include "canvas/diagram_scene.h"
#include "canvas/domain_style.h"
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

/// Lines of one colour.
struct Batch {
  QRgb color;
  std::vector<QLineF> lines;
};

std::vector<QLineF>& batchOf(std::vector<Batch>& batches, QColor color) {
  for (Batch& b : batches)
    if (b.color == color.rgba()) return b.lines;
  batches.push_back({color.rgba(), {}});
  return batches.back().lines;
}

}  // namespace

void OverviewPainter::paint(QPainter* painter, const DiagramScene& scene, const QTransform& toViewport,
                            const QRect& exposed) {
  painter->save();
  painter->resetTransform();
  painter->setRenderHint(QPainter::Antialiasing, false);
  const QRectF area = QRectF(exposed).adjusted(-2, -2, 2, 2);

  // The wires first: they run under the blocks.
  std::vector<Batch> batches;
  for (const WireItem* wire : scene.wireItems()) {
    if (!wire->isVisible() || !toViewport.mapRect(wire->boundingRect()).intersects(area)) continue;
    std::vector<QLineF>& lines = batchOf(batches, wire->isSelected() ? DomainStyle::selection() : wire->color());
    const QPolygonF& route = wire->polyline();
    for (int i = 0; i + 1 < route.size(); ++i) {
      const QLineF line(toViewport.map(route[i]), toViewport.map(route[i + 1]));
      if (QRectF(line.p1(), line.p2()).normalized().adjusted(-1, -1, 1, 1).intersects(area)) lines.push_back(line);
    }
  }
  for (const Batch& batch : batches) {
    painter->setPen(QPen(QColor::fromRgba(batch.color), 0));
    painter->drawLines(batch.lines.data(), static_cast<int>(batch.lines.size()));
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
