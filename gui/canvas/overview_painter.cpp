#include "canvas/overview_painter.h"

#include <optional>

#include <QPainter>

#include "canvas/diagram_scene.h"
#include "canvas/domain_style.h"
#include "canvas/line_runs.h"

namespace kelvin::gui {

namespace {

QColor silhouette() { return QColor(0x55, 0x5d, 0x68); }

/// `r` grown about its centre to at least one pixel each way.
QRectF atLeastAPixel(QRectF r) {
  if (r.width() < 1) r.adjust((r.width() - 1) / 2, 0, (1 - r.width()) / 2, 0);
  if (r.height() < 1) r.adjust(0, (r.height() - 1) / 2, 0, (1 - r.height()) / 2);
  return r;
}

/// `line` in viewport pixels as drawn in `area`: clipped to it when horizontal or vertical, else
/// whole when it comes within a pixel of it; nothing when it misses it.
std::optional<QLineF> inArea(const QLineF& line, const QRectF& area) {
  if (line.y1() == line.y2() || line.x1() == line.x2()) return LineRuns::clipped(line, area);
  if (!QRectF(line.p1(), line.p2()).normalized().adjusted(-1, -1, 1, 1).intersects(area)) return std::nullopt;
  return line;
}

}  // namespace

void OverviewPainter::paint(QPainter* painter, const DiagramScene& scene, const QTransform& toViewport,
                            const QRect& exposed) {
  geometry_.follow(scene);
  painter->save();
  painter->resetTransform();
  painter->setRenderHint(QPainter::Antialiasing, false);
  const QRectF area = QRectF(exposed).adjusted(-2, -2, 2, 2);

  // The wires first: they run under the blocks.
  for (std::size_t color = 0; color < geometry_.colors().size(); ++color) {
    lines_.clear();
    for (const QLineF& line : geometry_.lines(color))
      if (const auto shown = inArea(QLineF(toViewport.map(line.p1()), toViewport.map(line.p2())), area))
        lines_.push_back(*shown);
    painter->setPen(QPen(geometry_.colors()[color], 0));
    painter->drawLines(lines_.data(), static_cast<int>(lines_.size()));
  }

  painter->setPen(Qt::NoPen);
  auto fill = [&](const std::vector<QRectF>& silhouettes, QColor color) {
    rects_.clear();
    for (const QRectF& body : silhouettes)
      if (const QRectF r = atLeastAPixel(toViewport.mapRect(body)); r.intersects(area)) rects_.push_back(r);
    painter->setBrush(color);
    painter->drawRects(rects_.data(), static_cast<int>(rects_.size()));
  };
  fill(geometry_.silhouettes(), silhouette());
  fill(geometry_.selectedSilhouettes(), DomainStyle::selection());
  painter->restore();
}

}  // namespace kelvin::gui
