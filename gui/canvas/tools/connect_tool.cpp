#include "canvas/tools/connect_tool.h"

#include <algorithm>
#include <cmath>

#include <QCoreApplication>
#include <QGraphicsPathItem>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPen>
#include <QUndoStack>

#include "canvas/commands/add_connection_command.h"
#include "canvas/diagram_node_item.h"
#include "canvas/diagram_scene.h"
#include "canvas/diagram_view.h"
#include "canvas/domain_style.h"
#include "canvas/orthogonal_route.h"
#include "canvas/port_item.h"
#include "canvas/tools/select_tool.h"
#include "canvas/wire_item.h"
#include "document/model_document.h"

namespace kelvin::gui {

namespace {

double segmentLength(QPointF a, QPointF b) { return std::abs(a.x() - b.x()) + std::abs(a.y() - b.y()); }

}  // namespace

ConnectTool::~ConnectTool() { delete preview_; }

void ConnectTool::begin(PortItem* port, QPointF scenePos) {
  start_ = port;
  pressPos_ = scenePos;
  view()->setDragMode(QGraphicsView::NoDrag);
  view()->viewport()->setCursor(Qt::CrossCursor);
  if (!preview_) {
    preview_ = new QGraphicsPathItem;
    preview_->setZValue(10);
    view()->diagramScene()->addItem(preview_);
  }
  QPen pen(DomainStyle::color(port->domain()), 1.6, Qt::DashLine);
  preview_->setPen(pen);
  preview_->setPath(QPainterPath());
  port->setHighlight(PortItem::Highlight::Accepted);
  view()->showStatus(QCoreApplication::translate("ConnectTool", "Drag to a port or onto a wire to connect %1")
                         .arg(QString::fromStdString(port->endpoint())));
}

void ConnectTool::deactivate() {
  if (preview_) {
    delete preview_;
    preview_ = nullptr;
  }
  setHighlighted(nullptr, false);
  if (start_) start_->setHighlight(PortItem::Highlight::None);
  start_ = nullptr;
  view()->viewport()->unsetCursor();
}

ConnectTool::Target ConnectTool::targetAt(QPointF scenePos) const {
  Target target;
  DiagramScene* scene = view()->diagramScene();
  const ModelDocument* document = scene->document();
  const ConstDiagramLevel level = document->level(scene->level());
  if (PortItem* port = view()->portAt(scenePos, start_)) {
    target.port = port;
    target.verdict = ConnectionRules::check(level, document->registry(), start_->endpoint(), port->endpoint());
    return target;
  }
  WireItem* wire = view()->wireAt(scenePos);
  if (!wire || wire->fromPort() == start_ || wire->toPort() == start_) return target;
  const QPolygonF& path = wire->polyline();
  const int segment = wire->segmentAt(scenePos);
  if (segment < 0) return target;
  // The junction: the mouse projected onto the segment, on the grid along it.
  const QPointF p = path[segment], q = path[segment + 1];
  QPointF j = scene->snap(scenePos);
  if (std::abs(p.y() - q.y()) < 1e-9) {
    j = QPointF(std::clamp(j.x(), std::min(p.x(), q.x()), std::max(p.x(), q.x())), p.y());
  } else {
    j = QPointF(p.x(), std::clamp(j.y(), std::min(p.y(), q.y()), std::max(p.y(), q.y())));
  }
  // Which end of the wire to join: for signals the driver; for physical nets the nearer end along the path.
  double before = segmentLength(p, j), after = segmentLength(j, q);
  for (int i = 0; i < segment; ++i) before += segmentLength(path[i], path[i + 1]);
  for (int i = segment + 1; i + 1 < path.size(); ++i) after += segmentLength(path[i], path[i + 1]);
  const std::string& fromEnd = wire->fromPort()->endpoint();
  const std::string& toEnd = wire->toPort()->endpoint();
  const std::string nearEnd = before <= after ? fromEnd : toEnd;
  target.wire = wire;
  target.junction = j;
  target.verdict =
      ConnectionRules::checkJunction(level, document->registry(), start_->endpoint(), wire->index(), nearEnd);
  if (!target.verdict.allowed) return target;
  // The joined end is the end of the verdict that is not the start port.
  const std::string& joined = target.verdict.from == start_->endpoint() ? target.verdict.to : target.verdict.from;
  if (joined == fromEnd) {
    for (int i = 1; i <= segment; ++i) target.shared.push_back(path[i]);
  } else {
    for (int i = static_cast<int>(path.size()) - 2; i > segment; --i) target.shared.push_back(path[i]);
  }
  target.shared.push_back(j);
  return target;
}

void ConnectTool::setHighlighted(PortItem* port, bool accepted) {
  if (highlighted_ && highlighted_ != port) highlighted_->setHighlight(PortItem::Highlight::None);
  highlighted_ = port;
  if (port) port->setHighlight(accepted ? PortItem::Highlight::Accepted : PortItem::Highlight::Refused);
}

void ConnectTool::updatePreview(QPointF scenePos, const Target& target) {
  RouteEnd a{start_->scenePos(), start_->sceneNormal(), start_->owner()->bodySceneRect()};
  RouteEnd b{scenePos, QPointF(), QRectF()};
  std::vector<QPointF> points;
  if (target.port) {
    b = {target.port->scenePos(), target.port->sceneNormal(), target.port->owner()->bodySceneRect()};
  } else if (target.wire) {
    b.pos = target.junction;
  } else {
    // Arrive at the cursor along the main direction of travel.
    const QPointF d = scenePos - a.pos;
    b.normal = std::abs(d.x()) >= std::abs(d.y()) ? QPointF(d.x() > 0 ? -1 : 1, 0) : QPointF(0, d.y() > 0 ? -1 : 1);
  }
  const QPolygonF route = orthogonalRoute(a, b, points);
  QPainterPath path;
  path.addPolygon(route);
  if (target.wire) path.addEllipse(target.junction, 3, 3);
  QPen pen = preview_->pen();
  const bool refused = (target.port || target.wire) && !target.verdict.allowed;
  pen.setColor(refused ? DomainStyle::refused() : DomainStyle::color(start_->domain()));
  preview_->setPen(pen);
  preview_->setPath(path);
}

bool ConnectTool::mousePress(QMouseEvent*) { return true; }

bool ConnectTool::mouseMove(QMouseEvent* event) {
  if (!start_) return true;
  const QPointF scenePos = view()->mapToScene(event->position().toPoint());
  const Target target = targetAt(scenePos);
  setHighlighted(target.port, target.verdict.allowed);
  updatePreview(scenePos, target);
  if ((target.port || target.wire) && !target.verdict.allowed) {
    view()->viewport()->setCursor(Qt::ForbiddenCursor);
    view()->showStatus(target.verdict.reason);
  } else {
    view()->viewport()->setCursor(Qt::CrossCursor);
    if (target.port || target.wire)
      view()->showStatus(QCoreApplication::translate("ConnectTool", "Connect %1 → %2")
                             .arg(QString::fromStdString(target.verdict.from), QString::fromStdString(target.verdict.to)));
  }
  return true;
}

bool ConnectTool::mouseRelease(QMouseEvent* event) {
  if (!start_ || event->button() != Qt::LeftButton) return true;
  const QPointF scenePos = view()->mapToScene(event->position().toPoint());
  const Target target = targetAt(scenePos);
  DiagramScene* scene = view()->diagramScene();
  ModelDocument* document = scene->document();
  const std::string startEndpoint = start_->endpoint();
  finish();
  if (!target.port && !target.wire) {
    view()->showStatus(QString());
    return true;
  }
  if (!target.verdict.allowed) {
    view()->showStatus(target.verdict.reason, 5000);
    return true;
  }
  core::Connection connection;
  connection.from = target.verdict.from;
  connection.to = target.verdict.to;
  if (target.wire) {
    std::vector<QPointF> points = target.shared;  // from the joined end to the junction
    if (connection.to != startEndpoint) std::reverse(points.begin(), points.end());  // joined end is `to`
    for (const QPointF& p : points) {
      const core::Point point{p.x(), p.y()};
      if (connection.points.empty() || !(connection.points.back() == point)) connection.points.push_back(point);
    }
  }
  document->undoStack()->push(new AddConnectionCommand(document, scene->level(), connection));
  view()->showStatus(QCoreApplication::translate("ConnectTool", "Connected %1 → %2")
                         .arg(QString::fromStdString(connection.from), QString::fromStdString(connection.to)),
                     3000);
  return true;
}

bool ConnectTool::keyPress(QKeyEvent* event) {
  if (event->key() == Qt::Key_Escape) {
    finish();
    view()->showStatus(QString());
  }
  return true;
}

void ConnectTool::focusLost() { finish(); }

void ConnectTool::finish() { view()->setTool(view()->selectTool()); }

}  // namespace kelvin::gui
