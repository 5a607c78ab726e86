#include "canvas/tools/move_segment_tool.h"

#include <cmath>

#include <QCoreApplication>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QUndoStack>

#include "canvas/commands/set_wire_points_command.h"
#include "canvas/diagram_scene.h"
#include "canvas/diagram_view.h"
#include "canvas/orthogonal_route.h"
#include "canvas/port_item.h"
#include "canvas/tools/select_tool.h"
#include "canvas/wire_item.h"
#include "document/model_document.h"

namespace kelvin::gui {

void MoveSegmentTool::begin(WireItem* wire, QPointF scenePos, Qt::KeyboardModifiers modifiers) {
  wire_ = wire;
  pressPos_ = scenePos;
  moved_ = false;
  DiagramScene* scene = view()->diagramScene();
  if (modifiers & Qt::ControlModifier) {
    wire->setSelected(!wire->isSelected());
  } else if (!wire->isSelected()) {
    scene->clearSelection();
    wire->setSelected(true);
  }
  const QPolygonF& path = wire->polyline();
  const int segment = wire->segmentAt(scenePos);
  points_.clear();
  first_ = second_ = -1;
  if (segment < 0 || path.size() < 2) return;
  const int last = static_cast<int>(path.size()) - 2;
  auto dot = [](QPointF a, QPointF b) { return a.x() * b.x() + a.y() * b.y(); };
  // A segment that starts at a port gets a bend 10 units out, so the wire still leaves along the port's normal.
  if (segment == 0) {
    const QPointF n = wire->fromPort()->sceneNormal();
    const bool along = dot(path[1] - path[0], n) > 10 - 1e-6;
    points_.push_back(along ? path[0] + n * 10 : path[0]);
    if (along) points_.push_back(points_.back());
    first_ = static_cast<int>(points_.size()) - 1;
  }
  const int offset = static_cast<int>(points_.size());
  for (int i = 1; i + 1 < path.size(); ++i) points_.push_back(path[i]);
  // Segment s joins path[s] and path[s + 1], which are points_[offset + s - 1] and points_[offset + s].
  if (segment > 0) first_ = offset + segment - 1;
  if (segment < last) {
    second_ = offset + segment;
  } else {
    const QPointF n = wire->toPort()->sceneNormal();
    const bool along = dot(path[last] - path[last + 1], n) > 10 - 1e-6;
    second_ = static_cast<int>(points_.size());
    points_.push_back(along ? path[last + 1] + n * 10 : path[last + 1]);
    if (along) points_.push_back(points_.back());
  }
  horizontal_ = std::abs(path[segment].y() - path[segment + 1].y()) < 1e-9;
}

void MoveSegmentTool::activate() { view()->setDragMode(QGraphicsView::NoDrag); }

void MoveSegmentTool::deactivate() {
  if (wire_) wire_->setPreviewPoints(std::nullopt);
  wire_ = nullptr;
  view()->viewport()->unsetCursor();
}

std::vector<QPointF> MoveSegmentTool::movedPoints(QPointF scenePos) const {
  std::vector<QPointF> points = points_;
  const QPointF delta = scenePos - pressPos_;
  DiagramScene* scene = view()->diagramScene();
  if (horizontal_) {
    const double y = scene->snap(QPointF(0, points[first_].y() + delta.y())).y();
    points[first_].setY(y);
    points[second_].setY(y);
  } else {
    const double x = scene->snap(QPointF(points[first_].x() + delta.x(), 0)).x();
    points[first_].setX(x);
    points[second_].setX(x);
  }
  return points;
}

bool MoveSegmentTool::mouseMove(QMouseEvent* event) {
  if (!wire_ || first_ < 0) return true;
  const QPointF scenePos = view()->mapToScene(event->position().toPoint());
  if (!moved_ && std::hypot(scenePos.x() - pressPos_.x(), scenePos.y() - pressPos_.y()) * view()->zoom() < 3)
    return true;
  moved_ = true;
  view()->viewport()->setCursor(horizontal_ ? Qt::SizeVerCursor : Qt::SizeHorCursor);
  wire_->setPreviewPoints(movedPoints(scenePos));
  return true;
}

bool MoveSegmentTool::mouseRelease(QMouseEvent* event) {
  if (!wire_ || !moved_ || first_ < 0) {
    finish();
    return true;
  }
  const QPointF scenePos = view()->mapToScene(event->position().toPoint());
  const std::vector<QPointF> moved = movedPoints(scenePos);
  // Store the path's inner vertices, without the ones in the middle of straight runs.
  QPolygonF full;
  full << wire_->fromPort()->scenePos();
  for (const QPointF& p : moved) full << p;
  full << wire_->toPort()->scenePos();
  const QPolygonF simple = simplifyPolyline(full);
  std::vector<core::Point> points;
  for (int i = 1; i + 1 < simple.size(); ++i) points.push_back({simple[i].x(), simple[i].y()});
  DiagramScene* scene = view()->diagramScene();
  ModelDocument* document = scene->document();
  const std::size_t index = wire_->index();
  finish();
  document->undoStack()->push(new SetWirePointsCommand(
      document, scene->level(), index, std::move(points), QCoreApplication::translate("MoveSegmentTool", "Move wire segment")));
  return true;
}

bool MoveSegmentTool::keyPress(QKeyEvent* event) {
  if (event->key() == Qt::Key_Escape) finish();
  return true;
}

void MoveSegmentTool::focusLost() { finish(); }

void MoveSegmentTool::finish() { view()->setTool(view()->selectTool()); }

}  // namespace kelvin::gui
