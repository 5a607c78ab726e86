#include "canvas/wire_layer.h"

#include <algorithm>
#include <vector>

#include <QPainter>
#include <QPainterPath>
#include <QStyleOptionGraphicsItem>

#include "canvas/diagram_scene.h"
#include "canvas/domain_style.h"
#include "canvas/line_runs.h"
#include "canvas/wire_item.h"

namespace kelvin::gui {

namespace {

/// Beyond the exposed area, in scene units, still drawn: the halo (7 wide) and the joins.
constexpr double kExposedMargin = 8;
/// Where a wire is thinner than a pixel: drawn one device pixel wide without antialiasing.
constexpr double kFarDetail = 0.3;
/// Where the handles of a selected wire are drawn.
constexpr double kHandleDetail = 0.5;

/// Lines of one pen.
struct Stroke {
  QPen pen;
  std::vector<QLineF> lines;
};

int penIndex(std::vector<Stroke>& strokes, const QPen& pen) {
  for (std::size_t i = 0; i < strokes.size(); ++i)
    if (strokes[i].pen.color() == pen.color() && strokes[i].pen.widthF() == pen.widthF()) return static_cast<int>(i);
  strokes.push_back({pen, {}});
  return static_cast<int>(strokes.size()) - 1;
}

/// The runs of consecutive segments of `route` that reach `area`, as one path.
QPainterPath segmentsIn(const QPolygonF& route, const QRectF& area) {
  QPainterPath part;
  bool open = false;
  for (int i = 0; i + 1 < route.size(); ++i) {
    const QPointF p = route[i], q = route[i + 1];
    const bool reaches = QRectF(p, q).normalized().adjusted(-1, -1, 1, 1).intersects(area);
    if (reaches && !open) part.moveTo(p);
    if (reaches) part.lineTo(q);
    open = reaches;
  }
  return part;
}

/// Adds the segments of `route` drawn with pen `pen` of width `width` in `area` to `runs`
/// (horizontal and vertical ones) or `lines` (any other). A segment reaches half the width past
/// a bend, as the miter join of the wire's own path does, and ends flat at the wire's ends.
void addSegments(const QPolygonF& route, int pen, double width, const QRectF& area, LineRuns& runs,
                 std::vector<QLineF>& lines) {
  const int last = static_cast<int>(route.size()) - 1;
  for (int i = 0; i < last; ++i) {
    const QPointF p = route[i], q = route[i + 1];
    if (!runs.add(pen, p, q, i > 0 ? width / 2 : 0, i + 1 < last ? width / 2 : 0) &&
        QRectF(p, q).normalized().intersects(area))
      lines.emplace_back(p, q);
  }
}

}  // namespace

WireLayer::WireLayer(const DiagramScene* scene) : scene_(scene) {
  setFlags(ItemUsesExtendedStyleOption);  // paint() draws only what reaches the exposed area
  setZValue(0);                           // under the ports, junction dots and blocks
  setAcceptedMouseButtons(Qt::NoButton);
}

QRectF WireLayer::boundingRect() const { return {-1e7, -1e7, 2e7, 2e7}; }

void WireLayer::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
  const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
  const bool fine = lod > kFarDetail;
  const QRectF area = option->exposedRect.adjusted(-kExposedMargin, -kExposedMargin, kExposedMargin, kExposedMargin);

  std::vector<Stroke> strokes;
  LineRuns runs(area);
  std::vector<const WireItem*> selected, arrows;
  for (const WireItem* wire : scene_->wireItems()) {
    if (!wire->isVisible() || !wire->boundingRect().intersects(area)) continue;
    if (wire->isSelected()) selected.push_back(wire);
    if (fine && !wire->arrow().isEmpty() && wire->arrow().boundingRect().intersects(area)) arrows.push_back(wire);
    // Far out a wire is thinner than a pixel: the one-pixel pen draws it alike, by the raster
    // engine's line drawing instead of a stroker.
    const QPen pen = fine ? wire->pen() : QPen(wire->color(), 0);
    const int index = penIndex(strokes, pen);
    addSegments(wire->polyline(), index, pen.widthF(), area, runs, strokes[index].lines);
  }

  // Pieces of one pen on one line that overlap or touch become one line.
  std::vector<std::vector<QLineF>> merged;
  runs.mergeInto(merged);
  for (std::size_t i = 0; i < merged.size(); ++i)
    strokes[i].lines.insert(strokes[i].lines.end(), merged[i].begin(), merged[i].end());

  painter->setRenderHint(QPainter::Antialiasing, fine);
  painter->setBrush(Qt::NoBrush);
  if (!selected.empty()) {
    QColor halo = DomainStyle::selection();
    halo.setAlpha(70);
    painter->setPen(QPen(halo, 7, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    for (const WireItem* wire : selected) painter->drawPath(segmentsIn(wire->polyline(), area));
  }
  for (const Stroke& stroke : strokes) {
    painter->setPen(stroke.pen);
    painter->drawLines(stroke.lines.data(), static_cast<int>(stroke.lines.size()));
  }
  painter->setPen(Qt::NoPen);
  for (const WireItem* wire : arrows) {
    painter->setBrush(wire->color());
    painter->drawPolygon(wire->arrow());
  }
  if (lod > kHandleDetail && !selected.empty()) {
    // A handle in the middle of each segment that can be dragged.
    painter->setPen(QPen(DomainStyle::selection(), 1.2));
    painter->setBrush(Qt::white);
    for (const WireItem* wire : selected) {
      const QPolygonF& route = wire->polyline();
      for (int i = 0; i + 1 < route.size(); ++i) {
        const QPointF m = (route[i] + route[i + 1]) / 2;
        if (area.contains(m)) painter->drawRect(QRectF(m.x() - 2.5, m.y() - 2.5, 5, 5));
      }
    }
  }
}

}  // namespace kelvin::gui
