#include "canvas/junction_layer.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include "canvas/domain_style.h"
#include "canvas/port_item.h"
#include "canvas/wire_item.h"

namespace kelvin::gui {

namespace {

constexpr double kRadius = 3.2;
/// Room the layer's bounds leave around its dots, in scene units (a few blocks' moves).
constexpr double kBoundsMargin = 400;

bool same(QPointF a, QPointF b) { return std::abs(a.x() - b.x()) < 1e-6 && std::abs(a.y() - b.y()) < 1e-6; }

/// A number that orders unit vectors as atan2 orders their angles in (-pi, pi], without a
/// trigonometric function: cos - 1 in (-2, 0) below the x axis, 1 - cos in [0, 2] on and above it
/// (the cosine falls from 0 to pi and rises from -pi to 0).
double pseudoAngle(QPointF unit) { return unit.y() >= 0 ? 1 - unit.x() : unit.x() - 1; }

/// The paths of the wires at one port, each starting at the port, as steps of nonzero length
/// with their unit directions measured once (a port can have thousands of wires, and sorting
/// them compares each with about log2(k) others).
class Routes {
 public:
  /// Adds the path of `wire` starting at `port` (reversed when the wire ends there).
  void add(const WireItem* wire, const PortItem* port) {
    const QPolygonF& path = wire->polyline();
    const bool reversed = wire->fromPort() != port;
    auto vertex = [&](qsizetype k) { return path[reversed ? path.size() - 1 - k : k]; };
    Route route{vertex(0), steps_.size(), steps_.size(), wire};
    for (qsizetype k = 1; k < path.size(); ++k) {
      const QPointF from = vertex(k - 1), to = vertex(k), d = to - from;
      const double length = std::hypot(d.x(), d.y());
      if (length >= 1e-9) steps_.push_back({d / length, pseudoAngle(d / length), length, to});
    }
    route.end = steps_.size();
    routes_.push_back(route);
  }

  std::size_t size() const { return routes_.size(); }
  const WireItem* wire(std::size_t i) const { return routes_[i].wire; }

  /// Orders the paths as a depth-first walk of the tree they form: along their shared route the
  /// one that ends first, then by the angle they part in. In this order the parting points of
  /// all pairs are those of neighbours (each branch point lies between two neighbouring
  /// subtrees), so a port with k wires costs k log k walks instead of k².
  void sortAsTree() {
    std::stable_sort(routes_.begin(), routes_.end(), [this](const Route& a, const Route& b) { return before(a, b); });
  }

  /// Where the paths i and i + 1 part, or nullopt when they part at once.
  std::optional<QPointF> partingPoint(std::size_t i) const {
    const Route &a = routes_[i], &b = routes_[i + 1];
    bool bothGoOn = false;
    const QPointF at = walkShared(a, b, bothGoOn, [](const Step&, const Step&) {});
    if (same(at, a.start)) return std::nullopt;
    // Not a branch when one path simply ends on the other's route.
    if (same(at, last(a)) || same(at, last(b))) return std::nullopt;
    return at;
  }

 private:
  struct Step {
    QPointF direction;  // unit vector
    double angle;       // pseudoAngle(direction)
    double length;
    QPointF to;
  };
  struct Route {
    QPointF start;
    std::size_t begin, end;  // its steps in steps_
    const WireItem* wire;
  };

  QPointF last(const Route& r) const { return r.end > r.begin ? steps_[r.end - 1].to : r.start; }

  bool before(const Route& a, const Route& b) const {
    bool bothGoOn = false;
    bool earlier = false;
    const QPointF at =
        walkShared(a, b, bothGoOn, [&](const Step& sa, const Step& sb) { earlier = sa.angle < sb.angle; });
    if (bothGoOn) return earlier;
    return same(at, last(a)) && !same(at, last(b));
  }

  /// Walks two paths that start at the same point along their shared route; `parted(sa, sb)` is
  /// called where they part (the steps each leaves by), and the walk returns the point
  /// reached with whether both paths still go on from there.
  template <typename Parted>
  QPointF walkShared(const Route& a, const Route& b, bool& bothGoOn, Parted parted) const {
    std::size_t i = a.begin, j = b.begin;
    double doneA = 0, doneB = 0;  // length already walked along steps i and j
    QPointF at = a.start;
    bothGoOn = false;
    while (i < a.end && j < b.end) {
      const Step &sa = steps_[i], &sb = steps_[j];
      if (std::abs(sa.direction.x() - sb.direction.x()) > 1e-6 ||
          std::abs(sa.direction.y() - sb.direction.y()) > 1e-6) {
        bothGoOn = true;
        parted(sa, sb);
        break;
      }
      const double la = sa.length - doneA, lb = sb.length - doneB;
      if (std::abs(la - lb) < 1e-6) {
        at = sa.to;
        ++i, ++j;
        doneA = doneB = 0;
      } else if (la < lb) {
        at = sa.to;
        ++i;
        doneA = 0;
        doneB += la;
      } else {
        at = sb.to;
        ++j;
        doneB = 0;
        doneA += lb;
      }
    }
    return at;
  }

  std::vector<Step> steps_;
  std::vector<Route> routes_;
};

/// Dots already placed, found by their position rounded to a micro-unit.
class DotSet {
 public:
  explicit DotSet(std::size_t expected) { keys_.reserve(expected); }
  bool insert(QPointF p) { return keys_.insert({std::llround(p.x() * 1e6), std::llround(p.y() * 1e6)}).second; }

 private:
  using Key = std::pair<long long, long long>;
  struct KeyHash {
    std::size_t operator()(const Key& k) const { return std::hash<long long>()(k.first * 1000003 ^ k.second); }
  };
  std::unordered_set<Key, KeyHash> keys_;
};

}  // namespace

JunctionLayer::JunctionLayer() {
  setFlag(ItemUsesExtendedStyleOption);  // paint() draws only the dots in the exposed area
  setZValue(1);
  setAcceptedMouseButtons(Qt::NoButton);
}

std::vector<QPointF> JunctionLayer::dotsAt(const PortItem* port) {
  Routes routes;
  for (const WireItem* wire : port->wires())
    if (wire->isVisible() && wire->polyline().size() >= 2) routes.add(wire, port);
  if (routes.size() < 2) return {};
  routes.sortAsTree();
  std::vector<QPointF> dots;
  bool partsAtPort = false;
  for (std::size_t i = 0; i + 1 < routes.size(); ++i) {
    if (const std::optional<QPointF> at = routes.partingPoint(i))
      dots.push_back(*at);
    else
      partsAtPort = true;
  }
  if (partsAtPort) dots.push_back(port->scenePos());
  return dots;
}

void JunctionLayer::recompute(const std::vector<WireItem*>& wires) {
  std::set<const PortItem*> ports;
  for (const WireItem* wire : wires) {
    if (!wire->isVisible() || wire->polyline().size() < 2) continue;
    ports.insert(wire->fromPort());
    ports.insert(wire->toPort());
  }
  ranges_.clear();
  const std::vector<const PortItem*> all(ports.begin(), ports.end());
  std::vector<std::vector<QPointF>> fresh;
  fresh.reserve(all.size());
  for (const PortItem* port : all) fresh.push_back(dotsAt(port));
  layOut(all, fresh);
  updateBounds(std::nullopt);
}

void JunctionLayer::recomputeAt(const std::vector<const PortItem*>& ports) {
  std::vector<std::vector<QPointF>> fresh;
  fresh.reserve(ports.size());
  for (const PortItem* port : ports) fresh.push_back(dotsAt(port));
  replace(ports, fresh);
}

void JunctionLayer::replace(const std::vector<const PortItem*>& ports, const std::vector<std::vector<QPointF>>& fresh) {
  auto countNow = [this](const PortItem* port) {
    const auto it = ranges_.find(port);
    return it == ranges_.end() ? std::size_t{0} : it->second.count;
  };
  bool sameCounts = true;
  for (std::size_t i = 0; i < ports.size() && sameCounts; ++i) sameCounts = fresh[i].size() == countNow(ports[i]);
  if (!sameCounts) {
    layOut(ports, fresh);
    updateBounds(std::nullopt);
    return;
  }
  QRectF changed;  // the old and new places of the dots that moved, to be repainted
  auto around = [](QPointF p) { return QRectF(p, p).adjusted(-kRadius - 1, -kRadius - 1, kRadius + 1, kRadius + 1); };
  for (std::size_t i = 0; i < ports.size(); ++i) {
    if (fresh[i].empty()) continue;
    const std::size_t begin = ranges_.at(ports[i]).begin;
    for (std::size_t k = 0; k < fresh[i].size(); ++k) {
      QPointF& at = dots_[begin + k];
      if (at == fresh[i][k]) continue;
      changed |= around(at) | around(fresh[i][k]);
      at = fresh[i][k];
    }
  }
  updateBounds(changed);
}

void JunctionLayer::layOut(const std::vector<const PortItem*>& ports, const std::vector<std::vector<QPointF>>& fresh) {
  const std::unordered_set<const PortItem*> replaced(ports.begin(), ports.end());
  std::unordered_map<const PortItem*, Range> ranges;
  std::vector<QPointF> dots;
  std::vector<QColor> colors;
  for (const auto& [port, range] : ranges_) {
    if (replaced.count(port)) continue;
    ranges.emplace(port, Range{dots.size(), range.count});
    dots.insert(dots.end(), dots_.begin() + range.begin, dots_.begin() + range.begin + range.count);
    colors.insert(colors.end(), colors_.begin() + range.begin, colors_.begin() + range.begin + range.count);
  }
  for (std::size_t i = 0; i < ports.size(); ++i) {
    if (fresh[i].empty()) continue;
    ranges.emplace(ports[i], Range{dots.size(), fresh[i].size()});
    dots.insert(dots.end(), fresh[i].begin(), fresh[i].end());
    // A wire takes the colour of its ports' domain, so every dot of a port has one colour.
    colors.insert(colors.end(), fresh[i].size(), DomainStyle::color(ports[i]->domain()));
  }
  ranges_ = std::move(ranges);
  dots_ = std::move(dots);
  colors_ = std::move(colors);
}

void JunctionLayer::updateBounds(std::optional<QRectF> changed) {
  double left = 0, top = 0, right = 0, bottom = 0;
  for (const QPointF& at : dots_) {
    if (&at == &dots_.front()) left = right = at.x(), top = bottom = at.y();
    left = std::min(left, at.x()), right = std::max(right, at.x());
    top = std::min(top, at.y()), bottom = std::max(bottom, at.y());
  }
  const QRectF tight = dots_.empty() ? QRectF()
                                     : QRectF(QPointF(left, top), QPointF(right, bottom))
                                           .adjusted(-kRadius - 1, -kRadius - 1, kRadius + 1, kRadius + 1);
  // A change of the bounds re-indexes the layer, which spans the whole diagram, and repaints
  // all it covered: the bounds keep a margin and change only when a dot leaves them or they
  // are far too big, and otherwise only the places that changed are repainted.
  const bool fits =
      (tight.isNull() && bounds_.isNull()) ||
      (bounds_.contains(tight) &&
       tight.adjusted(-2 * kBoundsMargin, -2 * kBoundsMargin, 2 * kBoundsMargin, 2 * kBoundsMargin).contains(bounds_));
  if (!fits) {
    prepareGeometryChange();
    bounds_ = tight.isNull() ? QRectF() : tight.adjusted(-kBoundsMargin, -kBoundsMargin, kBoundsMargin, kBoundsMargin);
    update();
  } else if (!changed) {
    update();
  } else if (!changed->isNull()) {
    update(*changed);
  }
}

void JunctionLayer::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
  const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
  if (lod < 0.3) return;
  painter->setRenderHint(QPainter::Antialiasing, true);
  painter->setPen(Qt::NoPen);
  const QRectF exposed = option->exposedRect.adjusted(-kRadius, -kRadius, kRadius, kRadius);
  DotSet painted(64);
  for (std::size_t i = 0; i < dots_.size(); ++i) {
    if (!exposed.contains(dots_[i]) || !painted.insert(dots_[i])) continue;
    painter->setBrush(colors_[i]);
    painter->drawEllipse(dots_[i], kRadius, kRadius);
  }
}

}  // namespace kelvin::gui
