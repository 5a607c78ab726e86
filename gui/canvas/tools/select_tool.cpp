#include "canvas/tools/select_tool.h"

#include <QCoreApplication>
#include <QKeyEvent>
#include <QMouseEvent>

#include "canvas/diagram_node_item.h"
#include "canvas/diagram_scene.h"
#include "canvas/diagram_view.h"
#include "canvas/tools/connect_tool.h"
#include "canvas/tools/move_segment_tool.h"
#include "canvas/tools/pan_tool.h"

namespace kelvin::gui {

void SelectTool::activate() {
  view()->setDragMode(QGraphicsView::RubberBandDrag);
  view()->viewport()->unsetCursor();
}

bool SelectTool::mousePress(QMouseEvent* event) {
  if (event->button() == Qt::MiddleButton) {
    view()->setTool(view()->panTool());
    return view()->panTool()->mousePress(event);
  }
  if (event->button() != Qt::LeftButton) return false;
  const QPointF scenePos = view()->mapToScene(event->position().toPoint());
  if (PortItem* port = view()->portAt(scenePos)) {
    view()->setTool(view()->connectTool());
    view()->connectTool()->begin(port, scenePos);
    return true;
  }
  if (!view()->nodeAt(scenePos)) {
    if (WireItem* wire = view()->wireAt(scenePos)) {
      view()->setTool(view()->segmentTool());
      view()->segmentTool()->begin(wire, scenePos, event->modifiers());
      return true;
    }
  }
  return false;
}

bool SelectTool::mouseRelease(QMouseEvent* event) {
  view()->defaultMouseRelease(event);
  // The move's command brings the moved items and their wires to the model's positions.
  if (event->button() == Qt::LeftButton) view()->diagramScene()->commitMovedItems();
  return true;
}

bool SelectTool::mouseDoubleClick(QMouseEvent* event) {
  if (event->button() != Qt::LeftButton) return false;
  const QPointF scenePos = view()->mapToScene(event->position().toPoint());
  DiagramNodeItem* node = view()->nodeAt(scenePos);
  if (!node || node->isBoundaryPort()) return false;
  view()->activateBlock(QString::fromStdString(node->name()));
  return true;
}

bool SelectTool::keyPress(QKeyEvent* event) {
  DiagramScene* scene = view()->diagramScene();
  if (event->key() == Qt::Key_Space && !event->isAutoRepeat()) {
    view()->panTool()->setHeld(true);
    view()->setTool(view()->panTool());
    return true;
  }
  QPointF step;
  switch (event->key()) {
    case Qt::Key_Left: step = {-1, 0}; break;
    case Qt::Key_Right: step = {1, 0}; break;
    case Qt::Key_Up: step = {0, -1}; break;
    case Qt::Key_Down: step = {0, 1}; break;
    default: break;
  }
  if (!step.isNull() && event->modifiers() == Qt::NoModifier) {
    bool any = false;
    for (QGraphicsItem* item : scene->selectedItems()) {
      if (item->flags() & QGraphicsItem::ItemIsMovable) {
        item->setPos(item->pos() + step * DiagramScene::kGrid);
        any = true;
      }
    }
    if (any) scene->commitMovedItems(QCoreApplication::translate("SelectTool", "Nudge"));
    return true;
  }
  if (event->key() == Qt::Key_Escape) {
    scene->clearSelection();
    return true;
  }
  const QString text = event->text();
  const bool plain = !(event->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier));
  if (plain && text.size() == 1 && text.front().isLetter()) {
    view()->requestQuickInsert(text);
    return true;
  }
  return false;
}

}  // namespace kelvin::gui
