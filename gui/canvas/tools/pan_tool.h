#pragma once
// Pans the canvas: with the middle button, or with the left button while
// the space bar is held. Returns to the select tool when the pan ends.

#include <QPoint>

#include "canvas/tools/canvas_tool.h"

namespace kelvin::gui {

class PanTool : public CanvasTool {
 public:
  using CanvasTool::CanvasTool;

  /// While held (space bar down) the tool stays active between drags.
  void setHeld(bool held) { held_ = held; }

  void activate() override;
  void deactivate() override;
  bool mousePress(QMouseEvent* event) override;
  bool mouseMove(QMouseEvent* event) override;
  bool mouseRelease(QMouseEvent* event) override;
  bool keyPress(QKeyEvent* event) override;
  bool keyRelease(QKeyEvent* event) override;
  void focusLost() override;

 private:
  void finish();

  bool held_ = false;
  bool dragging_ = false;
  QPoint last_;
};

}  // namespace kelvin::gui
