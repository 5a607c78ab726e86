#pragma once
// A block on the canvas: its SVG icon (rotated and flipped as the model
// says), its ports, and a label with its id and key parameter ("R1  1 kΩ")
// beside the icon where no port is. A Subsystem is drawn as a box with its
// port names; a block of an unknown type as a dashed box with the type name.
// Painting allocates nothing: the icon comes from the IconCache's pixmaps
// and the texts are prepared when the block changes.

#include <map>

#include <QFont>
#include <QPen>
#include <QStaticText>

#include "canvas/diagram_node_item.h"
#include "canvas/port_layout.h"
#include "model/model.h"

namespace kelvin::core {
struct ComponentType;
}

namespace kelvin::gui {

class IconCache;
class SvgIcon;

class BlockItem : public DiagramNodeItem {
 public:
  enum { Type = UserType + 1 };

  /// `type` is the block's component type (nullptr for a Subsystem or an unknown type);
  /// `icons` and `layout` must outlive the item.
  BlockItem(const core::Block& block, const core::ComponentType* type, IconCache& icons, PortLayout& layout);

  int type() const override { return Type; }
  bool isBoundaryPort() const override { return false; }
  QRectF boundingRect() const override;
  QPainterPath shape() const override;
  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
  QRectF bodySceneRect() const override;

  /// Brings the item up to date with `block` (same id and type). Returns true
  /// when its ports were rebuilt (the wires must be attached again).
  bool setBlock(const core::Block& block);

  const std::string& blockType() const { return blockType_; }
  bool isSubsystem() const { return blockType_ == "Subsystem"; }
  const core::ComponentType* componentType() const { return componentType_; }
  const BlockShape& blockShape() const { return shape_; }

 private:
  void rebuildPorts();
  void prepareLabel(const core::Block& block);

  std::string blockType_;
  const core::ComponentType* componentType_;
  const SvgIcon* icon_ = nullptr;
  PortLayout& layout_;
  // What the item shows, to tell whether a model change concerns it.
  double rotation_ = 0;
  bool flipped_ = false;
  std::map<std::string, std::string> params_;
  std::vector<core::BoundaryPort> boundaryPorts_;
  std::vector<core::Point> innerPositions_;

  BlockShape shape_;
  QRectF bounds_;
  QStaticText idText_, valueText_;
  QPointF idPos_, valuePos_;
  std::vector<std::pair<QStaticText, QPointF>> portLabels_;  // Subsystem only
  QFont idFont_, valueFont_, portFont_;
  QPen framePen_, unknownPen_, selectionPen_, textPen_, valuePen_;
};

}  // namespace kelvin::gui
