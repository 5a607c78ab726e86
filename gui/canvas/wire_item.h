#pragma once
// A wire on the canvas: one Connection of the level, routed orthogonally
// between its two ports through its stored points (see orthogonal_route.h).
// Physical wires take their domain's colour; signal wires are dark with an
// arrowhead at the input. While a block is dragged the wire follows (its
// points move along when both ends move together); while a segment is
// dragged it shows the preview points. Selected, it shows a handle on each
// segment that can be dragged. The scene's WireLayer draws it (with all the
// other wires at once); the item itself paints nothing and tells the scene
// what to repaint when it changes.

#include <optional>
#include <vector>

#include <QGraphicsItem>
#include <QPainterPath>
#include <QPen>
#include <QPolygonF>

#include "model/model.h"

namespace kelvin::gui {

class PortItem;

class WireItem : public QGraphicsItem {
 public:
  enum { Type = UserType + 3 };

  WireItem();
  ~WireItem() override;

  int type() const override { return Type; }
  QRectF boundingRect() const override;
  QPainterPath shape() const override;
  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

  /// Shows connection `index` between `from` and `to` (observers, valid until the
  /// next sync; null when the endpoint does not resolve, and then the wire hides).
  void setConnection(std::size_t index, const core::Connection& connection, PortItem* from, PortItem* to);
  /// Re-routes from the ports' current positions.
  void updateGeometry();
  /// While a segment is dragged: route through these points instead of the stored ones.
  void setPreviewPoints(std::optional<std::vector<QPointF>> points);

  std::size_t index() const { return index_; }
  PortItem* fromPort() const { return from_; }
  PortItem* toPort() const { return to_; }
  const std::vector<QPointF>& points() const { return points_; }
  /// The routed path, from the `from` port to the `to` port.
  const QPolygonF& polyline() const { return polyline_; }
  bool isSignal() const { return signal_; }
  QColor color() const { return color_; }
  /// What the wire is drawn with (its domain's colour), and its arrowhead (signal wires; else empty).
  const QPen& pen() const { return pen_; }
  const QPolygonF& arrow() const { return arrow_; }

  /// Starts fetching what isVisible(), isSelected() and polyline() read, which lie apart in memory:
  /// for a loop over every wire of a big diagram, a few wires ahead.
  void prefetch() const {
    __builtin_prefetch(d_ptr.data());
    __builtin_prefetch(polyline_.constData());
  }

  /// Index of the segment of polyline() nearest to `scenePos` (segment i joins vertices i and i+1).
  int segmentAt(QPointF scenePos) const;

 protected:
  QVariant itemChange(GraphicsItemChange change, const QVariant& value) override;

 private:
  /// Has the views repaint where the wire is drawn (the item has no contents of its own, so
  /// QGraphicsItem::update() would not), and tells the scene it changed (DiagramScene::revision).
  void repaint() const;

  std::size_t index_ = 0;
  PortItem* from_ = nullptr;
  PortItem* to_ = nullptr;
  std::vector<QPointF> points_;
  std::optional<std::vector<QPointF>> preview_;
  bool signal_ = false;

  // Cached geometry (recomputed only when an end or the points change).
  QPointF lastA_, lastB_;
  std::vector<QPointF> lastPoints_;
  bool valid_ = false;
  QPolygonF polyline_;
  QColor color_;  // pen_'s, next to polyline_: the overview reads both of every wire when the scene changes
  QPainterPath path_;
  mutable std::optional<QPainterPath> shape_;  // the stroke for hit tests, made on demand
  QPolygonF arrow_;
  QRectF bounds_;
  QPen pen_;
};

}  // namespace kelvin::gui
