#pragma once
// The canvas widget: shows a DiagramScene and hands mouse and key events to
// the active tool (tools/: select, connect, pan, move segment - one class
// each, no mode flags here). Zooms with the wheel about the cursor, accepts
// blocks dragged from the palette, and reports what the tools have to say
// through signals; the editor that owns it acts on them. Far out it paints
// the diagram itself, as an overview (OverviewPainter).

#include <QGraphicsView>

#include "canvas/overview_painter.h"

namespace kelvin::gui {

class CanvasTool;
class ConnectTool;
class DiagramNodeItem;
class DiagramScene;
class MoveSegmentTool;
class PanTool;
class PortItem;
class SelectTool;
class WireItem;

class DiagramView : public QGraphicsView {
  Q_OBJECT

 public:
  explicit DiagramView(DiagramScene* scene, QWidget* parent = nullptr);
  ~DiagramView() override;

  DiagramScene* diagramScene() const { return scene_; }

  void zoomIn();
  void zoomOut();
  /// Shows all items (at most 200 %).
  void zoomToFit();
  /// Fits now and keeps fitting as the view is resized, until the user zooms or pans
  /// (for a model just opened, whose window is still being laid out), never below 75 %:
  /// a larger model scrolls instead.
  void fitUntilUserZooms();
  /// 100 %.
  void resetZoom();
  double zoom() const;
  void setZoom(double zoom);

  CanvasTool* tool() const { return tool_; }
  void setTool(CanvasTool* tool);
  SelectTool* selectTool() const { return selectTool_.get(); }
  ConnectTool* connectTool() const { return connectTool_.get(); }
  PanTool* panTool() const { return panTool_.get(); }
  MoveSegmentTool* segmentTool() const { return segmentTool_.get(); }

  /// The port nearest to `scenePos` within a few pixels, other than `except`.
  PortItem* portAt(QPointF scenePos, const PortItem* except = nullptr) const;
  /// The wire under `scenePos`, or nullptr.
  WireItem* wireAt(QPointF scenePos) const;
  /// The block or boundary port under `scenePos`, or nullptr.
  DiagramNodeItem* nodeAt(QPointF scenePos) const;
  /// Where the mouse was last seen over the canvas, in scene coordinates (the centre if never).
  QPointF cursorScenePos() const;
  bool cursorInView() const;

  // The default QGraphicsView handling, for tools that build on it (selection, rubber band, moving).
  void defaultMousePress(QMouseEvent* event) { QGraphicsView::mousePressEvent(event); }
  void defaultMouseMove(QMouseEvent* event) { QGraphicsView::mouseMoveEvent(event); }
  void defaultMouseRelease(QMouseEvent* event) { QGraphicsView::mouseReleaseEvent(event); }
  void defaultKeyPress(QKeyEvent* event) { QGraphicsView::keyPressEvent(event); }

  /// For tools: says something in the status bar (0 ms: until replaced).
  void showStatus(const QString& text, int timeoutMs = 0) { emit statusMessage(text, timeoutMs); }
  /// For tools: a block was double-clicked.
  void activateBlock(const QString& id) { emit blockActivated(id); }
  /// For tools: the user started typing on the canvas.
  void requestQuickInsert(const QString& text) { emit quickInsertRequested(text); }

  /// MIME type of a block type dragged from the palette (the type name as UTF-8).
  static const QString kBlockTypeMimeType;

 signals:
  void statusMessage(const QString& text, int timeoutMs);
  void blockActivated(const QString& id);
  void quickInsertRequested(const QString& text);
  void blockTypeDropped(const QString& type, QPointF scenePos);
  void zoomChanged(double zoom);

 protected:
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void mouseDoubleClickEvent(QMouseEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;
  void keyReleaseEvent(QKeyEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dragMoveEvent(QDragMoveEvent* event) override;
  void dropEvent(QDropEvent* event) override;
  void contextMenuEvent(QContextMenuEvent* event) override;
  void leaveEvent(QEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void focusOutEvent(QFocusEvent* event) override;
  /// Far out (OverviewPainter::kZoom) the view paints the overview itself; else QGraphicsView.
  void paintEvent(QPaintEvent* event) override;

 private:
  /// Shows all items, at a zoom between `smallest` and 200 %, centred.
  void fit(double smallest);
  void scaleBy(double factor);
  /// Enters or leaves the overview after a change of zoom.
  void updateOverview();

  DiagramScene* scene_;
  std::unique_ptr<SelectTool> selectTool_;
  std::unique_ptr<ConnectTool> connectTool_;
  std::unique_ptr<PanTool> panTool_;
  std::unique_ptr<MoveSegmentTool> segmentTool_;
  CanvasTool* tool_ = nullptr;
  QPoint lastMouse_;
  bool mouseSeen_ = false;
  bool autoFit_ = false;  // see fitUntilUserZooms
  bool overview_ = false;  // painted by overviewPainter_
  OverviewPainter overviewPainter_;
};

}  // namespace kelvin::gui
