#include "canvas/diagram_view.h"

#include <algorithm>
#include <cmath>

#include <QContextMenuEvent>
#include <QMenu>
#include <QMimeData>
#include <QPainter>
#include <QPaintEvent>
#include <QRubberBand>
#include <QScrollBar>
#include <QStyleOptionRubberBand>
#include <QWheelEvent>

#include "canvas/block_item.h"
#include "canvas/boundary_port_item.h"
#include "canvas/diagram_scene.h"
#include "canvas/port_item.h"
#include "canvas/tools/connect_tool.h"
#include "canvas/tools/move_segment_tool.h"
#include "canvas/tools/pan_tool.h"
#include "canvas/tools/select_tool.h"
#include "canvas/wire_item.h"

namespace kelvin::gui {

const QString DiagramView::kBlockTypeMimeType = QStringLiteral("application/x-kelvin-block-type");

namespace {
constexpr double kMinZoom = 0.05;
/// A model opened is shown at least this large, so its labels stay readable; the rest scrolls.
constexpr double kReadableZoom = 0.75;
constexpr double kMaxZoom = 8.0;
constexpr double kPortPickPixels = 9;
constexpr double kPortPickMaxScene = 10;
}  // namespace

DiagramView::DiagramView(DiagramScene* scene, QWidget* parent)
    : QGraphicsView(scene, parent),
      scene_(scene),
      selectTool_(std::make_unique<SelectTool>(this)),
      connectTool_(std::make_unique<ConnectTool>(this)),
      panTool_(std::make_unique<PanTool>(this)),
      segmentTool_(std::make_unique<MoveSegmentTool>(this)) {
  setRenderHints(QPainter::Antialiasing | QPainter::SmoothPixmapTransform | QPainter::TextAntialiasing);
  setViewportUpdateMode(QGraphicsView::SmartViewportUpdate);
  setOptimizationFlags(QGraphicsView::DontSavePainterState);
  // The grid depends on the scene coordinates only: drawn once per zoom, then scrolled as pixels.
  setCacheMode(QGraphicsView::CacheBackground);
  setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
  setResizeAnchor(QGraphicsView::AnchorViewCenter);
  setRubberBandSelectionMode(Qt::IntersectsItemShape);
  setAcceptDrops(true);
  setMouseTracking(true);
  setFocusPolicy(Qt::StrongFocus);
  setFrameShape(QFrame::NoFrame);
  setTool(selectTool_.get());
  // QGraphicsView repaints what an item's update touches only where that item was painted last,
  // which the overview never tells it: far out the view repaints itself whole on every change.
  auto repaintOverview = [this] {
    if (overview_) viewport()->update();
  };
  connect(scene_, &DiagramScene::synced, this, repaintOverview);
  connect(scene_, &QGraphicsScene::selectionChanged, this, repaintOverview);
}

DiagramView::~DiagramView() = default;

void DiagramView::setTool(CanvasTool* tool) {
  if (tool_ == tool) return;
  if (tool_) tool_->deactivate();
  tool_ = tool;
  tool_->activate();
}

double DiagramView::zoom() const { return transform().m11(); }

void DiagramView::setZoom(double zoom) {
  zoom = std::clamp(zoom, kMinZoom, kMaxZoom);
  setTransform(QTransform::fromScale(zoom, zoom));
  updateOverview();
  emit zoomChanged(zoom);
}

void DiagramView::scaleBy(double factor) {
  const double target = std::clamp(zoom() * factor, kMinZoom, kMaxZoom);
  factor = target / zoom();
  scale(factor, factor);
  updateOverview();
  emit zoomChanged(zoom());
}

void DiagramView::updateOverview() {
  const bool overview = zoom() < OverviewPainter::kZoom;
  if (overview == overview_) return;
  overview_ = overview;
  // The overview is cheap and painted whole (see the constructor).
  setViewportUpdateMode(overview ? QGraphicsView::FullViewportUpdate : QGraphicsView::SmartViewportUpdate);
  viewport()->update();
}

void DiagramView::paintEvent(QPaintEvent* event) {
  if (!overview_) {
    QGraphicsView::paintEvent(event);
    return;
  }
  QPainter painter(viewport());
  const QRect exposed = event->rect();
  painter.setClipRect(exposed);
  painter.setRenderHints(renderHints());
  painter.setWorldTransform(viewportTransform());
  drawBackground(&painter, mapToScene(exposed).boundingRect());
  overviewPainter_.paint(&painter, *scene_, viewportTransform(), exposed);
  if (const QRect band = rubberBandRect(); !band.isEmpty()) {
    // As QGraphicsView draws its rubber band.
    painter.resetTransform();
    QStyleOptionRubberBand option;
    option.initFrom(viewport());
    option.rect = band;
    option.shape = QRubberBand::Rectangle;
    viewport()->style()->drawControl(QStyle::CE_RubberBand, &option, &painter, viewport());
  }
}

void DiagramView::zoomIn() {
  autoFit_ = false;
  scaleBy(1.25);
}

void DiagramView::zoomOut() {
  autoFit_ = false;
  scaleBy(1 / 1.25);
}

void DiagramView::resetZoom() {
  autoFit_ = false;
  setZoom(1.0);
}

void DiagramView::fitUntilUserZooms() {
  fit(kReadableZoom);
  autoFit_ = true;
}

void DiagramView::zoomToFit() {
  autoFit_ = false;  // else the scroll bars going away would resize the view and fit it to 75 % again
  fit(kMinZoom);
}

void DiagramView::fit(double smallest) {
  QRectF content = scene_->contentBounds();
  if (content.isEmpty()) {
    resetZoom();
    centerOn(0, 0);
    return;
  }
  content.adjust(-40, -40, 40, 40);
  const QRectF viewRect = viewport()->rect().adjusted(4, 4, -4, -4);
  const double whole = std::min(viewRect.width() / content.width(), viewRect.height() / content.height());
  setZoom(std::clamp(whole, smallest, 2.0));
  centerOn(content.center());
}

PortItem* DiagramView::portAt(QPointF scenePos, const PortItem* except) const {
  // A few pixels around the port, but never so far that a zoomed-out block is all port.
  const double radius = std::min(kPortPickPixels / std::max(zoom(), 1e-3), kPortPickMaxScene);
  const QRectF area(scenePos.x() - radius, scenePos.y() - radius, 2 * radius, 2 * radius);
  PortItem* best = nullptr;
  double bestDistance = radius * radius;
  for (QGraphicsItem* item : scene_->items(area, Qt::IntersectsItemBoundingRect)) {
    if (item->type() != PortItem::Type || item == except) continue;
    const QPointF d = item->scenePos() - scenePos;
    const double distance = d.x() * d.x() + d.y() * d.y();
    if (distance <= bestDistance) {
      bestDistance = distance;
      best = static_cast<PortItem*>(item);
    }
  }
  return best;
}

WireItem* DiagramView::wireAt(QPointF scenePos) const {
  const double radius = 4 / std::max(zoom(), 1e-3);
  const QRectF area(scenePos.x() - radius, scenePos.y() - radius, 2 * radius, 2 * radius);
  for (QGraphicsItem* item : scene_->items(area, Qt::IntersectsItemShape))
    if (item->type() == WireItem::Type && item->isVisible()) return static_cast<WireItem*>(item);
  return nullptr;
}

DiagramNodeItem* DiagramView::nodeAt(QPointF scenePos) const {
  for (QGraphicsItem* item : scene_->items(scenePos)) {
    if (item->type() == BlockItem::Type || item->type() == BoundaryPortItem::Type)
      return static_cast<DiagramNodeItem*>(item);
  }
  return nullptr;
}

QPointF DiagramView::cursorScenePos() const {
  if (!mouseSeen_) return mapToScene(viewport()->rect().center());
  return mapToScene(lastMouse_);
}

bool DiagramView::cursorInView() const { return mouseSeen_ && viewport()->rect().contains(lastMouse_); }

void DiagramView::mousePressEvent(QMouseEvent* event) {
  autoFit_ = false;  // the user takes over the view
  lastMouse_ = event->position().toPoint();
  mouseSeen_ = true;
  if (!tool_->mousePress(event)) QGraphicsView::mousePressEvent(event);
}

void DiagramView::mouseMoveEvent(QMouseEvent* event) {
  lastMouse_ = event->position().toPoint();
  mouseSeen_ = true;
  if (!tool_->mouseMove(event)) QGraphicsView::mouseMoveEvent(event);
}

void DiagramView::mouseReleaseEvent(QMouseEvent* event) {
  lastMouse_ = event->position().toPoint();
  if (!tool_->mouseRelease(event)) QGraphicsView::mouseReleaseEvent(event);
}

void DiagramView::mouseDoubleClickEvent(QMouseEvent* event) {
  if (!tool_->mouseDoubleClick(event)) QGraphicsView::mouseDoubleClickEvent(event);
}

void DiagramView::keyPressEvent(QKeyEvent* event) {
  if (!tool_->keyPress(event)) QGraphicsView::keyPressEvent(event);
}

void DiagramView::keyReleaseEvent(QKeyEvent* event) {
  if (!tool_->keyRelease(event)) QGraphicsView::keyReleaseEvent(event);
}

void DiagramView::wheelEvent(QWheelEvent* event) {
  if (event->modifiers() & Qt::ShiftModifier) {
    QGraphicsView::wheelEvent(event);  // scroll
    return;
  }
  const double notches = event->angleDelta().y() / 120.0;
  if (notches == 0) return;
  autoFit_ = false;
  setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
  scaleBy(std::pow(1.15, notches));
  event->accept();
}

void DiagramView::dragEnterEvent(QDragEnterEvent* event) {
  if (event->mimeData()->hasFormat(kBlockTypeMimeType))
    event->acceptProposedAction();
  else
    event->ignore();
}

void DiagramView::dragMoveEvent(QDragMoveEvent* event) {
  if (event->mimeData()->hasFormat(kBlockTypeMimeType))
    event->acceptProposedAction();
  else
    event->ignore();
}

void DiagramView::dropEvent(QDropEvent* event) {
  if (!event->mimeData()->hasFormat(kBlockTypeMimeType)) {
    event->ignore();
    return;
  }
  const QString type = QString::fromUtf8(event->mimeData()->data(kBlockTypeMimeType));
  const QPointF scenePos = mapToScene(event->position().toPoint());
  event->acceptProposedAction();
  setFocus();
  emit blockTypeDropped(type, scenePos);
}

void DiagramView::contextMenuEvent(QContextMenuEvent* event) {
  const QPointF scenePos = mapToScene(event->pos());
  QGraphicsItem* under = nodeAt(scenePos);
  if (!under) under = wireAt(scenePos);
  if (under && !under->isSelected()) {
    scene_->clearSelection();
    under->setSelected(true);
  }
  if (actions().isEmpty()) return;
  QMenu::exec(actions(), event->globalPos(), nullptr, this);
}

void DiagramView::resizeEvent(QResizeEvent* event) {
  QGraphicsView::resizeEvent(event);
  if (autoFit_) fit(kReadableZoom);
}

void DiagramView::leaveEvent(QEvent* event) {
  mouseSeen_ = false;
  QGraphicsView::leaveEvent(event);
}

void DiagramView::focusOutEvent(QFocusEvent* event) {
  tool_->focusLost();
  QGraphicsView::focusOutEvent(event);
}

}  // namespace kelvin::gui
