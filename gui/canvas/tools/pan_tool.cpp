#include "canvas/tools/pan_tool.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QScrollBar>

#include "canvas/diagram_view.h"
#include "canvas/tools/select_tool.h"

namespace kelvin::gui {

void PanTool::activate() {
  view()->setDragMode(QGraphicsView::NoDrag);
  view()->viewport()->setCursor(Qt::OpenHandCursor);
}

void PanTool::deactivate() {
  dragging_ = false;
  view()->viewport()->unsetCursor();
}

bool PanTool::mousePress(QMouseEvent* event) {
  if (event->button() != Qt::MiddleButton && event->button() != Qt::LeftButton) return true;
  dragging_ = true;
  last_ = event->position().toPoint();
  view()->viewport()->setCursor(Qt::ClosedHandCursor);
  return true;
}

bool PanTool::mouseMove(QMouseEvent* event) {
  if (!dragging_) return true;
  const QPoint now = event->position().toPoint();
  const QPoint delta = now - last_;
  last_ = now;
  view()->horizontalScrollBar()->setValue(view()->horizontalScrollBar()->value() - delta.x());
  view()->verticalScrollBar()->setValue(view()->verticalScrollBar()->value() - delta.y());
  return true;
}

bool PanTool::mouseRelease(QMouseEvent*) {
  dragging_ = false;
  if (held_)
    view()->viewport()->setCursor(Qt::OpenHandCursor);
  else
    finish();
  return true;
}

bool PanTool::keyPress(QKeyEvent* event) { return event->key() == Qt::Key_Space; }

bool PanTool::keyRelease(QKeyEvent* event) {
  if (event->key() != Qt::Key_Space || event->isAutoRepeat()) return false;
  held_ = false;
  if (!dragging_) finish();
  return true;
}

void PanTool::focusLost() {
  held_ = false;
  finish();
}

void PanTool::finish() { view()->setTool(view()->selectTool()); }

}  // namespace kelvin::gui
