#pragma once
// One way of interacting with the canvas (select, connect, pan, move a wire
// segment). The DiagramView hands its events to the active tool; a handler
// returns true when it consumed the event, false to let the view's default
// handling (QGraphicsView: selection, rubber band, moving items) run.

class QKeyEvent;
class QMouseEvent;

namespace kelvin::gui {

class DiagramView;

class CanvasTool {
 public:
  /// `view` owns the tool.
  explicit CanvasTool(DiagramView* view) : view_(view) {}
  virtual ~CanvasTool() = default;
  CanvasTool(const CanvasTool&) = delete;
  CanvasTool& operator=(const CanvasTool&) = delete;

  virtual void activate() {}
  virtual void deactivate() {}
  virtual bool mousePress(QMouseEvent*) { return false; }
  virtual bool mouseMove(QMouseEvent*) { return false; }
  virtual bool mouseRelease(QMouseEvent*) { return false; }
  virtual bool mouseDoubleClick(QMouseEvent*) { return false; }
  virtual bool keyPress(QKeyEvent*) { return false; }
  virtual bool keyRelease(QKeyEvent*) { return false; }
  /// The canvas lost the keyboard focus (a held key will not be released to it).
  virtual void focusLost() {}

 protected:
  DiagramView* view() const { return view_; }

 private:
  DiagramView* view_;
};

}  // namespace kelvin::gui
