#pragma once
// The dots where wires join: at a port with two or more wires, and where a
// wire branches off another one that shares its endpoint (a junction made
// by dropping a wire onto a wire stores the shared path, so the branch
// point is where the two paths part). One item for the whole level.

#include <map>
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
  struct Dot {
    QPointF at;
    QColor color;
  };
  /// The dots of the tree the wires of `port` form.
  static std::vector<Dot> dotsAt(const PortItem* port);
  /// dots_, colors_ and the bounds from byPort_. Ports that meet list their common place each:
  /// paint() draws it once (deduplicating only what is in view, not every dot at every edit).
  void collect();

  std::map<const PortItem*, std::vector<Dot>> byPort_;  // ports with dots only
  std::vector<QPointF> dots_;
  std::vector<QColor> colors_;  // one per dot
  QRectF bounds_;
};

}  // namespace kelvin::gui
