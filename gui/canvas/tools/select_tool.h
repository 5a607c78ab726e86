#pragma once
// The default tool: click to select, Ctrl-click to add, drag on the empty
// canvas for a rubber band, drag blocks to move them (one MoveItemsCommand
// when the mouse is released), arrow keys to nudge. Pressing on a port
// starts a wire (ConnectTool); pressing on a wire drags its segment
// (MoveSegmentTool); the middle button or a held space bar pans (PanTool).
// Double-clicking a block activates it (parameters, or open a subsystem);
// typing a letter opens the quick-insert box.

#include "canvas/tools/canvas_tool.h"

namespace kelvin::gui {

class SelectTool : public CanvasTool {
 public:
  using CanvasTool::CanvasTool;

  void activate() override;
  bool mousePress(QMouseEvent* event) override;
  bool mouseRelease(QMouseEvent* event) override;
  bool mouseDoubleClick(QMouseEvent* event) override;
  bool keyPress(QKeyEvent* event) override;
};

}  // namespace kelvin::gui
