#include "canvas/block_item.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include "canvas/domain_style.h"
#include "canvas/icon_cache.h"
#include "canvas/port_item.h"
#include "document/quantity_format.h"
#include "elaborate/component_type.h"

namespace kelvin::gui {

namespace {

constexpr double kSelectionMargin = 4;
constexpr double kLabelGap = 6;

std::vector<core::Point> innerPositionsOf(const core::Block& block) {
  std::vector<core::Point> positions;
  positions.reserve(block.blocks.size());
  for (const core::Block& b : block.blocks) positions.push_back(b.pos);
  return positions;
}

bool samePorts(const std::vector<core::BoundaryPort>& a, const std::vector<core::BoundaryPort>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i].name != b[i].name || a[i].domain != b[i].domain || a[i].direction != b[i].direction ||
        !(a[i].pos == b[i].pos))
      return false;
  }
  return true;
}

}  // namespace

BlockItem::BlockItem(const core::Block& block, const core::ComponentType* type, IconCache& icons,
                     PortLayout& layout)
    : blockType_(block.type), componentType_(type), layout_(layout) {
  name_ = block.id;
  setZValue(2);
  if (type && !type->icon.empty()) icon_ = icons.icon(QString::fromStdString(type->icon));
  idFont_.setPixelSize(11);
  idFont_.setWeight(QFont::DemiBold);
  valueFont_.setPixelSize(11);
  portFont_.setPixelSize(9);
  framePen_ = QPen(QColor(0x22, 0x22, 0x22), 1.5);
  unknownPen_ = QPen(DomainStyle::refused(), 1.5, Qt::DashLine);
  selectionPen_ = QPen(DomainStyle::selection(), 1.2, Qt::SolidLine);
  textPen_ = QPen(DomainStyle::label());
  valuePen_ = QPen(DomainStyle::value());
  rotation_ = block.rotation;
  flipped_ = block.flipped;
  params_ = block.params;
  boundaryPorts_ = block.ports;
  innerPositions_ = innerPositionsOf(block);
  rebuildPorts();
  prepareLabel(block);
  setModelPos(QPointF(block.pos.x, block.pos.y));
}

bool BlockItem::setBlock(const core::Block& block) {
  const std::vector<core::Point> inner = innerPositionsOf(block);
  const bool layoutChanged = rotation_ != block.rotation || flipped_ != block.flipped ||
                             params_ != block.params || !samePorts(boundaryPorts_, block.ports) ||
                             (isSubsystem() && !(inner == innerPositions_));
  if (layoutChanged) {
    prepareGeometryChange();
    rotation_ = block.rotation;
    flipped_ = block.flipped;
    params_ = block.params;
    boundaryPorts_ = block.ports;
    innerPositions_ = inner;
    rebuildPorts();
    prepareLabel(block);
    update();
  }
  setModelPos(QPointF(block.pos.x, block.pos.y));
  return layoutChanged;
}

void BlockItem::rebuildPorts() {
  for (PortItem* p : ports_) delete p;
  ports_.clear();
  core::Block block;
  block.id = name_;
  block.type = blockType_;
  block.rotation = rotation_;
  block.flipped = flipped_;
  block.params = params_;
  block.ports = boundaryPorts_;
  for (const core::Point& p : innerPositions_) {
    core::Block inner;
    inner.pos = p;
    block.blocks.push_back(inner);
  }
  shape_ = layout_.forBlock(block, componentType_);
  for (const PortPlacement& placement : shape_.ports)
    ports_.push_back(new PortItem(placement, name_ + "." + placement.name.toStdString(), this));
}

void BlockItem::prepareLabel(const core::Block& block) {
  idText_ = QStaticText(QString::fromStdString(block.id));
  idText_.setTextFormat(Qt::PlainText);
  idText_.prepare(QTransform(), idFont_);
  QString value;
  // The number of inputs is visible from the ports; no need to print it.
  if (componentType_ && !componentType_->keyParam.empty() && componentType_->keyParam != "inputs") {
    const core::ParamDecl* decl = componentType_->findParam(componentType_->keyParam);
    const auto it = block.params.find(componentType_->keyParam);
    const std::string text = it != block.params.end() ? it->second : decl ? decl->defaultValue : std::string();
    value = displayParameter(text, decl ? decl->unit : std::string());
    if (value.size() > 24) value = value.left(22) + QStringLiteral("…");
  } else if (!componentType_ && !isSubsystem()) {
    value = QString::fromStdString(block.type);
  }
  valueText_ = QStaticText(value);
  valueText_.setTextFormat(Qt::PlainText);
  valueText_.prepare(QTransform(), valueFont_);

  // Which sides of the body are free of ports.
  const QRectF body = shape_.orientedBody;
  bool used[4] = {false, false, false, false};  // below, above, right, left
  for (const PortPlacement& p : shape_.ports) {
    if (p.normal.y() > 0.5) used[0] = true;
    if (p.normal.y() < -0.5) used[1] = true;
    if (p.normal.x() > 0.5) used[2] = true;
    if (p.normal.x() < -0.5) used[3] = true;
  }
  const bool vertical = body.height() > body.width();
  const int order[2][4] = {{0, 1, 2, 3}, {2, 3, 0, 1}};
  int side = order[vertical][0];
  for (int candidate : order[vertical]) {
    if (!used[candidate]) {
      side = candidate;
      break;
    }
  }
  const QSizeF idSize = idText_.size(), valueSize = valueText_.size();
  const double lead = used[side] ? 12 : 0;  // step clear of the ports' wires when every side has ports
  const double gap = kLabelGap + lead;
  const bool hasValue = !value.isEmpty();
  if (side == 0 || side == 1) {
    // One line, centred: "R1  1 kΩ".
    const double spacing = hasValue ? 8 : 0;
    const double width = idSize.width() + spacing + valueSize.width();
    const double height = std::max(idSize.height(), valueSize.height());
    const double y = side == 0 ? body.bottom() + gap : body.top() - gap - height;
    idPos_ = QPointF(-width / 2, y);
    valuePos_ = QPointF(-width / 2 + idSize.width() + spacing, y);
  } else {
    // Two lines beside the body.
    const double height = idSize.height() + (hasValue ? valueSize.height() : 0);
    const double y = body.center().y() - height / 2;
    if (side == 2) {
      idPos_ = QPointF(body.right() + gap, y);
      valuePos_ = QPointF(body.right() + gap, y + idSize.height());
    } else {
      idPos_ = QPointF(body.left() - gap - idSize.width(), y);
      valuePos_ = QPointF(body.left() - gap - valueSize.width(), y + idSize.height());
    }
  }

  portLabels_.clear();
  if (isSubsystem()) {
    for (const PortPlacement& p : shape_.ports) {
      QStaticText text(p.name);
      text.setTextFormat(Qt::PlainText);
      text.prepare(QTransform(), portFont_);
      const QSizeF size = text.size();
      // Inside the box, next to the port.
      QPointF at = p.pos - p.normal * 5;
      if (p.normal.x() > 0.5) at += QPointF(-size.width(), -size.height() / 2);
      else if (p.normal.x() < -0.5) at += QPointF(0, -size.height() / 2);
      else if (p.normal.y() > 0.5) at += QPointF(-size.width() / 2, -size.height());
      else at += QPointF(-size.width() / 2, 0);
      portLabels_.emplace_back(std::move(text), at);
    }
  }

  bounds_ = body.adjusted(-kSelectionMargin - 8, -kSelectionMargin - 8, kSelectionMargin + 8, kSelectionMargin + 8);
  bounds_ |= QRectF(idPos_, idSize);
  if (hasValue) bounds_ |= QRectF(valuePos_, valueSize);
  bounds_.adjust(-2, -2, 2, 2);
}

QRectF BlockItem::boundingRect() const { return bounds_; }

QPainterPath BlockItem::shape() const {
  QPainterPath path;
  path.addRect(shape_.orientedBody.adjusted(-2, -2, 2, 2));
  path.addRect(QRectF(idPos_, idText_.size()));
  return path;
}

QRectF BlockItem::bodySceneRect() const { return shape_.orientedBody.translated(pos()); }

void BlockItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
  const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
  const QRectF body = shape_.orientedBody;
  if (isSelected()) {
    painter->setPen(selectionPen_);
    painter->setBrush(DomainStyle::selectionFill());
    painter->drawRoundedRect(body.adjusted(-kSelectionMargin, -kSelectionMargin, kSelectionMargin, kSelectionMargin),
                             3, 3);
  }
  if (lod < 0.25) {
    // Far out: a solid silhouette is all the eye can see.
    painter->fillRect(body.adjusted(8, 8, -8, -8), QColor(0x55, 0x5d, 0x68));
    return;
  }
  if (icon_) {
    const QTransform world = painter->worldTransform();
    painter->setWorldTransform(shape_.orientation * world);
    icon_->paint(painter, shape_.body);
    painter->setWorldTransform(world);
  } else {
    painter->setRenderHint(QPainter::Antialiasing, true);
    if (isSubsystem()) {
      painter->setPen(framePen_);
      painter->setBrush(QColor(0xf3, 0xf6, 0xfa));
      painter->drawRoundedRect(body.adjusted(0, 1, 0, -1), 4, 4);
      if (portLabels_.empty()) {
        // An empty subsystem: a small diagram glyph in the middle.
        painter->setPen(valuePen_);
        painter->setBrush(Qt::NoBrush);
        const QPointF c = body.center();
        painter->drawRect(QRectF(c + QPointF(-14, -5), QSizeF(8, 8)));
        painter->drawRect(QRectF(c + QPointF(6, -1), QSizeF(8, 8)));
        painter->drawLine(c + QPointF(-6, -1), c + QPointF(6, 3));
      }
      painter->setPen(textPen_);
      painter->setFont(portFont_);
      for (const auto& [text, at] : portLabels_) painter->drawStaticText(at, text);
    } else {
      painter->setPen(unknownPen_);
      painter->setBrush(Qt::NoBrush);
      painter->drawRect(body.adjusted(4, 4, -4, -4));
    }
  }
  if (lod < 0.45) return;
  painter->setPen(textPen_);
  painter->setFont(idFont_);
  painter->drawStaticText(idPos_, idText_);
  painter->setPen(valuePen_);
  painter->setFont(valueFont_);
  painter->drawStaticText(valuePos_, valueText_);
}

}  // namespace kelvin::gui
