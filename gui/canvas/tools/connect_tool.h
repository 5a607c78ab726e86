#pragma once
// Draws a wire: started by pressing on a port, it follows the mouse with an
// orthogonal preview, highlights the port or wire under the cursor in green
// when the wire may end there and in red when not (the reason goes to the
// status bar: domains differ, two outputs, an input already driven), and on
// release adds the connection (AddConnectionCommand). Released on a wire,
// it makes a junction: the new connection joins the port the wire already
// connects (its driver, for a signal), and its stored points follow the
// wire's path up to the branch point, so the file keeps the drawing.

#include <optional>
#include <string>
#include <vector>

#include <QPointF>

#include "canvas/tools/canvas_tool.h"
#include "document/connection_rules.h"

class QGraphicsPathItem;

namespace kelvin::gui {

class PortItem;
class WireItem;

class ConnectTool : public CanvasTool {
 public:
  using CanvasTool::CanvasTool;
  ~ConnectTool() override;

  /// Starts a wire at `port` (the mouse is at `scenePos`).
  void begin(PortItem* port, QPointF scenePos);

  void deactivate() override;
  bool mousePress(QMouseEvent* event) override;
  bool mouseMove(QMouseEvent* event) override;
  bool mouseRelease(QMouseEvent* event) override;
  bool keyPress(QKeyEvent* event) override;
  void focusLost() override;

 private:
  struct Target {
    PortItem* port = nullptr;
    WireItem* wire = nullptr;
    QPointF junction;               // on the wire
    std::vector<QPointF> shared;    // the wire's vertices from the joined end to the junction
    ConnectionRules::Verdict verdict;
  };
  Target targetAt(QPointF scenePos) const;
  void updatePreview(QPointF scenePos, const Target& target);
  void setHighlighted(PortItem* port, bool accepted);
  void finish();

  PortItem* start_ = nullptr;
  QGraphicsPathItem* preview_ = nullptr;
  PortItem* highlighted_ = nullptr;
  QPointF pressPos_;
};

}  // namespace kelvin::gui
