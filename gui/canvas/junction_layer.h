#pragma once
// The dots where wires join: at a port with two or more wires, and where a
// wire branches off another one that shares its endpoint (a junction made
// by dropping a wire onto a wire stores the shared path, so the branch
// point is where the two paths part). One item for the whole level.

#include <optional>
#include <unordered_map>
#include <vector>

#include <QColor>
#include <QGraphicsItem>

namespace kelvin::gui {

class PortItem;
class WireItem;

class JunctionLayer : public QGraphicsItem {
 public:
  JunctionLayer();

  QRectF boundingRect() const override { return bounds_; }
  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

  /// Recomputes the dots from the wires' current paths.
  void recompute(const std::vector<WireItem*>& wires);
  /// Recomputes the dots of these ports alone from the current paths of the wires attached to
  /// them (those wires moved); the other ports keep theirs. The ports must be the ones of the
  /// last recompute(), none deleted since.
  void recomputeAt(const std::vector<const PortItem*>& ports);
  /// The dots' places; a place where several ports' wires meet may be listed more than once.
  const std::vector<QPointF>& dots() const { return dots_; }

 private:
  /// Where a port's dots are in dots_ and colors_.
  struct Range {
    std::size_t begin, count;
  };
  /// The places of the dots of the tree the wires of `port` form (all of the port's colour).
  static std::vector<QPointF> dotsAt(const PortItem* port);
  /// Gives each of `ports` the dots `fresh` has for it (same index): in place when every port
  /// keeps its number of dots (a move: the paths shift, the trees stay), else by layOut. Ports
  /// that meet list their common place each: paint() draws it once (deduplicating only what is
  /// in view, not every dot at every edit).
  void replace(const std::vector<const PortItem*>& ports, const std::vector<std::vector<QPointF>>& fresh);
  /// dots_, colors_ and ranges_ laid out again: the other ports' dots, then `fresh`.
  void layOut(const std::vector<const PortItem*>& ports, const std::vector<std::vector<QPointF>>& fresh);
  /// The bounds from dots_, and a repaint of `changed` (nullopt: of everything).
  void updateBounds(std::optional<QRectF> changed);

  std::unordered_map<const PortItem*, Range> ranges_;  // ports with dots only
  std::vector<QPointF> dots_;
  std::vector<QColor> colors_;  // one per dot: its port's domain colour, for paint()
  QRectF bounds_;
};

}  // namespace kelvin::gui
