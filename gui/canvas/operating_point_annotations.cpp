#include "canvas/operating_point_annotations.h"

#include <cmath>
#include <map>
#include <vector>

#include <QFont>
#include <QFontMetricsF>
#include <QGraphicsSimpleTextItem>
#include <QLineF>
#include <QPainter>

#include "canvas/block_item.h"
#include "canvas/diagram_scene.h"
#include "canvas/port_item.h"
#include "canvas/wire_item.h"
#include "document/quantity_format.h"

namespace kelvin::gui {

namespace {

constexpr int kLabelKey = 0x6f70;    // QGraphicsItem::data keys: the kind of label ...
constexpr int kPortsKey = 0x6f71;    // ... the ports of its node on the level (a node's) ...
constexpr int kElementKey = 0x6f72;  // ... or its element's id (a branch's)
constexpr double kGap = 3.0;         // px between a label and what it labels
constexpr qreal kZ = 50.0;           // above blocks and wires

const QColor kNodeColour(26, 95, 180);
const QColor kBranchColour(165, 29, 45);
const QColor kStaleColour(130, 130, 130);

/// A label with a pale box behind its text, so it reads over wires and the grid.
class AnnotationLabel : public QGraphicsSimpleTextItem {
 public:
  using QGraphicsSimpleTextItem::QGraphicsSimpleTextItem;
  QRectF boundingRect() const override { return QGraphicsSimpleTextItem::boundingRect().adjusted(-2, -1, 2, 1); }
  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override {
    painter->setPen(QPen(brush().color().lighter(170), 0.8));
    painter->setBrush(QColor(255, 255, 255, 225));
    painter->drawRoundedRect(boundingRect(), 2, 2);
    QGraphicsSimpleTextItem::paint(painter, option, widget);
  }
};

/// "Sub1/" for the level inside Sub1, "" at the top.
std::string levelPrefix(const QStringList& level) {
  std::string prefix;
  for (const QString& id : level) prefix += id.toStdString() + "/";
  return prefix;
}

/// The arrow along `from` → `to` (scene coordinates, y down), reversed for a negative value.
QString arrowFor(QPointF from, QPointF to, double value) {
  QPointF d = to - from;
  if (value < 0) d = -d;
  if (std::abs(d.x()) >= std::abs(d.y())) return d.x() >= 0 ? QStringLiteral("→") : QStringLiteral("←");
  return d.y() >= 0 ? QStringLiteral("↓") : QStringLiteral("↑");
}

/// The midpoint of the longest segment of the wires, or nullopt without any.
std::optional<QLineF> longestSegment(const std::vector<WireItem*>& wires) {
  std::optional<QLineF> best;
  for (const WireItem* wire : wires) {
    const QPolygonF line = wire->mapToScene(wire->polyline());
    for (int i = 0; i + 1 < line.size(); ++i) {
      const QLineF segment(line[i], line[i + 1]);
      if (!best || segment.length() > best->length()) best = segment;
    }
  }
  return best;
}

}  // namespace

OperatingPointAnnotations::OperatingPointAnnotations(DiagramScene* scene, QObject* parent)
    : QObject(parent), scene_(scene) {
  connect(scene_, &DiagramScene::synced, this, &OperatingPointAnnotations::apply);
}

OperatingPointAnnotations::~OperatingPointAnnotations() = default;

void OperatingPointAnnotations::setValues(const OperatingPointValues& values) {
  values_ = values;
  stale_ = false;
  apply();
}

void OperatingPointAnnotations::clear() {
  values_.reset();
  stale_ = false;
  removeLabels();
}

void OperatingPointAnnotations::setStale(bool stale) {
  if (stale == stale_) return;
  stale_ = stale;
  apply();
}

void OperatingPointAnnotations::setShown(bool shown) {
  if (shown == shown_) return;
  shown_ = shown;
  apply();
}

QList<QGraphicsSimpleTextItem*> OperatingPointAnnotations::labels() const {
  return QList<QGraphicsSimpleTextItem*>(labels_.begin(), labels_.end());
}

QGraphicsSimpleTextItem* OperatingPointAnnotations::nodeLabel(const std::string& port) const {
  for (QGraphicsSimpleTextItem* label : labels())
    if (label->data(kPortsKey).toStringList().contains(QString::fromStdString(port))) return label;
  return nullptr;
}

QGraphicsSimpleTextItem* OperatingPointAnnotations::branchLabel(const std::string& id) const {
  for (QGraphicsSimpleTextItem* label : labels())
    if (label->data(kElementKey).toString() == QString::fromStdString(id)) return label;
  return nullptr;
}

void OperatingPointAnnotations::removeLabels() {
  for (QGraphicsSimpleTextItem* label : labels_) delete label;
  labels_.clear();
}

void OperatingPointAnnotations::apply() {
  removeLabels();
  if (!values_ || !shown_) return;
  const std::string prefix = levelPrefix(scene_->level());
  std::vector<QRectF> taken;  // the blocks (with their labels) and the labels placed so far
  std::map<int, std::vector<PortItem*>> portsOfNode;
  std::vector<BlockItem*> blocks;
  for (QGraphicsItem* item : scene_->items()) {
    if (auto* block = dynamic_cast<BlockItem*>(item)) {
      blocks.push_back(block);
      taken.push_back(block->sceneBoundingRect());  // its body, ports and id label
    }
    auto* port = dynamic_cast<PortItem*>(item);
    if (!port || port->owner()->isBoundaryPort()) continue;
    const auto node = values_->nodeOfPort.find(prefix + port->endpoint());
    if (node != values_->nodeOfPort.end()) portsOfNode[node->second].push_back(port);
  }
  QFont font = scene_->font();
  font.setPointSizeF(8.0);
  font.setItalic(stale_);
  // Puts `text` in the first of `places` (label centres) where it covers nothing taken, else the first.
  auto place = [&](const QString& text, const QColor& colour, const std::vector<QPointF>& centres) {
    auto* label = new AnnotationLabel(text);
    label->setFont(font);
    label->setBrush(stale_ ? kStaleColour : colour);
    label->setZValue(kZ);
    label->setAcceptedMouseButtons(Qt::NoButton);
    label->setData(kLabelKey, true);
    const QRectF box = label->boundingRect();
    QPointF chosen = centres.front();
    for (const QPointF& centre : centres) {
      const QRectF rect = box.translated(centre - box.center());
      bool free = true;
      for (const QRectF& other : taken) free = free && !rect.intersects(other);
      if (free) {
        chosen = centre;
        break;
      }
    }
    label->setPos(chosen - box.center());
    taken.push_back(label->sceneBoundingRect());
    scene_->addItem(label);
    labels_.push_back(label);
    return label;
  };
  const QString staleTip = stale_ ? tr(" (before the last edit: solve again)") : QString();

  for (const auto& [index, ports] : portsOfNode) {
    const OperatingPointValues::Node& node = values_->nodes[index];
    if (node.referenced && node.value == 0.0) continue;  // ground: the reference, nothing to say
    std::vector<WireItem*> wires;
    QStringList names;
    for (PortItem* port : ports) {
      wires.insert(wires.end(), port->wires().begin(), port->wires().end());
      names << QString::fromStdString(port->endpoint());
    }
    std::vector<QPointF> centres;
    const QString text = formatSi(node.value, node.unit);
    if (const std::optional<QLineF> segment = longestSegment(wires)) {
      const QPointF middle = segment->center();
      const bool horizontal = std::abs(segment->dx()) >= std::abs(segment->dy());
      const QSizeF size = QFontMetricsF(font).size(0, text) + QSizeF(4, 2);
      const QPointF up(0, size.height() / 2 + kGap), side(size.width() / 2 + kGap, 0);
      centres = horizontal
                    ? std::vector<QPointF>{middle - up, middle + up, segment->p1() * 0.25 + segment->p2() * 0.75 - up}
                    : std::vector<QPointF>{middle + side, middle - side, middle};
    } else {
      const PortItem* port = ports.front();
      centres.push_back(port->scenePos() + port->sceneNormal() * 16.0);
    }
    QGraphicsSimpleTextItem* label = place(text, kNodeColour, centres);
    label->setData(kPortsKey, names);
    label->setToolTip(
        tr("%1 = %2 %3").arg(names.join(QStringLiteral(", "))).arg(node.value, 0, 'g', 10).arg(node.unit) + staleTip);
  }

  for (BlockItem* block : blocks) {
    const auto branch = values_->branches.find(prefix + block->name());
    if (branch == values_->branches.end() || branch->second.value == 0.0) continue;  // a sensor, a capacitor at DC
    const PortItem* from = block->port(branch->second.from);
    const PortItem* to = block->port(branch->second.to);
    if (!from || !to) continue;
    const double value = branch->second.value;
    const QString text = formatSi(std::abs(value), branch->second.unit) + QLatin1Char(' ') +
                         arrowFor(from->scenePos(), to->scenePos(), value);
    const QRectF body = block->sceneBoundingRect();
    const QSizeF size = QFontMetricsF(font).size(0, text) + QSizeF(4, 2);
    const QPointF dy(0, body.height() / 2 + size.height() / 2 + kGap),
        dx(body.width() / 2 + size.width() / 2 + kGap, 0);
    const QPointF c = body.center();
    const bool horizontal =
        std::abs(to->scenePos().x() - from->scenePos().x()) >= std::abs(to->scenePos().y() - from->scenePos().y());
    const std::vector<QPointF> centres = horizontal ? std::vector<QPointF>{c - dy, c + dy, c - dx, c + dx}
                                                    : std::vector<QPointF>{c - dx, c + dx, c - dy, c + dy};
    QGraphicsSimpleTextItem* label = place(text, kBranchColour, centres);
    label->setData(kElementKey, QString::fromStdString(block->name()));
    label->setToolTip(tr("%1.%2 → %1.%3: %4 %5")
                          .arg(QString::fromStdString(block->name()), QString::fromStdString(branch->second.from),
                               QString::fromStdString(branch->second.to))
                          .arg(value, 0, 'g', 10)
                          .arg(branch->second.unit) +
                      staleTip);
  }
}

}  // namespace kelvin::gui
